"""What every game family's engine shares: phases, actions, events and explanations.

The model is OpenSpiel's game API: a hand is a state machine with an explicit phase, the deal
is an explicit chance action, ``legal_actions()`` lists what the player to act may do,
``apply(action)`` does it and returns an ``Event`` whose ``explanation`` cites the rule, and
``history`` replays to the same state.

Explanations are built when asked for, not on every step: the engines stay fast enough to play
thousands of hands a second for the computer players and the solver.
"""

from __future__ import annotations

import copy
import enum
import functools
import random
import re
import reprlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, Self, TypeGuard, TypeVar, overload

from atout.cards import CARDS, Card, Deck, Suit, read_card, read_suit, shuffled
from atout.errors import AmbiguousCardError, ConfigError, IllegalActionError, NotationError, SeatError, quote, typed
from atout.games import GAMES, family
from atout.i18n import N_, OneOf, Person, Series, Text, Typed
from atout.vocabulary import call_label, call_said, words_of


class Phase(enum.Enum):
    DEAL = "deal"          # chance: the shuffled deck is dealt
    ROB = "rob"            # Forty-Fives: the dealer robs a turned-up ace
    BID = "bid"
    TRUMP = "trump"        # Auction Forty-Fives: the high bidder names trumps
    KITTY = "kitty"        # Five Hundred: the contractor takes the kitty and discards
    DISCARD = "discard"
    DRAW = "draw"
    PLAY = "play"
    SCORE = "score"
    OVER = "over"


MAX_ACTION_TEXT = 400   # the longest action is a whole deal ("deal AS KS …", 53 cards): longer text is refused unread


class Action(NamedTuple):
    """One thing a player (or chance) does. ``kind`` names it; ``card`` and ``value`` qualify it.

    The text form round-trips:

    >>> a = Action.parse("play 10h")
    >>> a, str(a)
    (Action(kind='play', card=Card('10H'), value=None), 'play 10H')
    >>> str(Action.parse("bid 30-for-60")), str(Action.parse("keep")), str(Action.parse("play jk h"))
    ('bid 30-for-60', 'keep', 'play JK H')
    """

    kind: str
    card: Card | None = None
    value: Any = None

    def __str__(self) -> str:
        return self.written()

    def written(self, lang: str | None = None) -> str:
        """The action in the notation: canonical ("play AC"), or with ``lang`` its cards and suits as the page shows
        them to a reader of ``lang`` ("play A♣", « play D♠ »), which ``parse(text, lang)`` reads back."""
        def card(c: Card) -> str:
            return c.code if lang is None else c.render(lang)

        if self.kind == "deal":
            return "deal " + " ".join(card(c) for c in self.value)
        parts = [self.kind]
        if self.card is not None:
            parts.append(card(self.card))
        if self.value is not None:
            if isinstance(self.value, Suit):
                parts.append(self.value.letter if lang is None else self.value.symbol)
            elif self.kind in VALUE_ACTIONS:
                parts.append(call_written(str(self.value), lang))
            else:
                parts.append(str(self.value))
        return " ".join(parts)

    @staticmethod
    def parse(text: str, lang: str | None = None) -> Action:
        """Read an action in the notation; with ``lang``, its cards and suits as a reader of ``lang`` types them
        (``atout.cards.read_card``: « play RC » is the king of hearts in French)."""
        card: Callable[[str], Card] = Card.parse if lang is None else functools.partial(read_card, lang=lang)
        suit: Callable[[str], Suit] = Suit.parse if lang is None else functools.partial(read_suit, lang=lang)
        words = text.split() if isinstance(text, str) and len(text) <= MAX_ACTION_TEXT else []
        if not words:
            raise NotationError(Text("{text} is not an action: write a kind then its card or value, as in "
                                     "'play 5H', 'bid 15', 'trump S', 'keep'", text=quote(text)))
        kind, rest = words[0].lower(), words[1:]
        if kind == "deal":
            return Action("deal", None, tuple(card(w) for w in rest))
        if kind in CARD_ACTIONS:
            if len(rest) == 2:     # a card and the suit it names (Five Hundred's joker led in no trumps)
                return Action(kind, card(rest[0]), suit(rest[1]))
            if len(rest) != 1:
                raise NotationError(Text("'{kind}' takes one card, as in '{kind} 5H'", kind=kind))
            return Action(kind, card(rest[0]))
        if kind in SUIT_ACTIONS:
            if len(rest) != 1:
                raise NotationError(Text("'{kind}' takes one suit, as in '{kind} H'", kind=kind))
            return Action(kind, None, suit(rest[0]))
        if kind in VALUE_ACTIONS:
            if len(rest) != 1:
                raise NotationError(Text("'{kind}' takes one value, as in 'bid 15' or 'bid pass'", kind=kind))
            return Action(kind, None, call_read(rest[0], lang))
        if not rest:
            return Action(kind)
        if len(rest) == 1:
            try:
                return Action(kind, card(rest[0]))
            except AmbiguousCardError:
                raise      # a card, but which one the reader must say
            except ValueError:
                return Action(kind, None, rest[0])
        raise NotationError(Text("{text} is not an action", text=quote(text)))


def normalise_call(text: str) -> str:
    """Calls are written ``pass``, ``hold``, ``15``, ``30-for-60``, ``7NT``, ``misere``: any case in."""
    low = text.strip().lower()
    return low if low.isalpha() or "-" in low or low.isdigit() else low.upper()


_CALL_IN_A_SUIT = re.compile(r"^(\d+)([^\d-]+)$")    # "7H": a number of tricks, then its suit (or NT)


def call_written(call: str, lang: str | None = None) -> str:
    """A call in the notation: canonical ("7H"), or with ``lang`` its suit as the page shows it to the reader
    ("7♥"; "7NT", "20" and "misere" as they are).

    >>> call_written("7H", "fr"), call_written("7NT", "fr"), call_written("30-for-60", "fr")
    ('7♥', '7NT', '30-for-60')
    """
    found = _CALL_IN_A_SUIT.match(call)
    if lang is None or found is None:
        return call
    try:
        return found.group(1) + Suit.parse(found.group(2)).symbol
    except ValueError:
        return call


