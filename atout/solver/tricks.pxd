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

cdef unsigned char PX8[65536]
cdef int SLOTS, ROB_SLOT

cdef int bit_length(long long x) noexcept nogil
cdef int bit_count(long long x) noexcept nogil

cdef class TrickSearch:
    cdef public object layout, stop
    cdef public dict tt, rob_delta
    cdef public long long nodes
    cdef public int n, nply, nseats, planes, nseg
    cdef long long H[10]
    cdef int nxt[10]
    cdef int credit[10]
    cdef int ismax[10]
    cdef int shown_out[10]
    cdef int seats[10]
    cdef long long BLK[5]
    cdef long long BIT[64]
    cdef int mv[7392]
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

    @cython.locals(mv="int*", n=int, x="long long", low="long long", stop="long long")
    cdef int reps(self, long long m, long long o, int at)

    @cython.locals(top_max=int, top_min=int, live="long long", i=int, s=int, t="long long", hb=int,
                   sure_max=int, sure_min=int, above="long long", c=int, h="long long", side=int,
                   trumps="long long", q=int, nruff=int, b=int, x="long long", run=int, follow=int,
                   TR="long long", H="long long*", ismax="int*")
    cdef (int, int) bounds(self, int seat, int tl)

    @cython.locals(H="long long*", p=int, blk=int, wp=int, ws=int, s=int, q=int, b=int)
    cdef int last_trick(self, int seat)

    @cython.locals(h="long long", f="long long", tr="long long")
    cpdef long long legal_mask(self, int seat, int k, int lead_blk, int lead_pos)

    @cython.locals(H="long long*", mv="int*", ismax="int*", TR="long long", o="long long", n=int, side=int, opp="long long",
                   opp_tr="long long", ruff=int, i=int, j=int, s=int, hs="long long", t="long long", b=int, reach=int,
                   hm="long long", fol="long long", top=int, p=int, r=int, score=int, jp=int, rest=int, shown=int)
    cdef int lead_moves(self, int seat, long long h, int first, int at)

    @cython.locals(H="long long*", mv="int*", ismax="int*", TR="long long", legal="long long", n=int, side=int,
                   later="long long", s=int, later_fol="long long", later_tr="long long", nw=int, nl=int, i=int, p=int,
                   b=int, wb=int, sure=int, out=int, losers_first=int)
    cdef int follow_moves(self, int seat, long long h, int k, long long table, int lead_blk, int lead_pos,
                          int win_pos, int win_seat, long long o, int at)

    @cython.locals(mv="int*", i=int, j=int, x=int)
    cdef void sort_down(self, int at, int n) noexcept

    @cython.locals(mv="int*", i=int, j=int, x=int)
    cdef void sort_up(self, int at, int n) noexcept

    @cython.locals(H="long long*", key=object, p0="long long", p1="long long", p2="long long", i=int, s=int,
                   hs="long long", planes=int, w="long long", used=int, sh=int, mk="long long", lb="long long",
                   cnt=int, nb=int, lo=int, hi=int, sh8=int, x="long long", holder=int, p3="long long")
    cdef object table_key(self, int seat, long long tlive)

    @cython.locals(H="long long*", h="long long", first=int, tlive="long long", i=int, lo=int, hi=int, blo=int,
                   bhi=int, v=int, e="long long", special=bint, at=int, n=int, a0=int, b0=int, maxing=int, best=int,
                   best_m=int, nseat=int, m=int, p=int, nb=int, bit="long long")
    cdef int lead(self, int seat, int tl, int alpha, int beta) except? -9999

    @cython.locals(H="long long*", h="long long", at=int, n=int, i=int, maxing=int, best=int, last=bint,
                   pend=bint, nseat=int, p=int, bit="long long", b=int, nwp=int, nws=int, so_saved=int, v=int, c=int,
                   ps=int, pb="long long")
    cdef int follow(self, int seat, int k, long long table, int lead_blk, int lead_pos, int win_pos, int win_seat,
                    int tl, int alpha, int beta, long long tlive) except? -9999

    cdef int node(self, int seat, int k, long long table, int lead_blk, int lead_pos, int win_pos, int win_seat,
                  int tl, int alpha, int beta) except? -9999

    @cython.locals(h="long long", n=int)
    cdef int rob_options(self, int seat, int at)

    @cython.locals(H="long long*", h="long long", at=int, n=int, i=int, maxing=int, best=int, c=int, d=int, v=int)
    cdef int rob_node(self, int seat, int k, long long table, int lead_blk, int lead_pos, int win_pos,
                      int win_seat, int tl, int alpha, int beta) except? -9999

    @cython.locals(n=int, s=int, hands=list, shown=list)
    cpdef tuple save(self)

    @cython.locals(s=int, hands=list, shown=list)
    cpdef restore(self, tuple saved)
