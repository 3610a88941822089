"""The rules of every game as typed questions and answers: the ranking for a trump, a trick's verdict, the legal plays.

Each family answers through its ``rules`` module (``atout/<family>/rules.py``, the same functions in every family,
found through the registry); this module checks what it is given and builds the answers, which are frozen objects
holding real cards, suits and ``Explanation`` objects (the rule id and the sentence, written for whoever reads it).
The referee (``atout judge``) writes them out as JSON; the widgets and the lessons show them. Beside the play: a
hand's score, an auction, the discard after the kitty, card points, and the special moves (Sixty-Six: may seat 0
exchange, marry or close now, what follows a trick; Forty-Fives: who robs the turned card); a family without one
of these questions refuses it (``no_question``).

A trick's verdict: who wins, the suit the lead calls for, the cards strongest first and why each beats the next.

>>> from atout.cards import Card, Suit, parse_cards
>>> verdict = trick_verdict("forty-fives", parse_cards("KH AH 2C"), Suit.DIAMONDS)
>>> verdict.winner, verdict.winning_card, verdict.led
(1, Card('AH'), <Suit.HEARTS: 2>)
>>> verdict.reason
Explanation('A♥ beats K♥: the A♥ is always a trump, even when hearts are led (45.rank.ace-of-hearts)')
>>> [str(c) for c in verdict.strongest]
['AH', 'KH', '2C']
>>> verdict.comparisons[-1].rule
'45.trick.winner'

The legal plays, and why each refused card is refused (variants are the game's options):

>>> legality("forty-fives", parse_cards("QH 2C 3S"), parse_cards("KH"), Suit.CLUBS).legal
(Card('QH'), Card('2C'))
>>> legality(config_of("forty-fives", {"must_follow_suit": True}), parse_cards("QH 2C 3S"), parse_cards("KH"),
...          Suit.CLUBS).refused[Card.parse("2C")].rule
'45.follow.plain-lead'

The ranking for a trump, and the trumps a game may have (``None``: no trumps):

>>> [str(c) for c in ranking("five-hundred", Suit.HEARTS).trumps[:3]]
['JK', 'JH', 'JD']
>>> trumps("five-hundred"), trumps("sixty-six")[-1]
((<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>, None), <Suit.SPADES: 3>)
>>> trick_verdict("sixty-six", parse_cards("KS 10S"), None)
Traceback (most recent call last):
atout.errors.ConfigError: sixty-six is always played with a trump suit: write C, D, H, or S
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, cast

from atout.cards import Card, Suit
from atout.engine import Action, Explanation
from atout.errors import ConfigError, DuplicateCardError, QueryError
from atout.family_contract import Capability
from atout.games import family_of, make_config, player_counts

__all__ = ["AfterTrick", "AuctionState", "Comparison", "ContractPlayed", "CountedPosition", "FamilyRules",
           "GameConfig", "HandEnding", "Legality", "Permission", "PlayedTrick", "Ranking", "RobRights", "ScoreFacts",
           "ScoreResult", "TricksPlayed", "TrickVerdict", "Trump", "TurnedDeal", "actions", "bids", "config_of",
           "draw", "led_suit", "legality", "may", "parse_trump", "player_counts", "ranking", "rob", "score",
           "trick_verdict", "trump_text", "trumps", "why_beats"]
from atout.i18n import N_, OneOf, Text

Trump = Suit | None
"""A trump suit, or ``None`` for no trumps (a game that has them: Five Hundred)."""


class GameConfig(Protocol):
    """What the rules API reads of a game's configuration (each family's config has more: its options)."""

    @property
    def game(self) -> str: ...

    @property
    def players(self) -> int: ...


class FamilyRules(Protocol):
    """What every family's ``rules`` module answers, the same way in every family. ``named`` is the suit a led joker
    names in no trumps (Five Hundred's alone); ``phase`` whether the stock is ``open`` or following is ``strict``
    (Sixty-Six's alone); a family ignores what it has not. The questions of an optional part of a hand are asked
    only of the families that declare it (``Family.capabilities``): ``AuctionRules``, ``KittyRules``…"""

    STRAINS: tuple[Trump, ...]

    def parse_trump(self, text: str) -> Trump: ...

    def ranking(self, trump: Trump) -> Ranking: ...

    def led_suit(self, plays: Sequence[Card], trump: Trump, named: Suit | None) -> Suit: ...

    def trick_winner(self, plays: Sequence[Card], trump: Trump, named: Suit | None) -> int: ...

    def explain_trick(self, plays: Sequence[Card], trump: Trump, named: Suit | None) -> Explanation: ...

    def explain_beats(self, winner: Card, other: Card, trump: Trump, led: Suit) -> Explanation: ...

    def legal_plays(self, config: Any, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                    named: Suit | None, phase: str | None) -> list[Card]: ...

    def explain_illegal(self, config: Any, card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                        named: Suit | None, phase: str | None) -> Explanation: ...

    def explain_legal(self, config: Any, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                      named: Suit | None, phase: str | None) -> Explanation: ...

    def score(self, config: Any, facts: ScoreFacts) -> ScoreResult: ...

    def following(self, view: Mapping[str, Any]) -> str | None: ...


class AuctionRules(Protocol):
    """``Capability.AUCTION``: the auction after some calls."""

    def bids(self, config: Any, dealer: int, calls: Sequence[str]) -> AuctionState: ...


class KittyRules(Protocol):
    """``Capability.KITTY``: the discard once the kitty is taken."""

    def discards(self, config: Any, trump: Trump, hand: Sequence[Card], kitty: Sequence[Card],
                 bidder: bool) -> Discards: ...


class CardPointRules(Protocol):
    """``Capability.CARD_POINTS``: what the cards won count."""

    def points(self, config: Any, tricks: Sequence[Sequence[Card]], marriages: Sequence[Suit], trump: Trump,
               last_trick: bool) -> PointsCount: ...


class StockRules(Protocol):
    """``Capability.STOCK``: what seat 0 may do beside playing (exchange, close, marry, declare) and what follows a
    trick while the stock lasts."""

    def actions(self, config: Any, position: CountedPosition) -> tuple[Action, ...]: ...

    def may(self, config: Any, position: CountedPosition, action: Action) -> Permission: ...

    def draw(self, config: Any, position: CountedPosition, reply: Card) -> AfterTrick: ...


class RobbingRules(Protocol):
    """``Capability.ROBBING``: who may rob the turned card, and with what."""

    def rob(self, config: Any, deal: int | TurnedDeal, dealer: int, seat: int) -> RobRights: ...


class CardMark(enum.Enum):
    """Why a card stands apart from its suit's plain order, as a ranking table marks it: declared by the family
    with its ranking, so that a view never works it out from rule ids or sentences."""

    ALWAYS_TRUMP = "always-trump"   # a trump whatever suit is trumps (Forty-Fives' A♥)
    BOWER = "bower"                 # a jack among the top trumps (Five Hundred's right and left bowers)
    JOKER = "joker"                 # the joker, the highest trump
    REVERSED = "reversed"           # a card of a suit that runs backwards (Forty-Fives' black suits: 2 high, 10 low)


@dataclass(frozen=True)
class Ranking:
    """How the cards rank when ``trump`` is trumps: ``trumps`` highest first, then each other suit's cards highest
    first (``plain``, suits in the order C D H S), the rule that says it, each card's ``points`` where the game
    counts card points (Sixty-Six; else None), and the cards its ``marks`` set apart (``CardMark``)."""

    trump: Trump
    trumps: tuple[Card, ...]
    plain: Mapping[Suit, tuple[Card, ...]]
    rule: str
    points: Mapping[Card, int] | None = None
    marks: Mapping[Card, CardMark] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the ranking places: the trumps, then the other suits."""
        return self.trumps + tuple(card for cards in self.plain.values() for card in cards)

    def strength(self, card: Card, led: Suit) -> tuple[int, int] | None:
        """Where ``card`` stands in a trick where ``led`` was led, lower is stronger: the trumps in their order,
        then the suit led in its order; None for a card that can win neither way.

        >>> from atout.cards import Card, Suit
        >>> r = ranking("forty-fives", Suit.CLUBS)
        >>> r.strength(Card.parse("AH"), Suit.HEARTS), r.strength(Card.parse("KH"), Suit.HEARTS)
        ((0, 2), (1, 0))
        >>> r.strength(Card.parse("KD"), Suit.HEARTS) is None
        True
        """
        if card in self.trumps:
            return (0, self.trumps.index(card))
        following = self.plain.get(led, ())
        if card in following:
            return (1, following.index(card))
        return None


@dataclass(frozen=True)
class Comparison:
    """One rung of a trick's ladder: ``higher`` beats ``lower``, for the reason ``why`` (its rule and sentence)."""

    higher: Card
    lower: Card
    why: Explanation

    @property
    def rule(self) -> str:
        return self.why.rule

    def render(self, lang: str | None = None, viewer: int | None = None) -> str:
        return self.why.render(lang, viewer)


@dataclass(frozen=True)
class TrickVerdict:
    """Who wins a trick and why. ``plays`` in play order (the first led); ``led`` the suit the lead calls for (for a
    joker led in no trumps, the suit its leader named); ``winner`` the winning position; ``reason`` why it wins,
    against the strongest other card; ``beats`` why it beats each other card; ``strongest`` the cards strongest
    first (the winner, then the trumps and the suit led in their order, then the cards that cannot win, in play
    order) and ``comparisons`` why each of them beats the next."""

    game: str
    trump: Trump
    plays: tuple[Card, ...]
    led: Suit
    winner: int
    reason: Explanation
    beats: Mapping[Card, Explanation]
    strongest: tuple[Card, ...]
    comparisons: tuple[Comparison, ...]

    @property
    def winning_card(self) -> Card:
        return self.plays[self.winner]


@dataclass(frozen=True)
class Legality:
    """Which cards of ``hand`` may be played to the trick ``plays``: ``legal`` in hand order, ``refused`` why each
    other card may not be, and ``reason``: the first refusal's, or why every card may be played."""

    game: str
    trump: Trump
    hand: tuple[Card, ...]
    plays: tuple[Card, ...]
    legal: tuple[Card, ...]
    refused: Mapping[Card, Explanation]
    reason: Explanation

    def allows(self, card: Card) -> bool:
        return card in self.legal


@dataclass(frozen=True)
class PlayedTrick:
    """One trick as it was played: the seat that led it and the cards in play order."""

    leader: int
    plays: tuple[Card, ...]


@dataclass(frozen=True)
class TricksPlayed:
    """What Forty-Fives scores: the trump and the hand's five tricks; ``scores_before`` each player's (or side's)
    score before the hand (None: 0 each); in the Auction the ``bidder`` and the ``bid`` won."""

    trump: Suit
    tricks: tuple[PlayedTrick, ...]
    scores_before: tuple[int, ...] | None = None
    bidder: int | None = None
    bid: str | None = None


@dataclass(frozen=True)
class ContractPlayed:
    """What Five Hundred scores: the ``contract`` (a call such as "8S" or "misere"), the ``contractor``'s side,
    the tricks each side won and the scores before the hand."""

    contract: str
    contractor: int
    tricks_won: tuple[int, int]
    scores_before: tuple[int, int]


@dataclass(frozen=True)
class HandEnding:
    """What Sixty-Six scores: how the hand ended (``event``: ``declare``, ``close-failed``, ``no-declaration`` or
    ``closed``), who declared (``by``) or closed (``closer``), each player's counted ``points`` and ``tricks``,
    the tricks each had when the stock was closed, and who won the last trick of a hand played out."""

    event: str
    by: int | None = None
    closer: int | None = None
    points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)
    tricks_at_close: tuple[int, int] | None = None
    last_trick: int | None = None


ScoreFacts = TricksPlayed | ContractPlayed | HandEnding
"""What a hand's score is worked out from, in each family's terms."""


@dataclass(frozen=True)
class ScoreResult:
    """What a hand scores and why. ``points`` this hand's points for each player or side (Sixty-Six: its game
    points); ``scores_after`` the game's scores after it, where the family keeps them in the answer (the Auction,
    Five Hundred); ``made`` whether the contract was made (None: no contract); ``game_winner`` the side that won
    the game with this hand (Five Hundred); ``tricks_won`` and each trick's ``winners`` and the ``best_card``
    where the tricks were given (Forty-Fives); ``carried``: a tied hand's game point carries (Sixty-Six);
    ``rule`` the rule that decides it and ``reason`` its working (None where the family gives only the rule)."""

    game: str
    points: tuple[int, ...]
    rule: str
    reason: Explanation | None
    scores_after: tuple[int, ...] | None = None
    made: bool | None = None
    game_winner: int | None = None
    tricks_won: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    best_card: Card | None = None
    carried: bool = False


@dataclass(frozen=True)
class AuctionState:
    """An auction after ``calls`` (made by ``seats``, in order): ``over`` with its ``winner`` and winning ``bid``
    (both None when everybody passed), or the seat ``to_act``, the calls it may make (``legal``) and why each other
    call may not be made (``refused``, by call); ``rule`` the rule that says so."""

    game: str
    calls: tuple[str, ...]
    over: bool
    rule: str
    winner: int | None = None
    bid: str | None = None
    to_act: int | None = None
    legal: tuple[str, ...] = ()
    refused: Mapping[str, Explanation] = field(default_factory=lambda: MappingProxyType({}))
    seats: tuple[int, ...] = ()       # who made each of ``calls``, in order


@dataclass(frozen=True)
class Discards:
    """The discard after the kitty: of ``cards`` (the hand, then the kitty), the ones that go (``discard``: the ones
    the rules throw away, or with ``free`` every card, any ``count`` of which the contractor may discard) and stay
    (``keep``), how many the player then ``draw``s (None: nobody draws), why (``reason``) and why each card goes
    or stays (``why``)."""

    game: str
    cards: tuple[Card, ...]
    free: bool
    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    count: int
    draw: int | None
    reason: Explanation
    why: Mapping[Card, Explanation]


@dataclass(frozen=True)
class PointsCount:
    """What the tricks one player won count (Sixty-Six): their ``card_points``, the ``marriage_points`` declared,
    the ``points`` that count (marriages once a trick is won, the last trick's 10), whether they have ``reached``
    66, and the working (``reason``)."""

    game: str
    card_points: int
    marriage_points: int
    points: int
    reached: bool
    reason: Explanation


@dataclass(frozen=True)
class CountedPosition:
    """A Sixty-Six position given by its counts, to ask what seat 0 may do or what follows a trick: seat 0 holds
    ``hand`` and is on lead, or answers ``lead``; the stock holds ``face_down`` cards (11 at the deal, 0 once
    exhausted), ``closed`` or open, the turned-up trump ``turn_up`` under it (None: the highest trump in no hand);
    ``before_draw``: seat 0 has just won a trick and nobody has drawn yet; ``earlier``: what seat 0 did first on
    this lead, done in order (each an action or its text, such as "exchange 9H"). The cards it does not name lie
    in the other hand, the stock and the tricks."""

    trump: Suit
    hand: tuple[Card, ...]
    lead: Card | None = None
    face_down: int = 11
    closed: bool = False
    before_draw: bool = False
    turn_up: Card | None = None
    earlier: tuple[Action | str, ...] = ()


@dataclass(frozen=True)
class Permission:
    """Whether seat 0 may do ``action`` now (``allowed``) and why (``reason``: why it is refused, or what doing it
    does); what seat 0 sees when asked: the ``actions`` it may take, its ``hand`` and the turned-up trump
    (``turn_up``); for a marriage it may declare, its ``marriage_points`` and whether they ``count`` yet (they
    wait for a trick won); the position's ``dealer``, each seat's ``tricks_won`` so far, and what seat 0 did
    first on this lead (``earlier``), said."""

    game: str
    action: Action
    allowed: bool
    reason: Explanation
    actions: tuple[Action, ...]
    hand: tuple[Card, ...]
    turn_up: Card | None
    marriage_points: int | None = None
    counts: bool | None = None
    dealer: int | None = None                       # who dealt the position's hand
    tricks_won: tuple[int, int] | None = None       # each seat's tricks so far
    earlier: tuple[Explanation, ...] = ()           # what seat 0 did first on this lead, said

    @property
    def rule(self) -> str:
        return self.reason.rule


@dataclass(frozen=True)
class AfterTrick:
    """What follows a Sixty-Six trick once seat 0 has replied to the lead: the trick's ``winner``; who draws
    ``first`` (None: nobody draws); what each seat ``takes`` from the stock (``face-down``, ``turn-up``, or None:
    nothing); whether the next trick is played by the strict rules (``strict``; None: that was the last trick);
    seat 0's ``hand`` after the trick and the turned-up trump (``turn_up``) before the drawing; why the drawing
    goes as it does (``drawing``: the trick, then the draw or why nobody draws) and how the next trick is played
    (``following``; the drawing's reason once the hand is over)."""

    game: str
    winner: int
    first: int | None
    takes: tuple[str | None, str | None]
    strict: bool | None
    hand: tuple[Card, ...]
    turn_up: Card | None
    drawing: Explanation
    following: Explanation
    tricks_won: tuple[int, int] | None = None       # each seat's tricks before this one

    @property
    def over(self) -> bool:
        """That was the hand's last trick: no trick follows."""
        return self.strict is None

    @property
    def reasons(self) -> Mapping[str, Explanation]:
        """The reason for each question asked after a trick: who draws ``first``, what each ``take``s, and how the
        next trick is played (``follow``)."""
        return MappingProxyType({"first": self.drawing, "take": self.drawing, "follow": self.following})


@dataclass(frozen=True)
class TurnedDeal:
    """A Forty-Fives deal given by its turned card (``turn_up``), the cards some seats hold (``hands``, by seat,
    up to five each; the deal fills the rest) and the seat dealt the ace of trumps (``holder``; None: it lies
    undealt, unless it is turned or in a hand given)."""

    turn_up: Card
    hands: Mapping[int, tuple[Card, ...]] = field(default_factory=lambda: MappingProxyType({}))
    holder: int | None = None


@dataclass(frozen=True)
class RobRights:
    """Robbing the turned card (Forty-Fives), as the engine allows it at each seat's first decision of the hand:
    each seat's right (``rights``: ``must``, ``may`` or ``no``) and why (``reasons``), the cards each may give up
    (``cards``) and why each other card of its hand may not go (``refused``, for a seat that may rob);
    ``who_reason``: why the first seat that may rob may, or why nobody robs. The deal: the ``dealer``, the
    ``turn_up``, the ``trump`` and the ``hands`` as dealt; ``seat`` the seat the question is asked for."""

    game: str
    dealer: int
    seat: int
    turn_up: Card
    trump: Suit
    hands: tuple[tuple[Card, ...], ...]
    rights: tuple[str, ...]
    reasons: tuple[Explanation, ...]
    cards: tuple[tuple[Card, ...], ...]
    refused: tuple[Mapping[Card, Explanation], ...]
    who_reason: Explanation

    @property
    def who(self) -> tuple[int, ...]:
        """The seats that may (or must) rob, in seat order."""
        return tuple(s for s, right in enumerate(self.rights) if right != "no")

    @property
    def right(self) -> str:
        """The right of ``seat``: ``must``, ``may`` or ``no``."""
        return self.rights[self.seat]

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand ``seat`` was dealt."""
        return self.hands[self.seat]


# --- the questions --------------------------------------------------------------------------------------------

def config_of(game: str, options: Mapping[str, Any] | None = None) -> GameConfig:
    """The configuration of a preset with its options (``ConfigError`` for an unknown game or option)."""
    config: GameConfig = make_config(game, options or {})
    return config


def trumps(game: str | GameConfig) -> tuple[Trump, ...]:
    """The trumps ``game`` may have, in the order a page offers them (``None``: no trumps)."""
    return _rules(_config(game)).STRAINS


def parse_trump(game: str | GameConfig, text: str) -> Trump:
    """A trump written as a page or a lesson writes it ("H", "♥", "nt"), checked against the game's trumps."""
    config = _config(game)
    return _trump(config, _rules(config).parse_trump(text))


def trump_text(trump: Trump) -> str:
    """A trump as the referee and the lessons write it: its letter, or NT.

    >>> trump_text(Suit.HEARTS), trump_text(None)
    ('H', 'NT')
    """
    return "NT" if trump is None else trump.letter


def ranking(game: str | GameConfig, trump: Trump) -> Ranking:
    """The ranking of the cards when ``trump`` is trumps."""
    config = _config(game)
    return _rules(config).ranking(_trump(config, trump))


def led_suit(game: str | GameConfig, plays: Sequence[Card], trump: Trump, named: Suit | None = None) -> Suit:
    """The suit the lead of ``plays`` calls for (a trump led calls for trumps, whatever its own suit).

    >>> from atout.cards import Card, Suit
    >>> led_suit("forty-fives", [Card.parse("AH")], Suit.CLUBS)
    <Suit.CLUBS: 0>
    >>> led_suit("five-hundred", [Card.parse("JD")], Suit.HEARTS)
    <Suit.HEARTS: 2>
    """
    config = _config(game)
    cards = _distinct(config, plays, "plays")
    if not cards:
        raise QueryError(Text("a trick needs at least one card"))
    return _rules(config).led_suit(cards, _trump(config, trump), named)


def why_beats(game: str | GameConfig, higher: Card, lower: Card, trump: Trump, led: Suit) -> Explanation:
    """Why ``higher`` beats ``lower`` in a trick where ``led`` was led, in the family's words."""
    config = _config(game)
    return _rules(config).explain_beats(higher, lower, _trump(config, trump), led)


def trick_verdict(game: str | GameConfig, plays: Sequence[Card], trump: Trump, named: Suit | None = None,
                  whole: bool = False) -> TrickVerdict:
    """The verdict on the trick ``plays`` (in play order): a trick so far, or with ``whole`` a trick of one card per
    player (for a number of players the game allows). ``named``: the suit a joker led in no trumps names.

    >>> from atout.cards import parse_cards
    >>> trick_verdict("five-hundred", parse_cards("AS KS"), Suit.HEARTS, whole=True)
    Traceback (most recent call last):
    atout.errors.QueryError: a trick of five-hundred holds one card per player, 4 cards, not 2
    """
    config = _config(game)
    rules, trump = _rules(config), _trump(config, trump)
    cards = _distinct(config, plays, "plays")
    counts = player_counts(config.game)
    if not cards:
        raise QueryError(Text("a trick needs at least one card"))
    if len(cards) > max(counts) or (whole and len(cards) not in counts):
        raise QueryError(Text("a trick of {game} holds one card per player, {counts} cards, not {n}",
                              game=config.game, counts=OneOf(counts), n=len(cards)))
    led = rules.led_suit(cards, trump, named)
    winner = rules.trick_winner(cards, trump, named)
    win = cards[winner]
    beats = {card: rules.explain_beats(win, card, trump, led) for i, card in enumerate(cards) if i != winner}
    order = _strongest(rules.ranking(trump), cards, winner, led)
    ladder = tuple(Comparison(higher, lower, rules.explain_beats(higher, lower, trump, led))
                   for higher, lower in zip(order, order[1:], strict=False))
    return TrickVerdict(config.game, trump, cards, led, winner, rules.explain_trick(cards, trump, named),
                        MappingProxyType(beats), order, ladder)


def legality(game: str | GameConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
             named: Suit | None = None, phase: str | None = None) -> Legality:
    """The cards of ``hand`` that may be played to the trick so far, ``plays``, and why the others may not.
    ``phase``: Sixty-Six's ``open`` stock or ``strict`` following."""
    config = _config(game)
    rules, trump = _rules(config), _trump(config, trump)
    held = _distinct(config, hand, "hand")
    played = _distinct(config, plays, "plays", seen=held)
    if not held:
        raise QueryError(Text("hand must hold at least one card"))
    most = max(player_counts(config.game)) - 1
    if len(played) > most:
        raise QueryError(Text("the trick so far holds at most {most} cards in {game} (the next card completes it), "
                              "not {n}", most=most, game=config.game, n=len(played)))
    legal = tuple(rules.legal_plays(config, held, played, trump, named, phase))
    refused = {card: rules.explain_illegal(config, card, held, played, trump, named, phase)
               for card in held if card not in legal}
    reason = (next(iter(refused.values())) if refused
              else rules.explain_legal(config, held, played, trump, named, phase))
    return Legality(config.game, trump, held, played, legal, MappingProxyType(refused), reason)


def score(game: str | GameConfig, facts: ScoreFacts) -> ScoreResult:
    """What a hand scores, from the facts its family scores it by.

    >>> from atout.cards import Suit
    >>> result = score("five-hundred", ContractPlayed("8S", contractor=1, tricks_won=(2, 8), scores_before=(100, 200)))
    >>> result.points, result.scores_after, result.made, result.rule
    ((20, 240), (120, 440), True, '500.score.contract')
    >>> score("sixty-six", HandEnding("declare", by=0, points=(68, 31), tricks=(4, 1))).points
    (2, 0)
    >>> score("sixty-six", ContractPlayed("8S", 1, (2, 8), (0, 0)))
    Traceback (most recent call last):
    atout.errors.QueryError: sixty-six scores a hand from how it ended (HandEnding), not from ContractPlayed
    """
    config = _config(game)
    return _rules(config).score(config, facts)


def bids(game: str | GameConfig, dealer: int, calls: Sequence[str]) -> AuctionState:
    """The auction after ``calls`` (the first by the dealer's left-hand opponent); a call that may not be made is
    a ``QueryError`` naming it and the calls allowed.

    >>> state = bids("five-hundred", 0, ["6S", "7C"])
    >>> state.to_act, state.legal[:4], state.refused["7S"].rule
    (3, ('pass', '7D', '7H', '7NT'), '500.bid.order')
    >>> bids(config_of("auction-forty-fives", {"players": 4}), 3, ["pass", "pass", "pass", "pass"]).over
    True
    >>> bids("sixty-six", 0, [])
    Traceback (most recent call last):
    atout.errors.QueryError: sixty-six has no bids questions
    """
    config = _config(game)
    return cast(AuctionRules, _capable(config, Capability.AUCTION, "bids")).bids(config, dealer, tuple(calls))


def discards(game: str | GameConfig, trump: Trump, hand: Sequence[Card], kitty: Sequence[Card] = (),
             bidder: bool = False) -> Discards:
    """The discard once the kitty is taken (Auction Forty-Fives: once trumps are named, for the ``bidder`` who
    adds the kitty or another player; Five Hundred: the contractor's, whatever the trump).

    >>> from atout.cards import Suit, parse_cards
    >>> d = discards(config_of("auction-forty-fives", {"players": 4}), Suit.HEARTS, parse_cards("AH 5C KH 2S JH"))
    >>> [str(c) for c in d.discard], d.draw, d.reason.rule
    (['5C', '2S'], 2, 'a45.discard.others')
    >>> discards("five-hundred", None, parse_cards("JK 5S"), parse_cards("AH KH QH")).count
    3
    """
    config = _config(game)
    rules = cast(KittyRules, _capable(config, Capability.KITTY, "discards"))
    return rules.discards(config, trump, tuple(hand), tuple(kitty), bidder)


def points(game: str | GameConfig, tricks: Sequence[Sequence[Card]], marriages: Sequence[Suit] = (),
           trump: Trump = None, last_trick: bool = False) -> PointsCount:
    """What the tricks one player won count, with the marriages they declared (``trump`` says which is worth 40)
    and the last trick's 10 (Sixty-Six).

    >>> from atout.cards import parse_cards
    >>> count = points("sixty-six", [parse_cards("AS 10S"), parse_cards("KH 9C")])
    >>> count.card_points, count.points, count.reached
    (25, 25, False)
    """
    config = _config(game)
    rules = cast(CardPointRules, _capable(config, Capability.CARD_POINTS, "points"))
    return rules.points(config, tuple(tuple(t) for t in tricks), tuple(marriages), trump, last_trick)


def actions(game: str | GameConfig, position: CountedPosition) -> tuple[Action, ...]:
    """What seat 0 may do in ``position`` (Sixty-Six), once it has done what it did first on this lead; an
    impossible position is a ``PositionError`` saying why, an earlier action that cannot be done a ``QueryError``
    naming it.

    >>> from atout.cards import Suit, parse_cards
    >>> [str(a) for a in actions("sixty-six", CountedPosition(Suit.HEARTS, parse_cards("9H KS QS AC 10D JD"),
    ...                                                           face_down=7))][:4]
    ['exchange 9H', 'close', 'marriage KS', 'declare']
    """
    config = _config(game)
    return cast(StockRules, _capable(config, Capability.STOCK, "actions")).actions(config, position)


def may(game: str | GameConfig, position: CountedPosition, action: Action | str) -> Permission:
    """Whether seat 0 may do ``action`` (or its text, "close") now, in ``position`` (Sixty-Six: exchange the 9
    of trumps, close the stock, declare a marriage…), and why.

    >>> from atout.cards import Suit, parse_cards
    >>> hand = parse_cards("9H KS QS AC 10D JD")
    >>> answer = may("sixty-six", CountedPosition(Suit.HEARTS, hand, face_down=11), "exchange 9H")
    >>> answer.allowed, answer.rule
    (False, '66.exchange-nine')
    >>> marriage = may("sixty-six", CountedPosition(Suit.HEARTS, hand, face_down=7), "marriage KS")
    >>> marriage.allowed, marriage.marriage_points, marriage.counts
    (True, 20, True)
    >>> may("forty-fives", CountedPosition(Suit.HEARTS, hand), "close")
    Traceback (most recent call last):
    atout.errors.QueryError: forty-fives has no may questions
    """
    config = _config(game)
    rules = cast(StockRules, _capable(config, Capability.STOCK, "may"))
    return rules.may(config, position, Action.parse(action) if isinstance(action, str) else action)


def draw(game: str | GameConfig, position: CountedPosition, reply: Card) -> AfterTrick:
    """What follows the trick seat 0 completes by answering ``position.lead`` with ``reply``, a card of
    ``position.hand`` (Sixty-Six): who wins it, who draws first and what each takes, and whether the next trick
    is played by the strict rules.

    >>> from atout.cards import Card, Suit, parse_cards
    >>> after = draw("sixty-six", CountedPosition(Suit.HEARTS, parse_cards("AS KC QC JD 9D 10S"), Card.parse("9S"),
    ...                                           face_down=1), Card.parse("10S"))
    >>> after.winner, after.first, after.takes, after.strict, after.drawing.rule
    (0, 0, ('face-down', 'turn-up'), True, '66.draw')
    """
    config = _config(game)
    return cast(StockRules, _capable(config, Capability.STOCK, "draw")).draw(config, position, reply)


def rob(game: str | GameConfig, deal: int | TurnedDeal, dealer: int = 0, seat: int = 0) -> RobRights:
    """Who must, may or may not rob the turned card, and with which cards, in ``deal``: a hand dealt from a
    seed, or one given by its turned card (Forty-Fives); ``seat`` the seat asked about.

    >>> from atout.cards import Card
    >>> rights = rob(config_of("forty-fives", {"players": 3}), TurnedDeal(Card.parse("AS")))
    >>> rights.rights, rights.who, rights.who_reason.rule
    (('must', 'no', 'no'), (0,), '45.rob.dealer-ace')
    >>> rob("forty-fives-partners", 7, dealer=3).dealer
    3
    """
    config = _config(game)
    return cast(RobbingRules, _capable(config, Capability.ROBBING, "rob")).rob(config, deal, dealer, seat)


def no_question(config: GameConfig, kind: str) -> QueryError:
    """The refusal of a question a game does not have."""
    return QueryError(Text("{game} has no {kind} questions", game=config.game, kind=kind))


def expect_facts(config: GameConfig, facts: ScoreFacts, kind: type) -> None:
    """A family scoring facts of another family's kind is told which it takes."""
    if not isinstance(facts, kind):
        raise QueryError(Text("{game} scores a hand from {what} ({kind}), not from {given}", game=config.game,
                              what=Text(_FACTS[kind]), kind=kind.__name__, given=type(facts).__name__))


_FACTS: dict[type, str] = {TricksPlayed: N_("its tricks"), ContractPlayed: N_("its contract and the tricks won"),
                           HandEnding: N_("how it ended")}


def following(game: str, view: Mapping[str, Any]) -> str | None:
    """The ``phase`` a legal-play question about a seat's view (``hand.view(seat)``) is asked in: where following
    depends on the stock, whether it is ``open`` or following is ``strict`` (Sixty-Six); None elsewhere."""
    return cast(FamilyRules, family_of(game).module("rules")).following(view)


# --- plumbing ---------------------------------------------------------------------------------------------------

def _config(game: str | GameConfig) -> GameConfig:
    return config_of(game) if isinstance(game, str) else game


def _rules(config: GameConfig) -> FamilyRules:
    """The family's ``rules`` module, found through the registry like every other part of a family."""
    return cast(FamilyRules, family_of(config.game).module("rules"))


def _capable(config: GameConfig, capability: Capability, kind: str) -> object:
    """The family's ``rules`` module, to ask a question of ``kind`` of an optional part of a hand: refused here
    (``no_question``) for a family that does not declare it, which then writes nothing for it. The caller casts it to
    the capability's protocol."""
    if not family_of(config.game).has(capability):
        raise no_question(config, kind)
    return family_of(config.game).module("rules")


def _trump(config: GameConfig, trump: Trump) -> Trump:
    allowed = _rules(config).STRAINS
    if trump not in allowed:
        choices = OneOf(trump_text(t) for t in allowed)
        if trump is None:
            raise ConfigError(Text("{game} is always played with a trump suit: write {allowed}", game=config.game,
                                   allowed=choices))
        raise ConfigError(Text("{suit} cannot be trumps in {game}: write {allowed}", suit=trump, game=config.game,
                               allowed=choices))
    return trump


def _distinct(config: GameConfig, cards: Iterable[Card], name: str, seen: Sequence[Card] = ()) -> tuple[Card, ...]:
    """``cards`` as a tuple, each of the game's deck and given once (``seen``: cards given before them)."""
    deck = family_of(config.game).deck
    out = tuple(deck.parse(card) for card in cards)
    given = set(seen)
    for card in out:
        if card in given:
            raise DuplicateCardError(Text("{card} appears twice; each card exists once in the deck", card=card))
        given.add(card)
    return out


def _strongest(order: Ranking, plays: tuple[Card, ...], winner: int, led: Suit) -> tuple[Card, ...]:
    """The trick's cards strongest first: the winner (core's verdict), then by ``Ranking.strength``, the cards that
    cannot win last in play order."""
    def key(position: int) -> tuple[int, int, int]:
        place = order.strength(plays[position], led)
        return (0, *place) if place is not None else (1, position, 0)

    rest = sorted((i for i in range(len(plays)) if i != winner), key=key)
    return (plays[winner], *(plays[i] for i in rest))