def call_read(text: str, lang: str | None = None) -> str:
    """A call as typed, in the canonical notation; with ``lang``, its suit read as a reader of ``lang`` types it
    (``read_suit``: « 7P » is 7 piques in French, and « 7C » is refused as cœur or clubs).

    >>> call_read("7♥", "fr"), call_read("7p", "fr"), call_read("7nt", "fr"), call_read("7s"), call_read("7♥")
    ('7H', '7S', '7NT', '7S', '7H')
    """
    found = _CALL_IN_A_SUIT.match(text.strip())
    if found is None or found.group(2).upper() == "NT":
        return normalise_call(text)
    if lang is None:     # the canonical notation, which takes a suit's symbol as Card.parse does ("7♥")
        try:
            return found.group(1) + Suit.parse(found.group(2)).letter
        except ValueError:
            return normalise_call(text)
    return found.group(1) + read_suit(found.group(2), lang).letter


# Which action kinds take a card, a suit or a free value (the families share these words).
CARD_ACTIONS = {"play", "rob", "discard", "exchange", "marriage"}
SUIT_ACTIONS = {"trump"}
VALUE_ACTIONS = {"bid"}

PLAY_ACTIONS: tuple[Action, ...] = tuple(Action("play", card) for card in CARDS)


def play(card: Card) -> Action:
    """The (interned) action of playing a card."""
    return PLAY_ACTIONS[card.index]


class Explanation:
    """Why something happened or is forbidden: a sentence and the id of the rule that decides it.

    The sentence is written for a viewer (``render(lang, viewer)``: the player it names is "you" to
    themself); the rule id stays beside it, for a link to the rule's statement, never inside it.
    """

    __slots__ = ("rule", "text")

    def __init__(self, rule: str, text: Text) -> None:
        self.rule = rule
        self.text = text

    def render(self, lang: str | None = None, viewer: int | None = None) -> str:
        """The sentence, in ``lang`` for ``viewer``."""
        return self.text.render(lang, viewer)

    sentence = render

    def cited(self, lang: str | None = None, viewer: int | None = None) -> str:
        """The sentence with its rule id after it, for logs and tests: "… (45.rank.five-of-trumps)"."""
        return f"{self.render(lang, viewer)} ({self.rule})"

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Explanation({self.cited('en')!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Explanation) and (self.rule, self.text) == (other.rule, other.text)

    def __hash__(self) -> int:
        return hash(self.rule)

    def to_dict(self) -> dict[str, Any]:
        """Its rule and itself, as a referee answer carries them: ``atout.referee`` writes the sentence for the
        viewer when it answers (``answer_json``)."""
        return {"rule": self.rule, "explanation": self}


class Moment(NamedTuple):
    """When an action is refused as ill-timed or as another game's: the phase, the game, and what the player to
    act may do instead (a ``Refusal``'s ``data`` for such a reason)."""

    phase: Phase
    game: str
    legal: tuple[Action, ...]


class Refusal(NamedTuple):
    """Why a hand refuses an action, as facts: the family's ``reason`` (a member of its ``Refused``), the ``seat``
    refused (the player to act; None at the deal and once the hand is over), the ``action`` and the facts the
    reason names (``data``: each family's ``Refused`` says which). The hand decides the refusal; its family's
    ``explain.explain_refusal`` words it and cites the rule, as ``explain_event`` does for an event."""

    reason: enum.Enum
    seat: int | None
    action: Action
    data: Any = None


# Who reads an event's sentence when it is said to the whole table: a seat that sees only what everybody saw (a card
# laid face down is counted, never named). ``Event.explanation`` is said to it; ``explanation_for`` to a seat, or to the
# teacher's every-hand view (None).
ONLOOKER = -1


class Event:
    """What one action did. The explanation is built on first access.

    ``cards`` are the cards it moved besides its action's own card (drawn from the stock, taken from the kitty,
    discarded by the rules), ``shown`` the cards it shows to the table where they lie (a marriage's king and queen):
    a table rings those of both it shows. Its family's explainer words it for a viewer
    (``explainer(event, viewer)``, the viewer ``ONLOOKER`` when left out): the cards moved face down are named to the
    seat they belong to and to every-hand view (None), counted for anyone else."""

    __slots__ = ("kind", "seat", "action", "data", "cards", "shown", "_explainer", "_explanation", "consequences")

    def __init__(self, kind: str, seat: int | None, action: Action | None, data: Any,
                 explainer: Callable[..., Explanation], cards: Sequence[Card] = (), shown: Sequence[Card] = ()) -> None:
        self.kind = kind
        self.seat = seat
        self.action = action
        self.data = data
        self.cards = tuple(cards)
        self.shown = tuple(shown)
        self._explainer = explainer
        self._explanation: Explanation | None = None
        self.consequences: list[Event] = []  # automatic events this one caused

    @property
    def explanation(self) -> Explanation:
        """What happened as the whole table saw it (said to an ``ONLOOKER``)."""
        if self._explanation is None:
            self._explanation = self._explainer(self)
        return self._explanation

    def explanation_for(self, viewer: int | None) -> Explanation:
        """What happened as ``viewer`` may know it: a seat is told the cards it moved face down (its discards, what
        it drew, the kitty it took), the every-hand view (None) every card; the rule is the same for all."""
        if viewer == ONLOOKER:
            return self.explanation
        return self._explainer(self, viewer)

    @property
    def rule(self) -> str:
        return self.explanation.rule

    def flatten(self) -> Iterator[Event]:
        """This event and, in order, the automatic ones it caused (a trick won, a hand scored)."""
        yield self
        for event in self.consequences:
            yield from event.flatten()

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, seat={self.seat}, {self.explanation.cited('en')!r})"


def sees(viewer: int | None, owner: int | None) -> bool:
    """Whether ``viewer`` sees the cards ``owner`` moved face down: its own, or every hand face up (None)."""
    return viewer is None or (owner is not None and viewer == owner)


def card_not_held(rule: str, seat: Any, card: Card | None, hand: Any) -> Explanation:
    """The refusal of a card the player does not hold, with their hand: the same words in every game, under the
    game's own rule (where the hand comes from)."""
    return Explanation(rule, Text("{seat} does not hold {card}; their hand is {hand}", seat=seat, card=card,
                                  hand=hand, you=N_("You do not hold {card}; your hand is {hand}")))


def seat_name(seat: int) -> Person:
    """A player as sentences name them: "you" to themself, "Player 2" to others (see ``atout.i18n.Person``)."""
    return Person(seat)


