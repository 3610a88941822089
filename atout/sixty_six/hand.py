"""One hand of Sixty-Six, as a state machine (`../rules/sixty-six.md`).

>>> hand = SixtySixHand.new("sixty-six", seed=7)
>>> hand.phase, hand.to_act, len(hand.hands[0]), hand.stock_size
(<Phase.PLAY: 'play'>, 1, 6, 12)
>>> hand.apply(hand.legal_actions()[-1]).kind
'play'

Phases: DEAL (chance: the shuffled 24 cards), PLAY, DRAW, OVER: the hand, its views and its table all say the same
(``phase``, ``view()["phase"]``, ``table_view().phase``). A player on lead may, in this order:
``exchange`` the 9 of trumps for the turned-up trump, ``close`` the stock, declare a
``marriage`` (then lead its king or queen), ``declare`` 66, and lead (``play``). After a trick,
while the stock is open, its winner either ``close``\\ s it before drawing or ``draw``\\ s (the
winner draws first, then the loser): closing before drawing is a choice the rules give
(`66.close`), so the draw is an action, not automatic. The hand ends at a declaration or once the
hands run out; scoring is automatic and shows as events.

>>> hand.apply(hand.legal_actions()[0]).kind        # the answer to the lead wins or loses the trick
'play'
>>> hand.phase, hand.view(hand.to_act)["phase"], hand.table_view().phase, [str(a) for a in hand.legal_actions()]
(<Phase.DRAW: 'draw'>, 'draw', 'draw', ['close', 'draw'])
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from atout.cards import CARDS, KING, QUEEN, Card, Suit
from atout.engine import (
    ONLOOKER,
    Action,
    Ending,
    Event,
    Explanation,
    HandBase,
    HandStart,
    Moment,
    Phase,
    Refusal,
    ScoredResult,
    ScoreLine,
    TableView,
    check_ending,
    check_seat,
    check_viewer,
    checked_action,
    play,
    seat_name,
)
from atout.errors import ConfigError, IllegalActionError, NotKeptError, PositionError, quote
from atout.i18n import Series, Text
from atout.sixty_six import scoring
from atout.sixty_six.config import DECK, SixtySixConfig, make_config
from atout.sixty_six.ranking import (
    KING_OF,
    NINE_OF,
    POINTS,
    QUEEN_OF,
    STRENGTH,
    card_points,
    strict_plays,
    suit_order,
)

CLOSE = Action("close")
DRAW = Action("draw")
DECLARE = Action("declare")
EXCHANGE = {s: Action("exchange", NINE_OF[s]) for s in Suit}
MARRIAGE = {s: Action("marriage", KING_OF[s]) for s in Suit}
PLAY = [play(c) for c in CARDS]          # by Card.index: the engine's inner loop avoids a call per card
DECK_SIZE = len(DECK)
_DECK_SET = frozenset(DECK.cards)
LAST_TRICK_BONUS = scoring.LAST_TRICK_BONUS
HAND_SIZE = 6
STOCK_AT_DEAL = DECK_SIZE - 2 * HAND_SIZE - 1     # face-down cards after the deal: 11
TRICKS = DECK_SIZE // 2          # tricks in a hand played out: every card of the deck, two to a trick (12)


class Refused(enum.Enum):
    """Why an action is refused (``_refusal``), with what ``Refusal.data`` holds; ``explain.explain_refusal`` words
    each and cites its rule."""

    OVER = "over"                                       # the rule the hand ended by
    NOT_DEALT = "not-dealt"
    MUST_DRAW = "must-draw"
    ONLY_ON_LEAD = "only-on-lead"                       # the cards that may be played to this trick
    CARD_NOT_HELD = "card-not-held"                     # the player's hand
    SUIT_NAMED = "suit-named"                           # a card played with a suit named (Five Hundred's joker)
    MARRIAGE_LEADS = "marriage-leads"                   # the suit of the marriage just declared
    AGAINST_THE_PLAY = "against-the-play"               # ``PlayFacts``: what the card is judged against
    EXCHANGE_CLOSED = "exchange-closed"
    EXCHANGE_EXHAUSTED = "exchange-exhausted"
    EXCHANGE_NOT_THE_NINE = "exchange-not-the-nine"     # the 9 of trumps
    EXCHANGE_NINE_NOT_HELD = "exchange-nine-not-held"   # the 9 of trumps
    EXCHANGE_NO_TRICK_YET = "exchange-no-trick-yet"
    EXCHANGE_TOO_LATE = "exchange-too-late"
    CLOSE_CLOSED = "close-closed"
    CLOSE_EXHAUSTED = "close-exhausted"
    CLOSE_AFTER_MARRIAGE = "close-after-marriage"
    MARRIAGE_NOT_KING_OR_QUEEN = "marriage-not-king-or-queen"
    MARRIAGE_STRICT = "marriage-strict"
    MARRIAGE_ALREADY = "marriage-already"
    MARRIAGE_NOT_HELD = "marriage-not-held"             # the king or queen (or both) missing
    DECLARE_NOT_NOW = "declare-not-now"
    DRAW_CLOSED = "draw-closed"                         # who closed the stock
    DRAW_EXHAUSTED = "draw-exhausted"
    DRAW_NOT_NOW = "draw-not-now"
    NOT_OF_THIS_GAME = "not-of-this-game"               # ``Moment``: the phase, the game, what is legal instead
    NOT_NOW = "not-now"                                 # ``Moment``


class PlayFacts(NamedTuple):
    """What a card refused in the play is judged against (``ranking.explain_illegal`` says which rule it breaks)."""

    hand: list[Card]
    plays: Sequence[Card]
    trump: Suit


class Trick(NamedTuple):
    leader: int
    cards: tuple[Card, ...]     # the lead and the reply; none for a trick played before an ending (``Ending``)
    winner: int


@dataclass
class SixtySixResult(ScoredResult):
    """How a hand ended and what it scored."""

    how: str                    # "declared", "played-out" (12 tricks, stock ran out), "closed-out"
    score: scoring.Score        # game points including any carried in
    points: list[int]           # counted points at the end (card points, marriages that count, last trick)
    tricks_won: list[int]
    card_points: list[int]
    by: int | None              # who declared, or counts as declaring
    closer: int | None
    tricks_at_close: tuple[int, int] | None
    last_trick: int | None      # winner of the last trick when the hand was played out
    carried_in: int = 0
    carry_out: int = 0          # game points carried to the next hand (tie_carries)

    @property
    def game_points(self) -> list[int]:
        return list(self.score.game_points)

    @property
    def rule(self) -> str:
        return self.score.rule

    @property
    def winner(self) -> int | None:
        return self.score.winner

    def score_line(self) -> ScoreLine:
        """The hand on a score sheet: the game points each player scored and the tricks each won (the game adds
        up the game points: no totals here, and no contract)."""
        return ScoreLine(self.game_points, list(self.tricks_won))


class SixtySixHand(HandBase):
    """The state of one hand: who holds what, whose turn, what has happened."""

    DECK = DECK                     # the family's deck (its config's, the registry's Family.deck)
    config_class = SixtySixConfig
    make_config = staticmethod(make_config)
    DEAL_RULE = "66.deal"
    EARLY_END_RULES = frozenset({"66.declare"})     # a player declaring 66 (or more) stops the play at once
    TRICKS = TRICKS

    players = 2

    def __init__(self, config: SixtySixConfig, dealer: int = 0, carry: int = 0) -> None:
        self.config: SixtySixConfig = config
        self.dealer = dealer
        self.carry = carry                       # game points carried in from tied hands (tie_carries)
        self.phase = Phase.DEAL
        self.to_act: int | None = None
        self.hands: list[list[Card]] = [[], []]
        self.deck_order: tuple[Card, ...] = ()
        self.trump: Suit | None = None
        self.turned_card: Card | None = None     # the card turned up at the deal (known to both)
        self.turn_up: Card | None = None         # the card under the stock, until taken; turned down when closed
        self.next_card = DECK_SIZE               # index in deck_order of the stock's top face-down card
        self.closer: int | None = None
        self.tricks_at_close: tuple[int, int] | None = None
        self.exchanged_by: int | None = None
        self.leader: int | None = None
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0]
        self.card_points = [0, 0]
        self.marriage_points = [0, 0]            # declared; they count once the player has won a trick
        self.marriages: list[tuple[int, Suit, int]] = []
        self.last_trick_bonus: int | None = None
        self.stage = 0                           # how far the leader went: 1 exchanged, 2 closed, 3 married
        self.married: Suit | None = None         # the marriage just declared: lead its king or queen
        self.result: SixtySixResult | None = None
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._legal: tuple[Action, ...] | None = None

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, game: str | SixtySixConfig = "sixty-six", seed: int | None = None, dealer: int = 0,
            carry: int = 0, options: Mapping[str, Any] | None = None, players: int | None = None,
            **more: Any) -> SixtySixHand:
        """A hand dealt from a deck shuffled with ``seed`` (the same seed, the same cards).

        ``players`` may be given as for the other families (deal codes, the classroom); it can only be 2.
        """
        config = cls.configure(game, options, **more)
        if players is not None and players != cls.players:
            raise ConfigError(Text("option {name} of {game} cannot be {value}: allowed values are {allowed}",
                                   name="players", game=config.game, value=quote(players), allowed=str(cls.players)))
        return cls.dealt(config, seed, dealer, HandStart(carry=carry))

    @classmethod
    def position(cls, config: SixtySixConfig, trump: Suit, hand: Sequence[Card], lead: Card | None = None,
                 face_down: int = STOCK_AT_DEAL, closed: bool = False, before_draw: bool = False,
                 turn_up: Card | None = None) -> SixtySixHand:
        """A position for a question about what seat 0 may do: seat 0 holds ``hand`` and is on lead, or answers
        ``lead``; the stock holds ``face_down`` cards (0: exhausted; the turned-up trump ``turn_up`` lies under it
        while it holds any), ``closed`` or open; ``before_draw``: seat 0 has just won a trick and nobody has
        drawn yet. The counts follow from the rules: each trick takes 2 cards, the draw brings both hands back to
        6 while the stock is open, so ``face_down`` says how many tricks were played and who has won one (every
        leader after the first has just won a trick). The cards the question does not name lie in the other
        hand, the stock and the tricks in any order.

        The position has no history: it is for asking (``legal_actions``, ``explain_illegal``) and playing on,
        not for replaying or taking back. An impossible position raises ``PositionError`` saying why.

        >>> from atout.cards import parse_cards
        >>> hand = SixtySixHand.position(make_config(), Suit.HEARTS, parse_cards("9H KS QS AC 10D JD"), face_down=7)
        >>> [str(a) for a in hand.legal_actions()][:4]
        ['exchange 9H', 'close', 'marriage KS', 'declare']
        """
        hand = list(hand)
        face_down_counts = (0, *range(1, STOCK_AT_DEAL + 1, 2))
        if face_down not in face_down_counts:
            raise PositionError(Text("the stock cannot hold {n} face-down cards: two are drawn after each trick, so "
                                     "it holds {counts} (0: exhausted)", n=face_down,
                                     counts=Series(map(str, face_down_counts))))
        if closed and face_down == 0:
            raise PositionError(Text("an exhausted stock cannot be closed: give the face-down cards it held when "
                                     "it was closed"))
        if before_draw and (face_down == 0 or closed or lead is not None):
            raise PositionError(Text("the draw waits only after a trick just won, on an open stock, before the "
                                     "next lead"))
        stock_open = face_down > 0 and not closed
        size = HAND_SIZE - before_draw
        if stock_open and len(hand) != size:
            raise PositionError(Text("while the stock is open a hand holds {size} cards at this moment, not {n}",
                                     size=size, n=len(hand)))
        if not 1 <= len(hand) <= HAND_SIZE:
            raise PositionError(Text("a hand of sixty-six holds 1 to 6 cards, not {n}", n=len(hand)))
        trick = [lead] if lead is not None else []
        placed = set(hand) | set(trick)
        if face_down == 0 and turn_up is not None:
            raise PositionError(Text("the stock is exhausted: the turned-up trump has been taken into a hand"))
        if face_down:
            # By default the highest free trump; suit_order puts the 9 last, so it stays free for a hand.
            spare = [c for c in suit_order(trump) if c not in placed]
            turn_up = turn_up or (spare[0] if spare else None)
            if turn_up is None or turn_up.suit is not trump or turn_up in placed:
                raise PositionError(Text("the turned-up trump must be a card of the trump suit in no hand, not {card}",
                                         card=turn_up or "—"))
            placed.add(turn_up)
        other_size = len(hand) - (lead is not None)
        played = DECK_SIZE - len(hand) - other_size - len(trick) - face_down - (face_down > 0)
        tricks_played = played // 2     # the checks above leave an even, non-negative count
        position = cls(config, dealer=1 if lead is None else 0)
        rest = [c for c in DECK if c not in placed]
        other, rest = rest[:other_size], rest[other_size:]
        piles, stock = rest[:played], rest[played:]
        position.deck_order = (*hand, *trick, *other, *piles, *([turn_up] if face_down and turn_up else []), *stock)
        position.next_card = DECK_SIZE - face_down
        position.hands = [hand, other]
        position.trump = trump
        position.turned_card = position.turn_up = turn_up
        position.phase = Phase.PLAY
        position.to_act = 0
        position.leader = 1 if lead is not None else 0
        position.trick = trick
        # Every leader after the first trick has just won one: seat 0 on lead, seat 1 when seat 0 answers a lead.
        last_winner = position.leader
        for i in range(tricks_played):
            cards = (piles[2 * i], piles[2 * i + 1])
            winner = last_winner if i == tricks_played - 1 else i % 2
            position.tricks.append(Trick(winner, cards, winner))
            position.tricks_won[winner] += 1
            position.card_points[winner] += card_points(cards)
        if closed:
            position.closer = 0
            position.tricks_at_close = (position.tricks_won[0], position.tricks_won[1])
        if before_draw:
            position.phase = Phase.DRAW
        return position

    @classmethod
    def from_view(cls, view: Mapping[str, Any], other: Sequence[Card], stock: Sequence[Card]) -> SixtySixHand:
        """The hand as the seat of ``view`` may imagine it: the other seat holds ``other`` and the stock's face-down
        cards are ``stock``, top first. Everything else is the view's: the tricks, the trick on the table, the
        marriages, the exchange, the close, whose turn it is. For sampling what the seat cannot see (hand
        evaluation); like ``position`` it has no history to replay or take back.

        Cards that do not complete the view (a card the seat has seen, a wrong count) raise ``PositionError``.
        """
        seat = view["seat"]
        other, stock = list(other), list(stock)
        tricks = [Trick(*t) for t in view["tricks"]]
        played = [c for t in tricks for c in t.cards] + list(view["trick"])
        trump_card = view["trump_card"]
        if len(other) != view["hand_sizes"][1 - seat] or len(stock) != view["face_down"]:
            raise PositionError(Text("the other hand holds {n} cards and the stock {k} face down, not {given} and "
                                     "{stock}", n=view["hand_sizes"][1 - seat], k=view["face_down"],
                                     given=len(other), stock=len(stock)))
        seen = {*view["hand"], *played, *([trump_card] if trump_card is not None else [])}
        unseen = [c for c in DECK if c not in seen]
        if sorted(other + stock) != sorted(unseen):
            raise PositionError(Text("the other hand and the stock hold the cards {seat} has not seen, each once "
                                     "({unseen}), not {cards}", seat=seat_name(seat), unseen=unseen,
                                     cards=other + stock))
        hand = cls(view["config"], view["dealer"], view["carry"])
        hand.phase = Phase(view["phase"])
        hand.to_act = view["to_act"]
        hand.hands[seat], hand.hands[1 - seat] = list(view["hand"]), other
        hand.trump = view["trump"]
        hand.turned_card, hand.turn_up = view["turned_card"], trump_card
        hidden = set(stock)
        hand.deck_order = (*[c for c in DECK if c not in hidden], *stock)
        hand.next_card = DECK_SIZE - len(stock)
        hand.closer, hand.tricks_at_close = view["closed_by"], view["tricks_at_close"]
        hand.exchanged_by = view["exchanged_by"]
        hand.leader, hand.trick, hand.tricks = view["leader"], list(view["trick"]), tricks
        for t in tricks:
            hand.tricks_won[t.winner] += 1
            hand.card_points[t.winner] += card_points(t.cards)
        hand.marriages = list(view["marriages"])
        for s, _suit, value in hand.marriages:
            hand.marriage_points[s] += value
        hand.married = view["married"]
        hand.stage = 3 if hand.married is not None else 0     # what an exchange or close on this lead allows is moot
        return hand

    def start(self) -> HandStart:
        return HandStart(carry=self.carry)

    @property
    def scores_now(self) -> list[int]:
        """A Sixty-Six hand keeps no score of the set (its hands start with none): refused by name, never an
        AttributeError."""
        raise NotKeptError(Text("a Sixty-Six hand keeps no score of the set: the set's game points are its game's "
                                "(game.scores), and this hand's are its returns()"))

    @classmethod
    def _begin(cls, config: SixtySixConfig, dealer: int, start: HandStart) -> SixtySixHand:
        """A Sixty-Six hand starts with the game points carried in from tied hands; the scores are the set's."""
        if start.scores_before is not None:
            raise ConfigError(Text("a Sixty-Six hand starts with no scores: the set keeps its game points (a hand "
                                   "may only carry game points from tied hands)"))
        return cls(config, dealer, start.carry)

    @classmethod
    def shuffled_deal(cls, seed: int | None) -> Action:
        """The chance action: the 24 cards in the order ``random.shuffle`` seeded with ``seed`` leaves them. Not
        ``cards.shuffled`` as in the other families: that would change the cards every Sixty-Six seed deals."""
        order = list(cls.DECK.cards)
        random.Random(seed).shuffle(order)
        return Action("deal", None, tuple(order))

    # --- queries ----------------------------------------------------------------------------

    @property
    def face_down(self) -> int:
        """Face-down cards left in the stock (the turned trump not included)."""
        return DECK_SIZE - self.next_card

    @property
    def stock_size(self) -> int:
        """Cards left in the stock, the turned trump included while it lies there."""
        return DECK_SIZE - self.next_card + (self.turn_up is not None)

    @property
    def draw_pending(self) -> bool:
        """A trick was won and the stock is open: its winner closes or draws (the hand's DRAW phase)."""
        return self.phase is Phase.DRAW

    @property
    def is_strict(self) -> bool:
        """Whether the strict rules apply: the stock is exhausted or closed (`66.strict.follow`)."""
        return self.closer is not None or (self.next_card == DECK_SIZE and self.phase is not Phase.DEAL)

    @property
    def stock_open(self) -> bool:
        """The stock is neither closed nor exhausted: cards are drawn, the 9 exchanged, the stock closed."""
        return self.closer is None and self.next_card < DECK_SIZE

    def explain_play(self) -> Explanation:
        """Which rules of play apply now, and why: any card while the stock is open (`66.open.free`); follow suit,
        head the trick, or else trump once it is exhausted or closed (`66.strict.follow`)."""
        from atout.sixty_six.explain import explain_play_rules

        return explain_play_rules(self.closer, self.is_strict, self.face_down)

    def points(self, seat: int) -> int:
        """The counted points of ``seat``: card points, marriages once it has won a trick, the last trick's 10."""
        check_seat(2, seat)
        return scoring.counted_points(self.card_points[seat], self.marriage_points[seat], self.tricks_won[seat],
                                      self.last_trick_bonus == seat)

    def _compute_legal(self) -> list[Action]:
        """In the order a player would use them: exchange, close, marriages, declare, then the cards."""
        if self.phase is not Phase.PLAY and self.phase is not Phase.DRAW:
            return []
        seat, stage, trump = self.to_act, self.stage, self.trump
        assert seat is not None and trump is not None, "the play has a player to act and trumps"
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            if self.closer is None and self.next_card < DECK_SIZE:
                return [PLAY[c.index] for c in hand]                                   # 66.open.free
            return [PLAY[c.index] for c in strict_plays(hand, trick[0], trump)]        # 66.strict.follow
        if self.draw_pending:
            return [CLOSE, DRAW]
        actions: list[Action] = []
        open_stock = self.closer is None and self.next_card < DECK_SIZE
        if open_stock and stage < 2:
            if stage < 1 and self.tricks_won[seat] and NINE_OF[trump] in hand:
                actions.append(EXCHANGE[trump])                                  # 66.exchange-nine
            actions.append(CLOSE)                                                # 66.close
        if stage < 3:
            if open_stock or self.config.strict_marriages:                       # 66.strict.no-marriage
                for card in hand:
                    if card.rank == KING:
                        suit = card.suit
                        assert suit is not None, "Sixty-Six is played without the joker"
                        if QUEEN_OF[suit] in hand:
                            actions.append(MARRIAGE[suit])                       # 66.marriage
            if self.tricks_won[seat]:
                actions.append(DECLARE)                                          # 66.declare
            actions += [PLAY[c.index] for c in hand]
        else:
            actions.append(DECLARE)
            married = self.married
            actions += [PLAY[c.index] for c in hand if c.suit is married and (c.rank == KING or c.rank == QUEEN)]
        return actions

    def returns(self) -> list[int]:
        """Game points each player scored this hand, once it is over (0 before), seat by seat as OpenSpiel's
        ``returns`` (two players, each for itself).

        >>> hand = SixtySixHand.new("sixty-six", seed=3)
        >>> while not hand.is_over:
        ...     _ = hand.apply(hand.legal_actions()[0])
        >>> hand.returns() == hand.result.game_points, len(hand.returns()), sum(hand.returns()) > 0
        (True, 2, True)
        """
        return [0, 0] if self.result is None else self.result.game_points

    # --- applying actions -------------------------------------------------------------------

    def _same_as_listed(self, action: Action) -> Action | None:
        """A marriage may be named by its queen as well as its king: it is the marriage named by its king (and
        recorded so)."""
        card = action.card
        if action.kind == "marriage" and isinstance(card, Card) and card.rank == QUEEN:
            assert card.suit is not None, "a queen has a suit"
            by_king = MARRIAGE[card.suit]
            if by_king in self.legal_actions():
                return by_king
        return None

    # --- the deal -----------------------------------------------------------------------------

    def _deal(self, action: Action) -> Event:
        order = tuple(action.value or ())
        if len(order) != DECK_SIZE or set(order) != _DECK_SET:
            raise IllegalActionError(Text("A deal must order the 24 cards of the Sixty-Six deck (A 10 K Q J 9 of "
                                          "each suit), each once"), rule="66.deck")
        dealer = self.dealer
        other = 1 - dealer
        self.deck_order = order
        # 66.deal: 3 to the non-dealer, 3 to the dealer, 3, 3; the next card is turned up, the 11 others
        # are the stock, whose top is the card after the turned one.
        self.hands[other] = [*order[0:3], *order[6:9]]
        self.hands[dealer] = [*order[3:6], *order[9:12]]
        self.turned_card = self.turn_up = order[12]
        self.trump = self.turned_card.suit
        self.next_card = 13
        self.phase = Phase.PLAY
        self.to_act = self.leader = other                    # 66.open.lead
        event = Event("deal", dealer, action, None, _explain)
        event.consequences.append(Event("turn-up", dealer, None, self.turned_card, _explain, cards=(self.turned_card,)))
        return event

    def _ending(self, action: Action) -> Event:
        """Take the hand up at an ending (``Ending``) of the strict play: the stock used up, or closed (by
        ``closed[0]``, when the seats had won ``closed[1:]`` tricks); each seat holding the cards given, the card
        led if any, the tricks and card ``points`` won so far and the ``marriages`` declared (they count once
        the declarer has won a trick)."""
        ending: Ending = action.value
        if not isinstance(ending.trump, Suit):
            raise PositionError(Text("an ending of Sixty-Six names the trump suit, as in trump: H"))
        closed = ending.closed
        left = check_ending(ending, 2, DECK.cards, DECK_SIZE // 2, every_card_played=closed is None)
        if left > HAND_SIZE:
            raise PositionError(Text("an ending of Sixty-Six is the strict play: at most {n} cards each, not {k}",
                                     n=HAND_SIZE, k=left))
        won = list(ending.won or (0, 0))
        if ending.points is None or len(ending.points) != 2 or min(ending.points) < 0:
            raise PositionError(Text("an ending of Sixty-Six gives the card points each player has won so far, as in "
                                     "points: 40 22"))
        points = list(ending.points)
        rest = sum(POINTS[c.index] for h in ending.hands for c in h) + sum(POINTS[c.index] for c in ending.trick)
        taken = card_points(DECK.cards) - rest
        if sum(points) > taken or (closed is None and sum(points) != taken):
            raise PositionError(Text("the cards not in the ending are worth {taken} points: the points won so far add "
                                     "up to {need}, not {given}", taken=taken,
                                     need=taken if closed is None else Text("at most {n}", n=taken),
                                     given=sum(points)))
        if any(p and not w for p, w in zip(points, won, strict=True)):
            raise PositionError(Text("a player with card points has won a trick: won gives {won}",
                                     won=Series(map(str, won))))
        marriages = list(ending.marriages or (0, 0))
        if len(marriages) != 2 or any(m not in (0, 20, 40, 60, 80, 100, 120, 140, 160, 180) for m in marriages):
            raise PositionError(Text("marriages gives the points each player has declared in marriages (20 each, 40 "
                                     "in trumps), as in marriages: 20 0"))
        if closed is not None:
            closer, *at_close = closed
            at_close = at_close or won          # closed just now: the tricks won so far are those at the close
            if closer not in (0, 1) or len(at_close) != 2 or any(a > w for a, w in zip(at_close, won, strict=True)):
                raise PositionError(Text("closed gives who closed the stock, then the tricks each player had won "
                                         "when it was closed (at most those won so far; left out, those won so "
                                         "far), as in closed: 1 2 1"))
            self.closer, self.tricks_at_close = closer, (at_close[0], at_close[1])
        self.trump = ending.trump
        self.next_card = DECK_SIZE
        self.hands = [list(h) for h in ending.hands]
        for seat in (0, 1):
            self.tricks.extend(Trick(seat, (), seat) for _ in range(won[seat]))
        self.tricks_won, self.card_points, self.marriage_points = won, points, marriages
        self.phase = Phase.PLAY
        self.leader = self.to_act = ending.leader
        for card in ending.trick:
            self.hands[ending.leader].append(card)
            self._play(play(card))
        self._legal = None
        return Event("ending", self.to_act, action, None, _explain)

    def _deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:
        """The deal, packet by packet, for a step-through (teacher's) view: (what, seat, cards)."""
        order, dealer = self.deck_order, self.dealer
        seats = (1 - dealer, dealer, 1 - dealer, dealer)
        packets: list[tuple[str, int | None, list[Card]]] = [
            ("hand", seat, list(order[3 * i:3 * i + 3])) for i, seat in enumerate(seats)]
        packets.append(("turn-up", None, [order[12]]))
        packets.append(("stock", None, list(order[13:])))
        return packets

    # --- on lead: exchange, close, marriage, declare --------------------------------------------

    def _exchange(self, action: Action) -> Event:
        seat = self.to_act
        nine = action.card
        taken = self.turn_up
        assert seat is not None and nine is not None and taken is not None, "the 9 of trumps for the turned trump"
        hand = self.hands[seat]
        hand.remove(nine)
        hand.append(taken)
        self.turn_up = nine
        self.exchanged_by = seat
        self.stage = 1
        return Event("exchange", seat, action, (nine, taken), _explain, cards=(taken,))

    def _close(self, action: Action) -> Event:
        seat = self.to_act
        before_draw = self.draw_pending
        self.phase = Phase.PLAY
        self.closer = seat
        self.tricks_at_close = (self.tricks_won[0], self.tricks_won[1])
        self.stage = 2
        # 66.close: the trump card is turned face down on the stock
        return Event("close", seat, action, before_draw, _explain, cards=(self.turn_up,) if self.turn_up else ())

    def _marriage(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None and action.card is not None and self.trump is not None, "a marriage on lead"
        suit = action.card.suit
        assert suit is not None, "Sixty-Six is played without the joker"
        value = scoring.marriage_value(suit, self.trump)
        self.marriage_points[seat] += value
        self.marriages.append((seat, suit, value))
        self.married = suit
        self.stage = 3
        # The king and the queen are both shown, whichever of them the action names (the one led next).
        return Event("marriage", seat, action, (suit, value, self.tricks_won[seat] > 0), _explain,
                     shown=(KING_OF[suit], QUEEN_OF[suit]))

    def _declare(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None, "the player on lead declares"
        event = Event("declare", seat, action, self.points(seat), _explain)
        self.to_act = None
        self._stage(event)                # the play stopped and the points counted, the hand not yet scored
        event.consequences.append(self._finish("declared", seat))
        return event

    # --- play and drawing ---------------------------------------------------------------------

    def _play(self, action: Action) -> Event:
        seat = self.to_act
        card = action.card
        assert seat is not None and card is not None, "a card in play"
        hand = self.hands[seat]
        hand.remove(card)
        trick = self.trick
        trick.append(card)
        # 66.strict.follow: why the strict rules apply, for the sentence (a closed stock is not a used-up one).
        strict = "closed" if self.closer is not None else "used up" if self.next_card == DECK_SIZE else None
        if len(trick) == 1:
            self.leader = seat
            self.to_act = 1 - seat
            return Event("play", seat, action, (1, strict), _explain)
        lead = trick[0]
        trump = self.trump
        event = Event("play", seat, action, (2, strict), _explain)
        self.to_act = None
        self._stage(event)                # the trick complete on the table, not yet won
        if card.suit is lead.suit:
            winner = seat if STRENGTH[card.index] > STRENGTH[lead.index] else 1 - seat
        else:
            winner = seat if card.suit is trump else 1 - seat              # 66.trick.winner
        gained = POINTS[lead.index] + POINTS[card.index]
        self.card_points[winner] += gained
        first_trick = self.tricks_won[winner] == 0
        self.tricks_won[winner] += 1
        done = Trick(1 - seat, (lead, card), winner)
        self.tricks.append(done)
        self.stage = 0
        self.married = None
        # Each event after the trick is pictured with its cards still in the middle, until the next action.
        consequences = event.consequences
        self._then(event, Event("trick", winner, None, (done, trump, gained), _explain))
        if first_trick and self.marriage_points[winner]:
            self._then(event, Event("marriage-counts", winner, None, self.marriage_points[winner], _explain))
        if not hand:
            if self.closer is None:
                self.last_trick_bonus = winner
                self._then(event, Event("last-trick", winner, None, LAST_TRICK_BONUS, _explain))
                self._then(event, self._finish("played-out", None))
            else:
                consequences.append(self._finish_closed(winner))
        else:
            self.to_act = winner
            if not strict:
                self.phase = Phase.DRAW
        self.trick = []
        self.leader = winner
        return event

    def _then(self, event: Event, consequence: Event) -> None:
        """``consequence`` follows ``event``, pictured where the hand stands now."""
        event.consequences.append(consequence)
        self._stage(consequence)

    def _draw(self, action: Action) -> Event:
        """66.draw: the winner takes the top card, then the loser; the turned trump is the stock's last card."""
        winner = self.to_act
        assert winner is not None, "the trick's winner draws"
        order = self.deck_order
        first = order[self.next_card]
        self.hands[winner].append(first)
        self.next_card += 1
        taken = None
        if self.next_card < DECK_SIZE:
            second = order[self.next_card]
            self.next_card += 1
        else:
            taken = self.turn_up
            assert taken is not None, "the turned trump is the stock's last card"
            second, self.turn_up = taken, None
        self.hands[1 - winner].append(second)
        self.phase = Phase.PLAY
        event = Event("draw", winner, action, taken, _explain, cards=(first, second))
        if taken is not None:
            event.consequences.append(Event("stock-exhausted", None, None, self.config.strict_marriages, _explain))
        return event

    # --- the end of the hand ------------------------------------------------------------------

    def _finish_closed(self, last: int) -> Event:
        """66.close: a closed hand played out; the last trick's winner, with no lead left, counts at once."""
        reached = self.points(last) >= scoring.TARGET_POINTS
        event = Event("closed-out", last, None, (self.closer, reached), _explain)
        self._stage(event)                # the closed hand played out, not yet scored
        event.consequences.append(self._finish("closed-out", last if reached else None))
        return event

    def _finish(self, how: str, by: int | None) -> Event:
        points = [self.points(0), self.points(1)]
        carried_in, carry_out = self.carry, 0
        if by is not None:
            score = scoring.declaration(by, points, self.tricks_won, self.closer, self.tricks_at_close)
        elif self.closer is not None:
            assert self.tricks_at_close is not None, "a close keeps the tricks won when it was closed"
            score = scoring.close_failed(self.closer, self.tricks_at_close)
        else:
            assert self.last_trick_bonus is not None, "a hand played out has the last trick's winner"
            score = scoring.no_declaration(points, self.tricks_won, self.last_trick_bonus, self.config.tie_carries)
            if score.carried:
                carry_out, carried_in = self.carry + 1, 0
        score = scoring.with_carry(score, carried_in)
        self.result = SixtySixResult(how, score, points, list(self.tricks_won), list(self.card_points), by,
                                     self.closer, self.tricks_at_close, self.last_trick_bonus, carried_in, carry_out)
        self.phase = Phase.OVER
        self.to_act = None
        return Event("score", None, None, self.result, _explain)

    # --- why an action is refused ---------------------------------------------------------------

    def _refusal(self, action: Action) -> Refusal:
        phase = self.phase
        if phase is Phase.OVER:
            assert self.result is not None, "a hand over is scored"
            return Refusal(Refused.OVER, None, action, self.result.rule)
        if phase is Phase.DEAL:
            return Refusal(Refused.NOT_DEALT, None, action)
        seat = self.to_act
        assert seat is not None and self.trump is not None, "in play a player is to act, trumps turned"
        kind, card = action.kind, action.card
        if self.draw_pending:
            return Refusal(Refused.MUST_DRAW, seat, action)
        following = bool(self.trick)
        if kind in ("exchange", "close", "marriage", "declare") and following:
            return Refusal(Refused.ONLY_ON_LEAD, seat, action, [a.card for a in self.legal_actions()])
        if kind == "play" and isinstance(card, Card):
            hand = self.hands[seat]
            if card not in hand:
                return Refusal(Refused.CARD_NOT_HELD, seat, action, list(hand))
            if action.value is not None:
                return Refusal(Refused.SUIT_NAMED, seat, action)
            if self.married is not None:
                return Refusal(Refused.MARRIAGE_LEADS, seat, action, self.married)
            return Refusal(Refused.AGAINST_THE_PLAY, seat, action, PlayFacts(list(hand), self.trick, self.trump))
        if kind == "exchange":
            return self._why_no_exchange(action)
        if kind == "close":
            return self._why_no_close(action)
        if kind == "marriage" and isinstance(card, Card):
            return self._why_no_marriage(action, card)
        if kind == "declare":
            return Refusal(Refused.DECLARE_NOT_NOW, seat, action)
        if kind == "draw":
            if self.closer is not None:
                return Refusal(Refused.DRAW_CLOSED, seat, action, self.closer)
            if self.is_strict:
                return Refusal(Refused.DRAW_EXHAUSTED, seat, action)
            return Refusal(Refused.DRAW_NOT_NOW, seat, action)
        moment = Moment(phase, self.config.game, self.legal_actions())
        if not self.is_of_this_game(action):
            return Refusal(Refused.NOT_OF_THIS_GAME, seat, action, moment)
        return Refusal(Refused.NOT_NOW, seat, action, moment)

    def _why_no_exchange(self, action: Action) -> Refusal:
        seat = self.to_act
        assert seat is not None and self.trump is not None, "in play a player is to act, trumps turned"
        nine = NINE_OF[self.trump]
        if self.closer is not None:
            return Refusal(Refused.EXCHANGE_CLOSED, seat, action)
        if self.next_card == DECK_SIZE:
            return Refusal(Refused.EXCHANGE_EXHAUSTED, seat, action)
        if action.card is not nine:
            return Refusal(Refused.EXCHANGE_NOT_THE_NINE, seat, action, nine)
        if nine not in self.hands[seat]:
            return Refusal(Refused.EXCHANGE_NINE_NOT_HELD, seat, action, nine)
        if not self.tricks_won[seat]:
            return Refusal(Refused.EXCHANGE_NO_TRICK_YET, seat, action)
        return Refusal(Refused.EXCHANGE_TOO_LATE, seat, action)

    def _why_no_close(self, action: Action) -> Refusal:
        if self.closer is not None:
            return Refusal(Refused.CLOSE_CLOSED, self.to_act, action)
        if self.next_card == DECK_SIZE:
            return Refusal(Refused.CLOSE_EXHAUSTED, self.to_act, action)
        # Our reading of 66.close: showing a marriage is the start of the lead, so the lead may no longer be
        # preceded by a close (the rules leave it open; README lists the choice).
        return Refusal(Refused.CLOSE_AFTER_MARRIAGE, self.to_act, action)

    def _why_no_marriage(self, action: Action, card: Card) -> Refusal:
        seat = self.to_act
        assert seat is not None, "in play a player is to act"
        hand = self.hands[seat]
        suit = card.suit
        assert suit is not None, "Sixty-Six is played without the joker"
        if card.rank not in (KING, QUEEN):
            return Refusal(Refused.MARRIAGE_NOT_KING_OR_QUEEN, seat, action)
        if self.is_strict and not self.config.strict_marriages:
            return Refusal(Refused.MARRIAGE_STRICT, seat, action)
        if self.stage >= 3:
            return Refusal(Refused.MARRIAGE_ALREADY, seat, action)
        return Refusal(Refused.MARRIAGE_NOT_HELD, seat, action,
                       [c for c in (KING_OF[suit], QUEEN_OF[suit]) if c not in hand])

    def _word_refusal(self, refusal: Refusal) -> Explanation:
        from atout.sixty_six.explain import explain_refusal

        return explain_refusal(refusal)

    # --- what one seat may see -------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know: its own hand and all it saw happen; never the other hand nor the stock's
        order.

        The seat saw every trick played, so ``tricks`` holds them (``(leader, (lead, reply), winner)``): this is
        what a player who remembers knows. What the table lets a person look at again is the business of
        ``table_view`` (earlier tricks cannot be reviewed there, per the seed). The running totals are given
        as ``points`` only with option ``show_totals`` (lessons, classroom) or once the hand is over. Besides:
        the marriages shown (seat, suit, points) and ``married``, the suit of one just declared on this lead
        (its king or queen must be led); ``exchanged_by``, who took the turned trump (``turned_card``) for the
        9; ``closed_by`` and ``tricks_at_close``; the stock as ``stock_size`` (the turned trump included while
        it lies there) and ``face_down``. ``config`` is the rules.
        """
        over = self.phase is Phase.OVER
        view: dict[str, Any] = {
            **self._view_of(seat),
            "trump": self.trump,
            "turned_card": self.turned_card,
            "trump_card": self.turn_up,                 # under the stock until taken; its identity stays known
            "trump_card_face_up": self.turn_up is not None and self.closer is None,
            "stock_size": self.stock_size,
            "face_down": self.face_down,
            "closed_by": self.closer,
            "tricks_at_close": self.tricks_at_close,
            "exchanged_by": self.exchanged_by,
            "strict": self.is_strict,
            "leader": self.leader,
            "trick": list(self.trick),
            "tricks": list(self.tricks),
            "draw_pending": self.draw_pending,
            "marriages": [(s, suit, value) for s, suit, value in self.marriages],
            "married": self.married,
            "won_a_trick": [w > 0 for w in self.tricks_won],
            "points": [self.points(0), self.points(1)] if (self.config.show_totals or over) else None,
            "carry": self.carry,
            "legal": self._legal_words(seat),
            "result": self._result_view() if over else None,
        }
        return view

    def table_view(self, viewer: int | None = None) -> TableView:
        """The table as ``viewer`` sees it (``None``: both hands face up, for the teacher), per "What each seat
        sees" in the rules.

        A seat sees its own hand, the other's as a count, the trick, the turned trump while it lies face up
        under the stock (``turn_up``; once the stock is closed it lies face down and a note names it), the
        face-down cards of the stock as a count (``stock``, the turned trump not included while face up), the
        marriages shown and whether each player has won a trick (notes; ``tricks_won`` is given only to the
        teacher). The running points are ``scores`` with option ``show_totals`` and for the teacher; without them
        a seat sees no scores until the hand is over, then its game points (``score_unit`` says which). Earlier
        tricks cannot be reviewed: a seat sees ``last_trick`` (the trick just won) until it acts again
        (``_trick_before``): what the other player did meanwhile (drawn, closed, led) took no time at a table, where
        the trick is seen gathered, and takes none on a page.
        """
        check_viewer(2, viewer)
        teacher = viewer is None
        hands: list[list[Card] | int] = [list(h) if teacher or seat == viewer else len(h)
                                         for seat, h in enumerate(self.hands)]
        # A trick lies in the middle while it is played, and once won until the next action (a walk-through shows it
        # there with the events it causes, the hand's score among them).
        playing = self.phase is Phase.PLAY or self.phase is Phase.DRAW or bool(self.trick)
        leader = self.leader if playing else None
        trick = ([((leader + i) % 2, card) for i, card in enumerate(self.trick)] if self.trick and leader is not None
                 else [])
        last = self.tricks[-1] if self.tricks else None
        # A trick played before an ending has no cards (nobody remembers them): no table shows it.
        shown = last if last is not None and last.cards and (teacher or self._trick_before(viewer)) else None
        legal, illegal = self._legal_shown(viewer, True)     # a seat to act is always playing or drawing
        over = self.phase is Phase.OVER
        closed = self.closer is not None
        from atout.sixty_six.explain import score_labels, score_unit, table_notes

        unit: Text | None
        if over:
            assert self.result is not None, "a hand over is scored"
            scores, labels, unit = self.result.game_points, score_labels(points=False), score_unit(points=False)
        elif teacher or self.config.show_totals:
            scores, labels = [self.points(0), self.points(1)], score_labels(points=True)
            unit = score_unit(points=True)
        else:       # players remember their points (66's rules), and the hand has given no game points yet
            scores, labels, unit = [], [], None
        return TableView(
            game=self.config.game, players=2, viewer=viewer, dealer=self.dealer, to_act=self.to_act,
            phase=self.phase.value, hands=hands, trick=trick, leader=leader,
            trump=self.trump, turn_up=None if closed else self.turn_up, kitty=0,
            stock=self.face_down + (closed and self.turn_up is not None), scores=scores, score_labels=labels,
            score_unit=unit,
            tricks_won=list(self.tricks_won) if teacher else [], legal=legal, illegal=illegal,
            last_trick=[(shown.leader, shown.cards[0]), (1 - shown.leader, shown.cards[1])] if shown is not None
            else None,
            last_trick_winner=shown.winner if shown is not None else None, contract=None,
            notes=table_notes(self, teacher), over=over)

    def _trick_before(self, seat: int | None) -> bool:
        """Whether the trick just won is still before ``seat``: ``seat`` has not acted since its last card."""
        if not self.tricks:
            return False
        plays_since = len(self.trick)      # the cards of the trick under way came after it
        for action, event in zip(reversed(self.history), reversed(self.events), strict=False):
            if action.kind == "play" and plays_since == 0:
                return True                # the last card of the trick just won, whoever played it
            if event.seat == seat:
                return False
            plays_since -= action.kind == "play"
        return False

    def _result_view(self) -> dict[str, Any]:
        r = self.result
        assert r is not None, "a hand over is scored"
        return {"how": r.how, "game_points": r.game_points, "rule": r.rule, "points": list(r.points),
                "tricks_won": list(r.tricks_won), "by": r.by, "closer": r.closer, "carry_out": r.carry_out}

    def _cards_elsewhere(self) -> list[Card]:
        cards = [*self.trick, *self.deck_order[self.next_card:]]
        if self.turn_up is not None:
            cards.append(self.turn_up)
        return cards

    DOES = {"deal": _deal, "ending": _ending, "play": _play, "draw": _draw, "close": _close, "marriage": _marriage,
            "exchange": _exchange, "declare": _declare}
    PHASES = (Phase.DEAL, Phase.PLAY, Phase.DRAW, Phase.OVER)

    def is_of_this_game(self, action: Action | str) -> bool:
        """Giving up a card for the turned card is this game's exchange of the 9 of trumps, said as such when
        refused (never "not part of Sixty-Six")."""
        action = checked_action(action)
        return action.kind == "rob" or super().is_of_this_game(action)

    def __repr__(self) -> str:
        return (f"<SixtySixHand {self.phase.value} dealer={self.dealer} to_act={self.to_act} "
                f"trump={self.trump.letter if self.trump is not None else None} stock={self.stock_size}>")


def _explain(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    from atout.sixty_six.explain import explain_event

    return explain_event(event, viewer)
