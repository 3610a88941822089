# C types for tricks.py when Cython compiles it (setup.py). The search itself lives in tricks.py only: this
# file declares the class's fields, which methods are C functions, and the types of their local variables.
# Hands are bit masks of at most 63 bits (atout.solver.layout), so `long long` holds them exactly; the table
# keys are Python ints of any size (`object`).
# cython: language_level=3

cimport cython

cdef extern from *:
    int __builtin_clzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil
    const char *ATOUT_SEARCH_SOURCE

cdef int bit_length(long long x) noexcept nogil
cdef int bit_count(long long x) noexcept nogil

cdef class TrickSearch:
    cdef public object layout, stop
    cdef public dict tt, known_keys, rob_delta
    cdef public long long nodes
    cdef public int n, nply, nseats, wide, nseg
    cdef long long H[8]
    cdef int nxt[8]
    cdef int credit[8]
    cdef int ismax[8]
    cdef int shown_out[8]
    cdef int seats[8]
    cdef long long BLK[5]
    cdef long long BIT[64]
    cdef public long long TR, barriers, joker_bit, turn_bit, rob_keep, pend_bit, table
    cdef int blk[64]
    cdef int rank[64]
    cdef int disc[64]
    cdef long long ren_above[64]
    cdef int seg_lo[6]
    cdef long long seg_mask[6]
    cdef public int is45, must_follow, may_trump, aoh_led, aoh_pos, hearts_blk, trump_abs, nt_joker, use_qt
    cdef public int pend_seat, rob
    cdef public int seat, k, lead_blk, lead_pos, win_pos, win_seat, tricks_left

    @cython.locals(o="long long", i=int, s=int)
    cpdef long long others(self, int seat)

    @cython.locals(out=list, x="long long", low="long long", stop="long long")
    cdef list reps(self, long long m, long long o)

    @cython.locals(top_max=int, top_min=int, live="long long", i=int, s=int, t="long long", hb=int,
                   sure_max=int, sure_min=int, above="long long", c=int, h="long long", side=int,
                   trumps="long long", q=int, nruff=int, b=int, x="long long", run=int, follow=int,
                   TR="long long")
    cdef (int, int) bounds(self, int seat, int tl)

    @cython.locals(p=int, blk=int, wp=int, ws=int, s=int, q=int, b=int)
    cdef int last_trick(self, int seat)

    @cython.locals(h="long long", f="long long", tr="long long")
    cpdef long long legal_mask(self, int seat, int k, int lead_blk, int lead_pos)

    @cython.locals(TR="long long", o="long long", cand=list, side=int, opp="long long", opp_tr="long long",
                   ruff=int, i=int, s=int, hs="long long", t="long long", b=int, reach=int, hm="long long",
                   fol="long long", top=int, scored=list, p=int, r=int, score=int, moves=list, jp=int, named=list,
                   m=int)
    cpdef list lead_moves(self, int seat, long long h, int first)

    @cython.locals(TR="long long", legal="long long", cand=list, side=int, later="long long", s=int,
                   later_fol="long long", later_tr="long long", win=list, lose=list, p=int, b=int, wb=int,
                   sure=int)
    cpdef list follow_moves(self, int seat, long long h, int k, long long table, int lead_blk, int lead_pos,
                            int win_pos, int win_seat, long long o)

    @cython.locals(where=object, key=object, p0="long long", p1="long long", p2="long long", i=int, s=int,
                   hs="long long", sh=int, mk="long long", lb="long long", cnt=int, lo8=list, hi8=list, sh8=int,
                   x="long long", holder=int)
    cdef object table_key(self, int seat, long long tlive)

    @cython.locals(h="long long", first=int, tlive="long long", i=int, lo=int, hi=int, blo=int, bhi=int, v=int,
                   special=bint, moves=list, a0=int, b0=int, maxing=int, best=int, best_m=int, nseat=int, m=int,
                   p=int, nb=int, bit="long long")
    cdef int lead(self, int seat, int tl, int alpha, int beta) except? -9999

    @cython.locals(h="long long", moves=list, maxing=int, best=int, last=bint, pend=bint, nseat=int, p=int,
                   bit="long long", b=int, nwp=int, nws=int, so_saved=int, v=int, c=int, ps=int, pb="long long")
    cdef int follow(self, int seat, int k, long long table, int lead_blk, int lead_pos, int win_pos, int win_seat,
                    int tl, int alpha, int beta, long long tlive) except? -9999

    cdef int node(self, int seat, int k, long long table, int lead_blk, int lead_pos, int win_pos, int win_seat,
                  int tl, int alpha, int beta) except? -9999

    @cython.locals(h="long long")
    cpdef list rob_options(self, int seat)

    @cython.locals(h="long long", options=list, maxing=int, best=int, c=int, d=int, v=int)
    cdef int rob_node(self, int seat, int k, long long table, int lead_blk, int lead_pos, int win_pos,
                      int win_seat, int tl, int alpha, int beta) except? -9999
