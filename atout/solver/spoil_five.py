"""Spoil Five for the solver: its play position, its search state for ``atout.solver.tricks``, the value of a hand
as played and its double-dummy table (the family's solver adapter, named by ``atout.games``).

The search counts the tricks a player takes against all the others (paranoid), every trick played out, and its
``Scorer`` turns that count into the counters the hand pays the player (``atout.spoil_five.scoring.pool_result``).
Playing on past the end of the hand changes no score, because with five tricks:

* the player takes 3 or more of them exactly when it is the first to three (the others share at most two), which
  wins the pool (s5.score.three-tricks); fewer, and it loses its stake;
* it takes all 5 exactly when it won the first three and could then jinx and take the last two: the jinx made
  (s5.score.jinx-made). Where it won the first three, the best of stopping (the pool) and jinxing (the jinx made
  if it can take both tricks left, nothing if not) is what its count of 3, 4 or 5 scores, so the jinx decision is
  valued as the search values the play.

The other players play against the player valued, and one of them who takes the first three jinxes whenever it
can then take the last two (a jinx failed pays the player no less than a stop: the pool lost either way). A hand where
another player takes all five is that player's jinx made, which costs the player one stake more: it counts -1
(``OTHER_JINX_MADE``), below taking no trick. The trick search counts only the player's own tricks, so where it may
take none the count cannot tell a sweep by another player from a hand lost otherwise: ``_sweep_refiner`` then searches
once per player who may still take all five (the jinxer, the winner of every trick so far, or before the first
trick is won any other player), crediting the player valued with every trick that one loses, and the value is -1
where the others can force that sweep. In the first trick, with the player valued still to play and an opponent
after it, the others could choose who sweeps after seeing its card: when no single sweeper is forced, the first trick
is played out every way up to that card and the sweepers searched after it (within ``SWEEP_PROBES`` searches; past
them the value is given as bounds, -1 up to the count, never claimed exact). The best line is cut where the hand
ends, with the jinx decision put in (``hand_line``); it follows the count, so where a sweep is at stake the others'
cards in it are one of their best in tricks, not necessarily the sweep.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from atout.cards import ACE, Card, Suit
from atout.solver.build import Built, Refine, place_trick
from atout.solver.layout import TRUMP_BLOCK, Layout
from atout.solver.positions import at_first_lead
from atout.solver.tricks import TrickState

if TYPE_CHECKING:
    from atout.engine import Action
    from atout.solver import Value
    from atout.solver.scoring import Scorer
    from atout.solver.table import DoubleDummyTable, Par

TRICKS = 5
STRAINS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)   # the double-dummy table's rows


@dataclass
class SpoilFivePosition:
    config: Any                                  # SpoilFiveConfig
    trump: Suit
    hands: list[list[Card]]
    to_act: int
    leader: int                                  # of the trick on the table
    trick: list[Card]                            # cards on the table, from the leader
    tricks: list[tuple[int, list[Card], int]]    # finished tricks: (leader, cards, winner)
    rob: tuple[int, Card] | None = None          # s5.rob.ace-holder: who may still rob in trick 1, and the card
    rob_now: bool = False                        # the player to act is deciding that now
    jinxed: int | None = None                    # who jinxed: the hand ends at the first trick they lose


# How the solver searches its positions (``atout.solver.adapter``): the shared trick search.
SEARCH: Final = "tricks"
POSITION = SpoilFivePosition


def position(hand: Any) -> SpoilFivePosition:
    """The play position of an engine hand in its play phase, every hand known. While the winner of the first three
    tricks decides whether to jinx, it is the position of the jinx: that player leading the fourth trick (stopping
    is worth the three tricks already won)."""
    trick = hand.trick
    rob = None
    turned = hand.turn_up
    if (turned is not None and not hand.tricks and turned.rank != ACE and hand.robbed_by is None
            and hand.announced_ace_holder is None):
        ace = Card.of(ACE, hand.trump)
        holder = next((s for s in range(hand.n) if ace in hand.hands[s]), None)
        if holder is not None:
            rob = (holder, turned)
    rob_now = rob is not None and hand.rob_offer == rob[0] and hand.to_act == rob[0]
    return SpoilFivePosition(hand.config, hand.trump, [list(h) for h in hand.hands], hand.to_act, trick.leader,
                             list(trick.cards), [(t.leader, list(t.cards), t.winner) for t in hand.tricks], rob,
                             rob_now, hand.jinxed)


@cache
def layout(trump: Suit) -> Layout:
    from atout.fives_ranking import TABLES

    t = TABLES[trump]
    blocks = {int(s): list(cards) for s, cards in t.plain.items()}
    blocks[TRUMP_BLOCK] = list(t.order)
    return Layout(trump, blocks, gap_after=len(t.top), renegable=t.top, reneging=True)


def build(pos: SpoilFivePosition, max_seat: int | None = None) -> Built:
    """MAX is the player to act (or ``max_seat``) against all the others (paranoid), counting its tricks; another
    player's sweep is weighed by the ``refine`` of ``_sweep_refiner``."""
    root = pos.to_act if max_seat is None else max_seat
    st = _state(pos, root)
    base = sum(1 for _, _, winner in pos.tricks if winner == root)
    built = Built(st, base, 1, "tricks")
    built.refine = _sweep_refiner(pos, root)
    return built


