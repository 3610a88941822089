"""Exact search of a whole Sixty-Six hand with every card known, the stock's order included, in game points.

With both hands and the stock's order known, the play while the stock is open is a game of perfect information:
leads and replies (no need to follow), the 9 of trumps exchanged, marriages, closing (before or after the draw),
declaring 66, then the strict play once the stock is exhausted or closed. This search plays all of it in one
alpha-beta over game points (`66.game-points`, `66.declare.wrong`, `66.close.failed`, `66.no-declaration`,
scored by ``atout.sixty_six.scoring``), with one transposition table for both phases.

What keeps it fast:

* **Values are small integers** (-3..3 game points for player 0, before any carried points), so a value is found
  by a few null-window probes ("is it at least g?"), each pruning far more than a full-window search.
* **The transposition table** is keyed on the state at each lead: both hands, who leads, the card points, who has
  won a trick, the marriages' points, the stock's place (how many cards were drawn) and the card under it (the
  turned trump, or the 9 exchanged for it), who closed and who had won a trick then. Hands reached by different
  orders of the same tricks meet there. Key and entry are each packed in one int (half the memory of tuples:
  127 MB rather than 243 MB at most for the largest of seeds 0-3 from the deal).
* **Exact shortcuts**: a player on lead who counts 66 (or reaches it with a marriage) and has won a trick gets, by
  declaring at once, the most they can get at all (their opponent's points and tricks only grow), so the
  position's value is that declaration's; a closer who can no longer reach 66 loses the close whatever is played.
* **Bounds from the points left**: a player who cannot reach 66 with every point still out (cards, the last
  trick's 10, the marriages still possible) can win at most 1 game point; a null-window probe outside the bounds
  returns at once.
* **Move order**: the table's best move first; leads of small cards before big ones; replies that win a trick with
  points cheaply, then the cheapest discards.

The values are the engine's: `tests/core/test_solver_sixty_six_open.py` plays every line of small cases through
``SixtySixHand`` and compares.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from atout.cards import KING, QUEEN, Card, Suit
from atout.engine import Action, play
from atout.sixty_six import scoring
from atout.sixty_six.ranking import NINE_OF, POINTS, STRENGTH
from atout.solver.positions import Interrupted

DECLARE = Action("declare")
CLOSE = Action("close")
DRAW = Action("draw")
EXCHANGE = {s: Action("exchange", NINE_OF[s]) for s in Suit}
MARRIAGE = {s: Action("marriage", Card.of(KING, s)) for s in Suit}

DECK_SIZE = 24
TARGET = scoring.TARGET_POINTS
LAST = scoring.LAST_TRICK_BONUS
LOW, HIGH = -4, 4          # outside every value: the search's infinities

# Moves: a card is its bit (0..23); the other moves are above them.
M_DECLARE = 100
M_CLOSE = 101
M_EXCHANGE = 102
M_DRAW = 103
M_MARRY = 110              # + suit


def bit_of(card: Card) -> int:
    """A card's bit: six a suit, the suit's cards in their order (`66.rank`), the 9 lowest."""
    assert card.suit is not None, "Sixty-Six is played without the joker"
    return 6 * int(card.suit) + STRENGTH[card.index] - 1


CARD_OF: list[Card] = [Card.of(r, s) for s in Suit for r in (9, 11, 12, 13, 10, 14)]
assert all(bit_of(c) == i for i, c in enumerate(CARD_OF)), "bit_of orders each suit 9 J Q K 10 A"
PTS = [POINTS[c.index] for c in CARD_OF]
SUIT_MASK = [0o77 << (6 * s) for s in range(4)]
KQ = [(1 << bit_of(Card.of(KING, s))) | (1 << bit_of(Card.of(QUEEN, s))) for s in Suit]


SUIT_POINTS = [sum(PTS[b] for b in range(6) if m >> b & 1) for m in range(64)]


def mask_points(m: int) -> int:
    """The card points of the cards of a mask."""
    return SUIT_POINTS[m & 63] + SUIT_POINTS[m >> 6 & 63] + SUIT_POINTS[m >> 12 & 63] + SUIT_POINTS[m >> 18 & 63]


def mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << bit_of(c)
    return m


def bits_low_first(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


@dataclass
class OpenState:
    """A Sixty-Six position with every card known (what ``from_hand`` reads from an engine hand)."""

    config: Any
    trump: Suit
    hands: tuple[int, int]                 # bit masks
    stock: tuple[int, ...]                 # the face-down cards' bits, deck order (index 13..23 of the deck)
    next_card: int                         # the deck index of the stock's top face-down card (24: none left)
    turn_up: int                           # the card under the stock (-1: taken)
    to_act: int
    lead: int                              # the card led to the trick on the table (-1: none)
    draw_pending: bool
    card_points: tuple[int, int]
    tricks_won: tuple[int, int]
    marriage_points: tuple[int, int]
    closer: int                            # -1: not closed
    tricks_at_close: tuple[int, int]
    stage: int                             # on lead: 1 exchanged, 2 closed on this lead
    married: int                           # the suit of a marriage just shown (-1: none)
    carry: int = 0

    @property
    def is_open(self) -> bool:
        return self.closer < 0 and self.next_card < DECK_SIZE


def from_hand(hand: Any) -> OpenState:
    """The state of an engine hand in its play (open or strict), every card and the stock's order known."""
    trump = hand.trump
    stock = tuple(bit_of(c) for c in hand.deck_order[13:])
    lead = bit_of(hand.trick[0]) if hand.trick else -1
    married = int(hand.married) if hand.married is not None and hand.stage >= 3 else -1
    return OpenState(
        hand.config, trump, (mask(hand.hands[0]), mask(hand.hands[1])), stock, hand.next_card,
        bit_of(hand.turn_up) if hand.turn_up is not None else -1, hand.to_act, lead, hand.draw_pending,
        (hand.card_points[0], hand.card_points[1]), (hand.tricks_won[0], hand.tricks_won[1]),
        (hand.marriage_points[0], hand.marriage_points[1]), -1 if hand.closer is None else hand.closer,
        hand.tricks_at_close or (0, 0), hand.stage if hand.stage in (1, 2) else 0, married, hand.carry)


