"""Exact search for trick-counting games (Forty-Fives, Five Hundred): alpha-beta on a compact state.

The value of a node is how many of the remaining tricks the maximising side (MAX, fixed for one solve)
takes. Forty-Fives counts a trick as one unit (5 points) and adds the best-card bonus as one more unit;
Five Hundred counts tricks (in misère, the tricks that go the contractor's way, see ``credit``).

What makes it fast:

* hands are ints of at most 63 bits (one bit per card, ``layout.Layout``), play is make/unmake on an
  array of masks;
* a transposition table at trick starts, holding lower and upper bounds and the best lead, keyed by
  relative ranks; searches use null windows (MTD(f)), so the same table serves every bound asked;
* equivalent cards are merged: cards of one player adjacent in power among the live cards (hands and the
  trick on the table, barriers included) give the same result, so only the top of each run is searched;
* quick tricks: a leader holding the top live trumps in sequence takes that many tricks for sure (and the
  top plain cards too when the other side holds no trump), a cheap bound at every trick start;
* the last trick is counted without search; moves are ordered: the table's lead first, then winners,
  partners' tricks ducked, the cheapest winning card, the lowest discard.

One source, two builds. This module is plain Python; ``tricks.pxd`` beside it declares C types for its
class, methods and locals, and ``setup.py`` compiles it with Cython where a C compiler is found (the
``cython.compiled`` branches below are the only differences: C bit intrinsics for ``int.bit_length`` and
``int.bit_count``). ``atout.solver.builds`` says which build runs; the tests run both.

A node is identified by its arguments (who is to act, how many cards are on the table, the led block
and card, the card and seat winning so far, tricks left); the hands live in ``self.H``.
"""

from __future__ import annotations

from collections.abc import Callable

from atout.limits import SOLVER, check_solver_size
from atout.solver.positions import Interrupted

try:
    import cython
except ImportError:                         # Cython is only needed to build; plain Python runs without it
    from atout.solver import _pure as cython

JOKER_LEAD = 128     # a lead move m >= 128 is the no-trumps joker naming block (m >> 7) - 1
NO_CARD = -1
MAX_SEATS = SOLVER.most     # the C arrays of a seat each in tricks.pxd (H[10], nxt[10]…): the two are kept equal
# The move stack's slots per tricks left: one for each count of cards on the table (0 to MAX_SEATS - 1), and one more
# for the rob decision, which is made before the robber plays to trick 1 and so needs a slot no play uses.
SLOTS = MAX_SEATS + 1
ROB_SLOT = MAX_SEATS


def bit_length(x: int) -> int:
    """``int.bit_length`` (C: count leading zeros)."""
    return 64 - __builtin_clzll(x) if x else 0  # type: ignore[name-defined]  # noqa: F821  (declared in tricks.pxd)


def bit_count(x: int) -> int:
    """``int.bit_count`` (C: population count)."""
    return __builtin_popcountll(x)  # type: ignore[name-defined]  # noqa: F821  (declared in tricks.pxd)


if not cython.compiled:
    bit_length = int.bit_length  # type: ignore[assignment]  # noqa: F811  (plain Python: the int methods themselves)
    bit_count = int.bit_count  # type: ignore[assignment]  # noqa: F811
    BUILT_FROM = None
else:
    BUILT_FROM = ATOUT_SEARCH_SOURCE.decode()  # type: ignore[name-defined]  # noqa: F821  (the digest of the source, from setup.py)


def _pext_table() -> list[int]:
    """PX8[m << 8 | x]: the bits of ``x`` where ``m`` has a 1, packed low (8-bit ``m`` and ``x``)."""
    table = [0] * 65536
    for m in range(1, 256):
        i = (m & -m).bit_length() - 1
        rest = (m & (m - 1)) << 8
        for x in range(256):
            table[m << 8 | x] = ((x >> i) & 1) | (table[rest | x] << 1)
    return table


PX8 = _pext_table()