def _state(pos: SpoilFivePosition, root: int) -> TrickState:
    """The search state of ``pos`` with ``root`` against all the others, counting ``root``'s tricks."""
    config = pos.config
    lay = layout(pos.trump)
    n = config.players
    st = TrickState(lay, n, [(s + 1) % n for s in range(n)], n, [lay.mask(h) for h in pos.hands])
    st.ismax = [s == root for s in range(n)]
    st.credit = [1 if m else 0 for m in st.ismax]
    st.seat = pos.to_act
    st.must_follow = config.must_follow_suit
    st.aoh_led = False
    st.tricks_left = TRICKS - len(pos.tricks)
    place_trick(st, lay, [(pos.leader + i) % n for i in range(len(pos.trick))], pos.trick, None)
    if pos.rob is not None:                   # s5.rob.ace-holder still to come: any card but the ace goes
        st.rob_seat = pos.rob[0]
        st.turn_bit = 1 << lay.pos[pos.rob[1].index]
        st.rob_keep = 1 << lay.pos[Card.of(ACE, pos.trump).index]
    return st


def _sweepers(pos: SpoilFivePosition, seat: int) -> list[int]:
    """The players other than ``seat`` who may still take all five tricks and be paid a jinx made: the jinxer, else
    the winner of every trick so far (any other player before the first trick is won), where the jinx is played."""
    n = pos.config.players
    if pos.jinxed is not None:
        return [] if pos.jinxed == seat else [pos.jinxed]
    if not pos.config.jinx or n < 2:
        return []
    winners = {winner for _, _, winner in pos.tricks}
    if not winners:
        return [s for s in range(n) if s != seat]
    return list(winners) if len(winners) == 1 and seat not in winners else []


def _sweeper_fixed(pos: SpoilFivePosition, seat: int, sweepers: list[int]) -> bool:
    """Whether the players against ``seat`` must settle who takes all five before seeing ``seat``'s first card: then
    they can force a player to take all five exactly when they can force one given player to. Only in the first
    trick, with ``seat`` still to play and one of them after it, can the one they choose depend on its card."""
    n = pos.config.players
    if len(sweepers) <= 1 or pos.tricks:
        return True
    return (seat - pos.leader) % n < len(pos.trick) or (pos.leader - 1) % n == seat


SWEEP_PROBES = 400     # the most searches for a sweeper chosen after the seat's first card, before bounds are given


