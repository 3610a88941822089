"""Exact search of Sixty-Six's strict phase (the stock exhausted or closed), in game points.

The value of a position is the game points the player to act wins (negative: the opponent wins them)
when both play perfectly, with the engine's own scoring: declaring 66 on lead (`66.declare`), a wrong
declaration (`66.declare.wrong`), a failed close (`66.close.failed`), a hand played out
(`66.no-declaration`, the last trick's 10) and the game points carried in from tied hands. Card points
alone would be a different game: a player at 66 stops, and a closer must reach 66, so the solver plays
for game points. Marriages are searched when the option ``strict_marriages`` allows them.

At most six tricks of two cards remain, so a plain alpha-beta with a transposition table over
(hands, leader, points, who has won a trick, marriages) is enough.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from atout.cards import KING, QUEEN, Card, Suit
from atout.engine import Action, play
from atout.i18n import Text
from atout.solver import layout as layouts
from atout.solver.positions import SolverError

if TYPE_CHECKING:
    from atout.solver import Solution, Value
    from atout.solver.scoring import Scorer

DECLARE = Action("declare")
MARRIAGE = {s: Action("marriage", Card.of(KING, s)) for s in Suit}
TARGET = 66
HALF = 33
LAST_TRICK = 10


@dataclass
class SixtySixPosition:
    config: Any                                  # SixtySixConfig
    trump: Suit
    hands: list[list[Card]]
    to_act: int
    lead: Card | None                            # the card led to the trick on the table, if any
    card_points: list[int]
    tricks_won: list[int]
    marriage_points: list[int]
    closer: int | None
    tricks_at_close: tuple[int, int] | None
    carry: int = 0
    married: Suit | None = None                  # a marriage just declared: lead its king or queen (or declare)


# How the solver searches its positions (``atout.solver.adapter``): its own search, whole.
SEARCH: Final = "own"
POSITION = SixtySixPosition


def position(hand: Any) -> SixtySixPosition:
    """The strict-phase position of an engine hand; before the stock is exhausted or closed it is hidden."""
    if not hand.is_strict or hand.draw_pending:
        raise SolverError(Text("The solver takes Sixty-Six once the stock is exhausted or closed: before that, "
                               "the stock's cards are hidden"))
    lead = hand.trick[0] if hand.trick else None
    return SixtySixPosition(hand.config, hand.trump, [list(h) for h in hand.hands], hand.to_act, lead,
                            list(hand.card_points), list(hand.tricks_won), list(hand.marriage_points), hand.closer,
                            hand.tricks_at_close, hand.carry, hand.married if hand.stage >= 3 else None)


@cache
def layout(trump: Suit) -> layouts.Layout:
    from atout.sixty_six.ranking import POINTS, suit_order

    blocks = {int(s): suit_order(s) for s in Suit if s is not trump}
    blocks[layouts.TRUMP_BLOCK] = suit_order(trump)
    points = {c: POINTS[c.index] for cards in blocks.values() for c in cards}
    return layouts.Layout(trump, blocks, points=points, compact=False)


def solve(pos: SixtySixPosition, want_line: bool) -> Solution:
    """Every root move's exact value (the strict phase is small enough to solve whole), and the best line."""
    from atout.solver import Solution

    srch = SixtySixSearch(pos)
    values: dict[Action, int] = {}
    move_of: dict[Action, int] = {}
    for m in srch.root_moves():
        a = srch.action(m)
        values[a] = srch.value_after(m)
        move_of[a] = m
    # Among choices of the same value, a declaration short of 66 is never shown as the one to make: it ends the hand
    # for nothing a card would not get too.
    short = not srch.reaches(pos.to_act)
    best = max(values, key=lambda a: (values[a], not (short and a == DECLARE)))
    line = srch.line_after(move_of[best]) if want_line else [best]
    return Solution(pos.to_act, {a: (v, v) for a, v in values.items()}, best, line, True, "game points", srch.nodes)


def solve_value(pos: SixtySixPosition, seat: int) -> Value:
    """The exact value for ``seat``, whoever is to act (what one player wins, the other loses)."""
    from atout.solver import Value

    search = SixtySixSearch(pos)
    best = max(search.value_after(m) for m in search.root_moves())
    value = best if seat == pos.to_act else -best
    return Value(seat, value, value, "game points")


def played_value(hand: Any, seat: int) -> Value:
    """The value of a finished hand for ``seat``: the game points it won, less its opponent's."""
    from atout.solver import Value

    points = hand.result.game_points
    value = points[seat] - points[1 - seat]
    return Value(seat, value, value, "game points")


