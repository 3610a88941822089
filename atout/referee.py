"""The referee: answers rule questions (`rank`, `trick`, `legal`, `bids`, `score`) for every game, and the
special rules' questions where a game has them (`points`, `may` and `draw` in Sixty-Six, `discards` after the kitty,
`rob` for the turned card of Forty-Fives).

The contract is in the rules README: one JSON object in, one out. Bad input gets
``{"error": "<what is wrong, and what is allowed>"}`` and never an exception.

>>> judge({"kind": "trick", "game": "forty-fives", "trump": "C", "plays": ["KH", "AH"]})["winner"]
1
>>> judge({"kind": "trick", "game": "forty-fives", "trump": "X", "plays": ["KH"]})["error"]
"'X' is not a suit: write C, D, H or S (or ♣ ♦ ♥ ♠)"
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from atout.cards import Card, Deck, Suit
from atout.engine import Explanation
from atout.errors import AtoutError, DuplicateCardError, QueryError
from atout.games import FAMILIES, family
from atout.i18n import Text

KINDS = ("rank", "trick", "legal", "bids", "score", "points", "discards", "may", "rob", "draw")


class Query:
    """A referee query with checked accessors: each error names the field and what it accepts."""

    def __init__(self, data: Any, deck: Deck | None = None) -> None:
        if not isinstance(data, dict):
            raise QueryError(Text("a query is a JSON object with 'kind' and 'game', not {what}",
                                  what=type(data).__name__))
        self.data = data
        self.deck = deck
        self._seen: dict[Card, str] = {}

    @property
    def kind(self) -> str:
        return self.data.get("kind", "")

    def has(self, name: str) -> bool:
        return name in self.data and self.data[name] is not None

    def field(self, name: str) -> Any:
        if name not in self.data:
            raise QueryError(Text("a {kind} query needs the field {name}", kind=self.kind, name=repr(name)))
        return self.data[name]

    def choice(self, name: str, allowed: Sequence[Any]) -> Any:
        value = self.field(name)
        if value not in allowed:
            raise QueryError(Text("{name} cannot be {value}: allowed values are {allowed}", name=name,
                                  value=json.dumps(value), allowed=", ".join(str(a) for a in allowed)))
        return value

    def integer(self, name: str, low: int, high: int) -> int:
        value = self.field(name)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise QueryError(Text("{name} must be a whole number from {low} to {high}, not {value}",
                                  name=name, low=low, high=high, value=json.dumps(value)))
        return value

    def flag(self, name: str, default: bool = False) -> bool:
        """A yes/no field (``true`` or ``false``); ``default`` when the query leaves it out."""
        if not self.has(name):
            return default
        value = self.data[name]
        if not isinstance(value, bool):
            raise QueryError(Text("{name} must be true or false, not {value}", name=name, value=json.dumps(value)))
        return value

    def integers(self, name: str, count: int) -> list[int]:
        value = self.field(name)
        if (not isinstance(value, list) or len(value) != count
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise QueryError(Text("{name} must be a list of {count} whole numbers, not {value}",
                                  name=name, count=count, value=json.dumps(value)))
        return value

    def trump(self) -> Suit:
        """The field ``trump``: a suit (Five Hundred, whose ``trump`` may also be no trumps, reads its own)."""
        value = self.field("trump")
        if not isinstance(value, str):
            raise QueryError(Text("trump must be a suit: C, D, H or S"))
        return Suit.parse(value)

    def card(self, name: str) -> Card:
        """One card of the game's deck, written "AS" (or as a list of exactly one card, ["AS"])."""
        value = self.field(name)
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if not isinstance(value, str):
            raise QueryError(Text("{name} must be one card such as \"AS\", not {value}", name=name,
                                  value=json.dumps(value)))
        return self.card_list(name, [value])[0]

    def card_list(self, name: str, value: Any = None) -> list[Card]:
        """Cards of the game's deck; the same card twice anywhere in the query is refused."""
        value = self.field(name) if value is None else value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise QueryError(Text("{name} must be a list of cards such as [\"5H\", \"JK\"], not {value}",
                                  name=name, value=json.dumps(value)))
        cards = [self.deck.parse(v) for v in value]
        for card in cards:
            if card in self._seen:
                raise DuplicateCardError(Text("{card} appears twice in the query; each card exists once",
                                              card=card.code))
            self._seen[card] = name
        return cards


def kind_answerer(kinds: dict[str, Callable[..., dict[str, Any]]], kind: str, game: str) -> Callable[..., dict]:
    """The family's answerer of ``kind``; a ``QueryError`` naming the kinds ``game`` answers when it has none.

    >>> judge({"kind": "points", "game": "five-hundred", "tricks": []})["error"]
    'five-hundred has no points questions: its kinds are rank, trick, legal, bids, score, discards'
    """
    if kind not in kinds:
        raise QueryError(Text("{game} has no {kind} questions: its kinds are {kinds}", game=game, kind=kind,
                              kinds=", ".join(kinds)))
    return kinds[kind]


def judge(query: Any, viewer: int | None = None) -> dict[str, Any]:
    """Answer one referee query (a dict) with a dict of plain values; its sentences are written for ``viewer``
    (the seat reading them is "you"; ``None``: nobody is, as on the command line)."""
    answer = ask(query)
    return answer if "error" in answer else answer_json(answer, viewer)


def ask(query: Any) -> dict[str, Any]:
    """Answer one referee query with core's values: cards, suits, and ``Explanation`` objects that a view writes
    for its reader (``judge`` writes them out as JSON does)."""
    try:
        q = Query(query)
        kind = q.choice("kind", KINDS)
        game = q.choice("game", tuple(FAMILIES))
        module = family(game)
        options = q.data.get("options") or {}
        if not isinstance(options, dict):
            raise QueryError(Text("options must be an object of option names and values"))
        return module.referee.answer(kind, game, q, options)
    except AtoutError as exc:
        return {"error": str(exc)}
    except (TypeError, KeyError, IndexError, AttributeError) as exc:  # malformed fields deep in a query
        return {"error": f"malformed query: {exc}"}


def judge_line(line: str) -> str:
    """One JSON line in, one JSON line out."""
    try:
        query = json.loads(line)
    except json.JSONDecodeError as exc:
        return json.dumps({"error": f"not JSON: {exc.msg} at column {exc.colno}; each line must be one "
                                    "JSON object"})
    return json.dumps(judge(query), ensure_ascii=False)


def judge_lines(lines: Iterable[str]) -> Iterator[str]:
    for line in lines:
        if line.strip():
            yield judge_line(line)


def answer_json(result: dict[str, Any], viewer: int | None = None) -> dict[str, Any]:
    """Cards become their canonical text, suits their letter, explanations their sentence for ``viewer``."""
    return {key: _plain(value, viewer) for key, value in result.items()}


def _plain(value: Any, viewer: int | None) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Explanation):
        return value.render(viewer=viewer)
    if isinstance(value, Text):
        return value.render(viewer=viewer)
    if isinstance(value, dict):
        return {(k.code if isinstance(k, Card) else k): _plain(v, viewer) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v, viewer) for v in value]
    if hasattr(value, "letter"):
        return value.letter
    if hasattr(value, "to_dict"):
        return _plain(value.to_dict(), viewer)
    return value