class _TooLong(Exception):
    """The first trick has too many ways to be played for the sweep to be worked out within ``SWEEP_PROBES``."""


def _sweep_refiner(pos: SpoilFivePosition, seat: int) -> Refine | None:
    """The search counts ``seat``'s tricks; a hand where one other player takes all five pays a jinx made
    (``OTHER_JINX_MADE``). Where ``seat`` may take no trick, a search per possible sweeper (crediting ``seat`` with
    every trick that player loses, the others all helping it) says whether that sweep can be forced. Where the others
    could choose the sweeper after seeing ``seat``'s first card and no single one is forced, the first trick is played
    out up to that card (every way, the ace holder's rob included) and the sweepers searched after it: exact within
    ``SWEEP_PROBES`` searches, else bounds."""
    from atout.solver import builds
    from atout.solver.positions import Interrupted

    sweepers = _sweepers(pos, seat)
    if not sweepers:
        return None
    n = pos.config.players
    searches: dict[int, Any] = {}

    def search(sweeper: int, stop: Callable[[], bool] | None) -> Any:
        if sweeper not in searches:
            st = _state(pos, seat)
            st.credit = [0 if s == sweeper else 1 for s in range(n)]
            st.misere = True      # tricks credited beyond MAX's own: no quick-trick bounds (as in misère)
            searches[sweeper] = builds.module().TrickSearch(st, stop)
        return searches[sweeper]

    def forced(srch: Any, option: int | None) -> bool:
        """Whether the others can make the search's sweeper take every trick left (after the root ``option``)."""
        saved = srch.save()
        try:
            if option is None:
                g = srch.value(0, 1)
            elif pos.rob_now:
                g = srch.rob_after(option, 0, 1)
            else:
                g = srch.after(option, 0, 1)
        except Interrupted:
            srch.restore(saved)
            raise
        return bool(g < 1)

    def chosen_sweep(option: int | None, stop: Callable[[], bool] | None) -> bool:
        """Whether the others can force a sweep, choosing the sweeper once ``seat`` has played to the first trick."""
        srchs = [search(o, stop) for o in sweepers]
        probes = [SWEEP_PROBES]

        def any_sweep() -> bool:
            for srch in srchs:
                if probes[0] == 0:
                    raise _TooLong
                probes[0] -= 1
                if forced(srch, None):
                    return True
            return False

        def rob_all(choice: int) -> list[tuple[Any, ...]]:
            saved = [srch.save() for srch in srchs]
            for srch in srchs:
                srch.rob_take(choice)
            return saved

        def walk(played: bool) -> bool:
            first = srchs[0]
            if played or first.tricks_left < TRICKS:
                return any_sweep()
            mover = first.seat
            mine = mover == seat            # seat: every choice must escape; the others: one choice sweeps
            if first.rob == mover:
                for choice in [-1] + first.root_rob_options()[:-1]:
                    saved = rob_all(choice)
                    try:
                        swept = walk(played)
                    finally:
                        for srch, back in zip(srchs, saved, strict=True):
                            srch.restore(back)
                    if swept != mine:
                        return swept
                return mine
            for move in first.root_moves():
                undo = [srch.push(move) for srch in srchs]
                try:
                    swept = walk(mine)
                finally:
                    for srch, back in zip(srchs, undo, strict=True):
                        srch.pop(back)
                if swept != mine:
                    return swept
            return mine

        if option is None:
            return walk((seat - pos.leader) % n < len(pos.trick))
        saved = rob_all(option)             # a rob decision of seat's at the root: its card still to come
        try:
            return walk(False)
        finally:
            for srch, back in zip(srchs, saved, strict=True):
                srch.restore(back)

    def refine(lo: int, hi: int, option: int | None, stop: Callable[[], bool] | None) -> tuple[int, int]:
        if lo > 0:
            return lo, hi
        try:
            if any(forced(search(o, stop), option) for o in sweepers):
                return OTHER_JINX_MADE, OTHER_JINX_MADE
            if (option is not None and not pos.rob_now) or _sweeper_fixed(pos, seat, sweepers):
                return lo, hi
            return (OTHER_JINX_MADE, OTHER_JINX_MADE) if chosen_sweep(option, stop) else (lo, hi)
        except (Interrupted, _TooLong):
            return OTHER_JINX_MADE, hi

    return refine


