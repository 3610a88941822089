"""One hand of the Forty-Fives family, as a state machine.

>>> hand = FortyFivesHand.new("forty-fives", seed=7)
>>> hand.phase, hand.to_act in range(3)
(<Phase.PLAY: 'play'>, True)
>>> event = hand.apply(hand.legal_actions()[0])
>>> event.kind in ("play", "rob", "keep")
True

Phases: DEAL (chance: the shuffled deck), then ROB (the dealer robs a turned-up ace) or BID,
TRUMP, DISCARD (only with ``free_discard``; otherwise discarding is automatic), PLAY, and OVER.
The draw and the scoring happen automatically and show as events.
"""

from __future__ import annotations

import enum
import random
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
    auction_fields,
    check_ending,
    check_seat,
    check_viewer,
    checked_action,
    given_up_when_robbing,
)
from atout.errors import IllegalActionError, PositionError
from atout.forty_fives import ranking
from atout.forty_fives.bidding import Auction
from atout.forty_fives.config import BID_VALUES, FortyFivesConfig, make_config
from atout.forty_fives.ranking import TABLES
from atout.forty_fives.scoring import HandResult, score_hand
from atout.i18n import Series, Text
from atout.ranking import TRUMP_POWER
from atout.trick_play import play_out_trick, tricks_won_before

KEEP = Action("keep")
TAKE_KITTY = Action("kitty")
DONE = Action("done")
TRUMP_ACTIONS = {s: Action("trump", None, s) for s in Suit}
HAND_SIZE = 5


class Refused(enum.Enum):
    """Why an action is refused (``_refusal``), with what ``Refusal.data`` holds; ``explain.explain_refusal`` words
    each and cites its rule."""

    OVER = "over"
    NOT_DEALT = "not-dealt"
    NOTHING_TURNED = "nothing-turned"                   # the game, whose high bidder names trumps
    NO_TURNED_CARD_KNOWN = "no-turned-card-known"       # a hand taken up part-way
    ACE_KEPT = "ace-kept"                               # the ace of trumps, which a robbing holder keeps
    TURNED_ACE_IS_THE_DEALERS = "turned-ace-is-the-dealers"   # (the dealer, whether the dealer must rob)
    TURNED_ACE_ROBBED = "turned-ace-robbed"
    TURNED_ACE_KEPT = "turned-ace-kept"
    NOT_THE_ACE_HOLDER = "not-the-ace-holder"           # (the turned card, the ace of trumps)
    ROB_DECIDED = "rob-decided"
    ROB_CARD_NOT_HELD = "rob-card-not-held"
    ROB_OR_KEEP_FIRST = "rob-or-keep-first"
    CARD_NOT_HELD = "card-not-held"                     # the player's hand
    SUIT_NAMED = "suit-named"                           # a card played with a suit named (Five Hundred's joker)
    AGAINST_THE_PLAY = "against-the-play"               # ``PlayFacts``: what the card is judged against
    CALL = "call"                                       # the auction, which says why it refuses the call
    DEALER_MUST_ROB = "dealer-must-rob"
    DEALER_LACKS_CARD = "dealer-lacks-card"
    DISCARD_DOWN_FIRST = "discard-down-first"
    DISCARD_NOT_HELD = "discard-not-held"
    NOT_OF_THIS_GAME = "not-of-this-game"               # ``Moment``: the phase, the game, what is legal instead
    NOT_NOW = "not-now"                                 # ``Moment``


class PlayFacts(NamedTuple):
    """What a card refused in the play is judged against (``ranking.explain_illegal`` says which rule it breaks)."""

    hand: list[Card]
    plays: list[Card]
    trump: Suit
    must_follow_suit: bool
    ace_of_hearts_led: bool


class Trick:
    """One trick: who led, the cards in play order, who won it."""

    __slots__ = ("leader", "cards", "winner")

    def __init__(self, leader: int, cards: list[Card] | None = None, winner: int | None = None) -> None:
        self.leader = leader
        self.cards = cards if cards is not None else []
        self.winner = winner

    def __repr__(self) -> str:
        return f"Trick(leader={self.leader}, cards={[c.code for c in self.cards]}, winner={self.winner})"