class LegalActions(Sequence[Action]):
    """A lazy view of the legal actions (python-chess's ``legal_moves``): computed when read."""

    def __init__(self, state: HandBase) -> None:
        self._state = state

    def _list(self) -> tuple[Action, ...]:
        return self._state.legal_actions()

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, i: int | slice) -> Action | tuple[Action, ...]:
        return self._list()[i]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        return action in self._list()

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(str(a) for a in self._list())})>"


class Ending(NamedTuple):
    """A position met in the middle of a hand, taken up without the deal and the play before it: the cards each
    seat still holds, the trick on the table (``leader``, then ``trick`` in play order), the tricks each seat has
    won so far, and what the family needs besides: the ``trump`` (Forty-Fives, Sixty-Six), the ``contract``
    (bidder, call: Five Hundred and Auction Forty-Fives), the ``best`` trump played so far and who played it
    (Forty-Fives, where the best card scores), the card ``points`` won, the ``marriages`` declared and who
    ``closed`` the stock (Sixty-Six: closer, then each seat's tricks when it closed).

    A hand starts from it with the chance action ``Action("ending", None, ending)`` instead of the deal; the
    tricks played before it have a winner and no cards (nobody remembers them), so the solver and the score count
    them, and nothing shows them.
    """

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...] = ()
    won: tuple[int, ...] = ()
    trump: Suit | None = None
    contract: tuple[int, str] | None = None
    best: tuple[int, Card] | None = None
    points: tuple[int, ...] | None = None
    marriages: tuple[int, ...] | None = None
    closed: tuple[int, ...] | None = None       # the closer, then the tricks at the close (or none: just now)


def check_ending(ending: Ending, players: int, deck: Iterable[Card], tricks: int, trick_size: int | None = None,
                 out: int | None = None, every_card_played: bool = True) -> int:
    """The checks every family's ending shares: the seats, each card once and in the deck, the hand sizes the
    trick on the table leaves (a seat that has played to it holds one card fewer), the tricks won so far adding up
    to the tricks played (``every_card_played``: else, as in a closed Sixty-Six, at most that many). ``out`` is a
    seat out of the play (Five Hundred's misère partner). Returns how many tricks each player has left. A wrong
    ending raises ``PositionError`` saying what is wrong."""
    from atout.errors import PositionError

    seats = [s for s in range(players) if s != out]
    size = trick_size or len(seats)
    if len(ending.hands) != players:
        raise PositionError(Text("an ending gives the cards of each of the {n} players, not {k}", n=players,
                                 k=len(ending.hands)))
    if ending.leader not in seats:
        raise PositionError(Text("the trick is led by seat {seat}, who is not in the play: the seats are {seats}",
                                 seat=ending.leader, seats=Series(map(str, seats))))
    given = [c for h in ending.hands for c in h] + list(ending.trick)
    if ending.best is not None:
        given.append(ending.best[1])
    members = set(deck)
    for card in given:
        if card not in members:
            raise PositionError(Text("{card} is not in the deck of this game", card=card))
    twice = sorted({c for c in given if given.count(c) > 1}, key=lambda c: c.code)
    if len(twice) == 1:
        raise PositionError(Text("{card} appears twice in the ending; each card exists once", card=twice[0]))
    if twice:
        raise PositionError(Text("{cards} appear twice in the ending; each card exists once", cards=twice))
    if len(ending.trick) >= size:
        raise PositionError(Text("a trick holds {n} cards: the trick so far has {k}, so it is over", n=size,
                                 k=len(ending.trick)))
    order = [seats[(seats.index(ending.leader) + i) % len(seats)] for i in range(len(seats))]
    played = set(order[:len(ending.trick)])
    left = {s: len(ending.hands[s]) + (s in played) for s in seats}
    if len(set(left.values())) != 1:
        raise PositionError(Text("in an ending every player holds as many cards as the others, one fewer once they "
                                 "have played to the trick on the table: here {sizes}",
                                 sizes=Series(f"{s}: {len(ending.hands[s])}" for s in seats)))
    remaining = next(iter(left.values()))
    if not 1 <= remaining <= tricks:
        raise PositionError(Text("an ending has 1 to {n} tricks left, each player holding that many cards; here "
                                 "{k}", n=tricks, k=remaining))
    done = tricks - remaining
    won = list(ending.won) if ending.won else [0] * players
    shown = " ".join(map(str, won))
    if len(won) != players or any(w < 0 for w in won) or (every_card_played and sum(won) != done):
        raise PositionError(Text("with {k} cards each left, {done} tricks were played: won gives the tricks each of "
                                 "the {n} seats took, adding up to {done}, not {won}", k=remaining, done=done,
                                 n=players, won=shown))
    if sum(won) > done:
        raise PositionError(Text("with {k} cards each left, at most {done} tricks were played: won gives the tricks "
                                 "each seat took, {won} is too many", k=remaining, done=done, won=shown))
    return remaining


