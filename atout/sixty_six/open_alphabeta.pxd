# C types for open_alphabeta.py when Cython compiles it (setup.py), as tricks.pxd does for the trick search. The
# search itself lives in open_alphabeta.py only: this file declares the class's fields, which methods are C
# functions, and the types of their local variables. Hands are masks of 24 bits (`long long`); the table's keys are
# Python ints of 94 bits (`object`). A node's value is -4..4: -99 says an exception (a stop) is on its way.
# cython: language_level=3

cimport cython

cdef extern from *:
    int __builtin_clzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil
    const char *ATOUT_SEARCH_SOURCE

cdef int DECK_SIZE, TARGET, LAST, LOW, HIGH, NO_MOVE, TT_CARDS
cdef int M_DECLARE, M_CLOSE, M_EXCHANGE, M_DRAW, M_MARRY
cdef int PT[24]
cdef long long SM[4]
cdef long long KQM[4]
cdef int SUIT_PTS[64]

cdef int bit_length(long long x) noexcept nogil
cdef int bit_count(long long x) noexcept nogil

cdef int points_of(long long m) noexcept

@cython.locals(w=object)
cdef int player0_points(object score) except? -99

cdef class OpenSearch:
    cdef public object state, stop
    cdef public dict tt
    cdef dict scores
    cdef int mv[1024]
    cdef int mk[1024]
    cdef int top
    cdef public long long nodes
    cdef public int table_cards
    cdef int trump, NINE, strict_marriages, tie_carries
    cdef long long TR
    cdef int MVAL[4]
    cdef int MARRY_ORDER[4]
    cdef int top_trumps[6]
    cdef int order[24]
    cdef long long stock_masks[25]
    cdef long long H[2]
    cdef int cp[2]
    cdef int tw[2]
    cdef int mp[2]
    cdef int nxt, up, closer, tac0, tac1
    cdef int root_seat, root_lead, root_draw, root_stage, root_married

    cdef int counted(self, int s) noexcept

    cdef bint opened(self) noexcept

    @cython.locals(closer=int, key=int, v=int)
    cdef int declared(self, int by, int pts0, int pts1) except? -99

    @cython.locals(closer=int, p0=int, p1=int, key=int, v=int)
    cdef int finished(self, int last) except? -99

    @cython.locals(key=int, v=int)
    cdef int close_failed(self) except? -99

    @cython.locals(best=int, h="long long", s=int, c=int)
    cdef int reach_now(self, int seat) noexcept

    @cython.locals(m="long long")
    cdef long long stock_mask(self) noexcept

    @cython.locals(h="long long", opened=bint, marry=int, more=int, s=int)
    cdef int out_points(self, int seat) noexcept

    @cython.locals(mine="long long", theirs="long long", TR="long long", gain=int, plain_taken=int, x="long long",
                   low="long long", y="long long", took="long long", cheapest=int, c=int, s=int, run=int, i=int, b=int)
    cdef int strict_gain(self, int seat) noexcept

    @cython.locals(closer=int, r0=bint, r1=bint, v=int, hi=int, lo=int)
    cdef (int, int) bounds(self)

    cdef int lead_key(self, int b, bint opened) noexcept

    @cython.locals(mv="int*", mk="int*", low="long long", b=int, k=int, j=int)
    cdef int push_sorted(self, long long x, int at, int n, int start, int opened) noexcept

    @cython.locals(mv="int*", low="long long")
    cdef int push_low_first(self, long long x, int at, int n) noexcept

    @cython.locals(mv="int*", h="long long", opened=bint, n=int, i=int, j=int, s=int)
    cdef int lead_moves(self, int seat, int stage, int married, int best, int at) noexcept

    @cython.locals(h="long long", TR="long long", ls=int, f="long long", head="long long", same="long long", n=int)
    cdef int reply_moves(self, int seat, int lead, int at) noexcept

    @cython.locals(H="long long*", cp="int*", tw="int*", mp="int*", keyed=bint, key=object, best_move=int, lo=int,
                   hi=int, h0="long long", h1="long long", wide_seat="long long", c0="long long", c1="long long",
                   low="long long", high="long long", e="long long", a0=int, b0=int, maxing=bint, best=int,
                   chosen=int, m=int, v=int, at=int, n=int, i=int, strict=bint)
    cdef int lead_node(self, int seat, int stage, int married, int alpha, int beta) except? -99

    @cython.locals(cp="int*", tw="int*", a=int, b=int, winner=int, gained=int, v=int, d=int)
    cdef int last_trick(self, int seat) except? -99

    cdef int declare_value(self, int seat) except? -99

    @cython.locals(H="long long*", up=int, s=int)
    cdef int lead_child(self, int seat, int m, int alpha, int beta) except? -99

    @cython.locals(H="long long*", cp="int*", tw="int*", winner=int, gained=int, opened=bint)
    cdef int play_reply(self, int seat, int m, int lead, int alpha, int beta) except? -99

    @cython.locals(maxing=bint, best=int, m=int, v=int, at=int, n=int, i=int)
    cdef int reply_node(self, int seat, int lead, int alpha, int beta) except? -99

    @cython.locals(v1=int, v2=int)
    cdef int draw_node(self, int winner, int alpha, int beta) except? -99

    @cython.locals(closer=int, tac0=int, tac1=int)
    cdef int close_child(self, int seat, int alpha, int beta) except? -99

    @cython.locals(H="long long*", nxt=int, up=int, first=int, second=int)
    cdef int draw_child(self, int winner, int alpha, int beta) except? -99

    cdef int root(self, int alpha, int beta) except? -99

    @cython.locals(n=int, i=int)
    cpdef list root_moves(self)

    @cython.locals(seat=int)
    cdef int after(self, int m, int alpha, int beta) except? -99

    cpdef int probe(self, int m, int beta) except? -99

    @cython.locals(lo=int, hi=int, g=int, v=int)
    cpdef int mtd(self, int m) except? -99
