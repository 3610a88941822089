"""One hand of Five Hundred, as a state machine.

>>> hand = FiveHundredHand.new(seed=7)
>>> hand.phase, hand.to_act
(<Phase.BID: 'bid'>, 1)
>>> [str(a) for a in hand.legal_actions()[:3]]
['bid pass', 'bid 6S', 'bid 6C']

Phases: DEAL (chance: ``Action("deal", None, order)`` with the 43 cards in shuffled order), BID,
KITTY (the contractor, holding the kitty, discards three cards, one ``discard <card>`` action at a
time), PLAY and OVER. The contract, taking the kitty and the scoring happen automatically and show
as events. All four passing throws the hand in: it is then over, with nothing scored.

Leading the joker in no trumps (and in misère) names the suit the others must follow: the action is
``Action("play", JOKER, suit)``, written ``play JK H``; every other play is ``play <card>``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from atout.cards import CARDS, JOKER, Card, Suit
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
    auction_fields,
    check_ending,
    check_seat,
    check_viewer,
    checked_action,
)
from atout.errors import AtoutError, PositionError
from atout.five_hundred import ranking
from atout.five_hundred.bidding import Auction, parse_call
from atout.five_hundred.config import DECK, PLAYERS, SIDES, Contract, FiveHundredConfig, make_config
from atout.five_hundred.ranking import TABLES
from atout.five_hundred.scoring import HandResult, score_hand, thrown_in
from atout.i18n import Series, Text

DECK_SIZE = len(DECK)
KITTY_SIZE = 3
TRICKS = 10
DEAL_PACKETS = ((3, False), (0, True), (4, False), (3, False))   # 500.deal: 3 each, 3 to the kitty, 4, 3
HAND_SIZE = TRICKS      # the cards each is dealt, a trick each (the contractor's kitty is discarded back to 10)
DISCARD_ACTIONS: tuple[Action, ...] = tuple(Action("discard", c) for c in CARDS)
JOKER_LEADS: dict[Suit, Action] = {s: Action("play", JOKER, s) for s in Suit}
_DECK_SET = frozenset(DECK.cards)


class Refused(enum.Enum):
    """Why an action is refused (``_refusal``), with what ``Refusal.data`` holds; ``explain.explain_refusal`` words
    each and cites its rule."""

    OVER = "over"
    NOT_DEALT = "not-dealt"
    BAD_DEAL = "bad-deal"                   # a deal that is not the 43 cards, each once
    CALL = "call"                           # the auction, which says why it refuses the call
    DISCARD_NOT_HELD = "discard-not-held"   # the contractor's hand
    CARD_NOT_HELD = "card-not-held"         # the player's hand
    JOKER_SUIT = "joker-suit"               # ``JokerLead``: the joker led naming a suit it may not (or none)
    SUIT_NAMED = "suit-named"               # a suit named with a card other than the led joker
    AGAINST_THE_PLAY = "against-the-play"   # ``PlayFacts``: what the card is judged against
    NOT_OF_THIS_GAME = "not-of-this-game"   # ``Moment``: the phase, the game, what is legal instead
    NOT_NOW = "not-now"                     # ``Moment``


class JokerLead(NamedTuple):
    """What a joker led naming a suit is judged against: the trumps and the suits its player has shown out of."""

    trump: Suit | None
    shown_out: list[Suit]


class PlayFacts(NamedTuple):
    """What a card refused in the play is judged against (``ranking.explain_illegal`` says which rule it breaks)."""

    hand: list[Card]
    plays: list[Card]
    trump: Suit | None
    joker_suit: Suit | None


class Trick:
    """One trick: who led, the cards and seats in play order, the suit a led joker named, who won."""

    __slots__ = ("leader", "cards", "seats", "lead", "joker_suit", "winner")

    def __init__(self, leader: int) -> None:
        self.leader = leader
        self.cards: list[Card] = []
        self.seats: list[int] = []
        self.lead: Suit | None = None          # the suit to follow, once led
        self.joker_suit: Suit | None = None    # named with the joker led in no trumps
        self.winner: int | None = None

    def __repr__(self) -> str:
        return f"Trick(leader={self.leader}, cards={[c.code for c in self.cards]}, winner={self.winner})"


class FiveHundredHand(HandBase):
    """The state of one hand: who holds what, whose turn, what has happened."""

    DECK = DECK                     # the family's deck (its config's, the registry's Family.deck)
    TRICKS = TRICKS
    trick_class = Trick
    config_class = FiveHundredConfig
    make_config = staticmethod(make_config)

    DEAL_RULE = "500.deal"

    def __init__(self, config: FiveHundredConfig | None = None, dealer: int = 0,
                 scores_before: Sequence[int] | None = None) -> None:
        self.config: FiveHundredConfig = config if config is not None else make_config("five-hundred")
        self.n = PLAYERS
        self.dealer = dealer
        self.scores_before = list(scores_before) if scores_before is not None else [0] * SIDES
        self.phase = Phase.DEAL
        self.to_act: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.deck_order: tuple[Card, ...] = ()
        self.kitty: list[Card] = []            # the kitty while it lies on the table
        self.kitty_taken: list[Card] = []      # the three cards the contractor took (only they see them)
        self.discards: list[Card] = []         # the contractor's discards (seen by nobody else, count for nobody)
        self.auction: Auction | None = None
        self.contractor: int | None = None
        self.contract: Contract | None = None
        self.trump: Suit | None = None         # None in no trumps and misère
        self.sitting_out: int | None = None    # misère: the contractor's partner
        self.trick: Trick | None = None
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * PLAYERS        # per seat
        self.shown_out = [0] * PLAYERS         # per seat, a bit per suit it failed to follow
        self.result: HandResult | None = None
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._legal: tuple[Action, ...] | None = None
        self._next = [1, 2, 3, 0]              # the next seat to play, skipping a partner sitting out
        self._trick_size = PLAYERS
        self._tables = TABLES[None]

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, game: str | FiveHundredConfig = "five-hundred", seed: int | None = None, dealer: int = 0,
            scores_before: Sequence[int] | None = None, options: Mapping[str, Any] | None = None,
            **more: Any) -> FiveHundredHand:
        """A hand dealt from a deck shuffled with ``seed`` (the same seed, the same hands)."""
        return cls.dealt(cls.configure(game, options, **more), seed, dealer,
                         HandStart(scores_before=None if scores_before is None else tuple(scores_before)))

    # --- queries ----------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return check_seat(len(self.hands), seat) % 2

    def call_rows(self) -> list[list[str]]:
        """Pass and the misère calls, then the calls of each number of tricks, lowest first."""
        ladder = self.config.ladder
        rows = [["pass"] + [c.call for c in ladder if c.misere]]
        levels: dict[int, list[str]] = {}
        for contract in ladder:
            if not contract.misere:
                levels.setdefault(contract.tricks, []).append(contract.call)
        return rows + list(levels.values())

    @property
    def contractor_side(self) -> int | None:
        return None if self.contractor is None else self.contractor % 2

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            seat = self.to_act
            trick = self.trick
            assert seat is not None and trick is not None, "the play has a player to act and a trick"
            hand = self.hands[seat]
            if trick.cards:
                suit_of = self._tables.suit_of
                lead = trick.lead
                follow = [PLAY_ACTIONS[c.index] for c in hand if suit_of[c.index] is lead]
                return follow if follow else [PLAY_ACTIONS[c.index] for c in hand]
            if self.trump is None and JOKER in hand:
                # 500.joker.no-trump: leading the joker names a suit not already shown out of.
                named = ranking.joker_lead_suits(None, ranking.suits_of_mask(self.shown_out[seat]))
                return [PLAY_ACTIONS[c.index] for c in hand if c is not JOKER] + [JOKER_LEADS[s] for s in named]
            return [PLAY_ACTIONS[c.index] for c in hand]
        if phase is Phase.BID:
            auction = self.auction
            assert auction is not None, "the bidding has its auction"
            return list(self._bid_table[auction.high + 1][auction.top_level])
        if phase is Phase.KITTY:
            assert self.to_act is not None, "the contractor discards"
            return [DISCARD_ACTIONS[c.index] for c in self.hands[self.to_act]]
        return []

    def returns(self) -> list[int]:
        """What each player scored this hand, once it is over (0 before), seat by seat as OpenSpiel's ``returns``:
        both partners get their side's points.

        >>> hand = FiveHundredHand.new(seed=3)
        >>> while not hand.is_over:
        ...     actions = hand.legal_actions()      # the highest call while bidding, so the hand is played
        ...     _ = hand.apply(actions[-1] if hand.phase is Phase.BID else actions[0])
        >>> side = hand.result.points
        >>> hand.returns() == [side[0], side[1], side[0], side[1]], side != [0, 0]
        (True, True)
        """
        if self.result is None:
            return [0] * PLAYERS
        points = self.result.points
        return [points[self.config.side_of(seat)] for seat in range(PLAYERS)]

    # --- applying actions -------------------------------------------------------------------

    def _refusal(self, action: Action) -> Refusal:
        phase, seat = self.phase, self.to_act
        if phase is Phase.OVER:
            return Refusal(Refused.OVER, None, action)
        if phase is Phase.DEAL:
            return Refusal(Refused.BAD_DEAL if action.kind == "deal" else Refused.NOT_DEALT, None, action)
        assert seat is not None, "after the deal and before the end a player is to act"
        if phase is Phase.BID and action.kind == "bid":
            assert self.auction is not None, "the bidding has its auction"
            return Refusal(Refused.CALL, seat, action, self.auction)
        if phase is Phase.KITTY and action.kind == "discard" and action.card is not None:
            return Refusal(Refused.DISCARD_NOT_HELD, seat, action, list(self.hands[seat]))
        if phase is Phase.PLAY and action.kind == "play" and action.card is not None:
            return self._play_refusal(seat, action)
        if not self.is_of_this_game(action):
            return Refusal(Refused.NOT_OF_THIS_GAME, seat, action, Moment(phase, self.config.game,
                                                                          self.legal_actions()))
        return Refusal(Refused.NOT_NOW, seat, action, Moment(phase, self.config.game, self.legal_actions()))

    def _play_refusal(self, seat: int, action: Action) -> Refusal:
        card, hand, trick = action.card, self.hands[seat], self.trick
        assert card is not None and trick is not None, "a card played to the trick on the table"
        if card not in hand:
            return Refusal(Refused.CARD_NOT_HELD, seat, action, list(hand))
        if card is JOKER and not trick.cards:
            # the card may be led; what is wrong is the suit named (or not named) with it
            return Refusal(Refused.JOKER_SUIT, seat, action, JokerLead(
                self.trump, ranking.suits_of_mask(self.shown_out[seat])))
        if action.value is not None:
            return Refusal(Refused.SUIT_NAMED, seat, action)
        return Refusal(Refused.AGAINST_THE_PLAY, seat, action, PlayFacts(list(hand), list(trick.cards), self.trump,
                                                                          trick.joker_suit))

    def _word_refusal(self, refusal: Refusal) -> Explanation:
        from atout.five_hundred.explain import explain_refusal

        return explain_refusal(refusal)

    # --- the deal -----------------------------------------------------------------------------

    def _deal(self, action: Action) -> Event:
        order = tuple(action.value or ())
        if len(order) != DECK_SIZE or frozenset(order) != _DECK_SET:
            raise self._illegal(action)
        self.deck_order = order
        seats = [(self.dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]   # 500.deal: from the dealer's left
        hands, pos = self.hands, 0
        for size, to_kitty in DEAL_PACKETS:
            if to_kitty:
                self.kitty.extend(order[pos:pos + KITTY_SIZE])
                pos += KITTY_SIZE
                continue
            for seat in seats:
                hands[seat].extend(order[pos:pos + size])
                pos += size
        self.auction = Auction(self.config, self.dealer)
        self._bid_table = _bid_action_table(self.config)
        self.phase = Phase.BID
        self.to_act = self.auction.to_act
        return Event("deal", self.dealer, action, None, _explain)

    def _ending(self, action: Action) -> Event:
        """Take the hand up at an ending (``Ending``): the contract won and the kitty done, each seat holding the
        cards given, the trick on the table played out by the rules, the tricks won so far. Which suits each
        player failed to follow earlier is not known, so in no trumps the joker may be led naming any suit."""
        ending: Ending = action.value
        if ending.contract is None:
            raise PositionError(Text("an ending of Five Hundred names the contract: the contractor and the call, as "
                                     "in contract: 1 7H"))
        contractor, call = ending.contract
        contract = self.config.calls.get(call)
        if contract is None or not 0 <= contractor < PLAYERS:
            raise PositionError(Text("the contract is a seat from 0 to 3 and a call of this game ({calls}), not "
                                     "{given}", calls=Series(self.config.calls), given=f"{contractor} {call}"))
        if ending.trump is not None and ending.trump is not contract.trump:
            raise PositionError(Text("the contract {call} sets the trumps: trump gives another suit", call=call))
        out = (contractor + 2) % PLAYERS if contract.misere else None
        check_ending(ending, PLAYERS, DECK.cards, TRICKS, out=out)
        if ending.trick and ending.trick[0] is JOKER and contract.trump is None:
            raise PositionError(Text("the trick so far was led with the joker in no trumps, naming a suit the "
                                     "ending cannot say: take the ending up before that lead, or after the trick"))
        self.contractor, self.contract, self.trump = contractor, contract, contract.trump
        self._tables = TABLES[self.trump]
        if out is not None:
            self.sitting_out = out
            self._next = [(s + 2) % PLAYERS if (s + 1) % PLAYERS == out else (s + 1) % PLAYERS
                          for s in range(PLAYERS)]
            self._trick_size = PLAYERS - 1
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
        return Event("ending", self.to_act, action, self.contract, _explain)

    def _deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:
        """The deal, packet by packet, for a step-through view: (what, seat, cards)."""
        seats = [(self.dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]
        packets: list[tuple[str, int | None, list[Card]]] = []
        order, pos = self.deck_order, 0
        for size, to_kitty in DEAL_PACKETS:
            if to_kitty:
                packets.append(("kitty", None, list(order[pos:pos + KITTY_SIZE])))
                pos += KITTY_SIZE
                continue
            for seat in seats:
                packets.append(("hand", seat, list(order[pos:pos + size])))
                pos += size
        return packets

    # --- the auction and the kitty ------------------------------------------------------------------

    def _bid(self, action: Action) -> Event:
        seat = self.to_act
        auction = self.auction
        assert auction is not None, "the bidding has its auction"
        auction.call(action.value)
        event = Event("bid", seat, action, self.config.calls.get(action.value), _explain)
        if not auction.over:
            self.to_act = auction.to_act
            return event
        if auction.winner is None:
            # 500.bid.all-pass: thrown in; the game deals again from the next dealer.
            self.phase = Phase.OVER
            self.to_act = None
            self.result = thrown_in(self.scores_before)
            event.consequences.append(Event("thrown-in", self.dealer, None, None, _explain))
            return event
        contractor = self.contractor = auction.winner
        contract = self.contract = auction.contract
        assert contract is not None, "an auction won makes a contract"
        self.trump = contract.trump
        self._tables = TABLES[self.trump]
        self.to_act = None
        self._stage(event)                # the last call, and with it the contract: the kitty still face down
        made = Event("contract", contractor, None, contract, _explain)
        event.consequences.append(made)
        self._stage(made)
        if contract.misere:
            # 500.bid.misere: the contractor plays alone; the partner's cards are out of play.
            partner = self.sitting_out = (contractor + 2) % PLAYERS
            self._next = [(s + 2) % PLAYERS if (s + 1) % PLAYERS == partner else (s + 1) % PLAYERS
                          for s in range(PLAYERS)]
            self._trick_size = PLAYERS - 1
            out = Event("partner-out", partner, None, contract, _explain)
            event.consequences.append(out)
            self._stage(out)
        # 500.kitty: the contractor takes the three kitty cards, then discards three.
        self.kitty_taken = self.kitty
        self.hands[contractor].extend(self.kitty)
        self.kitty = []
        event.consequences.append(Event("kitty", contractor, None, None, _explain, cards=self.kitty_taken))
        self.phase = Phase.KITTY
        self.to_act = contractor
        return event

    def _discard(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None and action.card is not None, "the contractor discards a card"
        self.hands[seat].remove(action.card)
        self.discards.append(action.card)
        event = Event("discard", seat, action, len(self.discards), _explain)
        if len(self.discards) == KITTY_SIZE:
            self.to_act = None
            self._stage(event)                           # the three discards apart, before the play
            self.to_act = seat
            self.phase = Phase.PLAY                      # 500.play.first-lead: the contractor leads
            self.trick = Trick(seat)
            event.consequences.append(Event("first-lead", seat, None, None, _explain))
        return event

    # --- play ---------------------------------------------------------------------------------

    def _play(self, action: Action) -> Event:
        seat, card, trick = self.to_act, action.card, self.trick
        assert seat is not None and card is not None and trick is not None, "a card in play"
        self.hands[seat].remove(card)
        cards = trick.cards
        suit_of = self._tables.suit_of
        if not cards:
            if card is JOKER and self.trump is None:
                trick.joker_suit = trick.lead = action.value
            else:
                trick.lead = suit_of[card.index]
        elif suit_of[card.index] is not trick.lead:
            assert trick.lead is not None, "the first card played leads a suit"
            self.shown_out[seat] |= 1 << trick.lead
        cards.append(card)
        trick.seats.append(seat)
        event = Event("play", seat, action, (self.trump, len(cards), trick.lead), _explain)
        if len(cards) < self._trick_size:
            self.to_act = self._next[seat]
            return event
        self.to_act = None
        self._stage(event)                # the trick complete on the table, not yet won
        winner = trick.winner = trick.seats[ranking.trick_winner(cards, self.trump, trick.joker_suit)]
        self.tricks.append(trick)
        self.tricks_won[winner] += 1
        won = Event("trick", winner, None, (trick, self.trump), _explain)
        event.consequences.append(won)
        self._stage(won)                  # its cards still in the middle
        assert self.contract is not None and self.contractor is not None, "the play follows a contract"
        if len(self.tricks) == 1 and self.contract.open:
            shown = Event("open-hand", self.contractor, None, list(self.hands[self.contractor]), _explain)
            event.consequences.append(shown)
            self._stage(shown)
        return self._next_lead(event, winner)

    # --- scoring ------------------------------------------------------------------------------

    def side_tricks(self) -> list[int]:
        won = self.tricks_won
        return [won[0] + won[2], won[1] + won[3]]

    def _score(self) -> Event:
        side = self.contractor_side
        assert self.contract is not None and self.contractor is not None and side is not None, "a contract played"
        self.result = score_hand(self.config, self.contract, side, self.side_tricks(),
                                 self.scores_before, self.contractor)
        return Event("score", None, None, self.result, _explain)

    # --- what one seat may see -------------------------------------------------------------------

    @property
    def hand_exposed(self) -> bool:
        """Open misère: the contractor's hand lies face up once the first trick is over."""
        return self.contract is not None and self.contract.open and len(self.tricks) >= 1

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know: its own hand, the auction and every trick played; never other hands,
        the kitty or the discards (save the contractor's own, and in open misère the contractor's hand after
        the first trick).

        ``contract`` is the call and ``contract_terms`` what it promises (tricks, misère, value);
        ``joker_suits`` gives, per trick played, the suit named aloud with a joker led in no trumps or
        misère (None otherwise), as ``joker_suit`` does for the trick in progress. ``config`` is the rules.
        """
        is_contractor = seat == self.contractor
        return {
            **self._view_of(seat),
            "calls": list(self.auction.calls) if self.auction else [],
            "contractor": self.contractor,
            "contract": self.contract.call if self.contract else None,
            "contract_terms": self.contract,
            "trump": self.trump,
            "sitting_out": self.sitting_out,
            "kitty_size": len(self.kitty),
            "kitty_taken": list(self.kitty_taken) if is_contractor else None,
            "discards": list(self.discards) if is_contractor else None,
            "exposed": list(self.hands[self.contractor]) if self.hand_exposed and self.contractor is not None else None,
            "trick": list(self.trick.cards) if self.trick else [],
            "trick_seats": list(self.trick.seats) if self.trick else [],
            "leader": self.trick.leader if self.trick else None,
            "joker_suit": self.trick.joker_suit if self.trick else None,
            "tricks": [(t.leader, list(t.cards), t.winner) for t in self.tricks],
            "joker_suits": [t.joker_suit for t in self.tricks],
            "tricks_won": self.side_tricks(),
            "scores": self.scores_now,
            "legal": self._legal_words(seat),
        }

    def table_view(self, viewer: int | None = None) -> TableView:
        """The table as ``viewer`` sees it (``None``: every hand face up, for the teacher)."""
        check_viewer(len(self.hands), viewer)
        exposed = self.contractor if self.hand_exposed else None
        visible = [viewer is None or seat in (viewer, exposed) for seat in range(PLAYERS)]
        hands = [list(h) if visible[s] else len(h) for s, h in enumerate(self.hands)]
        trick = self.trick
        plays = list(zip(trick.seats, trick.cards, strict=True)) if trick else []
        last = self.tricks[-1] if self.tricks else None
        legal, illegal = self._legal_shown(viewer, self.phase is Phase.PLAY)
        from atout.five_hundred.explain import score_labels, table_notes

        notes = table_notes(self.sitting_out, self.contract, trick.joker_suit if trick is not None else None)
        # Once taken, the kitty's cards are in the contractor's hand: the view gives those still there (the table
        # marks them in the hand, never as a second pile), and while the contractor discards, the cards discarded
        # so far apart (face up to the contractor, a count to the others).
        sees = viewer is None or viewer == self.contractor
        kitty: list[Card] | int = len(self.kitty)
        discards: list[Card] | int = 0
        if self.phase is Phase.KITTY:
            kitty = [c for c in self.kitty_taken if c not in self.discards] if sees else 0
            discards = list(self.discards) if sees else len(self.discards)
        return TableView(
            game=self.config.game, players=PLAYERS, viewer=viewer, dealer=self.dealer, to_act=self.to_act,
            phase=self.phase.value, hands=hands, trick=plays, leader=trick.leader if trick else None,
            trump=self.trump, turn_up=None, kitty=kitty, stock=0, discards=discards,
            scores=self.scores_now, score_unit=Text(self.SCORES_NOW_UNIT),
            score_labels=score_labels(), tricks_won=self.side_tricks(),
            legal=legal, illegal=illegal,
            last_trick=list(zip(last.seats, last.cards, strict=True)) if last else None,
            last_trick_winner=last.winner if last else None,
            contract=(self.contractor, self.contract.call) if self.contract else None, notes=notes,
            over=self.is_over, strain="NT" if self.contract and self.trump is None else None,
            **auction_fields(self.auction))

    def _cards_elsewhere(self) -> list[Card]:
        return self.kitty + self.discards + (self.trick.cards if self.trick is not None else [])

    DOES = {"deal": _deal, "ending": _ending, "bid": _bid, "discard": _discard, "play": _play}
    PHASES = (Phase.DEAL, Phase.BID, Phase.KITTY, Phase.PLAY, Phase.OVER)

    def is_of_this_game(self, action: Action | str) -> bool:
        """A bid is one of Five Hundred's calls (misère counted, played where a table agrees to it)."""
        action = checked_action(action)
        if action.kind == "bid":
            try:
                parse_call(str(action.value))
            except AtoutError:
                return False
            return True
        return super().is_of_this_game(action)

    def __repr__(self) -> str:
        contract = self.contract.call if self.contract else None
        return f"<FiveHundredHand {self.phase.value} dealer={self.dealer} to_act={self.to_act} contract={contract}>"


_BID_TABLES: dict[FiveHundredConfig, tuple[tuple[tuple[Action, ...], ...], ...]] = {}


def _bid_action_table(config: FiveHundredConfig) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """``config.call_table`` as (interned) bid actions: auctions repeat the same few lists."""
    table = _BID_TABLES.get(config)
    if table is None:
        actions = {c: Action("bid", None, c) for c in ("pass", *config.calls)}
        table = _BID_TABLES[config] = tuple(tuple(tuple(actions[c] for c in calls) for calls in row)
                                            for row in config.call_table)
    return table


def _explain(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    from atout.five_hundred.explain import explain_event

    return explain_event(event, viewer)