OTHER_JINX_MADE = -1      # the count of a hand another player won with a jinx made (below taking no trick)


def played_value(hand: Any, seat: int) -> Value:
    """The value of a finished hand for ``seat`` in the search's count, whose score is what the hand paid: the tricks
    it took; all five for a jinx made; two (the pool not won) for its own jinx failed, though it took three;
    ``OTHER_JINX_MADE`` for another player's jinx made (another's jinx failed: its own tricks, none or more, pay
    the same lost stake)."""
    from atout.solver import Value
    from atout.spoil_five.hand import WINNING_TRICKS

    result = hand.result
    won = hand.tricks_won[seat]
    if result is not None and result.jinx == "made":
        won = TRICKS if result.winner == seat else OTHER_JINX_MADE
    elif result is not None and result.jinx == "failed" and hand.jinxed == seat:
        won = WINNING_TRICKS - 1
    return Value(seat, won, won, "tricks")


def _counters(config: Any, dealer: int, carried: int, seat: int, jinxed: int | None) -> dict[int, int]:
    """The counters ``seat`` wins or loses for each count, from the family's own scoring: its tricks, or
    ``OTHER_JINX_MADE`` when another player takes all five (jinxed or still to jinx). Once a player has jinxed, the
    jinxer's count is its tricks (all five: the jinx made, fewer: failed); any other player's count of 0 or more
    is the jinx failed."""
    from atout.spoil_five.hand import WINNING_TRICKS
    from atout.spoil_five.scoring import pool_result

    other = (seat + 1) % config.players

    def paid(winner: int | None, jinx: str | None) -> int:
        return pool_result(config, dealer, carried, winner, jinx, [0] * config.players).counters[seat]

    if jinxed is not None:
        if jinxed == seat:
            return {count: paid(seat, "made") if count == TRICKS else paid(None, "failed")
                    for count in range(OTHER_JINX_MADE, TRICKS + 1)}
        return {count: paid(jinxed, "made") if count == OTHER_JINX_MADE else paid(None, "failed")
                for count in range(OTHER_JINX_MADE, TRICKS + 1)}
    table = {OTHER_JINX_MADE: paid(other, "made") if config.jinx else paid(None, None)}
    for count in range(TRICKS + 1):
        if count < WINNING_TRICKS:
            table[count] = paid(None, None)
        else:
            table[count] = paid(seat, "made" if count == TRICKS and config.jinx and config.players > 1 else None)
    return table


def scorer(hand: Any, seat: int) -> Scorer:
    """The counters the hand pays ``seat`` for each count of its tricks (see the module)."""
    from atout.solver.scoring import Scorer

    return Scorer(seat, "own", "counters", "tricks", _counters(hand.config, hand.dealer, hand.carried, seat,
                                                                hand.jinxed))


def view_scorer(view: dict[str, Any], dealt: dict[int, list[Card]]) -> Scorer:
    from atout.solver.scoring import Scorer

    seat = view["seat"]
    carried = view["pool"] - sum(view["stakes"])
    return Scorer(seat, "own", "counters", "tricks", _counters(view["config"], view["dealer"], carried, seat,
                                                                view["jinxed"]))