class TrickState:
    """A position in compact form. Built by ``atout.solver.build``; ``TrickSearch`` copies it."""

    __slots__ = ("layout", "n", "nxt", "nply", "hands", "seat", "k", "table", "lead_blk", "lead_pos", "win_pos",
                 "win_seat", "tricks_left", "credit", "ismax", "must_follow", "aoh_led", "shown_out",
                 "nt_joker", "misere", "pending", "rob_seat", "turn_bit", "rob_keep", "rob_delta", "joker_pos")

    def __init__(self, layout, n: int, nxt: list[int], nply: int, hands: list[int]) -> None:
        self.layout = layout
        self.n = n
        self.nxt = nxt                 # the next seat to play after each seat (misère skips the partner)
        self.nply = nply               # cards in a trick
        self.hands = hands
        self.seat = 0                  # to act
        self.k = 0                     # cards already on the table
        self.table = 0                 # their bits
        self.lead_blk = 0
        self.lead_pos = 0
        self.win_pos = -1
        self.win_seat = -1
        self.tricks_left = 0
        self.credit = [0] * n          # 1 when a trick won by that seat counts for MAX
        self.ismax = [False] * n       # whether the seat plays for MAX
        self.must_follow = False       # Forty-Fives option must_follow_suit
        self.aoh_led = False           # Forty-Fives option ace_of_hearts_led (hearts not trumps)
        self.shown_out = [0] * n       # Five Hundred in no trumps: block bits each seat failed to follow
        self.nt_joker = False          # Five Hundred in no trumps with the joker in play
        self.misere = False
        self.pending: tuple[int, int] | None = None   # (seat, bit): a card that joins that hand after this trick
        self.rob_seat = -1             # Forty-Fives: the ace holder who may still rob, in trick 1
        self.turn_bit = 0              # the turned card they would take
        self.rob_keep = 0              # the ace of trumps, which they may not give up for it
        self.rob_delta: dict[int, int] = {}           # bit position discarded -> change in MAX's bonus unit
        self.joker_pos = -1