class TableView:
    """What one seat (or the teacher, ``viewer=None``) sees of a table, the same shape for every game.

    The widgets draw only this: hands are card lists when visible and counts when hidden. ``legal``
    holds the actions of the player to act when the viewer may act for them; ``illegal`` maps each
    card of that player's hand that may not be played to the explanation core gives.
    ``tricks_won`` is per seat, or per side where the game scores tricks by side (Five Hundred);
    ``kitty``, ``stock`` and ``discards`` (a contractor's discards while it discards) are counts, or the cards
    themselves when the viewer may see them;
    ``last_trick`` is ``[(seat, card), …]`` and ``last_trick_winner`` the seat that took it.
    ``score_unit`` says what ``scores`` count (the game's score, a hand's card points or game points), since the same
    figures mean different things from one game, and one moment, to another.
    ``calls`` is the auction so far, ``[(seat, call), …]`` in the order made (public: every seat heard them), and
    ``high_bid`` the standing bid ``(seat, call)`` while the auction goes on (``contract`` once it is over).
    ``strain`` is the strain the hand is played in as the referee writes it (C, D, H, S, or NT), None while it is not
    known: a family whose contracts may name no trump suit says so; else it is the trump suit's letter.
    """

    __slots__ = ("game", "players", "viewer", "dealer", "to_act", "phase", "hands", "trick", "leader",
                 "trump", "turn_up", "kitty", "stock", "discards", "scores", "score_labels", "score_unit", "tricks_won",
                 "legal", "illegal", "last_trick", "last_trick_winner", "contract", "notes", "over", "calls",
                 "high_bid", "strain")
    game: str
    players: int
    viewer: int | None
    dealer: int
    to_act: int | None
    phase: str                         # a Phase's value: the hand's own (``hand.phase.value``), as its views say
    hands: list[Any]                   # per seat: its cards when visible, else how many it holds
    trick: list[tuple[int, Card]]      # (seat, card) in play order
    leader: int | None
    trump: Any                         # a suit, or a family's own strain (Five Hundred's no trumps)
    turn_up: Card | None
    kitty: Any                         # a count, or the cards when the viewer may see them; so stock and discards
    stock: Any
    discards: Any
    scores: list[int]
    score_labels: list[Any]
    score_unit: Any                    # a Text naming what ``scores`` count, or None with no scores
    tricks_won: list[int]
    legal: Sequence[Action]
    illegal: dict[Card, Explanation]
    last_trick: list[tuple[int, Card]] | None
    last_trick_winner: int | None
    contract: Any
    notes: list[Any]
    over: bool
    calls: list[tuple[int, str]]
    high_bid: tuple[int, str] | None
    strain: str | None

    def __init__(self, **fields: Any) -> None:
        defaults: dict[str, Any] = {
                    "viewer": None, "dealer": 0, "to_act": None, "phase": "play", "trick": [], "leader": None,
                    "trump": None, "turn_up": None, "kitty": 0, "stock": 0, "discards": 0, "scores": [],
                    "score_labels": [], "score_unit": None,
                    "tricks_won": [], "legal": [], "illegal": {}, "last_trick": None, "last_trick_winner": None,
                    "contract": None,
                    "notes": [], "over": False, "calls": [], "high_bid": None}
        for name in self.__slots__:
            setattr(self, name, fields.pop(name, defaults.get(name)))
        if fields:
            raise TypeError(f"unknown TableView fields: {', '.join(fields)}")
        if self.strain is None and isinstance(self.trump, Suit):
            self.strain = self.trump.letter

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


def auction_fields(auction: Any) -> dict[str, Any]:
    """A table view's ``calls`` and ``high_bid`` from an auction (``calls``, ``bid``, ``high_bidder``, ``over``),
    or none for a hand without one."""
    if auction is None:
        return {}
    standing = auction.bid is not None and not auction.over
    return {"calls": list(auction.calls), "high_bid": (auction.high_bidder, auction.bid) if standing else None}


# An action's parts as a refusal quotes them: a few items of a few levels, each cut short (a message stays a sentence).
_PART = reprlib.Repr()
_PART.maxlevel, _PART.maxlist, _PART.maxtuple, _PART.maxdict = 2, 3, 3, 2
_PART.maxstring, _PART.maxother, _PART.maxlong = 24, 16, 16


def check_shape(action: Action) -> None:
    """A ``NotationError`` for an ``Action`` built by hand with the wrong kinds of parts (``Action("play", "AS")``:
    the card is text, not a ``Card``), before anything reads them as a card or a word."""
    kind, card, value = action
    cards = isinstance(value, tuple | list) and all(isinstance(c, Card) for c in value)
    if not isinstance(kind, str) or not (card is None or isinstance(card, Card)) or (kind == "deal" and not cards):
        written = "Action(" + ", ".join(_PART.repr(part) for part in action) + ")"
        raise NotationError(Text("{action} is not an action: its kind is a word, its card a Card and a deal's value "
                                 "its cards; Action.parse('play AS') writes one from text", action=written))


def as_action(action: Action | str) -> Action:
    """``action`` itself, or the action its text writes (``NotationError`` for anything else)."""
    return action if isinstance(action, Action) else Action.parse(action)


def checked_action(action: Action | str) -> Action:
    """``as_action``, and an ``Action`` built with the wrong parts refused (``check_shape``): for the questions about an
    action (``apply`` checks the shape of an action only when it is not one of the legal ones, the common case)."""
    action = as_action(action)
    check_shape(action)
    return action


def is_seat(seat: object, players: int) -> TypeGuard[int]:
    """Whether ``seat`` is one of the ``players`` seats, 0 to players - 1 (-1 would index the last seat's hand, and
    True the second's)."""
    return not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < players


def check_seat(players: int, seat: object) -> int:
    """``seat`` when it is one of the ``players`` seats (``is_seat``); a ``SeatError`` naming them otherwise."""
    if is_seat(seat, players):
        return seat
    raise SeatError(Text("a seat is a number from 0 to {last}, not {seat}", last=players - 1, seat=quote(seat)))


def check_viewer(players: int, viewer: object) -> int | None:
    """``viewer`` when it is a seat, or None (nobody: every hand face up); a ``SeatError`` naming them otherwise."""
    if viewer is None or is_seat(viewer, players):
        return viewer
    raise SeatError(Text("the table is seen from a seat from 0 to {last}, or from no seat (None: every hand face up), "
                         "not {seat}", last=players - 1, seat=quote(viewer)))


def check_seed(seed: Any) -> int | None:
    """``seed`` when it is a whole number or None (a deal nobody can repeat); a ``ConfigError`` otherwise."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ConfigError(Text("a seed is a whole number (or nothing, for a deal nobody can repeat), not {seed}",
                               seed=quote(seed)))
    return seed


def check_dealer(config: Any, dealer: object) -> int:
    """``dealer`` when it is a seat of the game (0 to players - 1); a ``ConfigError`` naming the seats otherwise."""
    if is_seat(dealer, config.players):
        return dealer
    raise ConfigError(Text("the dealer is a seat from 0 to {last}, not {dealer}", last=config.players - 1,
                           dealer=quote(dealer)))


class HandStart(NamedTuple):
    """What a hand starts with besides its configuration and its dealer, as the game it is part of hands it on:
    the scores before it (Forty-Fives and Five Hundred, whose hand scores add to them), or the game points carried
    in from tied hands (Sixty-Six, whose game keeps its own score). A family refuses what it has no use for."""

    scores_before: tuple[int, ...] | None = None
    carry: int = 0


class GameConfig(Protocol):
    """What the engine reads of every family's configuration."""

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def sides(self) -> int: ...
    @property
    def first_dealer(self) -> str: ...
    @property
    def target(self) -> int: ...      # the score (game points in Sixty-Six) that wins the game