class OpenSearch:
    """Alpha-beta over game points for player 0 (player 1's are the opposite), from one state; the table is kept
    between probes (and between the root moves' values)."""

    def __init__(self, state: OpenState, stop: Callable[[], bool] | None = None) -> None:
        self.state = state
        self.stop = stop
        self.nodes = 0
        # the table: a state packed in an int (see ``lead_node``) -> its bounds and best move, packed too
        self.tt: dict[int, int] = {}
        self._build()

    def _build(self) -> None:  # noqa: C901 - the search is one closure over its state, for speed
        st = self.state
        trump = int(st.trump)
        TR = SUIT_MASK[trump]
        NINE = bit_of(NINE_OF[st.trump])
        PT = PTS
        SM = SUIT_MASK
        KQm = KQ
        MVAL = [40 if s == trump else 20 for s in range(4)]
        MARRY_ORDER = [trump] + [s for s in range(4) if s != trump]
        strict_marriages = st.config.strict_marriages
        tie_carries = st.config.tie_carries
        order = (0,) * 13 + st.stock         # by deck index
        H = list(st.hands)
        cp = list(st.card_points)
        tw = list(st.tricks_won)
        mp = list(st.marriage_points)
        # nxt, turn_up, closer, tac0, tac1
        S = [st.next_card, st.turn_up, st.closer, st.tricks_at_close[0] > 0, st.tricks_at_close[1] > 0]
        tt = self.tt
        search = self
        stop = self.stop
        declare_memo: dict[tuple[int, ...], int] = {}
        stock_masks = [0] * (DECK_SIZE + 1)        # the face-down cards from each deck index on
        for i in range(DECK_SIZE - 1, 12, -1):
            stock_masks[i] = stock_masks[i + 1] | 1 << order[i]

        def counted(s: int) -> int:
            return cp[s] + (mp[s] if tw[s] else 0)

        def signed(score: scoring.Score) -> int:
            w = score.winner
            if w is None:
                return 0
            return score.game_points[w] if w == 0 else -score.game_points[w]

        def declared(by: int, pts0: int, pts1: int) -> int:
            """The value of ``by`` declaring with these counted points (scoring.declaration)."""
            closer = S[2]
            key = (by, pts0, pts1, tw[0] > 0, tw[1] > 0, closer, S[3], S[4])
            v = declare_memo.get(key)
            if v is None:
                v = signed(scoring.declaration(by, (pts0, pts1), (tw[0], tw[1]), None if closer < 0 else closer,
                                               (S[3], S[4])))
                declare_memo[key] = v
            return v

        def finished(last: int) -> int:
            """Both hands played out: 66.no-declaration, or a closed hand counted by the last trick's winner."""
            closer = S[2]
            p0, p1 = counted(0), counted(1)
            if closer < 0:
                if last == 0:
                    p0 += LAST
                else:
                    p1 += LAST
                return signed(scoring.no_declaration((p0, p1), (tw[0], tw[1]), last, tie_carries))
            if (p0 if last == 0 else p1) >= TARGET:
                return declared(last, p0, p1)
            return signed(scoring.close_failed(closer, (S[3], S[4])))

        def reach_now(seat: int) -> int:
            """The most points ``seat`` can count by declaring on this lead: now, or after one marriage."""
            best = counted(seat)
            if tw[seat] and (S[2] < 0 and S[0] < DECK_SIZE or strict_marriages):
                h = H[seat]
                for s in range(4):
                    if h & KQm[s] == KQm[s]:
                        best = max(best, cp[seat] + mp[seat] + MVAL[s])
            return best

        def out_points(seat: int) -> int:
            """The most ``seat`` could still count: its points, its pending marriages, every card point still to be
            played (the stock's only while it is open), the last trick's 10 unless closed, every marriage still
            possible (both its cards to be played)."""
            h = H[0] | H[1]
            if S[2] < 0 and S[0] < DECK_SIZE:
                h |= stock_mask()
                marry = True
            else:
                marry = strict_marriages
            if S[2] < 0 and S[0] < DECK_SIZE:
                more = cp[seat] + mp[seat] + mask_points(h)
            else:
                more = cp[seat] + mp[seat] + strict_gain(seat)
            if S[2] < 0:
                more += LAST
            if marry:
                for s in range(4):
                    if h & KQm[s] == KQm[s]:
                        more += MVAL[s]
            return more

        top_trumps = [6 * trump + r for r in range(5, -1, -1)]

        gain_memo: dict[tuple[int, int], int] = {}

        def strict_gain(seat: int) -> int:
            """In the strict play, the most card points ``seat`` can still take: its own cards, and those of the other
            hand it could ever beat (a card of a suit where it holds a higher one; a plain card when it holds a
            trump, or when the other hand has none and may have to throw it); less its cheapest cards, one for each
            of the other hand's trumps above all of its own (those win their tricks)."""
            mine, theirs = H[seat], H[1 - seat]
            gain = gain_memo.get((mine, theirs))
            if gain is not None:
                return gain
            gain = mask_points(mine)
            plain_taken = bool(mine & TR) or not theirs & TR
            for c in bits_low_first(theirs):
                s = c // 6
                if (mine & SM[s]).bit_length() - 1 > c or (s != trump and plain_taken):
                    gain += PT[c]
            run = 0
            for b in top_trumps:
                if theirs >> b & 1:
                    run += 1
                elif mine >> b & 1:
                    break
            if run:
                gain -= sum(sorted(PT[b] for b in bits_low_first(mine))[:run])
            gain_memo[(mine, theirs)] = gain
            return gain

        def stock_mask() -> int:
            m = stock_masks[S[0]]
            if S[1] >= 0:
                m |= 1 << S[1]
            return m

        def bounds() -> tuple[int, int]:
            """Player 0's least and most game points from here. Each bound is the value of the game where the other
            player never closes nor declares (taking moves from a player only helps their opponent): then a player
            who cannot reach 66 wins at most the last trick's 1, and one who can wins at most what their opponent's
            points and tricks allow now (they only grow). A closer short of 66 for good loses the close: exact."""
            closer = S[2]
            r0 = out_points(0) >= TARGET
            r1 = out_points(1) >= TARGET
            if closer >= 0 and not (r0 if closer == 0 else r1):
                v = signed(scoring.close_failed(closer, (S[3], S[4])))
                return v, v
            if closer == 1:
                hi = 2 if S[3] else 3                     # 66.close.failed for player 0
            elif r0:
                hi = scoring.game_points_for(counted(1), tw[1])
            else:
                hi = 1
            if closer == 0:
                lo = -2 if S[4] else -3
            elif r1:
                lo = -scoring.game_points_for(counted(0), tw[0])
            else:
                lo = -1
            return lo, hi

        lead_cards: dict[int, list[int]] = {}
        strict_cards: dict[int, list[int]] = {}
        replies: dict[tuple[int, int, bool], list[int]] = {}

        def cards_to_lead(h: int) -> list[int]:
            """Small plain cards first, then trumps (big cards are best kept while the stock is open)."""
            cards = lead_cards.get(h)
            if cards is None:
                cards = bits_low_first(h)
                cards.sort(key=lambda b: PT[b] + (30 if (TR >> b) & 1 else 0))
                lead_cards[h] = cards
            return cards

        def strict_leads(h: int) -> list[int]:
            """Once the play is strict, high cards first, plain suits before trumps: they win tricks and force the
            other hand's cards (fewer nodes than trumps first: 2.14M against 2.33M over seeds 1, 2, 3 and 5)."""
            cards = strict_cards.get(h)
            if cards is None:
                cards = bits_low_first(h)
                cards.sort(key=lambda b: -(b % 6) + (6 if (TR >> b) & 1 else 0))
                strict_cards[h] = cards
            return cards

        def lead_moves(seat: int, stage: int, married: int, best: int) -> list[int]:
            h = H[seat]
            if married >= 0:
                return [M_DECLARE] + bits_low_first(h & KQm[married])
            opened = S[2] < 0 and S[0] < DECK_SIZE
            moves = []
            if opened and stage < 2:
                if stage < 1 and tw[seat] and h >> NINE & 1:
                    moves.append(M_EXCHANGE)
                moves.append(M_CLOSE)
            if opened or strict_marriages:
                for s in MARRY_ORDER:
                    if h & KQm[s] == KQm[s]:
                        moves.append(M_MARRY + s)
            if tw[seat]:
                moves.append(M_DECLARE)
            moves += cards_to_lead(h) if opened else strict_leads(h)
            if best >= 0 and best in moves:
                moves.remove(best)
                moves.insert(0, best)
            return moves

        def reply_moves(seat: int, lead: int) -> list[int]:
            h = H[seat]
            opened = S[2] < 0 and S[0] < DECK_SIZE
            key = (h, lead, opened)
            moves = replies.get(key)
            if moves is not None:
                return moves
            ls = lead // 6
            if opened:
                f = h
            else:
                f = h & SM[ls]
                if f:
                    head = f & ~((2 << lead) - 1)
                    f = head or f
                else:
                    f = (h & TR) or h
            # winners of the suit led (lowest first), then discards (cheapest first), then trumps (lowest first)
            same = f & SM[ls]
            win_same = bits_low_first(same & ~((2 << lead) - 1))
            lose_same = bits_low_first(same & ((1 << lead) - 1))
            trumps = bits_low_first(f & TR & ~SM[ls])
            others = bits_low_first(f & ~TR & ~SM[ls])
            others.sort(key=lambda b: PT[b])
            if PT[lead] >= 10:
                moves = win_same + trumps + others + lose_same
            else:
                moves = win_same + others + lose_same + trumps
            replies[key] = moves
            return moves

        def lead_node(seat: int, stage: int, married: int, alpha: int, beta: int) -> int:
            search.nodes += 1
            if stop is not None and not search.nodes & 1023 and stop():
                raise Interrupted
            # the exact shortcut: declaring now (or after a marriage) is the best this player can ever get
            if married < 0 and tw[seat] and reach_now(seat) >= TARGET:
                return declare_value(seat)
            key = None
            best_move = -1
            if married < 0:
                h0, h1 = H[0], H[1]
                if h0 & (h0 - 1) == 0 and h1 & (h1 - 1) == 0 and (S[2] >= 0 or S[0] == DECK_SIZE):
                    return last_trick(seat)
                if S[2] < 0 and S[0] < DECK_SIZE:
                    key = (h0 | h1 << 24 | seat << 48 | cp[0] << 49 | cp[1] << 56 | (tw[0] > 0) << 63
                           | (tw[1] > 0) << 64 | mp[0] << 65 | mp[1] << 73 | (1 | S[0] << 1 | (S[1] + 1) << 6
                                                                               | stage << 11) << 81)
                else:       # strict: the stock plays no more part
                    key = (h0 | h1 << 24 | seat << 48 | cp[0] << 49 | cp[1] << 56 | (tw[0] > 0) << 63
                           | (tw[1] > 0) << 64 | mp[0] << 65 | mp[1] << 73 | ((S[2] + 1) << 1 | S[3] << 3
                                                                               | S[4] << 4) << 81)
                e = tt.get(key)
                if e is not None:
                    lo, hi, best_move = (e & 15) - 4, (e >> 4 & 15) - 4, (e >> 8) - 1
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
                else:
                    lo, hi = bounds()
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
                if alpha < lo:
                    alpha = lo
                if beta > hi:
                    beta = hi
            a0, b0 = alpha, beta
            maxing = seat == 0
            best = LOW if maxing else HIGH
            chosen = -1
            for m in lead_moves(seat, stage, married, best_move):
                v = lead_child(seat, stage, m, alpha, beta)
                if maxing:
                    if v > best:
                        best, chosen = v, m
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best, chosen = v, m
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            if key is not None:
                if best <= a0:
                    tt[key] = (lo + 4) | (min(hi, best) + 4) << 4 | (chosen + 1) << 8
                elif best >= b0:
                    tt[key] = (max(lo, best) + 4) | (hi + 4) << 4 | (chosen + 1) << 8
                else:
                    tt[key] = (best + 4) | (best + 4) << 4 | (chosen + 1) << 8
            return best

        def last_trick(seat: int) -> int:
            """One card each in the strict play: the leader declares (short of 66: see ``lead_node``) or leads."""
            a = H[seat].bit_length() - 1
            b = H[1 - seat].bit_length() - 1
            if a // 6 == b // 6:
                winner = 1 - seat if b > a else seat
            else:
                winner = 1 - seat if (TR >> b) & 1 else seat
            gained = PT[a] + PT[b]
            cp[winner] += gained
            tw[winner] += 1
            v = finished(winner)
            cp[winner] -= gained
            tw[winner] -= 1
            if tw[seat]:
                d = declared(seat, counted(0), counted(1))
                v = max(v, d) if seat == 0 else min(v, d)
            return v

        def declare_value(seat: int) -> int:
            return declared(seat, counted_with_best_marriage(0, seat), counted_with_best_marriage(1, seat))

        def counted_with_best_marriage(s: int, declarer: int) -> int:
            return reach_now(s) if s == declarer else counted(s)

        def lead_child(seat: int, stage: int, m: int, alpha: int, beta: int) -> int:
            if m < 24:
                H[seat] ^= 1 << m
                try:
                    return reply_node(1 - seat, m, alpha, beta)
                finally:
                    H[seat] ^= 1 << m
            if m == M_DECLARE:
                return declared(seat, counted(0), counted(1))
            if m == M_CLOSE:
                saved = S[2], S[3], S[4]
                S[2], S[3], S[4] = seat, tw[0] > 0, tw[1] > 0
                try:
                    return lead_node(seat, 2, -1, alpha, beta)
                finally:
                    S[2], S[3], S[4] = saved
            if m == M_EXCHANGE:
                up = S[1]
                H[seat] ^= (1 << NINE) | (1 << up)
                S[1] = NINE
                try:
                    return lead_node(seat, 1, -1, alpha, beta)
                finally:
                    S[1] = up
                    H[seat] ^= (1 << NINE) | (1 << up)
            s = m - M_MARRY
            mp[seat] += MVAL[s]
            try:
                return lead_node(seat, 3, s, alpha, beta)
            finally:
                mp[seat] -= MVAL[s]

        def reply_node(seat: int, lead: int, alpha: int, beta: int) -> int:
            search.nodes += 1
            maxing = seat == 0
            best = LOW if maxing else HIGH
            opened = S[2] < 0 and S[0] < DECK_SIZE
            ls = lead // 6
            for m in reply_moves(seat, lead):
                # 66.trick.winner
                if m // 6 == ls:
                    winner = seat if m > lead else 1 - seat
                else:
                    winner = seat if (TR >> m) & 1 else 1 - seat
                gained = PT[m] + PT[lead]
                H[seat] ^= 1 << m
                cp[winner] += gained
                tw[winner] += 1
                try:
                    if opened:
                        v = draw_node(winner, alpha, beta)
                    elif not H[seat]:
                        v = finished(winner)
                    else:
                        v = lead_node(winner, 0, -1, alpha, beta)
                finally:
                    H[seat] ^= 1 << m
                    cp[winner] -= gained
                    tw[winner] -= 1
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

        def draw_node(winner: int, alpha: int, beta: int) -> int:
            """The winner of a trick on an open stock closes it before drawing, or draws (`66.close`, `66.draw`).
            Closing is tried first: it ends the search sooner more often (2.33M nodes against 2.63M, seeds 1, 2, 3,
            5)."""
            if counted(winner) >= TARGET:      # drawing, then declaring on the lead: the most it can get
                return declared(winner, counted(0), counted(1))
            maxing = winner == 0
            v1 = close_child(winner, alpha, beta)
            if maxing:
                if v1 >= beta:
                    return v1
                v2 = draw_child(winner, max(alpha, v1), beta)
                return max(v1, v2)
            if v1 <= alpha:
                return v1
            v2 = draw_child(winner, alpha, min(beta, v1))
            return min(v1, v2)

        def close_child(winner: int, alpha: int, beta: int) -> int:
            saved = S[2], S[3], S[4]
            S[2], S[3], S[4] = winner, tw[0] > 0, tw[1] > 0
            try:
                return lead_node(winner, 2, -1, alpha, beta)
            finally:
                S[2], S[3], S[4] = saved

        def draw_child(winner: int, alpha: int, beta: int) -> int:
            nxt, up = S[0], S[1]
            first = order[nxt]
            if nxt + 1 < DECK_SIZE:
                second = order[nxt + 1]
                S[0] = nxt + 2
            else:
                second = up
                S[0], S[1] = DECK_SIZE, -1
            H[winner] |= 1 << first
            H[1 - winner] |= 1 << second
            try:
                return lead_node(winner, 0, -1, alpha, beta)
            finally:
                H[winner] ^= 1 << first
                H[1 - winner] ^= 1 << second
                S[0], S[1] = nxt, up

        def root(alpha: int, beta: int) -> int:
            if st.lead >= 0:
                return reply_node(st.to_act, st.lead, alpha, beta)
            if st.draw_pending:
                return draw_node(st.to_act, alpha, beta)
            return lead_node(st.to_act, st.stage, st.married, alpha, beta)

        def root_moves() -> list[int]:
            if st.lead >= 0:
                return reply_moves(st.to_act, st.lead)
            if st.draw_pending:
                return [M_DRAW, M_CLOSE]
            return lead_moves(st.to_act, st.stage, st.married, -1)

        def after(m: int, alpha: int, beta: int) -> int:
            """The value after the player to act makes root move ``m``."""
            seat = st.to_act
            if st.lead >= 0:
                lead = st.lead
                if m // 6 == lead // 6:
                    winner = seat if m > lead else 1 - seat
                else:
                    winner = seat if (TR >> m) & 1 else 1 - seat
                gained = PT[m] + PT[lead]
                opened = S[2] < 0 and S[0] < DECK_SIZE
                H[seat] ^= 1 << m
                cp[winner] += gained
                tw[winner] += 1
                try:
                    if opened:
                        return draw_node(winner, alpha, beta)
                    if not H[seat]:
                        return finished(winner)
                    return lead_node(winner, 0, -1, alpha, beta)
                finally:
                    H[seat] ^= 1 << m
                    cp[winner] -= gained
                    tw[winner] -= 1
            if st.draw_pending:
                return draw_child(seat, alpha, beta) if m == M_DRAW else close_child(seat, alpha, beta)
            return lead_child(seat, st.stage, m, alpha, beta)

        self._root = root
        self._root_moves = root_moves
        self._after = after

    # --- values by null-window probes ---------------------------------------------------------------

    def _mtd(self, probe: Callable[[int, int], int]) -> int:
        """The exact value of ``probe`` (an alpha-beta call), by bisecting -3..3 with null windows."""
        lo, hi = -3, 3
        while lo < hi:
            g = (lo + hi + 1) // 2
            v = probe(g - 1, g)          # fail-soft: v >= g proves the value >= v, v < g proves it <= v
            if v >= g:
                lo = v
            else:
                hi = v
        return lo

    def value(self) -> int:
        """Player 0's game points (negative: player 1's) with both perfect, before carried points."""
        return self._mtd(self._root)

    def root_moves(self) -> list[int]:
        return self._root_moves()

    def value_after(self, move: int) -> int:
        """Player 0's value after the player to act makes ``move``."""
        return self._mtd(lambda a, b: self._after(move, a, b))

    def action(self, move: int) -> Action:
        st = self.state
        if move < 24:
            return play(CARD_OF[move])
        if move == M_DECLARE:
            return DECLARE
        if move == M_CLOSE:
            return CLOSE
        if move == M_DRAW:
            return DRAW
        if move == M_EXCHANGE:
            return EXCHANGE[st.trump]
        return MARRIAGE[Suit(move - M_MARRY)]


