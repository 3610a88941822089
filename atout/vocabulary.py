"""The words of actions, declared by the families that have them: what a player may do ("close the stock"), an action
as the subject of a sentence ("Closing the stock"), and on its button ("Close the stock"); and the words of the calls
of an auction, on a bidding box's button ("7♠", "30 for 60", "Misère") and in a sentence ("7 spades").

Core words the actions every trick-taking game has (playing a card, bidding, discarding, the deal); each family words
its own in a module ``<its package>.vocabulary`` holding ``ACTION_WORDS`` (and ``SHORT_CODES``, the letter a
position's short form writes each of its own kinds with), so that a game with a move of its own adds its words in its
own folder. A family with an auction words its calls there too: ``CALL_NAMES``, the calls that are
words, and ``call_label`` and ``call_said``, which word the calls it writes otherwise and answer None for the rest.
Two families may share an action kind (Forty-Fives and Spoil Five both rob) only with the same words: a family
wording a kind otherwise is refused when the words are gathered, naming the kind and both families.

>>> words_of("close").button
'Close the stock'
>>> words_of("shuffle") is None
True
>>> call_label("30-for-60").render("en"), call_label("7S").render("en"), call_said("7S").render("en")
('30 for 60', '7♠', '7 spades')
"""

from __future__ import annotations

import functools
import importlib
import types
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from atout.i18n import N_, Text


@dataclass(frozen=True)
class ActionWords:
    """An action kind in words (message ids, translated when shown). ``allowed`` is what a player may do, inside a
    sentence; ``button`` and ``subject`` word the action that takes no card; ``button_card`` and ``subject_card`` the
    action with its card (``{card}``, and ``{suit}`` its suit); ``button_suit`` and ``subject_suit`` the action naming a
    suit (``{suit}``); ``foreign`` the action as a move of another game, without its card ("Giving up a card for the
    turned card"), and ``foreign_suit`` with the suit it names. A form left None is not worded: the action is then
    shown in the rules' notation."""

    allowed: str | None = None
    button: str | None = None
    subject: str | None = None
    button_card: str | None = None
    subject_card: str | None = None
    button_suit: str | None = None
    subject_suit: str | None = None
    foreign: str | None = None
    foreign_suit: str | None = None


@dataclass(frozen=True)
class PhaseWords:
    """A phase of a hand in words (message ids): ``name`` as the table's status names it, alone or in brackets
    ("The auction", "To act: Player 2 (robbing)"); ``during`` inside a sentence that refuses an action at the wrong
    moment ("… is not allowed during the bidding"), None for a phase in which no player acts."""

    name: str
    during: str | None = None


# The phases of hands in general: the deal, an auction and what follows one (naming trumps, the kitty), discards,
# the play, the score; a family words its own phases (robbing, Sixty-Six's draw) as ``PHASE_WORDS`` in its vocabulary.
CORE_PHASES: Mapping[str, PhaseWords] = {
    "deal": PhaseWords(N_("the deal")),
    "bid": PhaseWords(N_("the auction"), N_("the bidding")),
    "trump": PhaseWords(N_("naming trumps"), N_("the naming of trumps")),
    "kitty": PhaseWords(N_("the kitty"), N_("the discard from the kitty")),
    "discard": PhaseWords(N_("discarding"), N_("the discard")),
    "play": PhaseWords(N_("play"), N_("the play")),
    "score": PhaseWords(N_("scoring")),
    "over": PhaseWords(N_("the hand is over")),
}


# The actions of every trick-taking game: a play, a bid or pass, a discard, the deal. (A card played naming a suit
# and the calls are worded where they are built: ``engine.action_said``, ``call_label`` below.)
CORE_WORDS: Mapping[str, ActionWords] = {
    "play": ActionWords(N_("play a card"), button_card=N_("Play {card}"), subject_card=N_("Playing {card}")),
    "bid": ActionWords(N_("bid or pass")),
    "discard": ActionWords(N_("discard"), button_card=N_("Discard {card}"), subject_card=N_("Discarding {card}")),
    "deal": ActionWords(subject=N_("Dealing the cards")),
    "pass": ActionWords(N_("pass"), button=N_("Pass"), subject=N_("Passing")),
}


