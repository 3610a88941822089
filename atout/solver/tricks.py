"""Exact search for trick-counting games (Forty-Fives, Five Hundred): alpha-beta on a compact state.

The value of a node is how many of the remaining tricks the maximising side (MAX, fixed for one solve)
takes. Forty-Fives counts a trick as one unit (5 points) and adds the best-card bonus as one more unit;
Five Hundred counts tricks (in misère, the tricks that go the contractor's way, see ``credit``).

What makes it fast enough in plain Python:

* hands are ints (one bit per card, ``layout.Layout``), play is make/unmake on a list of masks;
* a transposition table at trick starts, holding lower and upper bounds and the best lead, keyed by the
  four hands and the leader packed into one int; searches use null windows (MTD(f)), so the same table
  serves every bound asked;
* equivalent cards are merged: cards of one player adjacent in power among the live cards (hands and the
  trick on the table, barriers included) give the same result, so only the top of each run is searched;
* quick tricks: a leader holding the top live trumps in sequence takes that many tricks for sure (and the
  top plain cards too when the other side holds no trump), a cheap bound at every trick start;
* the last trick is counted without search; moves are ordered: the table's lead first, then winners,
  partners' tricks ducked, the cheapest winning card, the lowest discard.

A node is identified by its arguments (who is to act, how many cards are on the table, the led block
and card, the card and seat winning so far, tricks left); the hands live in ``self.hands``.
"""

from __future__ import annotations

from collections.abc import Callable

from atout.solver.layout import BLOCK, TRUMP_BLOCK, TRUMPS, Layout

JOKER_LEAD = 128     # a lead move m >= 128 is the no-trumps joker naming block (m >> 7) - 1


def _pext_tables() -> list[list[int]]:
    """PEXT[m][x]: the bits of ``x`` where ``m`` has a 1, packed low (8-bit ``m`` and ``x``)."""
    rows = [[0] * 256]
    for m in range(1, 256):
        i = (m & -m).bit_length() - 1
        prev = rows[m & (m - 1)]
        rows.append([((x >> i) & 1) | (prev[x] << 1) for x in range(256)])
    return rows


PEXT = _pext_tables()


class Interrupted(Exception):
    """The search was told to stop (a time budget, a Stop button); the caller keeps what was proven."""