# --- the table of a dealt hand ---------------------------------------------------------------------


@dataclass
class FirstLeadTable:
    """What each choice of the hand's first leader (the non-dealer, `66.open.lead`) is worth at the first lead,
    every card and the stock's order known and both players perfect: the game points the leader wins (negative:
    the dealer wins them), carried points included. Choices: closing the stock, a marriage, each card.
    ``values`` holds the choices worked out (all of them once ``complete``); ``value`` is the hand's value, the
    best of them."""

    leader: int
    values: dict[Action, int]
    complete: bool
    nodes: int

    @property
    def value(self) -> int | None:
        return max(self.values.values()) if self.complete else None

    @property
    def best(self) -> list[Action]:
        top = self.value
        return [a for a, v in self.values.items() if v == top]


def for_seat(value: int, seat: int, carry: int) -> int:
    """Player 0's game points (before carried points) as ``seat``'s, with the points carried in added to the
    winner's (`66.no-declaration`, option tie_carries)."""
    v = value if seat == 0 else -value
    if v > 0:
        return v + carry
    if v < 0:
        return v - carry
    return 0


def first_lead_table(hand: Any, stop: Callable[[], bool] | None = None) -> FirstLeadTable:
    """The table of a dealt hand (its first lead, whatever has been played since); ``stop`` ends it early, with the
    choices worked out so far."""
    first = hand.copy()
    while len(first.history) > 1:
        first.undo()
    search = OpenSearch(from_hand(first), stop)
    leader = first.to_act
    values: dict[Action, int] = {}
    try:
        for move in search.root_moves():
            values[search.action(move)] = for_seat(search.value_after(move), leader, first.carry)
    except Interrupted:
        return FirstLeadTable(leader, values, False, search.nodes)
    return FirstLeadTable(leader, values, True, search.nodes)