class ScoreLine(NamedTuple):
    """One hand on a score sheet, per scoring unit (a player, or a side in partnerships: the units of the game's
    ``scores``): what each scored in the hand (``points``), the tricks each won, and its totals ``before`` and
    ``after`` the hand where the family's hands carry the game's scores (None where the game keeps them: Sixty-Six
    adds each hand's game points); with the contract, if any: the unit that won it (``bid_unit``), its call and
    whether it was ``made`` (None: not scored as made or short)."""

    points: list[int]
    tricks: list[int]
    before: list[int] | None = None
    after: list[int] | None = None
    bid_unit: int | None = None
    bid: str | None = None
    made: bool | None = None


class ScoredResult(Protocol):
    """What every family's hand result says of itself for a score sheet (``GameBase.results`` holds them)."""

    def score_line(self) -> ScoreLine: ...


class PlayedTrick(Protocol):
    """What the engine reads of a trick played: its cards."""

    @property
    def cards(self) -> Sequence[Card]: ...


class HandBase:
    """What every family's hand shares: applying and recording actions, the cached legal actions, replaying a
    history, copying, taking back, why an action is refused, the phase queries, and the common parts of a seat's
    view and of the table view.

    A hand keeps ``config``, ``dealer``, ``phase``, ``to_act``, ``hands`` (one card list per seat), ``tricks`` (each
    with its ``cards``), ``history`` and ``events``; ``start()`` says what else it was started with (a ``HandStart``:
    the scores before it, or Sixty-Six's carried points), so a replay starts alike. A family names its ``DECK``,
    ``config_class`` and ``make_config``, and says what is legal (``_compute_legal``), which method does each kind
    of action (``DOES``), why an action is refused (``_refusal``, the facts, which its explanations word:
    ``_word_refusal``) and where the cards lie that are neither in a hand nor in a finished trick
    (``_cards_elsewhere``).
    """

    # What every family's hand keeps (each family narrows the types: its own configuration, tricks and result).
    config: GameConfig
    dealer: int
    phase: Phase
    to_act: int | None
    hands: list[list[Card]]
    trick: object                      # the trick on the table (each family's own shape), None between tricks
    tricks: Sequence[PlayedTrick]
    history: list[Action]
    events: list[Event]
    result: Any                        # each family's own result, None until the hand is scored
    scores_before: list[int]           # the families whose hand scores add to the game's (not Sixty-Six)
    _legal: tuple[Action, ...] | None

    if TYPE_CHECKING:
        # Each family's own constructor (Sixty-Six starts with carried points: see its ``_begin``), and the scoring
        # of the hands played to their last trick (``_next_lead``).
        def __init__(self, config: Any, dealer: int = 0, scores_before: Sequence[int] | None = None) -> None: ...
        def _score(self) -> Event: ...

    DEAL_RULE: str | None = None      # the rule an undo with nothing to take back cites
    # The rules by which a hand ends with cards still in players' hands, cited by the move that ends it (none: every
    # hand of the family is played to its last card).
    EARLY_END_RULES: frozenset[str] = frozenset()
    # Each family's action kinds and the methods doing them, ``method(hand, action) -> Event``: ``apply`` calls
    # the method straight away once the action is found legal.
    DOES: Mapping[str, Callable[[Any, Action], Event]] = {}
    # The phases its hands pass through, in order (``hand.phase`` is always one of them): with ``DOES``, the family's
    # vocabulary, which core's tables word (``PHASE_WORDS``, ``ACTION_WORDS``; the table's phase names).
    PHASES: tuple[Phase, ...] = ()
    DECK: Deck
    config_class: type
    # Hands played to their last trick (``_next_lead``): how many tricks a hand has, and the class of a trick.
    TRICKS: int
    trick_class: type

    def start(self) -> HandStart:
        """What this hand was started with, for a hand started alike (``begin``)."""
        return HandStart(scores_before=tuple(self.scores_before))

    @classmethod
    def begin(cls, config: Any, dealer: int = 0, start: HandStart | None = None) -> Self:
        """A hand of ``config`` before its deal, ``dealer`` dealing, started with ``start`` (nothing: a new game)."""
        start = HandStart() if start is None else start
        if not isinstance(start, HandStart):
            raise TypeError(f"a hand starts with a HandStart, not {type(start).__name__}")
        return cls._begin(config, check_dealer(config, dealer), start)

    @classmethod
    def _begin(cls, config: Any, dealer: int, start: HandStart) -> Self:
        """By default a hand starts with the scores before it and carries nothing from tied hands."""
        if start.carry:
            raise ConfigError(Text("this hand carries no game points from an earlier hand: it starts with the "
                                   "scores before it"))
        return cls(config, dealer, start.scores_before)

    # --- starting a hand ------------------------------------------------------------------------------------

    @staticmethod
    def make_config(game: str, options: Mapping[str, Any] | None = None, **more: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def shuffled_deal(cls, seed: int | None) -> Action:
        """The chance action: the family's deck in the order a shuffle with ``seed`` leaves it."""
        return Action("deal", None, shuffled(cls.DECK, seed))

    @classmethod
    def configure(cls, game: str | Any, options: Mapping[str, Any] | None = None, **more: Any) -> Any:
        """``game`` itself when it is a configuration already, else the configuration of that preset with
        ``options``."""
        return game if isinstance(game, cls.config_class) else cls.make_config(game, options, **more)

    @classmethod
    def dealt(cls, config: Any, seed: int | None, dealer: int = 0, start: HandStart | None = None) -> Self:
        """A hand started with ``start`` (as ``start()`` gives it) and dealt from a deck shuffled with ``seed``:
        the same seed, the same cards."""
        hand = cls.begin(config, dealer, start)
        hand.apply(cls.shuffled_deal(check_seed(seed)))
        return hand

    @property
    def scores_now(self) -> list[int]:
        """The scores as they stand (for the families that carry ``scores_before`` into a hand): before this
        hand while it is played, after it once it is scored."""
        return list(self.scores_before if self.result is None else self.result.scores_after)

    # What ``scores_now`` counts, as a table names it (``TableView.score_unit``).
    SCORES_NOW_UNIT = N_("The game's score")

    # --- acting ------------------------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """What the player to act may do now (empty at the deal and when the hand is over).

        Computed once per state and kept: ``apply`` forgets it, so callers may read it as often as they like. A
        tuple, so that nothing a caller does to it changes what the hand allows."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._compute_legal())
        return legal

    def _compute_legal(self) -> list[Action]:   # pragma: no cover - each family says what is legal
        raise NotImplementedError

    def apply(self, action: Action | str) -> Event:
        """Do ``action`` for the player to act (or chance) and say what happened.

        An action ``legal_actions`` does not list raises ``IllegalActionError`` naming the rule (the deal aside,
        see ``_unlisted``); the state is unchanged.
        """
        if not isinstance(action, Action):      # (the check inline: apply is the engine's innermost loop)
            action = as_action(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            action = self._unlisted(action)
        event = self.DOES[action.kind](self, action)
        self._legal = None
        self.history.append(action)
        self.events.append(event)
        return event

    def _unlisted(self, action: Action) -> Action:
        """The action to do for one ``legal_actions`` does not list, or the error refusing it: the deal, chance's
        action, which the deal itself checks; or another way of writing a legal action (``_same_as_listed``)."""
        check_shape(action)
        if self.phase is Phase.DEAL and action.kind in ("deal", "ending"):
            return action
        listed = self._same_as_listed(action)
        if listed is None:
            raise self._illegal(action)
        return listed

    def _same_as_listed(self, action: Action) -> Action | None:
        """The legal action that ``action`` is another way of writing (Sixty-Six: a marriage named by its queen),
        or None: by default every action has one way of being written."""
        return None

    @classmethod
    def replay(cls, config: Any, history: Iterable[Action | str], dealer: int = 0,
               start: HandStart | None = None) -> Self:
        """A hand started with ``start`` and brought to the same state by applying ``history``."""
        hand = cls.begin(config, dealer, start)
        for action in history:
            hand.apply(action)
        return hand

    @property
    def set_up(self) -> bool:
        """A position built for a question (``position``, ``from_view``) rather than dealt and played: it has no
        history to replay or take back."""
        return not self.history and not self.is_chance

    def copy(self) -> Self:
        if self.set_up:
            return copy.deepcopy(self, {id(self.config): self.config})
        return self.replay(self.config, self.history, self.dealer, self.start())

    def undo(self) -> Action:
        """Take back the last action that was not the deal; the state is as before it."""
        if self.set_up:
            raise IllegalActionError(Text("This position was set up, not played: there is no move to take back"),
                                     rule=self.DEAL_RULE)
        if len(self.history) <= 1:
            raise IllegalActionError(Text("There is nothing to take back: no action since the deal"),
                                     rule=self.DEAL_RULE)
        action = self.history[-1]
        other = self.replay(self.config, self.history[:-1], self.dealer, self.start())
        self.__dict__.update(other.__dict__)
        return action

    def is_of_this_game(self, action: Action | str) -> bool:
        """Whether ``action`` is one this game has at some moment of a hand (its kind, here ``DOES``): a refusal says
        that another game's action ("close" in Forty-Fives) is not part of this one, never that it is ill-timed."""
        return checked_action(action).kind in self.DOES

    def explain_illegal(self, action: Action | str) -> Explanation | None:
        """Why ``action`` is not allowed now, or None when it is (an ``Action`` built with the wrong parts, or text
        that is no action, is refused: ``NotationError``)."""
        action = checked_action(action)
        if self.phase is not Phase.DEAL and (action in self.legal_actions()
                                         or self._same_as_listed(action) is not None):
            return None
        return self._explain_illegal(action)

    def _explain_illegal(self, action: Action) -> Explanation:
        """Why ``action`` is refused, in words: the hand's refusal as its family's explanations word it."""
        return self._word_refusal(self._refusal(action))

    def _refusal(self, action: Action) -> Refusal:   # pragma: no cover - each family refuses its own
        """Why ``action``, which is not legal now, is refused: the facts, never the sentence."""
        raise NotImplementedError

    def _word_refusal(self, refusal: Refusal) -> Explanation:   # pragma: no cover - each family words its own
        raise NotImplementedError

    # --- each event's own position, for a walk-through ---------------------------------------------------

    # Who watches the hand's events as they happen (``staged_views``): nobody, but for a walk-through's replay.
    _watch: Callable[[Event], None] | None = None

    def _stage(self, event: Event) -> None:
        """The hand now stands just after ``event``, one of an action's events, with the others still to come (the
        trumps named before the kitty is taken, a trick won before the hand is scored): ``staged_views`` pictures
        the event from here. A family stages each event whose position is not the one its whole action leaves;
        nobody to act while the rules move the cards. One test when nobody watches."""
        watch = self._watch
        if watch is not None:
            legal = self._legal          # what the watcher reads mid-action is not kept as the action's legal list
            watch(event)
            self._legal = legal

    def staged_views(self, viewer: int | None = None) -> list[TableView]:
        """The table as ``viewer`` sees it (None: every hand face up) just after each event of the hand, one view
        per event in the order of its events and their consequences (``Event.flatten``): the hand replayed from
        its start, each event pictured where its family stages it (``_stage``), the events it does not stage (the
        last of an action's) where the whole action leaves the hand."""
        check_viewer(len(self.hands), viewer)
        if self.set_up:
            raise IllegalActionError(Text("This position was set up, not played: there are no events to show"),
                                     rule=self.DEAL_RULE)
        hand = self.begin(self.config, self.dealer, self.start())
        staged: list[tuple[Event, TableView]] = []
        hand._watch = lambda event: staged.append((event, hand.table_view(viewer)))
        views: list[TableView] = []
        for action in self.history:
            staged.clear()
            events = list(hand.apply(action).flatten())
            if [event for event, _view in staged] != events[:len(staged)]:
                raise AssertionError(f"{type(self).__name__} staged the events of {action} out of their order")
            views += [view for _event, view in staged]
            views += [hand.table_view(viewer)] * (len(events) - len(staged))
        return views

    def _illegal(self, action: Action) -> IllegalActionError:
        """The error ``apply`` raises for an action that is not legal now, carrying core's explanation."""
        why = self._explain_illegal(action)
        return IllegalActionError(why.text, rule=why.rule, explanation=why)

    def _next_lead(self, event: Event, winner: int) -> Event:
        """After a trick that ``winner`` won (``event`` is the play that ended it): once the hand's ``TRICKS``
        tricks are played the hand is scored (``_score``) and over, else ``winner`` leads a new ``trick_class``.
        For the hands played to their last trick (Forty-Fives, Five Hundred); Sixty-Six ends its own way."""
        if len(self.tricks) == self.TRICKS:
            self.to_act = None
            score = self._score()
            self.phase = Phase.OVER
            event.consequences.append(score)
            self._stage(score)       # the last trick still lies in the middle while the hand is scored
            self.trick = None
        else:
            self.trick = self.trick_class(winner)
            self.to_act = winner
        return event

    # --- what a seat sees ----------------------------------------------------------------------------------

    def _view_of(self, seat: int) -> dict[str, Any]:
        """The start of every family's ``view``: the game and its rules, the seat, the phase, whose turn it is and
        who dealt, the seat's own cards and how many cards each seat holds (a seat the hand does not have is
        refused)."""
        check_seat(len(self.hands), seat)
        return {
            "game": self.config.game,
            "config": self.config,
            "seat": seat,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
        }

    def _legal_words(self, seat: int) -> list[str]:
        """The view's ``legal``: the actions ``seat`` may take now, written out, or none when it is not to act."""
        return [str(a) for a in self.legal_actions()] if self.to_act == seat else []

    def _legal_shown(self, viewer: int | None, cards_in_play: bool) -> tuple[list[Action], dict[Card, Explanation]]:
        """The table view's ``legal`` and ``illegal``: the legal actions when ``viewer`` may act for the player to act
        (the teacher, ``None``, acts for everyone), and, while cards are being played (``cards_in_play``), why each
        other card of that player's hand may not be played, as core explains it."""
        seat = self.to_act
        if seat is None or (viewer is not None and viewer != seat):
            return [], {}
        legal = list(self.legal_actions())
        if not cards_in_play:
            # A choice of a card of one kind (the card given up when robbing, a discard): the held cards it cannot
            # use are marked too, with why (a robber keeps the ace of trumps).
            kinds = {a.kind for a in legal if a.card is not None}
            if len(kinds) != 1:
                return legal, {}
            kind = kinds.pop()
            usable = {a.card for a in legal if a.kind == kind}
            return legal, {card: self._explain_illegal(Action(kind, card))
                           for card in self.hands[seat] if card not in usable}
        playable = {a.card for a in legal if a.kind == "play"}
        illegal = {card: self._explain_illegal(PLAY_ACTIONS[card.index])
                   for card in self.hands[seat] if card not in playable}
        return legal, illegal

    # What the pages ask of every hand: the table a seat sees, the deal packet by packet, whose side a seat is on,
    # and the calls of the game as a bidding box lays them out.
    def table_view(self, viewer: int | None = None) -> TableView:   # pragma: no cover - each family lays its table
        raise NotImplementedError

    def deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:
        """The deal, packet by packet, for a step-through view: (what, seat, cards). A hand before its deal, or
        taken up at an ending (never dealt: its deck order is empty), has no packets."""
        return [] if self.from_ending or self.is_chance else self._deal_packets()

    def _deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:   # pragma: no cover - each family deals
        raise NotImplementedError

    def returns(self) -> list[int]:   # pragma: no cover - each family scores its own
        """What each player scored this hand once it is over (0 before), seat by seat as OpenSpiel's ``returns``:
        partners both get their side's."""
        raise NotImplementedError

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for: the seat itself, unless the family plays in partnerships."""
        return check_seat(len(self.hands), seat)

    def call_rows(self) -> list[list[str]]:
        """The game's calls row by row, as a bidding box lays them out (none where the game has no bidding); which
        of them is legal now is ``legal_actions``' to say."""
        return []

    def all_cards(self) -> list[Card]:
        """Every card of the deck, wherever it lies (card conservation): in the hands, in the tricks played, and
        wherever else the family lays cards (``_cards_elsewhere``: the trick on the table, a kitty, a stock,
        discards, a turned-up card)."""
        cards = [c for h in self.hands for c in h]
        cards += [c for t in self.tricks for c in t.cards]
        cards += self._cards_elsewhere()
        return cards

    def _cards_elsewhere(self) -> list[Card]:   # pragma: no cover - each family lays its own cards
        raise NotImplementedError

    # --- the phase -----------------------------------------------------------------------------------------

    @property
    def from_ending(self) -> bool:
        """Whether the hand was taken up at an ending (``Ending``) rather than dealt."""
        return bool(self.history) and self.history[0].kind == "ending"

    @property
    def is_chance(self) -> bool:
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def legal_moves(self) -> LegalActions:
        return LegalActions(self)


HandT = TypeVar("HandT", bound=HandBase)


class GameBase(Generic[HandT]):
    """What every family's game shares: hands played one after another until a player or side wins.

    A game deals each hand from its seeded generator (the same seed, the same game), applies actions to
    the hand in play, and when a hand ends keeps it (``results``, ``completed_hands``), scores it, passes
    the deal and deals the next one, unless somebody has won. A family names its ``hand_class`` (which
    configures and deals, ``HandBase.configure`` and ``HandBase.dealt``), and says only what differs: how a finished
    hand changes the scores and who has won (``score``), which way the deal passes (``dealer_step``), what
    a new hand starts with (``hand_start``, a ``HandStart``) and what a finished game says
    (``over_message``, citing ``TARGET_RULE``).
    """

    hand_class: type[HandT]
    default_game = ""
    TARGET_RULE = ""

    def __init__(self, game: str | Any = None, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 **more: Any) -> None:
        game = self.default_game if game is None else game
        self.config = self.hand_class.configure(game, options, **more)
        self.seed = check_seed(seed)
        self._rng = random.Random(seed)
        players = self.config.players
        self.dealer = self._rng.randrange(players) if self.config.first_dealer == "random" else 0
        self.scores = [0] * self.config.sides
        self.results: list[ScoredResult] = []
        self.dealers: list[int] = []
        self.winner: int | None = None
        self.completed_hands: list[HandT] = []   # every finished hand, for scores and reviews
        self.hand = self._new_hand()

    # --- what a family says ------------------------------------------------------------------------

    def hand_start(self) -> HandStart:
        """What a new hand starts with besides the configuration and the dealer: the scores so far."""
        return HandStart(scores_before=tuple(self.scores))

    def score(self, result: Any) -> int | None:   # pragma: no cover - each family scores its own way
        """Bring ``scores`` up to date with a finished hand's result; the winner, if the game is won."""
        raise NotImplementedError

    def dealer_step(self) -> int:
        """Seats the deal moves by after each hand: 1 passes it to the left."""
        return 1

    def over_message(self) -> Text:   # pragma: no cover - each family says it its own way
        raise NotImplementedError

    def score_labels(self) -> list[Text]:   # pragma: no cover - each family names its own scoring units
        """Whose each of the game's ``scores`` is: each player's, or each side's in partnerships."""
        raise NotImplementedError

    # --- the hand-after-hand loop ------------------------------------------------------------------------

    def _new_hand(self) -> HandT:
        hand = self.hand_class.dealt(self.config, self._rng.getrandbits(64), self.dealer, self.hand_start())
        self.dealers.append(self.dealer)
        return hand

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: Action | str) -> Event:
        """Apply an action to the current hand; when it ends, score it and deal the next one."""
        if self.is_over:
            raise IllegalActionError(self.over_message(), rule=self.TARGET_RULE)
        event = self.hand.apply(action)
        if self.hand.is_over:
            self._finish_hand()
        return event

    def _finish_hand(self) -> None:
        hand = self.hand
        self.results.append(hand.result)
        self.completed_hands.append(hand)
        self.winner = self.score(hand.result)
        self.dealer = (self.dealer + self.dealer_step()) % self.config.players
        if self.winner is None:
            self.hand = self._new_hand()


# What a phase is and what an action does, in words, for a sentence that refuses an action at the wrong moment
# ("'discard JK' is not allowed during the bidding: you must bid"): never the engine's ids.
PHASE_WORDS = {Phase.ROB: N_("the robbing of the turned ace"), Phase.BID: N_("the bidding"),
               Phase.TRUMP: N_("the naming of trumps"), Phase.KITTY: N_("the discard from the kitty"),
               Phase.DISCARD: N_("the discard"), Phase.PLAY: N_("the play")}


def action_said(action: Action) -> Text:
    """What an action does, said as the subject of a sentence: "Playing 8♥", "Discarding the joker", "Bidding 8
    spades", "Playing the joker naming hearts" (in French « Jouer le 8♥ »), in the words its family declares
    (``atout.vocabulary``), never in the rules' notation ("play JK H") unless no game has it."""
    kind, card, value = action.kind, action.card, action.value
    if kind == "play" and card is not None and isinstance(value, Suit):
        return Text("Playing {card} naming {suit}", card=card, suit=value)
    if kind == "bid" and value == "pass":
        return Text("Passing")
    if kind == "bid" and value == "hold":       # quoted as its button writes it, not "Bidding Hold"
        return Text("Calling {call}", call=Typed(call_label("hold")))
    if kind == "bid" and value is not None:
        return Text("Bidding {call}", call=call_said(str(value)))
    words = words_of(kind)
    if words is not None and kind != "bid":
        if card is not None and words.subject_card is not None:
            return Text(words.subject_card, card=card, suit=card.suit)
        if isinstance(value, Suit) and words.subject_suit is not None:
            return Text(words.subject_suit, suit=value)
        if card is None and words.subject is not None and (value is None or kind == "deal"):
            return Text(words.subject)
    return Text("{action}", action=typed(str(action)))    # no action of any game: quoted as it was typed


def foreign_action_said(action: Action, here: str) -> Text:
    """``action_said`` for an action the game ``here`` does not have, naming the games that do ("Closing the
    stock, a move in Sixty-Six,"): a learner told only that it "is not part of Forty-Fives" may read it as a move
    that does not exist anywhere, or confuse it with one of this game's (exchanging for the turned card is robbing
    in Forty-Fives). An action of no game ("shuffle") is said as it was typed."""
    # Said as the move is where it is played, not with the card tried: Sixty-Six exchanges only its 9 of trumps,
    # and a bid names its trumps where there is no naming of its own.
    words = words_of(action.kind)
    if words is not None and words.foreign_suit is not None and isinstance(action.value, Suit):
        said = Text(words.foreign_suit, suit=action.value)
    elif words is not None and words.foreign is not None:
        said = Text(words.foreign)
    else:
        said = action_said(action)
    elsewhere = [Text(N_("in {game}"), game=Text(GAMES[g].title)) for g in _games_having(action) if g != here]
    if not elsewhere:
        return said
    return Text("{action}, a move {games},", action=said, games=elsewhere)


def _games_having(action: Action) -> list[str]:
    """The presets whose hands do ``action`` itself (one of their ``DOES`` that ``is_of_this_game``), in the
    registry's order: not a game that only has the like (Forty-Fives robs where Sixty-Six exchanges its 9)."""
    return [g for g in GAMES if action.kind in type(_sample_hand(g)).DOES and _sample_hand(g).is_of_this_game(action)]


@functools.cache
def _sample_hand(game: str) -> HandBase:
    hand: HandBase = family(game).new_hand(game, seed=0)
    return hand


def phase_words(phase: Phase) -> Text:
    return Text(PHASE_WORDS[phase])


def action_words(kinds: Iterable[str]) -> OneOf:
    """What the player to act may do, in words, joined with "or" ("bid or pass", "rob … or keep the hand")."""
    return OneOf(_allowed(kind) for kind in dict.fromkeys(kinds))


def _allowed(kind: str) -> Text:
    words = words_of(kind)
    if words is None or words.allowed is None:      # a kind no family words: in the rules' notation
        return Text("{action}", action=typed(kind))
    return Text(words.allowed)


def allowed_words(actions: Iterable[Action]) -> OneOf:
    """``action_words`` of the legal actions, where a bidder who may not bid a number is told so: the Auction
    dealer may only hold or pass (a45.bid.hold), or must bid when nobody did (a45.bid.all-pass), and nobody
    bids over the top of the ladder."""
    actions = list(actions)
    calls = {str(a.value) for a in actions if a.kind == "bid"}
    if not calls or "pass" in calls and calls - {"pass", "hold"}:
        return action_words(a.kind for a in actions)
    if calls - {"pass", "hold"}:                 # the dealer made to take the hand when nobody bid
        return OneOf([Text(N_("bid"))])
    return OneOf([Text(N_("hold or pass") if "hold" in calls else N_("pass"))])


def over_standing(why: Text, standing: Any, allowed: OneOf) -> Text:
    """A call that is no call at all, said with what may be called now over the standing bid: the whole ladder
    is not what a player may bid once a bid stands (a45.bid.order, 500.bid.higher)."""
    if not allowed.items:
        return Text("{why}; over {bid} no bid is higher: you may only pass", why=why, bid=standing)
    return Text("{why}; over {bid} you may pass or bid {allowed}", why=why, bid=standing, allowed=allowed)