class TrickState:
    """A position in compact form. Built by ``atout.solver.adapters``; the search mutates ``hands``
    while it runs and restores them."""

    __slots__ = ("layout", "n", "nxt", "nply", "hands", "seat", "k", "table", "lead_blk", "lead_pos", "win_pos",
                 "win_seat", "tricks_left", "credit", "ismax", "must_follow", "aoh_led", "shown_out",
                 "nt_joker", "misere", "pending", "rob_seat", "turn_bit", "rob_keep", "rob_delta", "joker_pos")

    def __init__(self, layout: Layout, n: int, nxt: list[int], nply: int, hands: list[int]) -> None:
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
    """Alpha-beta with a transposition table over one ``TrickState`` (MAX fixed by ``state.ismax``)."""

    def __init__(self, state: TrickState, stop: Callable[[], bool] | None = None) -> None:
        self.state = state
        self.stop = stop            # asked every 256 trick starts: True interrupts the search
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.relative = True        # key the table by relative ranks
        self.node = self._build()

    # The search is one closure: local variables are the fastest thing CPython has.
    def _build(self) -> Callable[..., int]:
        st = self.state
        H = st.hands
        nxt, nply, credit, ismax = st.nxt, st.nply, st.credit, st.ismax
        lay = st.layout
        barriers = lay.barriers
        ren_above = lay.ren_above
        is45 = lay.family == "forty_fives"
        must_follow = st.must_follow
        may_trump = is45 and not must_follow      # 45.follow.plain-lead: trump even when able to follow
        aoh_led, aoh_pos, hearts_blk = st.aoh_led, lay.aoh_pos, lay.hearts_block
        nt_joker = st.nt_joker
        shown_out = st.shown_out
        joker_bit = (1 << st.joker_pos) if st.joker_pos >= 0 else 0
        use_qt = not st.misere
        seats = [s for s in range(st.n) if nxt[s] >= 0]
        BLK = BLOCK
        TR = TRUMPS
        tt = self.tt
        tt_get = tt.get
        known_keys: dict[int, int] = {}      # the table key of each exact layout of the hands met so far
        known_keys_get = known_keys.get
        search = self
        stop = self.stop
        pending = [st.pending]
        rob = [st.rob_seat]
        turn_bit = st.turn_bit
        rob_keep = st.rob_keep
        rob_delta = st.rob_delta
        # Relative ranks: the table key keeps only the order of the live cards in each block (and, per card,
        # which seat holds it, as bit planes of the seat numbers), so positions that differ only by which lower
        # cards are gone share an entry. The A♥-led option needs to know which card is the A♥, so then the
        # trump block's live cards are kept as they are too.
        relative = self.relative
        trump_abs = aoh_led
        # The segments compressed separately: each block, and in Forty-Fives the renegable top trumps apart
        # from the rest (the barrier between them is not a card).
        segments = [(16 * b, 0x7FFF) for b in range(4)]
        segments += [(64, 0x7FF), (76, 0x7)] if is45 else [(64, 0x7FFF)]
        wide = max(seats) >= 4               # seat numbers need a third bit plane
        # losing cards are thrown lowest first, plain cards before trumps (a bound method: no lambda per call)
        discard_order = [(p >> 4 == TRUMP_BLOCK) * 16 + (p & 15) for p in range(5 * 16)].__getitem__

        def others(seat: int) -> int:
            o = 0
            for s in seats:
                if s != seat:
                    o |= H[s]
            p = pending[0]
            if p is not None and p[0] != seat:
                o |= p[1]
            if rob[0] >= 0 and rob[0] != seat:
                o |= turn_bit
            return o

        def reps(m: int, o: int) -> list[int]:  # noqa: E306
            """The top card of each run of ``m`` with no card of ``o`` in between (``m`` and ``o`` disjoint)."""
            out = []
            x = m
            while x:                            # one run a turn, lowest first
                low = x & -x
                stop = o & ~(low - 1)           # what ends the run: the lowest card of ``o`` above it
                if not stop:
                    out.append(x.bit_length() - 1)
                    return out
                stop &= -stop
                out.append((x & (stop - 1)).bit_length() - 1)
                x &= -stop
            return out

        def bounds(seat: int, tl: int) -> tuple[int, int]:
            """Sure tricks for each side, as bounds on MAX's: a trump above every trump of the other side wins
            the trick it is played to (each card of one player in a different trick), and the leader can
            cash its top trumps in sequence, then top plain cards that no opponent can trump."""
            top_max = top_min = -1
            live = 0
            for s in seats:
                t = H[s] & TR
                live |= H[s]
                if t:
                    hb = t.bit_length() - 1
                    if ismax[s]:
                        if hb > top_max:
                            top_max = hb
                    elif hb > top_min:
                        top_min = hb
            sure_max = sure_min = 0
            if top_max > top_min:
                above = ~((2 << top_min) - 1) if top_min >= 0 else -1
                for s in seats:
                    if ismax[s]:
                        c = (H[s] & TR & above).bit_count()
                        if c > sure_max:
                            sure_max = c
            elif top_min > top_max:
                above = ~((2 << top_max) - 1) if top_max >= 0 else -1
                for s in seats:
                    if not ismax[s]:
                        c = (H[s] & TR & above).bit_count()
                        if c > sure_min:
                            sure_min = c
            # The leader's quick tricks: its trumps from the top of the live ones, cashed first (each round takes a
            # trump from every opponent who has one), then its top plain cards of each suit, as many rounds as
            # every opponent still holding a trump must follow it (none where trumping is allowed anyway).
            h = H[seat]
            side = ismax[seat]
            trumps = live & TR
            q = (trumps >> (trumps & ~h).bit_length()).bit_count()
            ruffers = [H[s] & ~TR for s in seats if ismax[s] is not side and (H[s] & TR).bit_count() > q]
            if not (ruffers and may_trump):
                for b in (0, 1, 2, 3):
                    x = live & BLK[b]
                    run = (x >> (x & ~h).bit_length()).bit_count()
                    for r in ruffers:
                        follow = (r & BLK[b]).bit_count()
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

        def last_trick(seat: int) -> int:
            p = H[seat].bit_length() - 1
            blk = p >> 4
            wp, ws = p, seat
            s = seat
            for _ in range(nply - 1):
                s = nxt[s]
                q = H[s].bit_length() - 1
                b = q >> 4
                if (b == blk or b == 4) and q > wp:
                    wp, ws = q, s
            return credit[ws]

        def lead_moves(seat: int, h: int, first: int) -> list[int]:
            o = others(seat)
            cand = reps(h, o | barriers)
            if len(cand) > 1:
                side = ismax[seat]
                opp = opp_tr = 0
                mates = []
                ruff = [False] * 5                 # an opponent void in the block can trump it
                for s in seats:
                    if ismax[s] is not side:
                        hs = H[s]
                        opp |= hs
                        t = hs & TR
                        if t:
                            opp_tr |= t
                            for b in (0, 1, 2, 3):
                                if may_trump or not hs & BLK[b]:
                                    ruff[b] = True
                    elif s != seat:
                        mates.append(H[s])
                reach = [False] * 5                # a partner holds a winner in the block (or can trump it)
                for hm in mates:
                    for b in (0, 1, 2, 3, 4):
                        if reach[b]:
                            continue
                        fol = hm & BLK[b]
                        if fol:
                            top = fol.bit_length() - 1
                            reach[b] = not (opp & BLK[b]) >> (top + 1) and not ruff[b]
                        elif b != 4 and hm & TR:
                            reach[b] = not opp_tr >> ((hm & TR).bit_length())
                scored = []
                for p in cand:
                    b = p >> 4
                    if not ((opp & BLK[b]) >> (p + 1)) and not ruff[b]:
                        # a sure winner: cash it (trumps first while the other side still holds some)
                        score = 400 + (60 if b == 4 and opp_tr else 0) + (p & 15)
                    elif reach[b]:
                        score = 300 - (p & 15)     # a low lead to a partner's winner
                    else:
                        score = 100 - (p & 15) - (40 if b == 4 else 0)
                    scored.append((score, p))
                scored.sort(reverse=True)
                cand = [p for _, p in scored]
            moves = cand
            if nt_joker and h & joker_bit:
                # 500.joker.no-trump: the joker led names a suit not shown out of; it wins, so try it first
                jp = joker_bit.bit_length() - 1
                named = [b for b in (0, 1, 2, 3) if not shown_out[seat] >> b & 1] or [0, 1, 2, 3]
                moves = [jp + JOKER_LEAD * (b + 1) for b in named] + [m for m in moves if m != jp]
            if first >= 0 and first in moves and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
            return moves

        def follow_moves(seat: int, h: int, k: int, table: int, lead_blk: int, lead_pos: int, win_pos: int,
                         win_seat: int, o: int = -1, H=H, BLK=BLK, TR=TR, ismax=ismax, nxt=nxt) -> list[int]:
            if is45:
                if lead_blk != 4:
                    f = h & BLK[lead_blk]
                    if f:
                        legal = f if must_follow else f | (h & TR)
                    else:
                        legal = h
                else:
                    tr = h & TR
                    if tr & ~ren_above[lead_pos]:
                        legal = tr
                    elif aoh_led and lead_pos == aoh_pos:
                        legal = h & (BLK[hearts_blk] | TR) or h
                    else:
                        legal = h
            else:
                legal = h & BLK[lead_blk] or h
            if not legal & (legal - 1):
                return [legal.bit_length() - 1]
            if o < 0:
                o = others(seat) | barriers | table
            cand = reps(legal, o)
            if len(cand) > 1:
                side = ismax[seat]
                later = 0                       # the cards of the opponents still to play to this trick
                s = seat
                for _ in range(nply - 1 - k):
                    s = nxt[s]
                    if ismax[s] is not side:
                        later |= H[s]
                later_fol = later & BLK[lead_blk]
                later_tr = later & TR
                win, lose = [], []
                for p in cand:
                    b = p >> 4
                    if (b == lead_blk or b == 4) and p > win_pos:
                        win.append(p)
                    else:
                        lose.append(p)
                lose.sort(key=discard_order)
                # a card no opponent still to play can beat (approximately: their cards taken together)
                if ismax[win_seat] is side and not (later_fol >> (win_pos + 1) if win_pos >> 4 == lead_blk
                                                    else later_tr >> (win_pos + 1)) \
                        and (win_pos >> 4 == 4 or not later_tr):
                    cand = lose + win
                else:
                    sure = -1
                    for p in win:
                        if p >> 4 == 4:
                            if not later_tr >> (p + 1):
                                sure = p
                                break
                        elif not later_fol >> (p + 1) and not later_tr:
                            sure = p
                            break
                    if sure >= 0:
                        win.remove(sure)
                        cand = [sure] + lose + win
                    elif k + 1 == nply or not lose:
                        cand = win + lose
                    else:
                        cand = lose + win
            return cand

        def lead(seat: int, tl: int, alpha: int, beta: int, H=H, nxt=nxt, ismax=ismax, tt_get=tt_get) -> int:
            """A trick start: ``seat`` leads, ``tl`` tricks left (this one included)."""
            if rob[0] == seat:
                return rob_node(seat, 0, 0, 0, 0, -1, -1, tl, alpha, beta)
            h = H[seat]
            first = -1
            if tl == 1:
                return last_trick(seat)
            if tl <= 0:
                return 0
            if beta <= 0:
                return 0
            if alpha >= tl:
                return tl
            search.nodes += 1
            if stop is not None and not search.nodes & 255 and stop():
                raise Interrupted
            tlive = barriers
            where = seat                     # the exact position: the hands, and who leads
            for hs in H:
                tlive |= hs
                where = where << 80 | hs
            if relative:
                # the same cards in the same hands come back often (every probe, every root option): their
                # relative key is worked out once
                key = known_keys_get(where)
                if key is None:
                    p0 = p1 = p2 = 0         # bit planes of the seat numbers: who holds each card
                    for s in seats:
                        hs = H[s]
                        if s & 1:
                            p0 |= hs
                        if s & 2:
                            p1 |= hs
                        if s & 4:
                            p2 |= hs
                    key = seat
                    for sh, mk in segments:
                        lb = (tlive >> sh) & mk
                        cnt = lb.bit_count()
                        key = (key << 4) | cnt
                        if cnt:
                            lo8, hi8, sh8 = PEXT[lb & 255], PEXT[lb >> 8], (lb & 255).bit_count()
                            x = (p0 >> sh) & mk
                            key = (key << cnt) | lo8[x & 255] | (hi8[x >> 8] << sh8)
                            x = (p1 >> sh) & mk
                            key = (key << cnt) | lo8[x & 255] | (hi8[x >> 8] << sh8)
                            if wide:
                                x = (p2 >> sh) & mk
                                key = (key << cnt) | lo8[x & 255] | (hi8[x >> 8] << sh8)
                    if trump_abs:
                        key = (key << 15) | ((tlive >> 64) & 0x7FFF)
                    known_keys[where] = key
            else:
                key = where
            if nt_joker:
                holder = next((s for s in seats if H[s] & joker_bit), -1)
                if holder >= 0:
                    key = (key << 4 | shown_out[holder]) * 8 + holder
            e = tt_get(key)
            if e is not None:
                lo, hi, first = e
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
                lo, hi = 0, tl
            if e is None and use_qt and pending[0] is None and rob[0] < 0:   # a table entry has them already
                blo, bhi = bounds(seat, tl)
                if blo > lo:
                    lo = blo
                if bhi < hi:
                    hi = bhi
                if lo >= beta or hi <= alpha or lo == hi:
                    v = lo if lo >= beta or lo == hi else hi
                    tt[key] = (lo, hi, first)
                    return v
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            if pending[0] is not None or rob[0] >= 0:
                tlive = -1          # trick 1 with a card still to come in: work out who holds what each time
            moves = lead_moves(seat, h, first)
            a0, b0 = alpha, beta
            maxing = ismax[seat]
            best = -1000 if maxing else 1000
            best_m = -1
            nseat = nxt[seat]
            for m in moves:
                if m >= JOKER_LEAD:
                    p = m & 127
                    nb = (m >> 7) - 1
                else:
                    p = m
                    nb = p >> 4
                bit = 1 << p
                H[seat] = h ^ bit
                v = follow(nseat, 1, bit, nb, p, p, seat, tl, alpha, beta, tlive)
                H[seat] = h
                if maxing:
                    if v > best:
                        best, best_m = v, m
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best, best_m = v, m
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            if best <= a0:
                tt[key] = (lo, best if best < hi else hi, best_m)
            elif best >= b0:
                tt[key] = (best if best > lo else lo, hi, best_m)
            else:
                tt[key] = (best, best, best_m)
            return best

        def follow(seat: int, k: int, table: int, lead_blk: int, lead_pos: int, win_pos: int, win_seat: int,
                   tl: int, alpha: int, beta: int, tlive: int = 0, H=H, nxt=nxt, credit=credit, ismax=ismax) -> int:
            """``k`` cards on the table (``k`` > 0), ``win_pos`` by ``win_seat`` the best so far; ``tlive``: the live
            cards (and barriers) when the trick started (0: unknown, -1: not usable)."""
            if rob[0] == seat:
                return rob_node(seat, k, table, lead_blk, lead_pos, win_pos, win_seat, tl, alpha, beta)
            h = H[seat]
            moves = follow_moves(seat, h, k, table, lead_blk, lead_pos, win_pos, win_seat,
                                 tlive & ~h if tlive > 0 else -1)
            maxing = ismax[seat]
            best = -1000 if maxing else 1000
            last = k + 1 == nply
            pend = pending[0] if last else None
            nseat = nxt[seat]
            for p in moves:
                bit = 1 << p
                H[seat] = h ^ bit
                b = p >> 4
                if (b == lead_blk or b == 4) and p > win_pos:
                    nwp, nws = p, seat
                else:
                    nwp, nws = win_pos, win_seat
                so_saved = -1
                if nt_joker and b != lead_blk:
                    so_saved = shown_out[seat]
                    shown_out[seat] = so_saved | 1 << lead_blk
                if not last:
                    v = follow(nseat, k + 1, table | bit, lead_blk, lead_pos, nwp, nws, tl, alpha, beta, tlive)
                elif pend is None:
                    c = credit[nws]
                    v = c + lead(nws, tl - 1, alpha - c, beta - c)
                else:
                    # 45.rob.dealer-ace: the dealer's card joins the hand once the first trick is over
                    c = credit[nws]
                    pending[0] = None
                    H[pend[0]] |= pend[1]
                    v = c + lead(nws, tl - 1, alpha - c, beta - c)
                    H[pend[0]] ^= pend[1]
                    pending[0] = pend
                H[seat] = h
                if so_saved >= 0:
                    shown_out[seat] = so_saved
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

        def node(seat: int, k: int, table: int, lead_blk: int, lead_pos: int, win_pos: int, win_seat: int,
                 tl: int, alpha: int, beta: int) -> int:
            """Any node: a trick start or a card to follow."""
            if k == 0:
                return lead(seat, tl, alpha, beta)
            return follow(seat, k, table, lead_blk, lead_pos, win_pos, win_seat, tl, alpha, beta)

        def rob_node(seat: int, k: int, table: int, lead_blk: int, lead_pos: int, win_pos: int, win_seat: int,
                     tl: int, alpha: int, beta: int) -> int:
            """45.rob.ace-holder: keep the hand, or swap one card for the turned card, then play."""
            h = H[seat]
            rob[0] = -1
            maxing = ismax[seat]
            best = -1000 if maxing else 1000
            options = reps(h & ~rob_keep, others(seat) | barriers | rob_keep) + [-1]   # robbing usually pays
            try:
                for c in options:
                    d = 0
                    if c >= 0:
                        H[seat] = (h ^ (1 << c)) | turn_bit
                        d = rob_delta.get(c, 0)
                    v = d + node(seat, k, table, lead_blk, lead_pos, win_pos, win_seat, tl, alpha - d, beta - d)
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
            finally:
                H[seat] = h
                rob[0] = seat
            return best

        def legal_mask(seat: int, k: int, lead_blk: int, lead_pos: int) -> int:
            h = H[seat]
            if k == 0:
                return h
            if is45:
                if lead_blk != 4:
                    f = h & BLK[lead_blk]
                    if f:
                        return f if must_follow else f | (h & TR)
                    return h
                tr = h & TR
                if tr & ~ren_above[lead_pos]:
                    return tr
                if aoh_led and lead_pos == aoh_pos:
                    return h & (BLK[hearts_blk] | TR) or h
                return h
            return h & BLK[lead_blk] or h

        self._legal_mask = legal_mask
        self._reps = reps
        self._others = others
        self._follow_moves = follow_moves
        self._lead_moves = lead_moves
        self._pending = pending
        self._rob = rob
        return node

    # --- driving the search from outside ---------------------------------------------------------------

    def root_moves(self) -> list[int]:
        """The moves of the position's player to act (merged), in search order."""
        st = self.state
        if st.k == 0:
            return self._lead_moves(st.seat, st.hands[st.seat], -1)
        return self._follow_moves(st.seat, st.hands[st.seat], st.k, st.table, st.lead_blk, st.lead_pos,
                                  st.win_pos, st.win_seat)

    def value(self, alpha: int, beta: int) -> int:
        """The fail-soft value of the state's position in the window (alpha, beta)."""
        st = self.state
        return self.node(st.seat, st.k, st.table, st.lead_blk, st.lead_pos, st.win_pos, st.win_seat,
                         st.tricks_left, alpha, beta)

    def after(self, move: int, alpha: int, beta: int) -> int:
        """The fail-soft value of the state after the player to act plays ``move`` (credits included)."""
        undo = self.push(move)
        try:
            gained = undo[-1]
            return gained + self.value(alpha - gained, beta - gained)
        finally:
            self.pop(undo)

    def push(self, move: int) -> tuple:
        """Play ``move`` on the state (its own fields change); returns what ``pop`` needs, credit last."""
        st = self.state
        saved = (st.seat, st.k, st.table, st.lead_blk, st.lead_pos, st.win_pos, st.win_seat, st.tricks_left,
                 list(st.hands), list(st.shown_out), self._pending[0])
        seat = st.seat
        if move >= JOKER_LEAD:
            p, nb = move & 127, (move >> 7) - 1
        else:
            p, nb = move, move >> 4
        bit = 1 << p
        st.hands[seat] ^= bit
        if st.k == 0:
            st.lead_blk, st.lead_pos, st.win_pos, st.win_seat = nb, p, p, seat
        else:
            b = p >> 4
            if (b == st.lead_blk or b == TRUMP_BLOCK) and p > st.win_pos:
                st.win_pos, st.win_seat = p, seat
            if st.nt_joker and b != st.lead_blk:
                st.shown_out[seat] |= 1 << st.lead_blk
        gained = 0
        if st.k + 1 == st.nply:
            winner = st.win_seat
            gained = st.credit[winner]
            pend = self._pending[0]
            if pend is not None:
                st.hands[pend[0]] |= pend[1]
                self._pending[0] = None
            st.seat, st.k, st.table, st.win_pos, st.win_seat = winner, 0, 0, -1, -1
            st.tricks_left -= 1
        else:
            st.seat, st.k, st.table = st.nxt[seat], st.k + 1, st.table | bit
        return saved + (gained,)

    def save(self) -> tuple:
        """What a search changes while it runs, to put back after an interruption."""
        st = self.state
        return list(st.hands), list(st.shown_out), self._pending[0], self._rob[0]

    def restore(self, saved: tuple) -> None:
        st = self.state
        hands, shown, pend, rob = saved
        st.hands[:] = hands
        st.shown_out[:] = shown
        self._pending[0] = pend
        self._rob[0] = rob

    def pop(self, undo: tuple) -> None:
        st = self.state
        (st.seat, st.k, st.table, st.lead_blk, st.lead_pos, st.win_pos, st.win_seat, st.tricks_left,
         hands, shown, pend, _gained) = undo
        st.hands[:] = hands
        st.shown_out[:] = shown
        self._pending[0] = pend