def hand_line(pos: SpoilFivePosition, line: list[Action]) -> list[Action]:
    """The search's best line as the hand plays it: cut where a player reaches three tricks, and there, for the
    winner of the first three, the jinx when the line goes on to take the last two (else the stop)."""
    from atout.spoil_five.hand import JINX, STOP, WINNING_TRICKS
    from atout.spoil_five.ranking import trick_winner

    n = pos.config.players
    won = [0] * n
    for _leader, _cards, winner in pos.tricks:
        won[winner] += 1
    done = len(pos.tricks)
    leader, trick = pos.leader, list(pos.trick)
    jinxed = pos.jinxed
    out: list[Action] = []
    for i, action in enumerate(line):
        out.append(action)
        if action.kind != "play":
            continue
        assert action.card is not None, "a play names its card"
        trick.append(action.card)
        if len(trick) < n:
            continue
        winner = (leader + trick_winner(trick, pos.trump)) % n
        won[winner] += 1
        done += 1
        leader, trick = winner, []
        if jinxed is not None and winner != jinxed:
            return out
        if won[winner] == WINNING_TRICKS and jinxed is None:
            if done == WINNING_TRICKS and pos.config.jinx and n > 1:
                rest = [a.card for a in line[i + 1:] if a.kind == "play" and a.card is not None]
                takes_the_rest = len(rest) == 2 * n and _winners(rest, winner, n, pos.trump) == [winner, winner]
                out.append(JINX if takes_the_rest else STOP)
                if takes_the_rest:
                    jinxed = winner
                    continue
            return out
    return out


def _winners(cards: list[Card], leader: int, n: int, trump: Suit) -> list[int]:
    """Who wins each trick of ``cards`` played in turn from ``leader``."""
    from atout.spoil_five.ranking import trick_winner

    winners = []
    for start in range(0, len(cards), n):
        leader = (leader + trick_winner(cards[start:start + n], trump)) % n
        winners.append(leader)
    return winners


def double_dummy_steps(hand: Any, stop: Callable[[], bool] | None) -> Iterator[DoubleDummyTable]:
    """For each trump, the five cards as dealt and the dealer's left leading: the tricks each player takes against
    all the others, and the counters the hand then pays it."""
    from atout.position import position_of
    from atout.solver import Value, solve_value
    from atout.solver.table import CellScore, DoubleDummyTable

    config = hand.config
    dealt = position_of(hand)
    n = config.players
    hands = [list(dealt.hands.get(s, [])) for s in range(n)]
    table = DoubleDummyTable(config.game, list(STRAINS), list(range(n)), "player", "tricks")
    yield table
    leader = (hand.dealer + 1) % n
    for trump in STRAINS:
        pos = SpoilFivePosition(config, trump, [list(h) for h in hands], leader, leader, [], [])
        for column in table.columns:
            value = solve_value(pos, column, stop=stop)
            paid = _counters(config, hand.dealer, hand.carried, column, None)      # the cell's score: counters
            table.scores[(trump, column)] = CellScore(None, paid[value.lo], paid[value.hi])
            # the cell counts the player's tricks: another player's jinx made (the score says it) is none taken
            table.cells[(trump, column)] = Value(column, max(value.lo, 0), max(value.hi, 0), value.unit)
            yield table
            if stop is not None and stop():
                return


def par(hand: Any, table: DoubleDummyTable) -> Par | None:
    """None: Spoil Five has no bidding."""
    return None


# The presets the solver benchmark (``atout.bench_solver``) times, with their options.
BENCH_PRESETS: dict[str, dict[str, Any]] = {"spoil-five": {"players": 5}}

# Where the benchmark solves a hand: at its first lead (a rob still to come is part of the search).
bench_position = at_first_lead


def suggested_target(hand: Any, seat: int) -> int | None:
    """The evaluation page's first question: does ``seat`` take the three tricks that win the pool?"""
    return 3


if TYPE_CHECKING:       # this module is its family's solver adapter: mypy checks it against the protocol
    import atout.solver.spoil_five as _this_module
    from atout.solver.adapter import TrickSearchAdapter

    _as_adapter: TrickSearchAdapter = _this_module
