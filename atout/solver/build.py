"""Compact search states from play positions (Forty-Fives and Five Hundred), and their move <-> action maps."""

from __future__ import annotations

from atout.cards import ACE, JOKER, Card, Suit
from atout.engine import PLAY_ACTIONS, Action
from atout.solver import layout as layouts
from atout.solver.positions import FiveHundredPosition, FortyFivesPosition
from atout.solver.tricks import JOKER_LEAD, TrickState

FORTY_FIVES_TRICKS = 5
FIVE_HUNDRED_TRICKS = 10
_JOKER_LEADS: dict[Suit, Action] = {s: Action("play", JOKER, s) for s in Suit}


class Built:
    """A search state with what the driver needs to report values in the game's units."""

    __slots__ = ("state", "base", "scale", "unit", "guess")

    def __init__(self, state: TrickState, base: int, scale: int, unit: str) -> None:
        self.state = state
        self.base = base          # units MAX has already secured (tricks won, a fixed bonus)
        self.scale = scale        # game points per unit (5 in Forty-Fives, 1 trick in Five Hundred)
        self.unit = unit
        self.guess = state.tricks_left // 2   # a first guess at MAX's units from here, for the null windows

    def action(self, move: int) -> Action:
        lay: layouts.Layout = self.state.layout
        if move >= JOKER_LEAD:
            return _JOKER_LEADS[Suit((move >> 7) - 1)]
        card = lay.card[move]
        assert card is not None, f"the search moved from bit {move}, where no card lies"
        return PLAY_ACTIONS[card.index]

    def move(self, action: Action) -> int:
        lay: layouts.Layout = self.state.layout
        assert action.card is not None, f"{action} plays no card: the search is asked only about plays"
        p = lay.pos[action.card.index]
        if action.card is JOKER and action.value is not None:
            return p + JOKER_LEAD * (int(action.value) + 1)
        return p


def limits(st: TrickState) -> tuple[int, int]:
    """The least and the most MAX can add from here, whatever is played (a rob still to come may move the best
    card's bonus either way)."""
    deltas = list(st.rob_delta.values()) if st.rob_seat >= 0 else []
    return min([0] + deltas), st.tricks_left + max([0] + deltas)


def _table(st: TrickState, lay: layouts.Layout, leader: int, seats: list[int], cards: list[Card],
           lead_blk: int | None) -> None:
    """Put the trick on the table into the state: who is winning it so far."""
    st.k = len(cards)
    if not cards:
        return
    pos = [lay.pos[c.index] for c in cards]
    st.lead_pos = pos[0]
    st.lead_blk = lay.block_of[pos[0]] if lead_blk is None else lead_blk
    wp, ws = pos[0], seats[0]
    for p, s in zip(pos[1:], seats[1:], strict=True):
        b = lay.block_of[p]
        if (b == st.lead_blk or b == layouts.TRUMP_BLOCK) and p > wp:
            wp, ws = p, s
    st.win_pos, st.win_seat = wp, ws
    for p in pos:
        st.table |= 1 << p


