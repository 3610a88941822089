"""The words of actions, declared by the families that have them: what a player may do ("close the stock"), an action
as the subject of a sentence ("Closing the stock"), and on its button ("Close the stock").

Core words the actions every trick-taking game has (playing a card, bidding, discarding, the deal); each family words
its own in a module ``<its package>.vocabulary`` holding ``ACTION_WORDS``, so that a game with a move of its own adds
its words in its own folder. Two families may share a kind (Forty-Fives and Spoil Five both rob) only with the same
words: a family wording a kind otherwise is refused when the words are gathered, naming the kind and both families.

>>> words_of("close").button
'Close the stock'
>>> words_of("shuffle") is None
True
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from atout.i18n import N_


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


# The actions of every trick-taking game: a play, a bid or pass, a discard, the deal. (A card played naming a suit
# and the calls are worded where they are built: ``engine.action_said``, ``games.call_label``.)
CORE_WORDS: Mapping[str, ActionWords] = {
    "play": ActionWords(N_("play a card"), button_card=N_("Play {card}"), subject_card=N_("Playing {card}")),
    "bid": ActionWords(N_("bid or pass")),
    "discard": ActionWords(N_("discard"), button_card=N_("Discard {card}"), subject_card=N_("Discarding {card}")),
    "deal": ActionWords(subject=N_("Dealing the cards")),
    "pass": ActionWords(button=N_("Pass")),
}


class VocabularyError(ValueError):
    """Two families word the same action kind differently."""


@functools.cache
def all_words() -> Mapping[str, ActionWords]:
    """Core's words and every registered family's, by action kind."""
    from atout.games import FAMILY_LIST

    return gather_words(FAMILY_LIST)


def gather_words(families: Iterable[Any]) -> Mapping[str, ActionWords]:
    """Core's words and those of ``families`` (each with its ``id`` and ``package``), by action kind;
    ``VocabularyError`` where two word one kind differently."""
    words: dict[str, ActionWords] = dict(CORE_WORDS)
    declared_by = {kind: "core" for kind in words}
    for family in families:
        try:
            module = importlib.import_module(f"{family.package}.vocabulary")
        except ModuleNotFoundError as error:
            if error.name != f"{family.package}.vocabulary":
                raise
            continue
        for kind, said in module.ACTION_WORDS.items():
            if kind in words and words[kind] != said:
                raise VocabularyError(f"{family.id} words the action {kind!r} otherwise than {declared_by[kind]} "
                                      "does: a kind has one set of words")
            words[kind] = said
            declared_by.setdefault(kind, family.id)
    return words


def words_of(kind: str) -> ActionWords | None:
    """The words of an action kind, or None for a kind no family has."""
    return all_words().get(kind)