class FortyFivesHand(HandBase):
    """The state of one hand: who holds what, whose turn, what has happened."""

    DECK = FULL_DECK
    TRICKS = HAND_SIZE
    trick_class = Trick
    config_class = FortyFivesConfig
    make_config = staticmethod(make_config)

    def __init__(self, config: FortyFivesConfig, dealer: int = 0, scores_before: Sequence[int] | None = None) -> None:
        self.config: FortyFivesConfig = config
        self.n = config.players
        self.dealer = dealer
        self.scores_before = list(scores_before) if scores_before is not None else [0] * config.sides
        self.phase = Phase.DEAL
        self.to_act: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.deck_order: tuple[Card, ...] = ()
        self.turn_up: Card | None = None        # the turned card while it lies on the table
        self.turned_card: Card | None = None    # which card was turned (known to all)
        self.trump: Suit | None = None
        self.kitty: list[Card] = []
        self.stock: list[Card] = []
        self.discards: list[list[Card]] = [[] for _ in range(self.n)]
        self.dealer_takes_ace_after_trick = False
        self.rob_offer: int | None = None       # seat holding the ace of trumps, not yet decided
        self.announced_ace_holder: int | None = None
        self.robbed_by: int | None = None
        self.auction: Auction | None = None
        self.bidder: int | None = None
        self.bid: str | None = None
        self.kitty_taken: list[Card] | None = None   # the kitty the bidder took, once taken (only it saw it)
        self.kitty_in_place = False
        self.discarding: list[int] = []          # seats still to discard (free_discard)
        self.drawn: list[int] | None = None      # cards each seat drew from the stock (a45.draw), once drawn
        self.trick: Trick | None = None
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self.n
        self.best_power = -1
        self.best_seat: int | None = None
        self.best_card: Card | None = None
        self.result: HandResult | None = None
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._legal: tuple[Action, ...] | None = None
        self._ace_holder: int | None = None     # who may still be offered 45.rob.ace-holder

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, game: str | FortyFivesConfig = "forty-fives", seed: int | None = None, dealer: int = 0,
            scores_before: Sequence[int] | None = None, options: Mapping[str, Any] | None = None,
            **more: Any) -> FortyFivesHand:
        """A hand dealt from a deck shuffled with ``seed`` (the same seed, the same hands)."""
        return cls.dealt(cls.configure(game, options, **more), seed, dealer,
                         HandStart(scores_before=None if scores_before is None else tuple(scores_before)))

    @classmethod
    def position(cls, config: FortyFivesConfig, turn_up: Card, dealer: int = 0,
                 hands: Mapping[int, Sequence[Card]] | None = None, holder: int | None = None) -> FortyFivesHand:
        """A hand just dealt with ``turn_up`` turned, for a question about robbing: each seat of ``hands`` holds
        those cards (up to five; the deal fills the rest). The ace of trumps, when it is not the turned card
        nor in a hand given, is dealt to ``holder``, or else lies undealt in the stock. The other cards come in
        the deck's own order. An impossible position raises ``PositionError`` saying why.

        >>> from atout.cards import parse_cards
        >>> hand = FortyFivesHand.position(make_config("forty-fives"), Card.parse("9D"), holder=1)
        >>> [str(a) for a in hand.legal_actions()][-1], hand.to_act
        ('keep', 1)
        """
        if config.auction:
            raise PositionError(Text("{game} turns no card up: robbing is for forty-fives and "
                                     "forty-fives-partners", game=config.game))
        n = config.players
        given = {seat: list(cards) for seat, cards in (hands or {}).items()}
        for seat, cards in given.items():
            if not 0 <= seat < n:
                raise PositionError(Text("seat {seat} is not at this table: the seats are 0 to {last}", seat=seat,
                                         last=n - 1))
            if len(cards) > HAND_SIZE:
                raise PositionError(Text("a hand of forty-fives holds {size} cards, not {n}", size=HAND_SIZE,
                                         n=len(cards)))
        named = [turn_up, *(c for cards in given.values() for c in cards)]
        for card in named:
            if card not in FULL_DECK:      # the joker: the turned card would name no trump suit
                raise PositionError(Text("{card} is not in the deck of this game", card=card))
        if len(set(named)) != len(named):
            raise PositionError(Text("each card exists once: the turned card and the hands share a card"))
        assert turn_up.suit is not None, "a card of the deck has a suit"
        ace = Card.of(ACE, turn_up.suit)
        place_ace = turn_up is not ace and ace not in named
        if holder is not None:
            if not 0 <= holder < n:
                raise PositionError(Text("seat {seat} is not at this table: the seats are 0 to {last}", seat=holder,
                                         last=n - 1))
            if not place_ace and ace not in given.get(holder, []):
                raise PositionError(Text("the holder of the ace of trumps, {ace}, is given twice: it is the turned "
                                         "card or in another hand", ace=ace))
            if place_ace:
                if len(given.get(holder, [])) == HAND_SIZE:
                    raise PositionError(Text("seat {seat} holds the ace of trumps, {ace}: it must be one of its "
                                             "five cards", seat=holder, ace=ace))
                given.setdefault(holder, []).append(ace)
                place_ace = False
        placed = {turn_up, *(c for cards in given.values() for c in cards), *([ace] if place_ace else [])}
        rest = [c for c in FULL_DECK if c not in placed]
        random.Random(0).shuffle(rest)       # the same filling every time, and hands that look dealt
        full = {}
        for seat in range(n):
            cards = given.get(seat, [])
            full[seat], rest = cards + rest[:HAND_SIZE - len(cards)], rest[HAND_SIZE - len(cards):]
        order: list[Card] = []
        seats = [(dealer + 1 + i) % n for i in range(n)]
        for start, packet in ((0, 3), (3, 2)):          # 45.deal.packets
            for seat in seats:
                order += full[seat][start:start + packet]
        order += [turn_up, *rest, *([ace] if place_ace else [])]
        hand = cls(config, dealer)
        hand.apply(Action("deal", None, tuple(order)))
        return hand

    # --- queries ----------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return self.config.side_of(check_seat(len(self.hands), seat))

    def call_rows(self) -> list[list[str]]:
        """Pass and hold, then the bids from the lowest the game allows."""
        return [["pass", "hold"], list(self.config.bid_values)]

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            seat, trump, trick = self.to_act, self.trump, self.trick
            assert seat is not None and trump is not None and trick is not None, "the play has trumps and a trick"
            if self.rob_offer == seat:
                ace = Card.of(ACE, trump)
                return [Action("rob", c) for c in self.hands[seat] if c is not ace] + [KEEP]
            hand = self.hands[seat]
            cards = ranking.legal_plays(hand, trick.cards, trump, self.config.must_follow_suit,
                                        self.config.ace_of_hearts_led)
            return [PLAY_ACTIONS[c.index] for c in cards]
        if phase is Phase.BID:
            assert self.auction is not None, "the bidding has its auction"
            return [Action("bid", None, c) for c in self.auction.legal()]
        if phase is Phase.ROB:
            actions = [Action("rob", c) for c in self.hands[self.dealer]]
            return actions + [KEEP] if self.config.dealer_rob == "may" else actions
        if phase is Phase.TRUMP:
            actions = [TRUMP_ACTIONS[s] for s in Suit]
            return actions if self.kitty_in_place or not self.config.kitty else actions + [TAKE_KITTY]
        if phase is Phase.DISCARD:
            seat = self.to_act
            assert seat is not None, "a player is to discard"
            actions = [Action("discard", c) for c in self.hands[seat]]
            return actions + [DONE] if len(self.hands[seat]) <= 5 else actions
        return []

    def returns(self) -> list[int]:
        """What each player scored this hand, once it is over (0 before), seat by seat as OpenSpiel's ``returns``:
        with partners, both partners get their side's points.

        >>> hand = FortyFivesHand.new("forty-fives-partners", seed=3)
        >>> while not hand.is_over:
        ...     _ = hand.apply(hand.legal_actions()[0])
        >>> hand.result.points, hand.returns()
        ([0, 15], [0, 15, 0, 15])
        """
        if self.result is None:
            return [0] * self.n
        by_side = [a - b for a, b in zip(self.result.scores_after, self.result.scores_before, strict=True)]
        return [by_side[self.config.side_of(seat)] for seat in range(self.n)]

    # --- applying actions -------------------------------------------------------------------

    def table_view(self, viewer: int | None = None) -> TableView:
        """The table as ``viewer`` sees it (``None``: every hand face up, for the teacher)."""
        check_viewer(len(self.hands), viewer)
        n = self.n
        visible = [viewer is None or seat == viewer for seat in range(n)]
        hands = [list(h) if visible[s] else len(h) for s, h in enumerate(self.hands)]
        trick = self.trick
        plays = [((trick.leader + i) % n, c) for i, c in enumerate(trick.cards)] if trick else []
        last = self.tricks[-1] if self.tricks else None
        legal, illegal = self._legal_shown(viewer, self.phase is Phase.PLAY and self.rob_offer is None)
        config = self.config
        from atout.forty_fives.explain import score_labels, table_notes

        # From the kitty taken to the draw, the bidder's cards from the kitty are marked in the bidder's hand and the
        # discards lie apart: face up to the every-hand view, a count to a seat (its own discards are said in words).
        kitty: list[Card] | int = len(self.kitty)
        discards: list[Card] | int = 0
        if self.kitty_taken is not None and self.phase in (Phase.TRUMP, Phase.KITTY, Phase.DISCARD):
            assert self.bidder is not None, "a kitty is taken by the bidder"
            if viewer is None or viewer == self.bidder:
                kitty = [c for c in self.kitty_taken if c in self.hands[self.bidder]]
            thrown = [c for seat in range(n) for c in self.discards[seat]]
            discards = thrown if viewer is None else len(thrown)
        elif not config.auction:
            discards = given_up_when_robbing(self.discards, self.robbed_by, viewer)
        return TableView(
            game=config.game, players=n, viewer=viewer, dealer=self.dealer, to_act=self.to_act,
            phase=self.phase.value, hands=hands, trick=plays, leader=trick.leader if trick else None,
            trump=self.trump, turn_up=self.turn_up, kitty=kitty, discards=discards,
            stock=len(self.stock) if config.auction else 0,
            scores=self.scores_now, score_labels=score_labels(n, config.has_partners),
            score_unit=Text(self.SCORES_NOW_UNIT), tricks_won=list(self.tricks_won),
            legal=legal, illegal=illegal,
            last_trick=[((last.leader + i) % n, c) for i, c in enumerate(last.cards)] if last else None,
            last_trick_winner=last.winner if last else None,
            contract=(self.bidder, self.bid) if self.bid else None, notes=table_notes(self._ace_still_held()),
            over=self.is_over,
            **auction_fields(self.auction))

    def _ace_still_held(self) -> int | None:
        """The seat announced as holding the ace of trumps while it holds it still: once the ace is played, a note
        saying it "holds the ace of trumps" would no longer be true."""
        seat = self.announced_ace_holder
        if seat is None or self.trump is None or Card.of(ACE, self.trump) not in self.hands[seat]:
            return None
        return seat

    def explain_rob(self) -> Explanation:
        """Whether the player to act may rob the turned card now, and why: the rule, and for the dealer the option
        ``dealer_rob`` in force (``legal_actions`` decides; this says it in words)."""
        legal = self.legal_actions()
        if any(a.kind == "rob" for a in legal):
            seat, trump, card = self.to_act, self.trump, self.turn_up
            assert seat is not None and trump is not None, "a rob is offered in play, trumps turned"
            from atout.forty_fives.explain import explain_rob_offer

            return explain_rob_offer(seat, card, Card.of(ACE, trump), self.phase is Phase.ROB, KEEP in legal)
        return self._explain_illegal(Action("rob"))

    def _why_no_rob(self, action: Action) -> Refusal:
        """Why the player to act may not rob (45.rob.*)."""
        seat, turned = self.to_act, self.turned_card
        assert seat is not None, "a rob is refused to the player to act"
        if turned is None and self.config.auction:
            return Refusal(Refused.NOTHING_TURNED, seat, action, self.config.game)
        if turned is None:             # a hand taken up part-way: the turned card is not part of what it knows
            return Refusal(Refused.NO_TURNED_CARD_KNOWN, seat, action)
        assert self.trump is not None, "a turned card makes trumps"
        ace = Card.of(ACE, self.trump)
        if self.rob_offer == seat and action.card is ace:
            return Refusal(Refused.ACE_KEPT, seat, action, ace)
        if turned.rank == ACE:
            if seat != self.dealer:
                return Refusal(Refused.TURNED_ACE_IS_THE_DEALERS, seat, action,
                               (self.dealer, self.config.dealer_rob == "must"))
            # Said as what was done: at a table where the dealer must rob there was no decision to make.
            if self.robbed_by == seat:
                return Refusal(Refused.TURNED_ACE_ROBBED, seat, action)
            return Refusal(Refused.TURNED_ACE_KEPT, seat, action)
        # Dealt the ace: still held, or already said (robbed, or announced as the holder) in the first trick.
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
        if phase is Phase.PLAY:
            assert self.trump is not None and self.trick is not None, "the play has trumps and a trick"
            if action.kind == "rob" and (self.rob_offer != seat or action.card is Card.of(ACE, self.trump)):
                return self._why_no_rob(action)
            if action.kind == "rob" and action.card is not None and action.card not in self.hands[seat]:
                return Refusal(Refused.ROB_CARD_NOT_HELD, seat, action)
            if self.rob_offer == seat:
                return Refusal(Refused.ROB_OR_KEEP_FIRST, seat, action)
            if action.kind == "play" and action.card is not None:
                hand = self.hands[seat]
                if action.card not in hand:
                    return Refusal(Refused.CARD_NOT_HELD, seat, action, list(hand))
                if action.value is not None:
                    return Refusal(Refused.SUIT_NAMED, seat, action, self.config.game)
                return Refusal(Refused.AGAINST_THE_PLAY, seat, action, PlayFacts(
                    list(hand), list(self.trick.cards), self.trump, self.config.must_follow_suit,
                    self.config.ace_of_hearts_led))
        if phase is Phase.BID and action.kind == "bid":
            assert self.auction is not None, "the bidding has its auction"
            return Refusal(Refused.CALL, seat, action, self.auction)
        if phase is Phase.ROB and action.kind == "keep":
            return Refusal(Refused.DEALER_MUST_ROB, seat, action)
        if phase is Phase.ROB and action.kind == "rob" and action.card is not None:
            return Refusal(Refused.DEALER_LACKS_CARD, seat, action)
        if phase is Phase.DISCARD and action.kind == "done":
            return Refusal(Refused.DISCARD_DOWN_FIRST, seat, action)
        if phase is Phase.DISCARD and action.kind == "discard" and action.card is not None:
            return Refusal(Refused.DISCARD_NOT_HELD, seat, action)
        if not self.is_of_this_game(action):
            return Refusal(Refused.NOT_OF_THIS_GAME, seat, action, Moment(phase, self.config.game,
                                                                          self.legal_actions()))
        return Refusal(Refused.NOT_NOW, seat, action, Moment(phase, self.config.game, self.legal_actions()))

    def _word_refusal(self, refusal: Refusal) -> Explanation:
        from atout.forty_fives.explain import explain_refusal

        return explain_refusal(refusal)

    # --- the deal -----------------------------------------------------------------------------

    def _deal(self, action: Action) -> Event:
        order = tuple(action.value)
        if len(order) != 52 or sum(1 << c.index for c in order) != FULL_MASK:
            raise IllegalActionError(Text("A deal must order the 52 cards of the deck, each once"),
                                      rule="45.deal.packets")
        n, dealer, config = self.n, self.dealer, self.config
        self.deck_order = order
        seats = [(dealer + 1 + i) % n for i in range(n)]
        pos = 0
        hands = self.hands
        kitty_first = (config.kitty + 1) // 2 if config.auction else 0   # 2 then 2 (or 2 then 1)
        for packet in (3, 2):
            for seat in seats:
                hands[seat].extend(order[pos:pos + packet])
                pos += packet
            if config.auction and config.kitty:
                take = kitty_first if packet == 3 else config.kitty - kitty_first
                self.kitty.extend(order[pos:pos + take])
                pos += take
        # the kitty's two packets (2 and 2, or 2 and 1), for the deal's sentence (45.deal.kitty)
        kitty_packets = (kitty_first, config.kitty - kitty_first) if config.auction and config.kitty else None
        event = Event("deal", dealer, action, kitty_packets, _explain)
        if config.auction:
            self.stock = list(order[pos:])
            self.auction = Auction(n, dealer, config.bid_values, config.dealer_forced)
            self.phase = Phase.BID
            self.to_act = self.auction.to_act
            return event
        self.turn_up = self.turned_card = order[pos]
        self.stock = list(order[pos + 1:])
        self.trump = self.turn_up.suit
        assert self.trump is not None, "the deal checked the 52 cards: no joker is turned"
        if self.turn_up.rank != ACE:
            ace = Card.of(ACE, self.trump)
            self._ace_holder = next((s for s in range(n) if ace in hands[s]), None)
        event.consequences.append(Event("turn-up", dealer, None, self.turn_up, _explain, cards=(self.turn_up,)))
        if self.turn_up.rank == ACE:
            self.phase = Phase.ROB
            self.to_act = dealer
        else:
            self._start_play((dealer + 1) % n)
        return event

    def _ending(self, action: Action) -> Event:
        """Take the hand up at an ending (``Ending``): trumps named, robbing done, each seat holding the cards
        given, the trick on the table played out by the rules (a card that could not have been played is
        refused), the tricks won so far, the best trump played so far."""
        ending: Ending = action.value
        config, n = self.config, self.n
        check_ending(ending, n, FULL_DECK, HAND_SIZE)
        if not isinstance(ending.trump, Suit):
            raise PositionError(Text("an ending of {game} names the trump suit, as in trump: H", game=config.game))
        if config.auction:
            if ending.contract is None:
                raise PositionError(Text("an ending of {game} names the contract: the bidder and the bid, as in "
                                         "contract: 1 20", game=config.game))
            bidder, bid = ending.contract
            if not 0 <= bidder < n or bid not in config.bid_values:
                raise PositionError(Text("the contract is a seat from 0 to {last} and a bid of {bids}, not {given}",
                                         last=n - 1, bids=Series(config.bid_values), given=f"{bidder} {bid}"))
            self.bidder, self.bid = bidder, bid
        elif ending.contract is not None:
            raise PositionError(Text("{game} has no auction: an ending gives its trump, not a contract",
                                     game=config.game))
        self.trump = ending.trump
        power = TABLES[self.trump].power
        if ending.best is not None:
            seat, card = ending.best
            if not 0 <= seat < n or power[card.index] <= TRUMP_POWER:
                raise PositionError(Text("best names the best trump played so far and the seat that played it, as "
                                         "in best: 2 JH; {card} is not a trump", card=card))
            self.best_power, self.best_seat, self.best_card = power[card.index], seat, card
        self.hands = [list(h) for h in ending.hands]
        self.tricks_won = list(ending.won or [0] * n)
        self.tricks = tricks_won_before(Trick, self.tricks_won)
        self._start_play(ending.leader)
        play_out_trick(self, ending.trick)
        return Event("ending", self.to_act, action, None, _explain)

    def _deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:
        """The deal, packet by packet, for a step-through view: (what, seat, cards)."""
        n, order, config = self.n, self.deck_order, self.config
        seats = [(self.dealer + 1 + i) % n for i in range(n)]
        packets: list[tuple[str, int | None, list[Card]]] = []
        pos = 0
        kitty_first = (config.kitty + 1) // 2 if config.auction else 0
        for packet in (3, 2):
            for seat in seats:
                packets.append(("hand", seat, list(order[pos:pos + packet])))
                pos += packet
            if config.auction and config.kitty:
                take = kitty_first if packet == 3 else config.kitty - kitty_first
                packets.append(("kitty", None, list(order[pos:pos + take])))
                pos += take
        if not config.auction:
            packets.append(("turn-up", None, [order[pos]]))
        else:                  # the cards left undealt are the stock the Auction draws from (a45.draw)
            packets.append(("stock", None, list(order[pos:])))
        return packets

    # --- robbing ------------------------------------------------------------------------------

    def _rob(self, action: Action) -> Event:
        """Rob or keep: the dealer's decision on a turned ace (ROB), else the ace holder's (45.rob.ace-holder)."""
        return self._dealer_rob(action) if self.phase is Phase.ROB else self._holder_rob(action)

    def _dealer_rob(self, action: Action) -> Event:
        dealer = self.dealer
        if action.kind == "keep":
            event = Event("keep", dealer, action, None, _explain)
        else:
            assert action.card is not None and self.turn_up is not None, "a rob gives up a card for the turned ace"
            self.hands[dealer].remove(action.card)
            self.discards[dealer].append(action.card)
            if self.config.dealer_rob == "may":
                self.dealer_takes_ace_after_trick = True    # plays trick 1 from four cards
            else:
                self.hands[dealer].append(self.turn_up)
            self.robbed_by = dealer
            taken_now = () if self.dealer_takes_ace_after_trick else (self.turn_up,)
            event = Event("rob", dealer, action, self.turn_up, _explain, cards=taken_now)
            if not self.dealer_takes_ace_after_trick:
                self.turn_up = None
        self._start_play((dealer + 1) % self.n)
        return event

    def _holder_rob(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None and self.trump is not None, "the ace holder robs in play"
        self.rob_offer = None
        if action.kind == "keep":
            self.announced_ace_holder = seat
            return Event("keep", seat, action, Card.of(ACE, self.trump), _explain)
        assert action.card is not None and self.turn_up is not None, "a rob gives up a card for the turned card"
        self.hands[seat].remove(action.card)
        self.discards[seat].append(action.card)
        self.hands[seat].append(self.turn_up)
        self.robbed_by = seat
        event = Event("rob", seat, action, self.turn_up, _explain, cards=(self.turn_up,))
        self.turn_up = None
        return event

    def _offer_rob(self, seat: int) -> None:
        """45.rob.ace-holder: the holder of the ace of trumps decides when their turn first comes."""
        if seat == self._ace_holder:
            self._ace_holder = None      # offered once
            if self.turn_up is not None and not self.tricks:
                self.rob_offer = seat

    # --- auction, trump, discards, draw -----------------------------------------------------------

    def _bid(self, action: Action) -> Event:
        seat = self.to_act
        assert self.auction is not None, "the bidding has its auction"
        self.auction.call(action.value)
        # a hold takes the standing bid: its event names that bid
        event = Event("bid", seat, action, self.auction.bid if action.value == "hold" else None, _explain)
        if not self.auction.over:
            self.to_act = self.auction.to_act
            return event
        if self.auction.winner is None:
            self.phase = Phase.OVER
            self.to_act = None
            self.result = HandResult([0] * self.config.sides, self.scores_before, list(self.scores_before),
                                     self.tricks_won, None, None, thrown_in=True)
            event.consequences.append(Event("thrown-in", self.dealer, None, None, _explain))
            return event
        self.bidder = self.auction.winner
        self.bid = self.auction.bid
        event.consequences.append(Event("contract", self.bidder, None, self.bid, _explain))
        self.phase = Phase.TRUMP
        self.to_act = self.bidder
        return event

    def _trump(self, action: Action) -> Event:
        bidder = self.bidder
        assert bidder is not None, "the high bidder names trumps"
        if action.kind == "kitty":
            hand = self.hands[bidder]
            self.discards[bidder].extend(hand)
            self.hands[bidder] = list(self.kitty)
            self.kitty_taken, self.kitty = self.kitty, []
            self.kitty_in_place = True
            return Event("kitty-in-place", bidder, action, (list(self.kitty_taken), list(hand)), _explain,
                         cards=[*self.kitty_taken, *hand])
        self.trump = action.value
        event = Event("trump", bidder, action, self.trump, _explain)
        self.to_act = None            # the rules move the cards now, each event in its own position
        last = event
        if self.kitty_taken is None:
            taken = self.kitty
            if taken:
                self._stage(event)    # trumps named, the kitty still face down
                last = Event("kitty", bidder, None, len(taken), _explain, cards=taken)
                event.consequences.append(last)
            self.hands[bidder].extend(taken)
            self.kitty_taken, self.kitty = taken, []
            self.phase = Phase.KITTY
        if self.config.free_discard:
            self.discarding = [(self.dealer + 1 + i) % self.n for i in range(self.n)]
            self.phase = Phase.DISCARD
            self.to_act = self.discarding[0]
            return event
        self._stage(last)
        self.phase = Phase.DISCARD
        for i in range(self.n):
            discarded = self._automatic_discard((self.dealer + 1 + i) % self.n)
            event.consequences.append(discarded)
            self._stage(discarded)
        event.consequences.append(self._draw())
        return event

    def _automatic_discard(self, seat: int) -> Event:
        """a45.discard.others, a45.discard.bidder: ``seat`` keeps its trumps (the bidder five at most)."""
        assert self.trump is not None, "the discard follows the naming of trumps"
        keep = kept_at_discard(self.hands[seat], self.trump, seat == self.bidder)
        thrown = [c for c in self.hands[seat] if c not in keep]
        self.discards[seat].extend(thrown)
        self.hands[seat] = [c for c in self.hands[seat] if c in keep]
        return Event("discards", seat, None, seat == self.bidder, _explain, cards=thrown)

    def _free_discard(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None, "a player is to discard"
        if action.kind == "discard":
            assert action.card is not None, "a discard names its card"
            self.hands[seat].remove(action.card)
            self.discards[seat].append(action.card)
            return Event("discard", seat, action, seat == self.bidder, _explain)
        self.discarding.pop(0)
        event = Event("discard-done", seat, action, (seat == self.bidder, len(self.hands[seat])), _explain)
        if self.discarding:
            self.to_act = self.discarding[0]
        else:
            self.to_act = None
            self._stage(event)        # the last player done, before the draw
            event.consequences.append(self._draw())
        return event

    def _draw(self) -> Event:
        """a45.draw: from the dealer's left, each hand is brought back to five from the stock."""
        assert self.bidder is not None, "the draw follows the auction"
        drawn: list[tuple[int, list[Card]]] = []
        self.drawn = [0] * self.n
        for i in range(self.n):
            seat = (self.dealer + 1 + i) % self.n
            need = HAND_SIZE - len(self.hands[seat])
            cards, self.stock = self.stock[:need], self.stock[need:]
            self.hands[seat].extend(cards)
            self.drawn[seat] = len(cards)
            drawn.append((seat, cards))
        self._start_play((self.bidder + 1) % self.n)
        return Event("draw", self.dealer, None, drawn, _explain, cards=[c for _seat, cards in drawn for c in cards])

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
        power = TABLES[trump].power[card.index]
        if power > TRUMP_POWER and power > self.best_power:
            self.best_power, self.best_seat, self.best_card = power, seat, card
        event = Event("play", seat, action, (self.trump, len(trick.cards), trick.cards[0]), _explain)
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
        won = Event("trick", winner, None, (trick, self.trump), _explain)
        event.consequences.append(won)
        self._stage(won)                  # its cards still in the middle
        if self.dealer_takes_ace_after_trick:
            self.dealer_takes_ace_after_trick = False
            assert self.turn_up is not None, "the robbing dealer's turned ace waits on the table"
            self.hands[self.dealer].append(self.turn_up)
            taken = Event("take-ace", self.dealer, None, self.turn_up, _explain, cards=(self.turn_up,))
            event.consequences.append(taken)
            self.turn_up = None
            self._stage(taken)
        return self._next_lead(event, winner)

    # --- scoring ------------------------------------------------------------------------------

    def _score(self) -> Event:
        self.result = score_hand(self.config, self.tricks_won, self.best_seat, self.scores_before,
                                 self.bidder, self.bid)
        self.result.best_card = self.best_card
        return Event("score", None, None, self.result, _explain)

    # --- what one seat may see -------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know: its own hand and discards, and all the table saw happen; never other
        hands, the kitty (save the bidder's, once taken), others' discards or the stock order.

        Besides the table now, the public record: ``tricks`` (every trick played), ``robbed_by`` (who robbed
        the turned card) and ``robbed_card`` (the card taken in: the turned card, which lay face up),
        ``turn_up_after_trick`` (the robbing dealer, with ``dealer_rob: may``, who takes the turned ace into
        hand after the first trick), ``discard_counts`` (how many cards each seat has laid face down) and
        ``drawn`` (how many each drew in the auction game, once drawn). ``config`` is the game's rules.
        """
        robbed = self.robbed_by is not None
        return {
            **self._view_of(seat),
            "trump": self.trump,
            "turn_up": self.turn_up,
            "turned_card": self.turned_card if not self.config.auction else None,
            "announced_ace_holder": self.announced_ace_holder,
            "robbed_by": self.robbed_by,
            "robbed_card": self.turned_card if robbed else None,
            "turn_up_after_trick": self.dealer if self.dealer_takes_ace_after_trick else None,
            "trick": list(self.trick.cards) if self.trick else [],
            "leader": self.trick.leader if self.trick else None,
            "tricks": [(t.leader, list(t.cards), t.winner) for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "calls": list(self.auction.calls) if self.auction else [],
            "bidder": self.bidder,
            "bid": self.bid,
            "own_discards": list(self.discards[seat]),
            "discard_counts": [len(d) for d in self.discards],
            "drawn": list(self.drawn) if self.drawn is not None else None,
            "kitty": list(self.kitty_taken) if seat == self.bidder and self.kitty_taken is not None else None,
            "stock_size": len(self.stock) if self.config.auction else 0,
            "scores": self.scores_now,
            "legal": self._legal_words(seat),
        }

    def _cards_elsewhere(self) -> list[Card]:
        cards = self.kitty + self.stock + [c for d in self.discards for c in d]
        if self.trick is not None:
            cards += self.trick.cards
        if self.turn_up is not None:
            cards.append(self.turn_up)
        return cards

    DOES = {"deal": _deal, "ending": _ending, "rob": _rob, "keep": _rob, "bid": _bid, "trump": _trump, "kitty": _trump,
            "discard": _free_discard, "done": _free_discard, "play": _play}
    PHASES = (Phase.DEAL, Phase.ROB, Phase.BID, Phase.TRUMP, Phase.KITTY, Phase.DISCARD, Phase.PLAY, Phase.OVER)
    _AUCTION_ONLY = frozenset(("bid", "trump", "kitty", "discard", "done"))

    def is_of_this_game(self, action: Action | str) -> bool:
        """The turned-up presets rob and keep; the Auction bids its calls (at any table's lowest bid), names trumps
        and discards."""
        action = checked_action(action)
        if action.kind in ("rob", "keep", "exchange"):    # an exchange for the turned card is how one robs
            return not self.config.auction
        if action.kind in self._AUCTION_ONLY:
            return self.config.auction and (action.kind != "bid" or str(action.value) in ("pass", "hold", *BID_VALUES))
        return super().is_of_this_game(action)

    def __repr__(self) -> str:
        return (f"<FortyFivesHand {self.config.game} {self.phase.value} dealer={self.dealer} "
                f"to_act={self.to_act} trump={self.trump.letter if self.trump is not None else None}>")


def kept_at_discard(cards: Sequence[Card], trump: Suit, bidder: bool) -> list[Card]:
    """The cards a player keeps once trumps are named: the trumps (`a45.discard.others`, the A♥ among them); the
    bidder keeps the five highest when more remain (`a45.discard.bidder`). The rest is discarded.

    >>> from atout.cards import parse_cards
    >>> kept_at_discard(parse_cards("AH KD 2C 5C JC"), Suit.CLUBS, bidder=False)
    [Card('AH'), Card('2C'), Card('5C'), Card('JC')]
    """
    table = TABLES[trump]
    keep = [c for c in cards if table.is_trump[c.index]]
    if bidder and len(keep) > HAND_SIZE:
        keep.sort(key=lambda c: -table.power[c.index])   # a45.discard.bidder: the lowest trumps go
        keep = keep[:HAND_SIZE]
    return keep


FULL_MASK = sum(1 << c.index for c in FULL_DECK)   # each of the 52 cards exactly once


def _explain(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    from atout.forty_fives.explain import explain_event

    return explain_event(event, viewer)