def forty_fives(pos: FortyFivesPosition, max_seat: int | None = None) -> Built:
    """MAX is the side of the player to act (or of ``max_seat``): partners together, else that player against all
    (paranoid)."""
    from atout.forty_fives.ranking import TABLES

    config = pos.config
    lay = layouts.forty_fives(pos.trump)
    n = config.players
    hands = [lay.mask(h) for h in pos.hands]
    st = TrickState(lay, n, [(s + 1) % n for s in range(n)], n, hands)
    root = pos.to_act if max_seat is None else max_seat
    side_of = pos.sides.__getitem__ if pos.sides is not None else config.side_of
    st.ismax = [side_of(s) == side_of(root) for s in range(n)]
    st.credit = [1 if m else 0 for m in st.ismax]
    st.seat = pos.to_act
    st.must_follow = config.must_follow_suit
    st.aoh_led = config.ace_of_hearts_led and pos.trump is not Suit.HEARTS
    st.tricks_left = FORTY_FIVES_TRICKS - len(pos.tricks)
    seats = [(pos.leader + i) % n for i in range(len(pos.trick))]
    _table(st, lay, pos.leader, seats, pos.trick, None)
    if pos.pending is not None:
        st.pending = (pos.pending[0], 1 << lay.pos[pos.pending[1].index])
    won = [0] * n
    for _, _, winner in pos.tricks:
        won[winner] += 1
    base = sum(won[s] for s in range(n) if st.ismax[s])
    # 45.score.best-card: every card in play is played by the end of the hand, so the best card's owner is known
    # now; only a rob still to come can change it (the turned card comes in, a discard goes out).
    if config.game == "forty-fives" or config.auction:
        power = TABLES[pos.trump].power
        owned: dict[Card, int] = {}
        for leader, cards, _ in pos.tricks:
            for i, c in enumerate(cards):
                owned[c] = (leader + i) % n
        for s, c in pos.earlier:
            owned[c] = s
        for s, c in zip(seats, pos.trick, strict=True):
            owned[c] = s
        for s, h in enumerate(pos.hands):
            for c in h:
                owned[c] = s
        if pos.pending is not None:
            owned[pos.pending[1]] = pos.pending[0]

        def bonus(cards: dict[Card, int]) -> int:
            best = max(cards, key=lambda c: power[c.index], default=None)
            if best is None or power[best.index] <= 100:
                return 0
            return 1 if st.ismax[cards[best]] else 0

        keep = bonus(owned)
        base += keep
        if pos.rob is not None:
            robber, turned = pos.rob
            _rob(st, lay, pos)
            for c in pos.hands[robber]:
                swapped = dict(owned)
                del swapped[c]
                swapped[turned] = robber
                d = bonus(swapped) - keep
                if d:
                    st.rob_delta[lay.pos[c.index]] = d
    elif pos.rob is not None:
        _rob(st, lay, pos)
    built = Built(st, base, 5, "points")
    return built


def _rob(st: TrickState, lay: layouts.Layout, pos: FortyFivesPosition) -> None:
    """45.rob.ace-holder still to come: the holder may give any card but the ace of trumps for the turned card."""
    assert pos.rob is not None, "only a position with a rob still to come is robbed"
    st.rob_seat = pos.rob[0]
    st.turn_bit = 1 << lay.pos[pos.rob[1].index]
    st.rob_keep = 1 << lay.pos[Card.of(ACE, pos.trump).index]


def five_hundred(pos: FiveHundredPosition, max_seat: int | None = None) -> Built:
    """MAX is the side of the player to act (or of ``max_seat``); in misère it counts the tricks that go its way
    (see ``credit``)."""
    lay = layouts.five_hundred(pos.trump)
    n = 4
    out = pos.sitting_out
    nxt = []
    for s in range(n):
        t = (s + 1) % n
        if t == out:
            t = (t + 1) % n
        nxt.append(-1 if s == out else t)
    hands = [0 if s == out else lay.mask(h) for s, h in enumerate(pos.hands)]
    st = TrickState(lay, n, nxt, 3 if out is not None else 4, hands)
    root = pos.to_act if max_seat is None else max_seat
    st.ismax = [s % 2 == root % 2 for s in range(n)]
    if pos.misere:
        # The contractor wants to lose every trick: a trick counts for MAX when it goes to the side that is
        # not the contractor's (MAX is the contractor) or to the contractor (MAX defends).
        c_side = pos.contractor % 2
        if root % 2 == c_side:
            st.credit = [1 if s % 2 != c_side else 0 for s in range(n)]
        else:
            st.credit = [1 if s % 2 == c_side else 0 for s in range(n)]
        st.misere = True
    else:
        st.credit = [1 if m else 0 for m in st.ismax]
    st.seat = pos.to_act
    st.tricks_left = FIVE_HUNDRED_TRICKS - len(pos.tricks)
    lead_blk = lay.block_of_suit(pos.lead) if pos.trick else None
    _table(st, lay, pos.leader, pos.trick_seats, pos.trick, lead_blk)
    st.joker_pos = lay.pos[JOKER.index]
    if pos.trump is None:
        st.nt_joker = any(JOKER in h for h in pos.hands)
        st.shown_out = list(pos.shown_out)
    base = sum(w * st.credit[s] for s, w in enumerate(pos.tricks_won))
    built = Built(st, base, 1, "tricks")
    if pos.level and not pos.misere:
        # contracts are usually made about exactly: the contractors' remaining tricks to reach the bid
        won = sum(w for s, w in enumerate(pos.tricks_won) if s % 2 == pos.contractor % 2)
        need = min(max(pos.level - won, 0), st.tricks_left)
        built.guess = need if root % 2 == pos.contractor % 2 else st.tricks_left - need
    return built