class VocabularyError(ValueError):
    """Two families word the same action kind differently."""


@functools.cache
def all_words() -> Mapping[str, ActionWords]:
    """Core's words and every registered family's, by action kind."""
    from atout.games import FAMILY_LIST

    return gather_words(FAMILY_LIST)


def _vocabularies() -> list[types.ModuleType]:
    from atout.games import FAMILY_LIST

    return [module for module in map(_vocabulary, FAMILY_LIST) if module is not None]


def _vocabulary(family: Any) -> types.ModuleType | None:
    """A family's ``vocabulary`` module, or None where it words nothing of its own."""
    try:
        return importlib.import_module(f"{family.package}.vocabulary")
    except ModuleNotFoundError as error:
        if error.name != f"{family.package}.vocabulary":
            raise
        return None


# The calls that are words in every auction.
CORE_CALLS: Mapping[str, str] = {"pass": N_("Pass")}


@functools.cache
def call_names() -> Mapping[str, str]:
    """The calls that are words ("Pass", "Hold", "Misère"), core's and every family's, by call."""
    names = dict(CORE_CALLS)
    for module in _vocabularies():
        names.update(getattr(module, "CALL_NAMES", {}))
    return names


def call_label(call: str) -> Text:
    """A call as written on its button: "Pass", "30 for 60", "7♠", "10 NT", "Misère" (the call id otherwise)."""
    if call in call_names():
        return Text(call_names()[call])
    for module in _vocabularies():
        label = getattr(module, "call_label", None)
        found = label(call) if label is not None else None
        if found is not None:
            return found
    return Text("{call}", call=call)


def call_said(call: str) -> Any:
    """A call said in words ("6 spades", « 6 piques »: the strain after a number takes the language's plural, which
    a symbol never shows; misère as a noun in running text, "misère", « la misère »); the words of ``call_label``
    for the others."""
    for module in _vocabularies():
        said = getattr(module, "call_said", None)
        found = said(call) if said is not None else None
        if found is not None:
            return found
    return call_label(call)


# The line a table writes under an auction (``{call}``, ``{player}``): the contract won, and the standing bid. A family
# whose contract is not won by bidding words it in its vocabulary as ``CONTRACT_LINES`` (Euchre's makers).
# "none" is the line before any bid: None where a family's trumps are made without bids (the trump line says so).
CORE_CONTRACT_LINES: Mapping[str, str | None] = {"contract": N_("Contract: {call} · bidder: {player}"),
                                                 "standing": N_("Standing bid: {call} · bidder: {player}"),
                                                 "none": N_("No bid yet")}


def contract_line(game: str, standing: bool = False) -> str:
    """The message of the line that says a preset's contract (``standing``: the highest bid so far) and whose it
    is: "Contract: 7♠ · bidder: Player 2"; Euchre's "Makers: Player 2, alone"."""
    line = _contract_lines(game)["standing" if standing else "contract"]
    assert line is not None, "a contract and a standing bid always have a line"
    return line


def no_contract_line(game: str) -> str | None:
    """The message of the line a table writes in the auction before any bid ("No bid yet"); None for a family
    whose trumps are made without bids (Euchre: its trump line already says trumps are not named yet)."""
    return _contract_lines(game)["none"]


def _contract_lines(game: str) -> Mapping[str, str | None]:
    from atout.games import GAMES

    module = _vocabulary(GAMES[game].family) if game in GAMES else None   # an unregistered hand: core's words
    return {**CORE_CONTRACT_LINES, **(getattr(module, "CONTRACT_LINES", {}) if module is not None else {})}


