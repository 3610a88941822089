"""One hand of Euchre, as a state machine.

>>> hand = EuchreHand.new(seed=7)
>>> hand.phase, hand.to_act, hand.up_card
(<Phase.BID: 'bid'>, 1, Card('KS'))
>>> [str(a) for a in hand.legal_actions()]
['pass', 'order']

Phases: DEAL (chance: ``Action("deal", None, order)`` with the 24 cards in shuffled order); BID, the first round
(``pass`` or ``order``: the up-card's suit becomes trumps); TRUMP, the second round once all four passed (``pass``
or ``name <suit>``, any suit but the turned-down one); right after trumps are made the maker says ``alone`` or
``with-partner`` (in the phase of the round that made them); DISCARD (the dealer, having taken up the ordered
up-card, discards one card); PLAY and OVER. All four passing twice throws the hand in: it is then over, with
nothing scored.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from atout.cards import CARDS, Card, Suit
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
    check_seat,
    check_viewer,
)
from atout.errors import PositionError
from atout.euchre import ranking
from atout.euchre.config import DECK, PLAYERS, SIDES, EuchreConfig, make_config
from atout.euchre.ranking import TABLES
from atout.euchre.scoring import HandResult, score_hand, thrown_in
from atout.i18n import Text

DECK_SIZE = len(DECK)
TRICKS = 5
HAND_SIZE = TRICKS
KITTY_SIZE = 4
# eu.deal: packets of 3 and 2 in turn, then 2 and 3 in turn (seats from the dealer's left).
DEAL_PACKETS = ((3, 2, 3, 2), (2, 3, 2, 3))
PASS = Action("pass")
ORDER = Action("order")
ALONE = Action("alone")
WITH_PARTNER = Action("with-partner")
NAMES: dict[Suit, Action] = {s: Action("name", None, s) for s in Suit}
DISCARD_ACTIONS: tuple[Action, ...] = tuple(Action("discard", c) for c in CARDS)
_DECK_SET = frozenset(DECK.cards)


class Refused(enum.Enum):
    """Why an action is refused (``_refusal``), with what ``Refusal.data`` holds; ``explain.explain_refusal`` words
    each and cites its rule."""

    OVER = "over"
    NOT_DEALT = "not-dealt"
    BAD_DEAL = "bad-deal"                   # a deal that is not the 24 cards, each once
    TURNED_DOWN = "turned-down"             # ``Suit``: the suit of the up-card, turned down, named in round two
    STUCK = "stuck"                         # stick the dealer: the dealer passing in round two
    MUST_GO_ALONE = "must-go-alone"         # the dealer's partner ordering up, with partner_orders_alone
    DISCARD_NOT_HELD = "discard-not-held"   # the dealer's hand
    CARD_NOT_HELD = "card-not-held"         # the player's hand
    SUIT_NAMED = "suit-named"               # a card played naming a suit: no card names one in Euchre
    AGAINST_THE_PLAY = "against-the-play"   # ``PlayFacts``
    NOT_OF_THIS_GAME = "not-of-this-game"   # ``Moment``
    NOT_NOW = "not-now"                     # ``Moment``


class PlayFacts(NamedTuple):
    """What a card refused in the play is judged against (``ranking.explain_illegal`` says which rule it breaks)."""

    hand: list[Card]
    plays: list[Card]
    trump: Suit


class Trick:
    """One trick: who led, the cards and seats in play order, who won."""

    __slots__ = ("leader", "cards", "seats", "lead", "winner")

    def __init__(self, leader: int) -> None:
        self.leader = leader
        self.cards: list[Card] = []
        self.seats: list[int] = []
        self.lead: Suit | None = None
        self.winner: int | None = None

    def __repr__(self) -> str:
        return f"Trick(leader={self.leader}, cards={[c.code for c in self.cards]}, winner={self.winner})"


class EuchreHand(HandBase):
    """The state of one hand: who holds what, whose turn, what has happened."""

    DECK = DECK
    TRICKS = TRICKS
    trick_class = Trick
    config_class = EuchreConfig
    make_config = staticmethod(make_config)

    DEAL_RULE = "eu.deal"

    def __init__(self, config: EuchreConfig | None = None, dealer: int = 0,
                 scores_before: Sequence[int] | None = None) -> None:
        self.config: EuchreConfig = config if config is not None else make_config("euchre")
        self.n = PLAYERS
        self.dealer = dealer
        self.scores_before = list(scores_before) if scores_before is not None else [0] * SIDES
        self.phase = Phase.DEAL
        self.to_act: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.deck_order: tuple[Card, ...] = ()
        self.kitty: list[Card] = []            # the undealt cards, the up-card first while it lies face up
        self.up_card: Card | None = None
        self.turned_down = False               # all four passed in round one: the up-card lies face down
        self.calls: list[str] = []             # what each said while making trumps, in turn
        self.maker: int | None = None
        self.trump: Suit | None = None
        self.ordered = False                   # trumps made by ordering the up-card up (round one)
        self.alone: bool | None = None         # None until the maker says
        self.sitting_out: int | None = None    # the lone maker's partner
        self.discard: Card | None = None       # the dealer's discard (seen by the dealer only)
        self.trick: Trick | None = None
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * PLAYERS
        self.result: HandResult | None = None
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._legal: tuple[Action, ...] | None = None
        self._next = [1, 2, 3, 0]
        self._trick_size = PLAYERS

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, game: str | EuchreConfig = "euchre", seed: int | None = None, dealer: int = 0,
            scores_before: Sequence[int] | None = None, options: Mapping[str, Any] | None = None,
            **more: Any) -> EuchreHand:
        """A hand dealt from a deck shuffled with ``seed`` (the same seed, the same hands)."""
        return cls.dealt(cls.configure(game, options, **more), seed, dealer,
                         HandStart(scores_before=None if scores_before is None else tuple(scores_before)))

    # --- queries ----------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return check_seat(len(self.hands), seat) % 2

    @property
    def maker_side(self) -> int | None:
        return None if self.maker is None else self.maker % 2

    @property
    def deciding_alone(self) -> bool:
        """Trumps are made and the maker has not yet said whether to go alone."""
        return self.maker is not None and self.alone is None

    def must_go_alone(self) -> bool:
        """eu.alone.partner-orders: the dealer's partner who ordered the up-card up goes alone."""
        return (self.config.partner_orders_alone and self.ordered and self.maker is not None
                and self.maker == (self.dealer + 2) % PLAYERS)

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            seat, trick = self.to_act, self.trick
            assert seat is not None and trick is not None and self.trump is not None, "the play has its trick"
            hand = self.hands[seat]
            if trick.cards:
                suit_of = TABLES[self.trump].suit_of
                follow = [PLAY_ACTIONS[c.index] for c in hand if suit_of[c.index] is trick.lead]
                return follow if follow else [PLAY_ACTIONS[c.index] for c in hand]
            return [PLAY_ACTIONS[c.index] for c in hand]
        if phase in (Phase.BID, Phase.TRUMP) and self.deciding_alone:
            return [ALONE] if self.must_go_alone() else [ALONE, WITH_PARTNER]
        if phase is Phase.BID:
            return [PASS, ORDER]
        if phase is Phase.TRUMP:
            assert self.up_card is not None and self.up_card.suit is not None, "a Euchre up-card has a suit"
            names = [NAMES[s] for s in Suit if s is not self.up_card.suit]
            return names if self._stuck() else [PASS, *names]
        if phase is Phase.DISCARD:
            return [DISCARD_ACTIONS[c.index] for c in self.hands[self.dealer]]
        return []

    def _stuck(self) -> bool:
        """eu.make.stick: the dealer, last to speak in round two with all the others passed, must name a suit."""
        return self.config.stick_the_dealer and self.phase is Phase.TRUMP and self.to_act == self.dealer

    def returns(self) -> list[int]:
        """What each player scored this hand, once it is over (0 before): both partners get their side's points."""
        if self.result is None:
            return [0] * PLAYERS
        points = self.result.points
        return [points[seat % 2] for seat in range(PLAYERS)]

    # --- refusals -----------------------------------------------------------------------------

    def _refusal(self, action: Action) -> Refusal:
        phase, seat = self.phase, self.to_act
        if phase is Phase.OVER:
            return Refusal(Refused.OVER, None, action)
        if phase is Phase.DEAL:
            return Refusal(Refused.BAD_DEAL if action.kind == "deal" else Refused.NOT_DEALT, None, action)
        assert seat is not None, "after the deal and before the end a player is to act"
        if phase is Phase.TRUMP and not self.deciding_alone:
            if action.kind == "name" and isinstance(action.value, Suit) and self.up_card is not None:
                return Refusal(Refused.TURNED_DOWN, seat, action, self.up_card)
            if action.kind == "pass" and self._stuck():
                return Refusal(Refused.STUCK, seat, action)
        if action == WITH_PARTNER and self.deciding_alone and self.must_go_alone():
            return Refusal(Refused.MUST_GO_ALONE, seat, action)
        if phase is Phase.DISCARD and action.kind == "discard" and action.card is not None:
            return Refusal(Refused.DISCARD_NOT_HELD, seat, action, list(self.hands[seat]))
        if phase is Phase.PLAY and action.kind == "play" and action.card is not None and action.value is not None:
            return Refusal(Refused.SUIT_NAMED, seat, action)
        if phase is Phase.PLAY and action.kind == "play" and action.card is not None:
            card, trick = action.card, self.trick
            assert trick is not None and self.trump is not None, "the play has its trick"
            if card not in self.hands[seat]:
                return Refusal(Refused.CARD_NOT_HELD, seat, action, list(self.hands[seat]))
            return Refusal(Refused.AGAINST_THE_PLAY, seat, action,
                           PlayFacts(list(self.hands[seat]), list(trick.cards), self.trump))
        why = Refused.NOT_OF_THIS_GAME if not self.is_of_this_game(action) else Refused.NOT_NOW
        return Refusal(why, seat, action, Moment(phase, self.config.game, self.legal_actions()))

    def _word_refusal(self, refusal: Refusal) -> Explanation:
        from atout.euchre.explain import explain_refusal

        return explain_refusal(refusal)

    # --- the deal -----------------------------------------------------------------------------

    def _seats_from_left(self) -> list[int]:
        return [(self.dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]

    def _deal(self, action: Action) -> Event:
        order = tuple(action.value or ())
        if len(order) != DECK_SIZE or frozenset(order) != _DECK_SET:
            raise self._illegal(action)
        self.deck_order = order
        for _what, seat, cards in self._deal_packets():
            if seat is None:
                self.kitty.extend(cards)
            else:
                self.hands[seat].extend(cards)
        self.up_card = self.kitty[0]
        self.phase = Phase.BID
        self.to_act = (self.dealer + 1) % PLAYERS
        return Event("deal", self.dealer, action, self.up_card, _explain)

    def _deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:
        """The deal, packet by packet: (what, seat, cards); then the up-card and the three cards under it."""
        packets: list[tuple[str, int | None, list[Card]]] = []
        order, pos = self.deck_order, 0
        for sizes in DEAL_PACKETS:
            for seat, size in zip(self._seats_from_left(), sizes, strict=True):
                packets.append(("hand", seat, list(order[pos:pos + size])))
                pos += size
        # The up-card apart from the three under it: a position's short form keeps each pile's cards, not their order.
        packets.append(("turn-up", None, list(order[pos:pos + 1])))
        packets.append(("kitty", None, list(order[pos + 1:pos + KITTY_SIZE])))
        return packets

    def _ending(self, action: Action) -> Event:
        """Take the hand up at an ending (``Ending``): trumps made (``contract``: the maker and ``alone`` or
        ``partner``), each seat holding the cards given, the trick on the table played out by the rules, the tricks
        won so far."""
        ending: Ending = action.value
        if ending.trump is None or ending.contract is None:
            raise PositionError(Text("an ending of Euchre names the trumps and the maker, as in trump: H and "
                                     "contract: 1 alone (or 1 partner)"))
        maker, how = ending.contract
        if how not in ("alone", "partner") or not 0 <= maker < PLAYERS:
            raise PositionError(Text("the maker is a seat from 0 to 3 followed by alone or partner, not {given}",
                                     given=f"{maker} {how}"))
        alone = how == "alone"
        out = (maker + 2) % PLAYERS if alone else None
        check_ending(ending, PLAYERS, DECK.cards, TRICKS, out=out)
        self.maker, self.trump, self.alone = maker, ending.trump, alone
        self._sit_out(out)
        self.hands = [list(h) for h in ending.hands]
        for seat, won in enumerate(ending.won or [0] * PLAYERS):
            for _ in range(won):
                trick = Trick(seat)
                trick.winner = seat
                self.tricks.append(trick)
            self.tricks_won[seat] = won
        self.phase = Phase.PLAY
        self.trick = Trick(ending.leader)
        self.to_act = ending.leader
        for card in ending.trick:
            seat = self.to_act
            self.hands[seat].append(card)
            self._legal = None
            if PLAY_ACTIONS[card.index] not in self._compute_legal():
                why = self._explain_illegal(PLAY_ACTIONS[card.index])
                raise PositionError(Text("the trick so far cannot have been played: {why}", why=why.text))
            self._play(PLAY_ACTIONS[card.index])
        self._legal = None
        return Event("ending", self.to_act, action, (self.maker, self.trump, self.alone), _explain)

    # --- making trumps ------------------------------------------------------------------------

    def _next_speaker(self, seat: int) -> None:
        """After a pass: the next seat, or the next round, or the hand thrown in."""
        self.to_act = (seat + 1) % PLAYERS

    def _pass(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None, "a player passes"
        self.calls.append("pass")
        event = Event("pass", seat, action, self.phase is Phase.TRUMP, _explain)
        if seat != self.dealer:
            self.to_act = (seat + 1) % PLAYERS
            return event
        if self.phase is Phase.BID:
            # eu.make.name: the up-card is turned down; the second round starts on the dealer's left.
            self.to_act = None
            self._stage(event)                  # the last pass, the up-card still face up
            self.turned_down = True
            self.phase = Phase.TRUMP
            self.to_act = (self.dealer + 1) % PLAYERS
            assert self.up_card is not None, "a dealt hand has its up-card"
            event.consequences.append(Event("turned-down", self.dealer, None, self.up_card, _explain,
                                            cards=[self.up_card]))
            return event
        # eu.make.all-pass: thrown in; the game deals again from the next dealer.
        self.phase = Phase.OVER
        self.to_act = None
        self.result = thrown_in(self.scores_before, self.config.target)
        event.consequences.append(Event("thrown-in", self.dealer, None, None, _explain))
        return event

    def _order(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None and self.up_card is not None, "a player orders the up-card up"
        self.calls.append("order")
        self.maker, self.trump, self.ordered = seat, self.up_card.suit, True
        return Event("order", seat, action, self.up_card, _explain)

    def _name(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None and isinstance(action.value, Suit), "a player names a suit"
        self.calls.append(action.value.letter)
        self.maker, self.trump = seat, action.value
        return Event("name", seat, action, action.value, _explain)

    def _same_as_listed(self, action: Action) -> Action | None:
        """A suit named as text ("name H", as a position's text is read back) is the suit named."""
        if action.kind == "name" and isinstance(action.value, str) and action.card is None:
            try:
                named = NAMES[Suit.parse(action.value)]
            except ValueError:
                return None
            return named if named in self.legal_actions() else None
        return None

    def _sit_out(self, out: int | None) -> None:
        self.sitting_out = out
        if out is not None:
            self._next = [(s + 2) % PLAYERS if (s + 1) % PLAYERS == out else (s + 1) % PLAYERS
                          for s in range(PLAYERS)]
            self._trick_size = PLAYERS - 1

    def _say_alone(self, action: Action) -> Event:
        maker = self.maker
        assert maker is not None and self.up_card is not None, "the maker says whether to go alone"
        alone = self.alone = action == ALONE
        event = Event(action.kind, maker, action, self.trump, _explain)
        out_event = None
        if alone:
            self._sit_out((maker + 2) % PLAYERS)
            out_event = Event("partner-out", self.sitting_out, None, None, _explain)
            event.consequences.append(out_event)
        if not self.ordered:
            return self._first_lead(event)
        # The up-card moves at a step of its own, after the maker's word (a walk-through pictures each step).
        self.to_act = None
        self._stage(event)
        if out_event is not None:
            self._stage(out_event)
        up = self.up_card
        if self.sitting_out == self.dealer:
            # eu.alone.dealer: the dealer sits out, and the up-card is not taken up: it lies face down.
            self.turned_down = True
            left = Event("left-down", self.dealer, None, up, _explain, cards=[up])
            event.consequences.append(left)
            self._first_lead(left)
            return event
        # eu.make.pickup: the dealer takes the up-card and discards one card.
        self.kitty.remove(up)
        self.hands[self.dealer].append(up)
        event.consequences.append(Event("pickup", self.dealer, None, up, _explain, cards=[up]))
        self.phase = Phase.DISCARD
        self.to_act = self.dealer
        return event

    def _discard(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None and action.card is not None, "the dealer discards a card"
        self.hands[seat].remove(action.card)
        self.discard = action.card
        event = Event("discard", seat, action, 1, _explain)
        return self._first_lead(event)

    def _first_lead(self, event: Event) -> Event:
        """eu.play.first-lead: the dealer's left leads, or the next seat when that one sits out."""
        self.to_act = None
        self._stage(event)
        leader = (self.dealer + 1) % PLAYERS
        if leader == self.sitting_out:
            leader = (leader + 1) % PLAYERS
        self.phase = Phase.PLAY
        self.trick = Trick(leader)
        self.to_act = leader
        event.consequences.append(Event("first-lead", leader, None, None, _explain))
        return event

    # --- play ---------------------------------------------------------------------------------

    def _play(self, action: Action) -> Event:
        seat, card, trick, trump = self.to_act, action.card, self.trick, self.trump
        assert seat is not None and card is not None and trick is not None and trump is not None, "a card in play"
        self.hands[seat].remove(card)
        cards = trick.cards
        if not cards:
            trick.lead = TABLES[trump].suit_of[card.index]
        cards.append(card)
        trick.seats.append(seat)
        event = Event("play", seat, action, (trump, len(cards), trick.lead), _explain)
        if len(cards) < self._trick_size:
            self.to_act = self._next[seat]
            return event
        self.to_act = None
        self._stage(event)
        winner = trick.winner = trick.seats[ranking.trick_winner(cards, trump)]
        self.tricks.append(trick)
        self.tricks_won[winner] += 1
        won = Event("trick", winner, None, (trick, trump), _explain)
        event.consequences.append(won)
        self._stage(won)
        return self._next_lead(event, winner)

    # --- scoring ------------------------------------------------------------------------------

    def side_tricks(self) -> list[int]:
        won = self.tricks_won
        return [won[0] + won[2], won[1] + won[3]]

    def _score(self) -> Event:
        assert self.maker is not None, "trumps were made"
        self.result = score_hand(self.config.target, self.maker, bool(self.alone), self.side_tricks(),
                                 self.scores_before)
        return Event("score", None, None, self.result, _explain)

    # --- what one seat may see -------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know: its own hand, the up-card, what each player said and every trick played;
        never other hands, the kitty under the up-card or the dealer's discard (save the dealer's own)."""
        is_dealer = seat == self.dealer
        return {
            **self._view_of(seat),
            "up_card": self.up_card,
            "turned_down": self.turned_down,
            "calls": list(self.calls),
            "maker": self.maker,
            "trump": self.trump,
            "alone": self.alone,
            "sitting_out": self.sitting_out,
            "discard": self.discard if is_dealer else None,
            "trick": list(self.trick.cards) if self.trick else [],
            "trick_seats": list(self.trick.seats) if self.trick else [],
            "leader": self.trick.leader if self.trick else None,
            "tricks": [(t.leader, list(t.cards), t.winner) for t in self.tricks],
            "tricks_won": self.side_tricks(),
            "scores": self.scores_now,
            "legal": self._legal_words(seat),
        }

    @property
    def up_card_showing(self) -> bool:
        """The up-card lies face up: from the deal until it is turned down or taken into the dealer's hand."""
        return (self.up_card is not None and not self.turned_down and self.up_card in self.kitty
                and self.phase in (Phase.BID, Phase.TRUMP))

    def table_view(self, viewer: int | None = None) -> TableView:
        """The table as ``viewer`` sees it (``None``: every hand face up, for the teacher)."""
        check_viewer(len(self.hands), viewer)
        hands = [list(h) if viewer is None or seat == viewer else len(h) for seat, h in enumerate(self.hands)]
        trick = self.trick
        plays = list(zip(trick.seats, trick.cards, strict=True)) if trick else []
        last = self.tricks[-1] if self.tricks else None
        legal, illegal = self._legal_shown(viewer, self.phase is Phase.PLAY)
        from atout.euchre.explain import score_labels, table_notes

        sees_discard = viewer is None or viewer == self.dealer
        discards: list[Card] | int = 0
        if self.discard is not None and self.phase is Phase.DISCARD:
            discards = [self.discard] if sees_discard else 1
        return TableView(
            game=self.config.game, players=PLAYERS, viewer=viewer, dealer=self.dealer, to_act=self.to_act,
            phase=self.phase.value, hands=hands, trick=plays, leader=trick.leader if trick else None,
            trump=self.trump, turn_up=self.up_card if self.up_card_showing else None,
            kitty=len(self.kitty) - (1 if self.up_card_showing else 0), stock=0, discards=discards,
            scores=self.scores_now, score_unit=Text(self.SCORES_NOW_UNIT),
            score_labels=score_labels(), tricks_won=self.side_tricks(),
            legal=legal, illegal=illegal,
            last_trick=list(zip(last.seats, last.cards, strict=True)) if last else None,
            last_trick_winner=last.winner if last else None,
            contract=self.contract, notes=table_notes(self), over=self.is_over, strain=None)

    @property
    def contract(self) -> tuple[int, str] | None:
        """The makers' contract once the maker has said how it plays: ``(maker, "alone")`` or ``(maker, "partner")``,
        as an ending writes it (``contract: 1 alone``); None before."""
        if self.maker is None or self.alone is None:
            return None
        return self.maker, "alone" if self.alone else "partner"

    def _cards_elsewhere(self) -> list[Card]:
        return self.kitty + ([self.discard] if self.discard is not None else []) + (
            self.trick.cards if self.trick is not None else [])

    DOES = {"deal": _deal, "ending": _ending, "pass": _pass, "order": _order, "name": _name,
            "alone": _say_alone, "with-partner": _say_alone, "discard": _discard, "play": _play}
    PHASES = (Phase.DEAL, Phase.BID, Phase.TRUMP, Phase.DISCARD, Phase.PLAY, Phase.OVER)

    def __repr__(self) -> str:
        return (f"<EuchreHand {self.phase.value} dealer={self.dealer} to_act={self.to_act} maker={self.maker} "
                f"trump={self.trump.letter if self.trump is not None else None}>")


def _explain(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    from atout.euchre.explain import explain_event

    return explain_event(event, viewer)
