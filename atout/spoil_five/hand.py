"""One hand of Spoil Five, as a state machine.

>>> hand = SpoilFiveHand.new("spoil-five", seed=7)
>>> hand.phase, hand.pool, hand.to_act
(<Phase.PLAY: 'play'>, 6, 1)

Phases: DEAL (chance: the shuffled deck), ROB (the dealer decides on a turned ace), PLAY, OVER. In the play the
holder of the ace of trumps robs or keeps when their turn first comes, and the winner of the first three tricks
jinxes or stops (takes the pool). The hand ends as soon as somebody has three tricks (or fails a jinx), or after
the fifth trick with nobody on three: the hand is spoiled and the pool is carried over.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from atout.cards import ACE, FULL_DECK, Card, Suit
from atout.engine import (
    ONLOOKER,
    PLAY_ACTIONS,
    Action,
    Ending,
    Event,
    Explanation,
    HandBase,
    HandStart,
    Moment,
    Phase,
    Refusal,
    TableView,
    check_ending,
    check_viewer,
    given_up_when_robbing,
)
from atout.errors import IllegalActionError, PositionError
from atout.i18n import Text
from atout.spoil_five import ranking
from atout.spoil_five.config import SpoilFiveConfig, make_config
from atout.spoil_five.scoring import HandResult, pool_result

KEEP = Action("keep")
JINX = Action("jinx")
STOP = Action("stop")
HAND_SIZE = 5
WINNING_TRICKS = 3          # s5.score.three-tricks
FULL_MASK = sum(1 << c.index for c in FULL_DECK)   # each of the 52 cards exactly once


class Refused(enum.Enum):
    """Why an action is refused (``_refusal``), with what ``Refusal.data`` holds; ``explain.explain_refusal`` words
    each and cites its rule."""

    OVER = "over"
    NOT_DEALT = "not-dealt"
    ACE_KEPT = "ace-kept"                               # the ace of trumps, which a robbing holder keeps
    TURNED_ACE_IS_THE_DEALERS = "turned-ace-is-the-dealers"   # (the dealer, whether the dealer must rob)
    TURNED_ACE_DECIDED = "turned-ace-decided"
    NOT_THE_ACE_HOLDER = "not-the-ace-holder"           # (the turned card, the ace of trumps)
    ROB_DECIDED = "rob-decided"
    ROB_CARD_NOT_HELD = "rob-card-not-held"
    ROB_OR_KEEP_FIRST = "rob-or-keep-first"
    HOLDER_MUST_ROB = "holder-must-rob"
    DEALER_MUST_ROB = "dealer-must-rob"
    JINX_OR_STOP_FIRST = "jinx-or-stop-first"          # the seat with the first three tricks
    NO_JINX_NOW = "no-jinx-now"                         # (the seat with three tricks or None, whether jinx is played)
    CARD_NOT_HELD = "card-not-held"                     # the player's hand
    SUIT_NAMED = "suit-named"                           # a card played with a suit named (Five Hundred's joker)
    AGAINST_THE_PLAY = "against-the-play"               # ``PlayFacts``
    NOT_OF_THIS_GAME = "not-of-this-game"               # ``Moment``
    NOT_NOW = "not-now"                                 # ``Moment``


class PlayFacts(NamedTuple):
    """What a card refused in the play is judged against (``ranking.explain_illegal`` says which rule it breaks)."""

    hand: list[Card]
    plays: list[Card]
    trump: Suit
    must_follow_suit: bool


class Trick:
    """One trick: who led, the cards in play order, who won it."""

    __slots__ = ("leader", "cards", "winner")

    def __init__(self, leader: int, cards: list[Card] | None = None, winner: int | None = None) -> None:
        self.leader = leader
        self.cards = cards if cards is not None else []
        self.winner = winner

    def __repr__(self) -> str:
        return f"Trick(leader={self.leader}, cards={[c.code for c in self.cards]}, winner={self.winner})"


class SpoilFiveHand(HandBase):
    """The state of one hand: who holds what, whose turn, the pool, what has happened."""

    DECK = FULL_DECK
    TRICKS = HAND_SIZE
    trick_class = Trick
    config_class = SpoilFiveConfig
    make_config = staticmethod(make_config)
    DEAL_RULE = "s5.deal.packets"
    # three tricks end the hand (a stop after the first three, or the third won later); a lost jinx ends it at once
    EARLY_END_RULES = frozenset({"s5.score.three-tricks", "s5.score.jinx-failed"})

    def __init__(self, config: SpoilFiveConfig, dealer: int = 0, scores_before: Sequence[int] | None = None,
                 carried: int = 0) -> None:
        self.config: SpoilFiveConfig = config
        self.n = config.players
        self.dealer = dealer
        self.scores_before = list(scores_before) if scores_before is not None else [0] * config.players
        self.carried = carried                          # the pool left by spoiled hands before this one
        self.stakes = config.stakes(dealer, carried)    # s5.score.stake, s5.score.dealer-stake
        self.pool = carried + sum(self.stakes)
        self.phase = Phase.DEAL
        self.to_act: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.deck_order: tuple[Card, ...] = ()
        self.turn_up: Card | None = None        # the turned card while it lies on the table
        self.turned_card: Card | None = None    # which card was turned (known to all)
        self.trump: Suit | None = None
        self.stock: list[Card] = []
        self.discards: list[list[Card]] = [[] for _ in range(self.n)]
        self.rob_offer: int | None = None       # seat holding the ace of trumps, deciding now
        self.announced_ace_holder: int | None = None
        self.robbed_by: int | None = None
        self.dealer_decided = False             # the dealer's decision on a turned ace is made
        self.jinx_offer: int | None = None      # the winner of the first three tricks, deciding now
        self.jinxed: int | None = None          # who announced a jinx
        self.trick: Trick | None = None
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self.n
        self.result: HandResult | None = None
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._legal: tuple[Action, ...] | None = None
        self._ace_holder: int | None = None     # who may still be offered s5.rob.ace-holder

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def _begin(cls, config: Any, dealer: int, start: HandStart) -> SpoilFiveHand:
        """A hand starts with the scores before it and the pool carried over from spoiled hands (``carry``)."""
        if not isinstance(start.carry, int) or isinstance(start.carry, bool) or start.carry < 0:
            raise IllegalActionError(Text("the pool carried over is a number of counters, 0 or more"),
                                     rule="s5.score.spoiled")
        return cls(config, dealer, start.scores_before, start.carry)

    def start(self) -> HandStart:
        return HandStart(scores_before=tuple(self.scores_before), carry=self.carried)

    @classmethod
    def new(cls, game: str | SpoilFiveConfig = "spoil-five", seed: int | None = None, dealer: int = 0,
            scores_before: Sequence[int] | None = None, carried: int = 0,
            options: Mapping[str, Any] | None = None, **more: Any) -> SpoilFiveHand:
        """A hand dealt from a deck shuffled with ``seed`` (the same seed, the same hands)."""
        return cls.dealt(cls.configure(game, options, **more), seed, dealer,
                         HandStart(scores_before=None if scores_before is None else tuple(scores_before),
                                   carry=carried))

    # --- queries ----------------------------------------------------------------------------

    def _compute_legal(self) -> list[Action]:
        phase, seat = self.phase, self.to_act
        if phase is Phase.PLAY:
            assert seat is not None and self.trump is not None and self.trick is not None, "the play has a trick"
            if self.jinx_offer == seat:
                return [JINX, STOP]
            if self.rob_offer == seat:
                ace = Card.of(ACE, self.trump)
                robs = [Action("rob", c) for c in self.hands[seat] if c is not ace]
                return robs if self.config.ace_holder_rob == "must" else robs + [KEEP]
            cards = ranking.legal_plays(self.hands[seat], self.trick.cards, self.trump, self.config.must_follow_suit)
            return [PLAY_ACTIONS[c.index] for c in cards]
        if phase is Phase.ROB:
            robs = [Action("rob", c) for c in self.hands[self.dealer]]
            return robs + [KEEP] if self.config.dealer_rob == "may" else robs
        return []

    def returns(self) -> list[int]:
        """The counters each player won or lost this hand, once it is over (0 before).

        >>> hand = SpoilFiveHand.new("spoil-five", seed=3, players=3)
        >>> while not hand.is_over:
        ...     _ = hand.apply(hand.legal_actions()[-1])
        >>> sum(hand.returns()) + hand.result.pool_after == hand.carried
        True
        """
        if self.result is None:
            return [0] * self.n
        return list(self.result.counters)

    def _ace_still_held(self) -> int | None:
        seat = self.announced_ace_holder
        if seat is None or self.trump is None or Card.of(ACE, self.trump) not in self.hands[seat]:
            return None
        return seat

    def table_view(self, viewer: int | None = None) -> TableView:
        """The table as ``viewer`` sees it (``None``: every hand face up, for the teacher)."""
        from atout.spoil_five.explain import score_labels, table_notes

        check_viewer(len(self.hands), viewer)
        n = self.n
        hands = [list(h) if viewer is None or seat == viewer else len(h) for seat, h in enumerate(self.hands)]
        trick = self.trick
        plays = [((trick.leader + i) % n, c) for i, c in enumerate(trick.cards)] if trick else []
        last = self.tricks[-1] if self.tricks else None
        cards_in_play = self.phase is Phase.PLAY and self.rob_offer is None and self.jinx_offer is None
        legal, illegal = self._legal_shown(viewer, cards_in_play)
        return TableView(
            game=self.config.game, players=n, viewer=viewer, dealer=self.dealer, to_act=self.to_act,
            phase=self.phase.value, hands=hands, trick=plays, leader=trick.leader if trick else None,
            trump=self.trump, turn_up=self.turn_up,
            discards=given_up_when_robbing(self.discards, self.robbed_by, viewer),
            scores=self.scores_now, score_labels=score_labels(n),
            score_unit=Text(self.SCORES_NOW_UNIT), tricks_won=list(self.tricks_won), legal=legal, illegal=illegal,
            last_trick=[((last.leader + i) % n, c) for i, c in enumerate(last.cards)] if last else None,
            last_trick_winner=last.winner if last else None,
            notes=table_notes(self._ace_still_held(), self.pool, self.jinxed, self.result), over=self.is_over)

    def explain_rob(self) -> Explanation:
        """Whether the player to act may rob the turned card now, and why."""
        legal = self.legal_actions()
        if any(a.kind == "rob" for a in legal):
            seat, trump = self.to_act, self.trump
            assert seat is not None and trump is not None, "a rob is offered once trumps are turned"
            from atout.spoil_five.explain import explain_rob_offer

            return explain_rob_offer(seat, self.turn_up, Card.of(ACE, trump), self.phase is Phase.ROB, KEEP in legal)
        return self._explain_illegal(Action("rob"))

    # --- refusals -----------------------------------------------------------------------------

    def _why_no_rob(self, action: Action) -> Refusal:
        seat, turned = self.to_act, self.turned_card
        assert seat is not None and turned is not None and self.trump is not None, "a rob refused in the play"
        ace = Card.of(ACE, self.trump)
        if self.rob_offer == seat and action.card is ace:
            return Refusal(Refused.ACE_KEPT, seat, action, ace)
        if turned.rank == ACE:
            if seat != self.dealer:
                return Refusal(Refused.TURNED_ACE_IS_THE_DEALERS, seat, action,
                               (self.dealer, self.config.dealer_rob == "must"))
            return Refusal(Refused.TURNED_ACE_DECIDED, seat, action)
        if ace not in self.hands[seat] and seat not in (self.robbed_by, self.announced_ace_holder):
            return Refusal(Refused.NOT_THE_ACE_HOLDER, seat, action, (turned, ace))
        return Refusal(Refused.ROB_DECIDED, seat, action)

    def _refusal(self, action: Action) -> Refusal:
        phase, seat = self.phase, self.to_act
        if phase is Phase.OVER:
            return Refusal(Refused.OVER, None, action)
        if phase is Phase.DEAL:
            return Refusal(Refused.NOT_DEALT, None, action)
        assert seat is not None, "after the deal and before the end a player is to act"
        if not self.is_of_this_game(action):
            return Refusal(Refused.NOT_OF_THIS_GAME, seat, action, Moment(phase, self.config.game,
                                                                          self.legal_actions()))
        if phase is Phase.PLAY:
            assert self.trump is not None and self.trick is not None, "the play has trumps and a trick"
            if self.jinx_offer == seat and action.kind not in ("jinx", "stop"):
                return Refusal(Refused.JINX_OR_STOP_FIRST, seat, action)
            if action.kind in ("jinx", "stop"):
                holder = next((s for s in range(self.n) if self.tricks_won[s] >= WINNING_TRICKS), None)
                return Refusal(Refused.NO_JINX_NOW, seat, action, (holder, self.config.jinx))
            if action.kind == "rob" and (self.rob_offer != seat or action.card is Card.of(ACE, self.trump)):
                return self._why_no_rob(action)
            if action.kind == "rob" and action.card is not None and action.card not in self.hands[seat]:
                return Refusal(Refused.ROB_CARD_NOT_HELD, seat, action)
            if self.rob_offer == seat and action.kind == "keep":
                return Refusal(Refused.HOLDER_MUST_ROB, seat, action)
            if self.rob_offer == seat:
                return Refusal(Refused.ROB_OR_KEEP_FIRST, seat, action, self.config.ace_holder_rob == "must")
            if action.kind == "play" and action.card is not None:
                hand = self.hands[seat]
                if action.card not in hand:
                    return Refusal(Refused.CARD_NOT_HELD, seat, action, list(hand))
                if action.value is not None:
                    return Refusal(Refused.SUIT_NAMED, seat, action, self.config.game)
                return Refusal(Refused.AGAINST_THE_PLAY, seat, action, PlayFacts(
                    list(hand), list(self.trick.cards), self.trump, self.config.must_follow_suit))
        if phase is Phase.ROB and action.kind == "keep":
            return Refusal(Refused.DEALER_MUST_ROB, seat, action)
        if phase is Phase.ROB and action.kind == "rob" and action.card is not None:
            return Refusal(Refused.ROB_CARD_NOT_HELD, seat, action)
        return Refusal(Refused.NOT_NOW, seat, action, Moment(phase, self.config.game, self.legal_actions()))

    def _word_refusal(self, refusal: Refusal) -> Explanation:
        from atout.spoil_five.explain import explain_refusal

        return explain_refusal(refusal)

    # --- the deal -----------------------------------------------------------------------------

    def _deal(self, action: Action) -> Event:
        order = tuple(action.value)
        if len(order) != 52 or sum(1 << c.index for c in order) != FULL_MASK:
            raise IllegalActionError(Text("A deal must order the 52 cards of the deck, each once"),
                                      rule="s5.deal.packets")
        n, dealer = self.n, self.dealer
        self.deck_order = order
        pos = 0
        for packet in (3, 2):                            # s5.deal.packets
            for seat in self._from_left():
                self.hands[seat].extend(order[pos:pos + packet])
                pos += packet
        self.turn_up = self.turned_card = order[pos]
        self.stock = list(order[pos + 1:])
        self.trump = self.turn_up.suit
        assert self.trump is not None, "the deal checked the 52 cards: no joker is turned"
        event = Event("deal", dealer, action, self.pool, _explain)
        event.consequences.append(Event("turn-up", dealer, None, self.turn_up, _explain, cards=(self.turn_up,)))
        if self.turn_up.rank == ACE:                      # s5.rob.dealer-ace
            self.phase = Phase.ROB
            self.to_act = dealer
        else:
            ace = Card.of(ACE, self.trump)
            self._ace_holder = next((s for s in range(n) if ace in self.hands[s]), None)
            self._start_play((dealer + 1) % n)
        return event

    def _ending(self, action: Action) -> Event:
        """Take the hand up at an ending (``Ending``): trumps named, robbing done, each seat holding the cards given,
        the trick on the table played out by the rules (a card that could not have been played is refused), the
        tricks won so far (nobody on three: the hand would be over)."""
        ending: Ending = action.value
        n = self.n
        check_ending(ending, n, FULL_DECK, HAND_SIZE)
        if not isinstance(ending.trump, Suit):
            raise PositionError(Text("an ending of {game} names the trump suit, as in trump: H", game=self.config.game))
        if ending.contract is not None:
            raise PositionError(Text("{game} has no auction: an ending gives its trump, not a contract",
                                     game=self.config.game))
        won = list(ending.won or [0] * n)
        if any(w >= WINNING_TRICKS for w in won):
            raise PositionError(Text("the hand is over once a player has three tricks: give fewer tricks won"))
        self.trump = ending.trump
        self.hands = [list(h) for h in ending.hands]
        for seat, count in enumerate(won):
            self.tricks.extend(Trick(seat, [], seat) for _ in range(count))
            self.tricks_won[seat] = count
        self._start_play(ending.leader)
        for i, card in enumerate(ending.trick):
            seat = (ending.leader + i) % n
            self.hands[seat].append(card)
            self._legal = None
            if PLAY_ACTIONS[card.index] not in self._compute_legal():
                why = self._explain_illegal(PLAY_ACTIONS[card.index])
                raise PositionError(Text("the trick so far cannot have been played: {why}", why=why.text))
            self._play(PLAY_ACTIONS[card.index])
        self._legal = None
        return Event("ending", self.to_act, action, None, _explain)

    def _from_left(self) -> list[int]:
        return [(self.dealer + 1 + i) % self.n for i in range(self.n)]

    def _deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:
        """The deal, packet by packet, for a step-through view: (what, seat, cards)."""
        order, pos = self.deck_order, 0
        packets: list[tuple[str, int | None, list[Card]]] = []
        for packet in (3, 2):
            for seat in self._from_left():
                packets.append(("hand", seat, list(order[pos:pos + packet])))
                pos += packet
        packets.append(("turn-up", None, [order[pos]]))
        return packets

    # --- robbing ------------------------------------------------------------------------------

    def _rob(self, action: Action) -> Event:
        """Rob or keep: the dealer's decision on a turned ace (ROB), else the ace holder's (s5.rob.ace-holder)."""
        seat = self.to_act
        assert seat is not None and self.trump is not None and self.turn_up is not None, "a rob in its turn"
        by_dealer = self.phase is Phase.ROB
        self.rob_offer = None
        if action.kind == "keep":
            if by_dealer:
                self.dealer_decided = True
                event = Event("keep", seat, action, None, _explain)
                self._start_play((self.dealer + 1) % self.n)
                return event
            self.announced_ace_holder = seat
            return Event("keep", seat, action, Card.of(ACE, self.trump), _explain)
        assert action.card is not None, "a rob gives up a card"
        self.hands[seat].remove(action.card)
        self.discards[seat].append(action.card)
        self.hands[seat].append(self.turn_up)
        self.robbed_by = seat
        event = Event("rob", seat, action, self.turn_up, _explain, cards=(self.turn_up,))
        self.turn_up = None
        if by_dealer:
            self.dealer_decided = True
            self._start_play((self.dealer + 1) % self.n)
        return event

    def _offer_rob(self, seat: int) -> None:
        """s5.rob.ace-holder: the holder of the ace of trumps decides when their turn first comes."""
        if seat == self._ace_holder:
            self._ace_holder = None      # offered once
            if self.turn_up is not None and not self.tricks:
                self.rob_offer = seat

    # --- play ---------------------------------------------------------------------------------

    def _start_play(self, leader: int) -> None:
        self.phase = Phase.PLAY
        self.trick = Trick(leader)
        self.to_act = leader
        if self._ace_holder is not None:
            self._offer_rob(leader)

    def _play(self, action: Action) -> Event:
        seat, card, trick, trump = self.to_act, action.card, self.trick, self.trump
        assert seat is not None and card is not None and trick is not None and trump is not None, "a card in play"
        self.hands[seat].remove(card)
        trick.cards.append(card)
        event = Event("play", seat, action, (trump, len(trick.cards), trick.cards[0]), _explain)
        if len(trick.cards) < self.n:
            self.to_act = (seat + 1) % self.n
            if self._ace_holder is not None:
                self._offer_rob(self.to_act)
            return event
        self.to_act = None
        self._stage(event)                # the trick complete on the table, not yet won
        winner = (trick.leader + ranking.trick_winner(trick.cards, trump)) % self.n
        trick.winner = winner
        self.tricks.append(trick)
        self.tricks_won[winner] += 1
        won = Event("trick", winner, None, (trick, trump), _explain)
        event.consequences.append(won)
        self._stage(won)                  # its cards still in the middle
        self.trick = None
        if self.jinxed is not None:
            if winner != self.jinxed:                       # s5.score.jinx-failed
                return self._end(event, None, "failed")
            if len(self.tricks) == HAND_SIZE:               # s5.score.jinx-made
                return self._end(event, winner, "made")
        elif self.tricks_won[winner] == WINNING_TRICKS:
            if len(self.tricks) == WINNING_TRICKS and self.config.jinx and self.n > 1:
                self.jinx_offer = winner                    # s5.play.jinx: the first three tricks
                self.trick = Trick(winner)
                self.to_act = winner
                return event
            return self._end(event, winner, None)           # s5.score.three-tricks
        elif len(self.tricks) == HAND_SIZE:
            return self._end(event, None, None)             # s5.score.spoiled
        self.trick = Trick(winner)
        self.to_act = winner
        return event

    def _jinx(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None, "the winner of the first three tricks decides"
        self.jinx_offer = None
        if action.kind == "jinx":
            self.jinxed = seat
            return Event("jinx", seat, action, self.pool, _explain)
        event = Event("stop", seat, action, self.pool, _explain)
        self.trick = None
        return self._end(event, seat, None)

    def _end(self, event: Event, winner: int | None, jinx: str | None) -> Event:
        self.to_act = None
        self.result = pool_result(self.config, self.dealer, self.carried, winner, jinx, self.scores_before,
                                  self.tricks_won)
        self.phase = Phase.OVER
        score = Event("score", None, None, self.result, _explain)
        event.consequences.append(score)
        return event

    # --- what one seat may see -------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know: its own hand and discard, and all the table saw happen; never other hands,
        others' discards or the stock."""
        robbed = self.robbed_by is not None
        return {
            **self._view_of(seat),
            "trump": self.trump,
            "turn_up": self.turn_up,
            "turned_card": self.turned_card,
            "announced_ace_holder": self.announced_ace_holder,
            "robbed_by": self.robbed_by,
            "robbed_card": self.turned_card if robbed else None,
            "trick": list(self.trick.cards) if self.trick else [],
            "leader": self.trick.leader if self.trick else None,
            "tricks": [(t.leader, list(t.cards), t.winner) for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "own_discards": list(self.discards[seat]),
            "discard_counts": [len(d) for d in self.discards],
            "pool": self.pool,
            "stakes": list(self.stakes),
            "jinxed": self.jinxed,
            "scores": self.scores_now,
            "legal": self._legal_words(seat),
        }

    def _cards_elsewhere(self) -> list[Card]:
        cards = self.stock + [c for d in self.discards for c in d]
        if self.trick is not None:
            cards += self.trick.cards
        if self.turn_up is not None:
            cards.append(self.turn_up)
        return cards

    DOES = {"deal": _deal, "ending": _ending, "rob": _rob, "keep": _rob, "play": _play, "jinx": _jinx, "stop": _jinx}
    PHASES = (Phase.DEAL, Phase.ROB, Phase.PLAY, Phase.OVER)

    def __repr__(self) -> str:
        return (f"<SpoilFiveHand {self.config.game} {self.phase.value} dealer={self.dealer} "
                f"to_act={self.to_act} trump={self.trump.letter if self.trump is not None else None} pool={self.pool}>")


def _explain(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    from atout.spoil_five.explain import explain_event

    return explain_event(event, viewer)