def scorer(hand: Any, seat: int) -> Scorer:
    """The search counts what the hand is scored in: the game points ``seat`` wins, negative when the other player
    wins them (``atout.solver.scoring``)."""
    from atout.solver.scoring import Scorer

    return Scorer(seat, "game", "game points", "game points")


def view_scorer(view: dict[str, Any], dealt: dict[int, list[Card]]) -> Scorer:
    """The same, from a seat's view (what the hand evaluation reads)."""
    return scorer(None, view["seat"])


# Moves: a card's bit position (0..79); DECLARE_MOVE; a marriage in block b is MARRY + b.
DECLARE_MOVE = 200
MARRY = 300


class SixtySixSearch:
    """Alpha-beta over one Sixty-Six strict position; values for the position's player to act."""

    def __init__(self, pos: SixtySixPosition) -> None:
        self.pos = pos
        lay = self.layout = layout(pos.trump)
        self.root = pos.to_act
        self.hands = [lay.mask(h) for h in pos.hands]
        self.cp = list(pos.card_points)
        self.tw = list(pos.tricks_won)
        self.mp = list(pos.marriage_points)
        self.lead = lay.pos[pos.lead.index] if pos.lead is not None else -1
        self.married = lay.block_of_suit(pos.married) if pos.married is not None else -1
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        kq = [0] * 5           # the king and queen bits of each block, for marriages
        for s in Suit:
            kq[lay.block_of_suit(s)] = (1 << lay.pos[Card.of(KING, s).index]) | (1 << lay.pos[Card.of(QUEEN, s).index])
        self.kq = kq
        self.node = self._build()

    def _build(self) -> Callable[[int, int, int, int, int], int]:
        pos = self.pos
        H, cp, tw, mp = self.hands, self.cp, self.tw, self.mp
        lay = self.layout
        points = lay.points
        root = self.root
        closer = pos.closer
        tac = pos.tricks_at_close if pos.tricks_at_close is not None else (0, 0)   # read only when closed
        carry = pos.carry
        tie_carries = pos.config.tie_carries
        strict_marriages = pos.config.strict_marriages
        kq = self.kq
        BLK = layouts.BLOCK
        TR = layouts.TRUMPS
        tt = self.tt
        search = self

        def signed(winner: int, gp: int) -> int:
            gp += carry
            return gp if winner == root else -gp

        def counted(s: int) -> int:
            return cp[s] + (mp[s] if tw[s] else 0)

        def for_points(opp_points: int, opp_tricks: int) -> int:
            if opp_tricks == 0:
                return 3
            return 1 if opp_points >= HALF else 2

        def declared(by: int, pts: list[int]) -> int:
            """scoring.declaration (what the engine scores), signed for the root player."""
            other = 1 - by
            reached = pts[by] >= TARGET
            if closer is None or (by == closer and reached) or (by != closer and not reached):
                if reached:
                    return signed(by, for_points(pts[other], tw[other]))
                return signed(other, 3 if tw[other] == 0 else 2)
            winner = 1 - closer
            return signed(winner, 3 if tac[winner] == 0 else 2)

        def finished(last: int) -> int:
            """Both hands empty: 66.no-declaration, or a closed hand counted by the last trick's winner."""
            if closer is None:
                pts = [counted(0), counted(1)]
                pts[last] += LAST_TRICK
                reached = [s for s in (0, 1) if pts[s] >= TARGET]
                if len(reached) == 1:
                    s = reached[0]
                    return signed(s, for_points(pts[1 - s], tw[1 - s]))
                if tie_carries and not reached:
                    return 0
                return signed(last, 1)
            pts = [counted(0), counted(1)]
            if pts[last] >= TARGET:
                return declared(last, pts)
            winner = 1 - closer
            return signed(winner, 3 if tac[winner] == 0 else 2)

        def follows(h: int, lead: int) -> int:
            """66.strict.follow: head if you can, else follow, else trump, else anything."""
            f = h & BLK[lead >> 4]
            if f:
                head = f & ~((2 << lead) - 1)
                return head or f
            return h & TR or h

        def bits(m: int) -> list[int]:
            out = []
            while m:
                top = m.bit_length() - 1
                out.append(top)
                m ^= 1 << top
            return out

        def lead_moves(seat: int, married: int) -> list[int]:
            h = H[seat]
            moves: list[int] = []
            if married >= 0:       # right after a marriage: declare (66.declare), or lead its king or queen
                return [DECLARE_MOVE] + bits(h & kq[married])
            if tw[seat]:
                moves.append(DECLARE_MOVE)
            if strict_marriages:
                for b in (4, 0, 1, 2, 3):
                    if kq[b] and h & kq[b] == kq[b]:
                        moves.append(MARRY + b)
            return moves + bits(h)

        def node(seat: int, lead: int, married: int, alpha: int, beta: int) -> int:
            """``lead`` is the bit led (the other player to follow) or -1 (``seat`` on lead)."""
            search.nodes += 1
            maxing = seat == root
            if lead < 0:
                key = (H[0], H[1], seat, cp[0], cp[1], tw[0] > 0, tw[1] > 0, mp[0], mp[1], married)
                e = tt.get(key)
                if e is not None:
                    lo, hi = e
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo == hi:
                        return lo
                    alpha, beta = max(alpha, lo), min(beta, hi)
                else:
                    lo, hi = -10, 10
                moves = lead_moves(seat, married)
            else:
                key = None
                moves = bits(follows(H[seat], lead))
            a0, b0 = alpha, beta
            best = -100 if maxing else 100
            for m in moves:
                v = child(seat, lead, m, alpha, beta)
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
            if key is not None:
                if best <= a0:
                    tt[key] = (lo, min(hi, best))
                elif best >= b0:
                    tt[key] = (max(lo, best), hi)
                else:
                    tt[key] = (best, best)
            return best

        def child(seat: int, lead: int, m: int, alpha: int, beta: int) -> int:
            """The value after ``seat`` makes move ``m``."""
            if m == DECLARE_MOVE:
                return declared(seat, [counted(0), counted(1)])
            if m >= MARRY:
                b = m - MARRY
                value = 40 if b == 4 else 20
                mp[seat] += value
                try:
                    return node(seat, -1, b, alpha, beta)
                finally:
                    mp[seat] -= value
            h = H[seat]
            H[seat] = h ^ (1 << m)
            try:
                if lead < 0:
                    return node(1 - seat, m, -1, alpha, beta)
                # the trick is complete: 66.trick.winner
                if m >> 4 == lead >> 4:
                    winner = seat if m > lead else 1 - seat
                else:
                    winner = seat if m >> 4 == 4 else 1 - seat
                gained = points[m] + points[lead]
                cp[winner] += gained
                tw[winner] += 1
                try:
                    if not H[seat]:
                        return finished(winner)
                    return node(winner, -1, -1, alpha, beta)
                finally:
                    cp[winner] -= gained
                    tw[winner] -= 1
            finally:
                H[seat] = h

        self._child = child
        self._lead_moves = lead_moves
        self._follows = follows
        self._bits = bits
        return node

    def reaches(self, seat: int) -> bool:
        """Whether ``seat`` counts 66 now (66.declare: marriages count once it has won a trick)."""
        counted = self.cp[seat] + (self.mp[seat] if self.tw[seat] else 0)
        return counted >= TARGET

    def root_moves(self) -> list[int]:
        pos = self.pos
        if self.lead >= 0:
            return self._bits(self._follows(self.hands[pos.to_act], self.lead))
        return self._lead_moves(pos.to_act, self.married)

    def action(self, move: int) -> Action:
        if move == DECLARE_MOVE:
            return DECLARE
        if move >= MARRY:
            b = move - MARRY
            return MARRIAGE[self.pos.trump if b == 4 else Suit(b)]
        card = self.layout.card[move]
        assert card is not None, f"the search moved from bit {move}, where no card lies"
        return play(card)

    def value_after(self, move: int) -> int:
        return self._child(self.pos.to_act, self.lead, move, -100, 100)

    def line_after(self, move: int) -> list[Action]:
        """The best line after ``move`` (both players perfect), as actions, ``move`` first."""
        pos = self.pos
        line = [self.action(move)]
        seat, lead, married = pos.to_act, self.lead, self.married
        H, cp, tw, mp, points = self.hands, self.cp, self.tw, self.mp, self.layout.points
        saved = (list(H), list(cp), list(tw), list(mp))
        try:
            m = move
            while True:
                if m == DECLARE_MOVE:
                    break
                if m >= MARRY:
                    married = m - MARRY
                    mp[seat] += 40 if married == 4 else 20
                else:
                    H[seat] ^= 1 << m
                    if lead < 0:
                        lead, seat = m, 1 - seat
                        married = -1
                    else:
                        if m >> 4 == lead >> 4:
                            winner = seat if m > lead else 1 - seat
                        else:
                            winner = seat if m >> 4 == 4 else 1 - seat
                        cp[winner] += points[m] + points[lead]
                        tw[winner] += 1
                        lead, seat = -1, winner
                        if not H[seat]:
                            break
                moves = self._lead_moves(seat, married) if lead < 0 else self._bits(self._follows(H[seat], lead))
                values = [self._child(seat, lead, c, -100, 100) for c in moves]
                pick = max(values) if seat == self.root else min(values)
                tied = [c for c, v in zip(moves, values, strict=True) if v == pick]
                if len(tied) > 1 and DECLARE_MOVE in tied and not self.reaches(seat):
                    tied.remove(DECLARE_MOVE)       # a declaration short of 66 only when nothing else is as good
                m = tied[0]
                line.append(self.action(m))
        finally:
            H[:], cp[:], tw[:], mp[:] = saved
        return line