class TrickSearch:
    """Alpha-beta with a transposition table over one position (MAX fixed by ``state.ismax``).

    The position to solve (``seat`` to act, ``k`` cards on the table, …) is the search's own, moved on by
    ``push`` and back by ``pop``; ``after`` and ``value`` search from it."""

    def __init__(self, state: TrickState, stop: Callable[[], bool] | None = None) -> None:
        st = state
        check_solver_size(st.n, st.tricks_left)     # refused here, not written past the arrays below
        lay = st.layout
        self.layout = lay
        self.stop = stop            # asked every 256 trick starts: True interrupts the search
        self.tt = {}  # type: dict[object, int]
        self.nodes = 0
        self.n = st.n
        self.nply = st.nply
        # a place for each seat the search takes (MAX_SEATS; Cython fills a C array only from a literal length)
        self.H = [0] * 10
        self.nxt = [-1] * 10
        self.credit = [0] * 10
        self.ismax = [0] * 10
        self.shown_out = [0] * 10
        self.seats = [0] * 10
        self.nseats = 0
        for s in range(st.n):
            self.H[s] = st.hands[s]
            self.nxt[s] = st.nxt[s]
            self.credit[s] = st.credit[s]
            self.ismax[s] = 1 if st.ismax[s] else 0
            self.shown_out[s] = st.shown_out[s]
            if st.nxt[s] >= 0:
                self.seats[self.nseats] = s
                self.nseats += 1
        # the bit planes of the seat numbers the table key needs (seats 0-3: two, 4-7: three, 8 and 9: four)
        top = self.seats[self.nseats - 1]
        self.planes = 2 if top < 4 else 3 if top < 8 else 4
        self.BLK = [0] * 5
        # the moves of each node being searched: 48 places for each (tricks left, cards on the table) pair, the
        # first 16 for the moves, the rest as room to sort them (k = ROB_SLOT: the rob decision, a node of its own)
        self.mv = [0] * 7392             # (SOLVER_TRICKS + 1) * SLOTS * 48
        for b in range(5):
            self.BLK[b] = lay.block[b]
        self.TR = lay.trumps
        self.barriers = lay.barriers
        # each bit as a mask (a table: in C, ``1 << p`` would be an int's shift)
        self.BIT = [0] * 64
        for p in range(63):
            self.BIT[p] = 1 << p
        self.blk = [0] * 64
        self.rank = [0] * 64
        self.disc = [0] * 64
        self.ren_above = [0] * 64
        for p in range(64):
            b = lay.block_of[p] if p < lay.bits else 0
            self.blk[p] = b
            # a card's rank in its block counted from the block's top barrier (15): the same for the top card of
            # every block, whatever the block's size
            self.rank[p] = p - lay.base[b] - lay.size[b] + 16 if p < lay.bits else 0
            # losing cards are thrown lowest first, plain cards before trumps
            self.disc[p] = (32 if b == 4 else 0) + self.rank[p]
            self.ren_above[p] = lay.ren_above[p] if p < lay.bits else 0
        # Relative ranks: the table key keeps only the order of the live cards in each segment (the runs of
        # bits between barriers) and, per card, which seat holds it, as bit planes of the seat numbers, so
        # positions that differ only by which lower cards are gone share an entry.
        self.nseg = len(lay.segments)
        self.seg_lo = [0] * 6
        self.seg_mask = [0] * 6
        for i, (lo, mask) in enumerate(lay.segments):
            self.seg_lo[i] = lo
            self.seg_mask[i] = mask
            # a segment fills one word of the key (``table_key``): after the word's leading 1, its count of live
            # cards in 4 bits and, for each bit plane of the seat numbers, a bit per card; a word takes 62 bits
            if mask.bit_count() > 15 or 1 + 4 + mask.bit_count() * self.planes > 62:
                raise ValueError(f"a segment of {mask.bit_count()} cards does not fit a word of the table key "
                                 f"with {self.planes} bit planes of seats")
        self.is45 = 1 if lay.reneging else 0
        self.must_follow = 1 if st.must_follow else 0
        self.may_trump = 1 if self.is45 and not st.must_follow else 0   # 45.follow.plain-lead
        self.aoh_led = 1 if st.aoh_led else 0
        self.aoh_pos = lay.aoh_pos
        self.hearts_blk = lay.hearts_block
        # The A♥-led option needs to know which card is the A♥: then the trump block is keyed as it is too.
        self.trump_abs = self.aoh_led
        self.nt_joker = 1 if st.nt_joker else 0
        self.joker_bit = (1 << st.joker_pos) if st.joker_pos >= 0 else 0
        self.use_qt = 0 if st.misere else 1
        self.pend_seat = st.pending[0] if st.pending is not None else -1
        self.pend_bit = st.pending[1] if st.pending is not None else 0
        self.rob = st.rob_seat
        self.turn_bit = st.turn_bit
        self.rob_keep = st.rob_keep
        self.rob_delta = dict(st.rob_delta)
        # the root position
        self.seat = st.seat
        self.k = st.k
        self.table = st.table
        self.lead_blk = st.lead_blk
        self.lead_pos = st.lead_pos
        self.win_pos = st.win_pos
        self.win_seat = st.win_seat
        self.tricks_left = st.tricks_left

    # --- helpers ---------------------------------------------------------------------------------------

    def others(self, seat: int) -> int:
        """Every card held by another seat (and a card still to come into another hand)."""
        o = 0
        for i in range(self.nseats):
            s = self.seats[i]
            if s != seat:
                o |= self.H[s]
        if self.pend_seat >= 0 and self.pend_seat != seat:
            o |= self.pend_bit
        if self.rob >= 0 and self.rob != seat:
            o |= self.turn_bit
        return o

    def reps(self, m: int, o: int, at: int) -> int:
        """The top card of each run of ``m`` with no card of ``o`` in between (``m`` and ``o`` disjoint), lowest
        first, written at ``mv[at:]``; returns how many."""
        mv = self.mv
        n = 0
        x = m
        while x:                                # one run a turn, lowest first
            low = x & -x
            stop = o & ~(low - 1)               # what ends the run: the lowest card of ``o`` above it
            if not stop:
                mv[at + n] = bit_length(x) - 1
                return n + 1
            stop &= -stop
            mv[at + n] = bit_length(x & (stop - 1)) - 1
            n += 1
            x &= -stop
        return n

    def bounds(self, seat: int, tl: int) -> tuple[int, int]:
        """Sure tricks for each side, as bounds on MAX's: a trump above every trump of the other side wins
        the trick it is played to (each card of one player in a different trick), and the leader can cash
        its top trumps in sequence, then top plain cards that no opponent can trump."""
        H = self.H
        ismax = self.ismax
        TR = self.TR
        top_max = -1
        top_min = -1
        live = 0
        for i in range(self.nseats):
            s = self.seats[i]
            t = H[s] & TR
            live |= H[s]
            if t:
                hb = bit_length(t) - 1
                if ismax[s]:
                    if hb > top_max:
                        top_max = hb
                elif hb > top_min:
                    top_min = hb
        sure_max = 0
        sure_min = 0
        if top_max > top_min:
            above = ~(self.BIT[top_min + 1] - 1) if top_min >= 0 else -1
            for i in range(self.nseats):
                s = self.seats[i]
                if ismax[s]:
                    c = bit_count(H[s] & TR & above)
                    if c > sure_max:
                        sure_max = c
        elif top_min > top_max:
            above = ~(self.BIT[top_max + 1] - 1) if top_max >= 0 else -1
            for i in range(self.nseats):
                s = self.seats[i]
                if not ismax[s]:
                    c = bit_count(H[s] & TR & above)
                    if c > sure_min:
                        sure_min = c
        # The leader's quick tricks: its trumps from the top of the live ones, cashed first (each round takes a
        # trump from every opponent who has one), then its top plain cards of each suit, as many rounds as
        # every opponent still holding a trump must follow it (none where trumping is allowed anyway).
        h = H[seat]
        side = ismax[seat]
        trumps = live & TR
        q = bit_count(trumps >> bit_length(trumps & ~h))
        nruff = 0
        for i in range(self.nseats):
            s = self.seats[i]
            if ismax[s] != side and bit_count(H[s] & TR) > q:
                nruff += 1
        if not (nruff and self.may_trump):
            for b in range(4):
                x = live & self.BLK[b]
                run = bit_count(x >> bit_length(x & ~h))
                for i in range(self.nseats):
                    s = self.seats[i]
                    if ismax[s] != side and bit_count(H[s] & TR) > q:
                        follow = bit_count(H[s] & self.BLK[b])
                        if follow < run:
                            run = follow
                q += run
        if q > tl:
            q = tl
        if side:
            if q > sure_max:
                sure_max = q
        elif q > sure_min:
            sure_min = q
        return sure_max, tl - sure_min

    def last_trick(self, seat: int) -> int:
        H = self.H
        p = bit_length(H[seat]) - 1
        blk = self.blk[p]
        wp = p
        ws = seat
        s = seat
        for _ in range(self.nply - 1):
            s = self.nxt[s]
            q = bit_length(H[s]) - 1
            b = self.blk[q]
            if (b == blk or b == 4) and q > wp:
                wp = q
                ws = s
        return self.credit[ws]

    def legal_mask(self, seat: int, k: int, lead_blk: int, lead_pos: int) -> int:
        h = self.H[seat]
        if k == 0:
            return h
        if self.is45:
            if lead_blk != 4:
                f = h & self.BLK[lead_blk]
                if f:
                    return f if self.must_follow else f | (h & self.TR)
                return h
            tr = h & self.TR
            if tr & ~self.ren_above[lead_pos]:
                return tr
            if self.aoh_led and lead_pos == self.aoh_pos:
                f = h & (self.BLK[self.hearts_blk] | self.TR)
                return f if f else h
            return h
        f = h & self.BLK[lead_blk]
        return f if f else h

    def lead_moves(self, seat: int, h: int, first: int, at: int) -> int:
        """The leads of ``seat`` (merged) in search order, written at ``mv[at:]``; returns how many."""
        H = self.H
        mv = self.mv
        ismax = self.ismax
        BLK = self.BLK
        TR = self.TR
        o = self.others(seat)
        n = self.reps(h, o | self.barriers, at)
        if n > 1:
            side = ismax[seat]
            opp = 0
            opp_tr = 0
            ruff = 0                            # bit b: an opponent void in block b can trump it
            for i in range(self.nseats):
                s = self.seats[i]
                if ismax[s] != side:
                    hs = H[s]
                    opp |= hs
                    t = hs & TR
                    if t:
                        opp_tr |= t
                        for b in range(4):
                            if self.may_trump or not hs & BLK[b]:
                                ruff |= 1 << b
            reach = 0                           # bit b: a partner holds a winner in block b (or can trump it)
            for i in range(self.nseats):
                s = self.seats[i]
                if s == seat or ismax[s] != side:
                    continue
                hm = H[s]
                for b in range(5):
                    if reach >> b & 1:
                        continue
                    fol = hm & BLK[b]
                    if fol:
                        top = bit_length(fol) - 1
                        if not (opp & BLK[b]) >> (top + 1) and not ruff >> b & 1:
                            reach |= 1 << b
                    elif b != 4 and hm & TR:
                        if not opp_tr >> bit_length(hm & TR):
                            reach |= 1 << b
            for i in range(n):
                p = mv[at + i]
                b = self.blk[p]
                r = self.rank[p]
                if not ((opp & BLK[b]) >> (p + 1)) and not ruff >> b & 1:
                    # a sure winner: cash it (trumps first while the other side still holds some)
                    score = 400 + (60 if b == 4 and opp_tr else 0) + r
                elif reach >> b & 1:
                    score = 300 - r             # a low lead to a partner's winner
                else:
                    score = 100 - r - (40 if b == 4 else 0)
                mv[at + i] = score * 128 + p
            self.sort_down(at, n)               # best score first (the higher card among equals)
            for i in range(n):
                mv[at + i] &= 127
        if self.nt_joker and h & self.joker_bit:
            # 500.joker.no-trump: the joker led names a suit not shown out of; it wins, so try it first
            jp = bit_length(self.joker_bit) - 1
            rest = 0
            for i in range(n):
                if mv[at + i] != jp:
                    mv[at + 16 + rest] = mv[at + i]
                    rest += 1
            shown = self.shown_out[seat] if self.shown_out[seat] & 15 != 15 else 0
            n = 0
            for b in range(4):
                if not shown >> b & 1:
                    mv[at + n] = jp + 128 * (b + 1)
                    n += 1
            for i in range(rest):
                mv[at + n + i] = mv[at + 16 + i]
            n += rest
        if first >= 0:
            for i in range(n):
                if mv[at + i] == first:
                    for j in range(i, 0, -1):
                        mv[at + j] = mv[at + j - 1]
                    mv[at] = first
                    break
        return n

    def follow_moves(self, seat: int, h: int, k: int, table: int, lead_blk: int, lead_pos: int, win_pos: int,
                     win_seat: int, o: int, at: int) -> int:
        """The cards ``seat`` may play to the trick (merged) in search order, written at ``mv[at:]`` (``o``: the
        cards of the others and the barriers, or -1 to work them out); returns how many."""
        H = self.H
        mv = self.mv
        ismax = self.ismax
        TR = self.TR
        legal = self.legal_mask(seat, k, lead_blk, lead_pos)
        if not legal & (legal - 1):
            mv[at] = bit_length(legal) - 1
            return 1
        if o < 0:
            o = self.others(seat) | self.barriers | table
        n = self.reps(legal, o, at)
        if n > 1:
            side = ismax[seat]
            later = 0                           # the cards of the opponents still to play to this trick
            s = seat
            for _ in range(self.nply - 1 - k):
                s = self.nxt[s]
                if ismax[s] != side:
                    later |= H[s]
            later_fol = later & self.BLK[lead_blk]
            later_tr = later & TR
            nw = 0                              # the winners at mv[at + 16:], the losers at mv[at + 32:]
            nl = 0
            for i in range(n):
                p = mv[at + i]
                b = self.blk[p]
                if (b == lead_blk or b == 4) and p > win_pos:
                    mv[at + 16 + nw] = p
                    nw += 1
                else:
                    mv[at + 32 + nl] = self.disc[p] * 128 + p
                    nl += 1
            self.sort_up(at + 32, nl)           # losers lowest first, plain cards before trumps
            for i in range(nl):
                mv[at + 32 + i] &= 127
            wb = self.blk[win_pos]
            out = 0
            # a card no opponent still to play can beat (approximately: their cards taken together)
            if ismax[win_seat] == side and not (later_fol >> (win_pos + 1) if wb == lead_blk
                                                 else later_tr >> (win_pos + 1)) \
                    and (wb == 4 or not later_tr):
                losers_first = 1
            else:
                sure = -1
                for i in range(nw):
                    p = mv[at + 16 + i]
                    if self.blk[p] == 4:
                        if not later_tr >> (p + 1):
                            sure = i
                            break
                    elif not later_fol >> (p + 1) and not later_tr:
                        sure = i
                        break
                if sure >= 0:
                    mv[at] = mv[at + 16 + sure]     # the sure winner, then the losers, then the other winners
                    out = 1
                    for i in range(sure, nw - 1):
                        mv[at + 16 + i] = mv[at + 17 + i]
                    nw -= 1
                    losers_first = 1
                else:
                    losers_first = 0 if k + 1 == self.nply or not nl else 1
            if losers_first:
                for i in range(nl):
                    mv[at + out + i] = mv[at + 32 + i]
                for i in range(nw):
                    mv[at + out + nl + i] = mv[at + 16 + i]
            else:
                for i in range(nw):
                    mv[at + i] = mv[at + 16 + i]
                for i in range(nl):
                    mv[at + nw + i] = mv[at + 32 + i]
        return n

    def sort_down(self, at: int, n: int) -> None:
        """Insertion sort of ``mv[at:at + n]``, highest first (a handful of moves)."""
        mv = self.mv
        for i in range(1, n):
            x = mv[at + i]
            j = i - 1
            while j >= 0 and mv[at + j] < x:
                mv[at + j + 1] = mv[at + j]
                j -= 1
            mv[at + j + 1] = x

    def sort_up(self, at: int, n: int) -> None:
        """Insertion sort of ``mv[at:at + n]``, lowest first."""
        mv = self.mv
        for i in range(1, n):
            x = mv[at + i]
            j = i - 1
            while j >= 0 and mv[at + j] > x:
                mv[at + j + 1] = mv[at + j]
                j -= 1
            mv[at + j + 1] = x

    def table_key(self, seat: int, tlive: int) -> object:
        """The transposition table's key for ``seat`` leading with these hands (``tlive``: every live card
        and the barriers): per segment, how many live cards and which seat holds each (its bit planes,
        packed by PEXT), in words of at most 62 bits, each starting with a 1 (so the key reads back
        one way only)."""
        H = self.H
        p0 = 0                                   # bit planes of the seat numbers: who holds each card
        p1 = 0
        p2 = 0
        p3 = 0
        for i in range(self.nseats):
            s = self.seats[i]
            hs = H[s]
            if s & 1:
                p0 |= hs
            if s & 2:
                p1 |= hs
            if s & 4:
                p2 |= hs
            if s & 8:
                p3 |= hs
        planes = self.planes
        key = 0
        w = 16 | seat                            # the word being filled: its leading 1, then the seat (4 bits)
        used = 5
        for i in range(self.nseg):
            sh = self.seg_lo[i]
            mk = self.seg_mask[i]
            lb = (tlive >> sh) & mk
            cnt = bit_count(lb)
            nb = 4 + cnt * planes
            if used + nb > 62:
                key = (key << 62) | w
                w = 1
                used = 1
            w = (w << 4) | cnt
            if cnt:
                lo = (lb & 255) << 8
                hi = (lb >> 8) << 8
                sh8 = bit_count(lb & 255)
                x = (p0 >> sh) & mk
                w = (w << cnt) | PX8[lo | (x & 255)] | (PX8[hi | (x >> 8)] << sh8)
                x = (p1 >> sh) & mk
                w = (w << cnt) | PX8[lo | (x & 255)] | (PX8[hi | (x >> 8)] << sh8)
                if planes > 2:
                    x = (p2 >> sh) & mk
                    w = (w << cnt) | PX8[lo | (x & 255)] | (PX8[hi | (x >> 8)] << sh8)
                    if planes > 3:
                        x = (p3 >> sh) & mk
                        w = (w << cnt) | PX8[lo | (x & 255)] | (PX8[hi | (x >> 8)] << sh8)
            used += nb
        key = (key << 62) | w
        if self.trump_abs:
            key = (key << 64) | (tlive & self.TR)
        if self.nt_joker:
            holder = -1
            for i in range(self.nseats):
                s = self.seats[i]
                if H[s] & self.joker_bit:
                    holder = s
            if holder >= 0:
                key = (key << 4 | self.shown_out[holder]) * 16 + holder
        return key

    # --- the search ------------------------------------------------------------------------------------

    def lead(self, seat: int, tl: int, alpha: int, beta: int) -> int:
        """A trick start: ``seat`` leads, ``tl`` tricks left (this one included)."""
        if self.rob == seat:
            return self.rob_node(seat, 0, 0, 0, 0, -1, -1, tl, alpha, beta)
        H = self.H
        h = H[seat]
        first = -1
        if tl == 1:
            return self.last_trick(seat)
        if tl <= 0:
            return 0
        if beta <= 0:
            return 0
        if alpha >= tl:
            return tl
        self.nodes += 1
        if self.stop is not None and not self.nodes & 255 and self.stop():
            raise Interrupted
        tlive = self.barriers
        for i in range(self.n):
            tlive |= H[i]
        key = self.table_key(seat, tlive)
        e = self.tt.get(key, -1)
        if e >= 0:                      # an entry: lo, hi and the best lead, packed (see ``store``)
            lo = (e & 63) - 32
            hi = ((e >> 6) & 63) - 32
            first = (e >> 12) - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo = 0
            hi = tl
        special = self.pend_seat >= 0 or self.rob >= 0
        if e < 0 and self.use_qt and not special:   # a table entry has them already
            blo, bhi = self.bounds(seat, tl)
            if blo > lo:
                lo = blo
            if bhi < hi:
                hi = bhi
            if lo >= beta or hi <= alpha or lo == hi:
                v = lo if lo >= beta or lo == hi else hi
                self.tt[key] = (lo + 32) | (hi + 32) << 6 | (first + 1) << 12
                return v
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        if special:
            tlive = -1          # trick 1 with a card still to come in: work out who holds what each time
        at = (tl * SLOTS) * 48          # this node's moves in ``mv`` (a slot per tricks left and cards on the table)
        n = self.lead_moves(seat, h, first, at)
        a0 = alpha
        b0 = beta
        maxing = self.ismax[seat]
        best = -1000 if maxing else 1000
        best_m = -1
        nseat = self.nxt[seat]
        for i in range(n):
            m = self.mv[at + i]
            if m >= 128:                # JOKER_LEAD
                p = m & 127
                nb = (m >> 7) - 1
            else:
                p = m
                nb = self.blk[p]
            bit = self.BIT[p]
            H[seat] = h ^ bit
            v = self.follow(nseat, 1, bit, nb, p, p, seat, tl, alpha, beta, tlive)
            H[seat] = h
            if maxing:
                if v > best:
                    best = v
                    best_m = m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                best_m = m
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if best <= a0:
            hi = best if best < hi else hi
        elif best >= b0:
            lo = best if best > lo else lo
        else:
            lo = best
            hi = best
        self.tt[key] = (lo + 32) | (hi + 32) << 6 | (best_m + 1) << 12
        return best

    def follow(self, seat: int, k: int, table: int, lead_blk: int, lead_pos: int, win_pos: int, win_seat: int,
               tl: int, alpha: int, beta: int, tlive: int) -> int:
        """``k`` cards on the table (``k`` > 0), ``win_pos`` by ``win_seat`` the best so far; ``tlive``: the live
        cards (and barriers) when the trick started (0: unknown, -1: not usable)."""
        if self.rob == seat:
            return self.rob_node(seat, k, table, lead_blk, lead_pos, win_pos, win_seat, tl, alpha, beta)
        H = self.H
        h = H[seat]
        at = (tl * SLOTS + k) * 48
        n = self.follow_moves(seat, h, k, table, lead_blk, lead_pos, win_pos, win_seat,
                              tlive & ~h if tlive > 0 else -1, at)
        maxing = self.ismax[seat]
        best = -1000 if maxing else 1000
        last = k + 1 == self.nply
        pend = self.pend_seat >= 0 and last
        nseat = self.nxt[seat]
        for i in range(n):
            p = self.mv[at + i]
            bit = self.BIT[p]
            H[seat] = h ^ bit
            b = self.blk[p]
            if (b == lead_blk or b == 4) and p > win_pos:
                nwp = p
                nws = seat
            else:
                nwp = win_pos
                nws = win_seat
            so_saved = -1
            if self.nt_joker and b != lead_blk:
                so_saved = self.shown_out[seat]
                self.shown_out[seat] = so_saved | 1 << lead_blk
            if not last:
                v = self.follow(nseat, k + 1, table | bit, lead_blk, lead_pos, nwp, nws, tl, alpha, beta, tlive)
            elif not pend:
                c = self.credit[nws]
                v = c + self.lead(nws, tl - 1, alpha - c, beta - c)
            else:
                # 45.rob.dealer-ace: the dealer's card joins the hand once the first trick is over
                c = self.credit[nws]
                ps = self.pend_seat
                pb = self.pend_bit
                self.pend_seat = -1
                H[ps] |= pb
                v = c + self.lead(nws, tl - 1, alpha - c, beta - c)
                H[ps] ^= pb
                self.pend_seat = ps
            H[seat] = h
            if so_saved >= 0:
                self.shown_out[seat] = so_saved
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def node(self, seat: int, k: int, table: int, lead_blk: int, lead_pos: int, win_pos: int, win_seat: int,
             tl: int, alpha: int, beta: int) -> int:
        """Any node: a trick start or a card to follow."""
        if k == 0:
            return self.lead(seat, tl, alpha, beta)
        return self.follow(seat, k, table, lead_blk, lead_pos, win_pos, win_seat, tl, alpha, beta, 0)

    def rob_options(self, seat: int, at: int) -> int:
        """45.rob.ace-holder: the cards ``seat`` may give up for the turned card (merged), then -1 (keep),
        written at ``mv[at:]``; returns how many."""
        h = self.H[seat]
        n = self.reps(h & ~self.rob_keep, self.others(seat) | self.barriers | self.rob_keep, at)
        self.mv[at + n] = -1
        return n + 1

    def rob_node(self, seat: int, k: int, table: int, lead_blk: int, lead_pos: int, win_pos: int, win_seat: int,
                 tl: int, alpha: int, beta: int) -> int:
        """45.rob.ace-holder: keep the hand, or swap one card for the turned card, then play."""
        H = self.H
        h = H[seat]
        at = (tl * SLOTS + ROB_SLOT) * 48            # a slot of its own: the play after it uses (tl, k)'s
        n = self.rob_options(seat, at)              # robbing usually pays: tried first
        self.rob = -1
        maxing = self.ismax[seat]
        best = -1000 if maxing else 1000
        for i in range(n):
            c = self.mv[at + i]
            d = 0
            if c >= 0:
                H[seat] = (h ^ self.BIT[c]) | self.turn_bit
                d = self.rob_delta.get(c, 0)
            v = d + self.node(seat, k, table, lead_blk, lead_pos, win_pos, win_seat, tl, alpha - d, beta - d)
            H[seat] = h
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        self.rob = seat
        return best

    def root_rob_options(self) -> list[int]:
        """The rob options of the player to act, as a list (the driver's)."""
        at = (self.tricks_left * SLOTS + ROB_SLOT) * 48
        n = self.rob_options(self.seat, at)
        return [self.mv[at + i] for i in range(n)]

    # --- driving the search from outside ---------------------------------------------------------------

    def hand(self, seat: int) -> int:
        return self.H[seat]

    def is_max(self, seat: int) -> bool:
        return self.ismax[seat] != 0

    def root_moves(self) -> list[int]:
        """The moves of the position's player to act (merged), in search order."""
        at = (self.tricks_left * SLOTS + self.k) * 48
        if self.k == 0:
            n = self.lead_moves(self.seat, self.H[self.seat], -1, at)
        else:
            n = self.follow_moves(self.seat, self.H[self.seat], self.k, self.table, self.lead_blk, self.lead_pos,
                                  self.win_pos, self.win_seat, -1, at)
        return [self.mv[at + i] for i in range(n)]

    def root_legal(self) -> int:
        """The cards the player to act may play, as a mask."""
        return self.legal_mask(self.seat, self.k, self.lead_blk, self.lead_pos)

    def value(self, alpha: int, beta: int) -> int:
        """The fail-soft value of the position in the window (alpha, beta)."""
        return self.node(self.seat, self.k, self.table, self.lead_blk, self.lead_pos, self.win_pos,
                         self.win_seat, self.tricks_left, alpha, beta)

    def after(self, move: int, alpha: int, beta: int) -> int:
        """The fail-soft value of the position after the player to act plays ``move`` (credits included)."""
        undo = self.push(move)
        try:
            gained = undo[-1]
            return gained + self.value(alpha - gained, beta - gained)
        finally:
            self.pop(undo)

    def rob_after(self, option: int, alpha: int, beta: int) -> int:
        """The value once the ace holder to act has kept (-1) or robbed giving ``option``."""
        saved = self.save()
        seat = self.seat
        self.rob = -1
        d = 0
        if option >= 0:
            self.H[seat] = (self.H[seat] ^ self.BIT[option]) | self.turn_bit
            d = self.rob_delta.get(option, 0)
        try:
            return d + self.value(alpha - d, beta - d)
        finally:
            self.restore(saved)

    def rob_take(self, option: int) -> int:
        """Make the rob decision at the root for good (for the line); returns the bonus change."""
        self.rob = -1
        if option < 0:
            return 0
        self.H[self.seat] = (self.H[self.seat] ^ self.BIT[option]) | self.turn_bit
        return self.rob_delta.get(option, 0)

    def push(self, move: int) -> tuple:
        """Play ``move`` at the root (the position moves on); returns what ``pop`` needs, credit last."""
        saved = (self.seat, self.k, self.table, self.lead_blk, self.lead_pos, self.win_pos, self.win_seat,
                 self.tricks_left, self.save())
        seat = self.seat
        if move >= JOKER_LEAD:
            p = move & 127
            nb = (move >> 7) - 1
        else:
            p = move
            nb = self.blk[p]
        bit = self.BIT[p]
        self.H[seat] ^= bit
        if self.k == 0:
            self.lead_blk = nb
            self.lead_pos = p
            self.win_pos = p
            self.win_seat = seat
        else:
            b = self.blk[p]
            if (b == self.lead_blk or b == 4) and p > self.win_pos:
                self.win_pos = p
                self.win_seat = seat
            if self.nt_joker and b != self.lead_blk:
                self.shown_out[seat] |= 1 << self.lead_blk
        gained = 0
        if self.k + 1 == self.nply:
            winner = self.win_seat
            gained = self.credit[winner]
            if self.pend_seat >= 0:
                self.H[self.pend_seat] |= self.pend_bit
                self.pend_seat = -1
            self.seat = winner
            self.k = 0
            self.table = 0
            self.win_pos = -1
            self.win_seat = -1
            self.tricks_left -= 1
        else:
            self.seat = self.nxt[seat]
            self.k += 1
            self.table |= bit
        return saved + (gained,)

    def pop(self, undo: tuple) -> None:
        (self.seat, self.k, self.table, self.lead_blk, self.lead_pos, self.win_pos, self.win_seat,
         self.tricks_left, saved, _gained) = undo
        self.restore(saved)

    def save(self) -> tuple:
        """What a search changes while it runs, to put back after an interruption: the seats at the table only (the
        places of the others stay empty), in a C loop when compiled (every probe of the driver saves twice)."""
        n = self.n
        hands = [0] * n
        shown = [0] * n
        for s in range(n):
            hands[s] = self.H[s]
            shown[s] = self.shown_out[s]
        return (hands, shown, self.pend_seat, self.pend_bit, self.rob)

    def restore(self, saved: tuple) -> None:
        hands, shown, pend_seat, pend_bit, rob = saved
        for s in range(self.n):
            self.H[s] = hands[s]
            self.shown_out[s] = shown[s]
        self.pend_seat = pend_seat
        self.pend_bit = pend_bit
        self.rob = rob