def gather_words(families: Iterable[Any]) -> Mapping[str, ActionWords]:
    """Core's words and those of ``families`` (each with its ``id`` and ``package``), by action kind;
    ``VocabularyError`` where two word one kind differently."""
    return _gathered(families, "ACTION_WORDS", CORE_WORDS, "action")


def gather_phases(families: Iterable[Any]) -> Mapping[str, PhaseWords]:
    """Core's phase words and those of ``families``, by phase; ``VocabularyError`` where two word one otherwise."""
    return _gathered(families, "PHASE_WORDS", CORE_PHASES, "phase")


def _gathered(families: Iterable[Any], declared: str, core: Mapping[str, Any], what: str) -> dict[str, Any]:
    words: dict[str, Any] = dict(core)
    declared_by = {kind: "core" for kind in words}
    for family in families:
        module = _vocabulary(family)
        if module is None:
            continue
        for kind, said in getattr(module, declared, {}).items():
            if kind in words and words[kind] != said:
                raise VocabularyError(f"{family.id} words the {what} {kind!r} otherwise than {declared_by[kind]} "
                                      f"does: a {what} has one set of words")
            words[kind] = said
            declared_by.setdefault(kind, family.id)
    return words


@functools.cache
def all_phases() -> Mapping[str, PhaseWords]:
    """Core's phase words and every registered family's, by phase (``Phase`` value)."""
    from atout.games import FAMILY_LIST

    return gather_phases(FAMILY_LIST)


def phase_name(phase: Any) -> Text:
    """A phase as the table names it ("the auction", "robbing"); the phase's id for one no family words."""
    key = getattr(phase, "value", phase)
    said = all_phases().get(key)
    return Text(said.name) if said is not None else Text("{phase}", phase=str(key))


def phase_during(phase: Any) -> Text | None:
    """A phase inside a sentence about acting in it ("the bidding"); None for a phase in which nobody acts."""
    said = all_phases().get(getattr(phase, "value", phase))
    return Text(said.during) if said is not None and said.during is not None else None


def gather_short_codes(families: Iterable[Any], taken: Mapping[str, str] | None = None) -> Mapping[str, str]:
    """The short codes ``families`` declare (their vocabulary's ``SHORT_CODES``), by kind, beside ``taken``
    (core's); ``VocabularyError`` where a kind has two codes or a code two kinds."""
    codes: dict[str, str] = dict(taken or {})
    for family in families:
        module = _vocabulary(family)
        for kind, code in (getattr(module, "SHORT_CODES", {}) if module is not None else {}).items():
            if len(code) != 1 or not code.islower():
                raise VocabularyError(f"{family.id} writes the action {kind!r} as {code!r} in the short form: a "
                                      "code is one lowercase letter")
            if codes.get(kind, code) != code or any(k != kind and c == code for k, c in codes.items()):
                raise VocabularyError(f"{family.id} writes the action {kind!r} as {code!r} in the short form, a "
                                      "code or kind another family writes otherwise")
            codes[kind] = code
    return codes


def words_of(kind: str) -> ActionWords | None:
    """The words of an action kind, or None for a kind no family has."""
    return all_words().get(kind)


def button_words(action: Any) -> Text | None:
    """The words on an action's button ("Play K♦", "Declare 66", "Rob: give up 4♦ for the turned card"), as its
    family words it; None when no family words it so (a bid, a joker led naming a suit: the page words those)."""
    from atout.cards import Suit

    kind, card, value = action.kind, action.card, action.value
    words = words_of(kind)
    if words is None:
        return None
    if card is not None and value is None and words.button_card is not None:
        return Text(words.button_card, card=card, suit=card.suit)
    if card is None and isinstance(value, Suit) and words.button_suit is not None:
        return Text(words.button_suit, suit=value)
    if card is None and value is None and words.button is not None:
        return Text(words.button)
    return None