# The preset the solver benchmark (``atout.bench_solver``) times, with its options.
BENCH_PRESETS: dict[str, dict[str, Any]] = {"sixty-six": {}}


def bench_position(hand: Any) -> bool:
    """Whether the benchmark solves the hand here: at the first lead once the stock is exhausted (not closed)."""
    return bool(hand.is_strict and not hand.draw_pending and hand.closer is None and not hand.trick)


if TYPE_CHECKING:       # this module is its family's solver adapter: mypy checks it against the protocol
    import atout.solver.sixty_six as _this_module
    from atout.solver.adapter import OwnSearchAdapter

    _as_adapter: OwnSearchAdapter = _this_module


# --- the whole hand with the stock's order known (``atout.sixty_six.open_search``) --------------------------------
# A dealt hand's text gives the stock's order; with it the open stock is a game of full information, which the
# whole-hand search takes from any point. The callers ask for these by name on a family's adapter: a family whose
# solver takes only the trick play has none.

def _dealt(hand: Any) -> bool:
    return bool(hand.history) and hand.history[0].kind == "deal"


def _stock_known(hand: Any) -> bool:
    """Whether the hand knows its stock's order: dealt, or imagined whole from a seat's view (``from_view``, which
    has no history); an ending does not."""
    return not hand.history or _dealt(hand)


def whole_hand_values(hand: Any, stop: Callable[[], bool] | None = None) -> dict[Action, int] | None:
    """Every choice of the player to act in a dealt hand (or one imagined whole: ``SixtySixHand.from_view``), valued
    with every card and the stock's order known: the game points each wins for that player (negative: the other wins
    them). None for an ending (no stock's order); ``Interrupted`` once ``stop`` says so."""
    from atout.sixty_six.open_search import for_seat, from_hand, new_search

    if not _stock_known(hand):
        return None
    search = new_search(from_hand(hand), stop)
    seat = hand.to_act
    return {search.action(m): for_seat(search.value_after(m), seat, hand.carry) for m in search.root_moves()}


def whole_hand_values_each_order(hand: Any, most: int) -> Iterator[dict[Action, int]] | None:
    """``whole_hand_values`` once for each order the stock's face-down cards could lie in (the dealt order first;
    the turned trump stays where it is, every hand as it is): what a player who sees both hands but not the stock's
    order can rely on. None for an ending, or where more than ``most`` cards lie face down (``most``! orders)."""
    from dataclasses import replace
    from itertools import permutations

    from atout.sixty_six.open_search import DECK_SIZE, for_seat, from_hand, new_search

    if not _stock_known(hand) or hand.face_down > most:
        return None
    state = from_hand(hand)
    first = state.next_card - (DECK_SIZE - len(state.stock))     # the face-down cards' place in ``state.stock``
    seat = hand.to_act

    def each() -> Iterator[dict[Action, int]]:
        for order in permutations(state.stock[first:]):
            search = new_search(replace(state, stock=(*state.stock[:first], *order)))
            yield {search.action(m): for_seat(search.value_after(m), seat, hand.carry) for m in search.root_moves()}

    return each()


def whole_hand_table(hand: Any, stop: Callable[[], bool] | None = None) -> Any:
    """The first leader's choices at a dealt hand's first lead, each valued in game points for the leader
    (``open_search.FirstLeadTable``); None for an ending."""
    from atout.sixty_six.open_search import first_lead_table

    return first_lead_table(hand, stop) if _dealt(hand) else None


def whole_hand_table_steps(hand: Any, stop: Callable[[], bool] | None = None) -> Iterator[Any]:
    """The same table after each probe of its search, its bounds closing in (``open_search.first_lead_steps``);
    nothing for an ending."""
    from atout.sixty_six.open_search import first_lead_steps

    if _dealt(hand):
        yield from first_lead_steps(hand, stop)


def bench_whole_hand(deals: int | None, seconds: float | None) -> dict[str, Any]:
    """``atout bench whole-hand``: ``atout.sixty_six.bench_whole_hand``."""
    from atout.sixty_six import bench_whole_hand as bench

    return bench.run(deals, seconds)


def format_whole_hand(results: dict[str, Any]) -> str:
    from atout.sixty_six import bench_whole_hand as bench

    return bench.format_results(results)
