"""The referee: answers rule questions (`rank`, `trick`, `legal`, `bids`, `score`) for every game, and the
special rules' questions where a game has them (`points`, `may` and `draw` in Sixty-Six, `discards` after the kitty,
`rob` for the turned card of Forty-Fives).

The contract is in the rules README: one JSON object in, one out. Bad input gets
``{"error": "<what is wrong, and what is allowed>"}``, never an exception. A fault in Atout itself is not passed
off as bad input: in process it is raised; on the ``atout judge`` stream its line says so and the stream goes on.

>>> judge({"kind": "trick", "game": "forty-fives", "trump": "C", "plays": ["KH", "AH"]})["winner"]
1
>>> judge({"kind": "trick", "game": "forty-fives", "trump": "X", "plays": ["KH"]})["error"]
"'X' is not a suit: write C, D, H or S (or ♣ ♦ ♥ ♠)"
"""

from __future__ import annotations

import json
import math
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, BinaryIO

from atout.cards import Card, Deck, Suit
from atout.engine import Explanation
from atout.errors import AtoutError, DuplicateCardError, QueryError, digit_count, quote
from atout.games import GAMES, package_of
from atout.i18n import Series, Text
from atout.nesting import text_depth
from atout.rules_api import AuctionState, Legality, Ranking, ScoreResult, TrickVerdict

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
        """The query's kind, or "" when it has none of the known kinds."""
        kind = self.data.get("kind")
        return kind if isinstance(kind, str) and kind in KINDS else ""

    def has(self, name: str) -> bool:
        return name in self.data and self.data[name] is not None

    def field(self, name: str) -> Any:
        if name not in self.data:
            if not self.kind:
                raise QueryError(Text("a query needs the field {name}", name=quote(name)))
            raise QueryError(Text("a {kind} query needs the field {name}", kind=self.kind, name=quote(name)))
        return self.data[name]

    def choice(self, name: str, allowed: Sequence[Any]) -> Any:
        value = self.field(name)
        if value not in allowed:
            raise QueryError(Text("{name} cannot be {value}: allowed values are {allowed}", name=name,
                                  value=quote(value, as_json=True), allowed=Series(str(a) for a in allowed)))
        return value

    def integer(self, name: str, low: int, high: int) -> int:
        value = self.field(name)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise QueryError(Text("{name} must be a whole number from {low} to {high}, not {value}",
                                  name=name, low=low, high=high, value=quote(value, as_json=True)))
        return value

    def flag(self, name: str, default: bool = False) -> bool:
        """A yes/no field (``true`` or ``false``); ``default`` when the query leaves it out."""
        if not self.has(name):
            return default
        value = self.data[name]
        if not isinstance(value, bool):
            raise QueryError(Text("{name} must be true or false, not {value}", name=name,
                                  value=quote(value, as_json=True)))
        return value

    def integers(self, name: str, count: int) -> list[int]:
        value = self.field(name)
        if (not isinstance(value, list) or len(value) != count
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise QueryError(Text("{name} must be a list of {count} whole numbers, not {value}",
                                  name=name, count=count, value=quote(value, as_json=True)))
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
                                  value=quote(value, as_json=True)))
        return self.card_list(name, [value])[0]

    def card_list(self, name: str, value: Any = None) -> list[Card]:
        """Cards of the game's deck; the same card twice anywhere in the query is refused."""
        value = self.field(name) if value is None else value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise QueryError(Text("{name} must be a list of cards such as [\"5H\", \"JK\"], not {value}",
                                  name=name, value=quote(value, as_json=True)))
        assert self.deck is not None, "a family's referee names its deck before reading cards"
        cards = [self.deck.parse(v) for v in value]
        for card in cards:
            if card in self._seen:
                raise DuplicateCardError(Text("{card} appears twice in the query; each card exists once",
                                              card=card))
            self._seen[card] = name
        return cards


def kind_answerer(kinds: dict[str, Callable[..., Any]], kind: str, game: str,
                  typed: dict[str, Callable[..., Any]] | None = None) -> Callable[..., Any]:
    """The family's answerer of ``kind`` (from ``typed``, when given: the one answering with the rules API's
    object); a ``QueryError`` naming the kinds ``game`` answers when it has none.

    >>> judge({"kind": "points", "game": "five-hundred", "tricks": []})["error"]
    'five-hundred has no points questions: its kinds are rank, trick, legal, bids, score, discards'
    """
    if kind not in kinds:
        raise QueryError(Text("{game} has no {kind} questions: its kinds are {kinds}", game=game, kind=kind,
                              kinds=Series(kinds)))
    if typed is None:
        return kinds[kind]
    assert kind in typed, f"{kind} questions are answered as JSON, with no typed answer of the rules API"
    return typed[kind]


def rank_answer(ranking: Ranking) -> dict[str, Any]:
    """A ``rank`` answer: the trumps and each other suit (by letter), highest first, and the rule."""
    return {"trump": list(ranking.trumps), "plain": {s.letter: list(cards) for s, cards in ranking.plain.items()},
            "rule": ranking.rule}


def trick_answer(verdict: TrickVerdict, beats: bool = False) -> dict[str, Any]:
    """A ``trick`` answer: the winner's position, its rule and sentence, and with ``beats`` why it beats each other
    card (by card)."""
    answer: dict[str, Any] = {"winner": verdict.winner, **verdict.reason.to_dict()}
    if beats:
        answer["beats"] = {card: why.to_dict() for card, why in verdict.beats.items()}
    return answer


def legal_answer(legality: Legality, why: bool = True) -> dict[str, Any]:
    """A ``legal`` answer: the legal cards, the first refusal's rule and sentence (or why every card is legal) and
    with ``why``, when a card is refused, why each one is (by card)."""
    answer: dict[str, Any] = {"legal": list(legality.legal), **legality.reason.to_dict()}
    if why and legality.refused:
        answer["why"] = {card: reason.to_dict() for card, reason in legality.refused.items()}
    return answer


def trick_so_far(q: Query, players: int) -> tuple[list[Card], list[Card]]:
    """A ``legal`` query's ``hand`` (at least one card) and ``plays``, the trick so far (none: a lead), where a
    trick holds a card from each of ``players``."""
    hand = q.card_list("hand")
    plays = q.card_list("plays", q.data.get("plays", []))
    if not hand:
        raise QueryError(Text("hand must hold at least one card"))
    if len(plays) >= players:
        raise QueryError(Text("the trick so far holds at most {high} cards (it is then complete), not {n}",
                              high=players - 1, n=len(plays)))
    return hand, plays


def sides_tricks_won(q: Query, tricks: int) -> tuple[int, int]:
    """A ``score`` query's ``tricks_won`` by two sides, adding up to the hand's ``tricks``."""
    tricks_won = q.integers("tricks_won", 2)
    if any(t < 0 for t in tricks_won) or sum(tricks_won) != tricks:
        raise QueryError(Text("tricks_won must give each side's tricks, two whole numbers from 0 that add up to "
                              "{n}, not {value}", n=tricks, value=quote(tricks_won, as_json=True)))
    return tricks_won[0], tricks_won[1]


def sides_score_answer(result: ScoreResult) -> dict[str, Any]:
    """A ``score`` answer of a game two sides play to a target: the scores after the hand, each side's points,
    whether the contract was made, the game's winner if any, the rule and the working."""
    assert result.scores_after is not None and result.reason is not None, "a game to a target keeps its scores"
    return {"scores_after": list(result.scores_after), "points": list(result.points), "made": result.made,
            "game_winner": result.game_winner, **result.reason.to_dict()}


def bids_answer(state: AuctionState) -> dict[str, Any]:
    """A ``bids`` answer: once the auction is over its winner and bid; else the seat to act, the calls it may make
    and why each other call may not be made (by call)."""
    if state.over:
        return {"over": True, "winner": state.winner, "bid": state.bid, "rule": state.rule}
    return {"to_act": state.to_act, "legal": list(state.legal), "rule": state.rule,
            "why": {call: why.to_dict() for call, why in state.refused.items()}}


# Limits on what one query may hold, checked before any work is done. The largest real query (a Forty-Fives score
# with its five tricks of six cards) has a few hundred bytes, nests four deep and holds no number above a seed.
MAX_LINE_BYTES = 65_536
MAX_DEPTH = 20
MAX_TEXT = 100
MAX_DIGITS = 18
# What JSON itself counts as white space (RFC 8259): a line holding only these is blank and gets no answer.
JSON_WHITESPACE = " \t\r\n"


def check_size(query: Any) -> None:
    """Refuse a query nested too deep, with a text too long or a number too large, naming the limit."""
    _check_size(query, 1)


def _check_size(value: Any, depth: int) -> None:
    if isinstance(value, dict | list):
        if depth > MAX_DEPTH:
            raise QueryError(Text("a query nests lists and objects at most {n} deep", n=MAX_DEPTH))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                _check_size(key, depth)
            _check_size(item, depth + 1)
    elif isinstance(value, str) and len(value) > MAX_TEXT:
        raise QueryError(Text("a text in a query has at most {n} characters; this one has {size}: {text}", n=MAX_TEXT,
                              size=len(value), text=quote(value)))
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** MAX_DIGITS:
        raise QueryError(Text("a number in a query has at most {n} digits; this one has {size}", n=MAX_DIGITS,
                              size=digit_count(value)))
    elif isinstance(value, float) and not math.isfinite(value):
        raise QueryError(Text("a number in a query must be finite, not {value}", value=quote(value)))


def judge(query: Any, viewer: int | None = None) -> dict[str, Any]:
    """Answer one referee query (a dict) with a dict of plain values; its sentences are written for ``viewer``
    (the seat reading them is "you"; ``None``: nobody is, as on the command line)."""
    answer = ask(query)
    return answer if "error" in answer else answer_json(answer, viewer)


def ask(query: Any) -> dict[str, Any]:
    """Answer one referee query with core's values: cards, suits, and ``Explanation`` objects that a view writes
    for its reader (``judge`` writes them out as JSON does)."""
    try:
        answer: dict[str, Any] = _route(query, typed=False)
        return answer
    except AtoutError as exc:
        return {"error": str(exc)}
    # Nothing else is caught: each field is checked as it is read (``Query``), so a TypeError, KeyError or
    # IndexError past that is a fault in an engine and surfaces as one (``judge_stream`` says so on its line).


def typed(query: Any) -> Any:
    """Core's typed answer to a query of a kind the rules API answers with an object (``score``: a
    ``ScoreResult``, ``bids``: an ``AuctionState``, ``may``: a ``Permission``, ``rob``: ``RobRights``, ``draw``:
    what follows the trick, ``AfterTrick``…), its fields read and checked as the referee reads them (a lesson's
    question is written as a query is); bad input raises the ``AtoutError`` the referee would say.

    >>> typed({"kind": "score", "game": "sixty-six", "event": "close-failed", "by": 0, "tricks_at_close": [3, 0]})
    ScoreResult(game='sixty-six', points=(0, 3), rule='66.close.failed', reason=None, scores_after=None, made=None, \
game_winner=None, tricks_won=None, winners=None, best_card=None, carried=False)
    """
    return _route(query, typed=True)


def _route(query: Any, typed: bool) -> Any:
    """The family's answer to ``query``: its JSON answer, or with ``typed`` the rules API's object."""
    check_size(query)
    q = Query(query)
    kind = q.choice("kind", KINDS)
    game = q.choice("game", tuple(GAMES))
    module = package_of(game)
    options = q.data.get("options") or {}
    if not isinstance(options, dict):
        raise QueryError(Text("options must be an object of option names and values"))
    if typed:
        return module.referee.answer(kind, game, q, options, typed=True)
    return module.referee.answer(kind, game, q, options)


def _parse_int(text: str) -> int:
    """JSON's integers, refused past ``MAX_DIGITS`` before Python converts them (it refuses 4,300 digits and
    more, and a long conversion is slow)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise QueryError(Text("a number in a query has at most {n} digits; this one has {size}", n=MAX_DIGITS,
                              size=len(text.lstrip("-"))))
    return int(text)


def _parse_constant(text: str) -> float:
    raise QueryError(Text("{text} is not a JSON value: numbers are written in digits", text=text))


def parse_query(line: str) -> Any:
    """One line of JSON text, parsed once it is known to be small enough (``QueryError`` otherwise)."""
    if text_depth(line, most=MAX_DEPTH) > MAX_DEPTH:
        raise QueryError(Text("a query nests lists and objects at most {n} deep", n=MAX_DEPTH))
    try:
        return json.loads(line, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise QueryError(Text("not JSON: {why} at column {column}; each line must be one JSON object",
                              why=exc.msg, column=exc.colno)) from None


# Characters that some readers take for the end of a line (Python's str.splitlines, JavaScript): JSON allows them raw
# inside strings, so an answer quoting one is written with the escape instead, and stays one line for every reader.
_LINE_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def answer_line(answer: dict[str, Any]) -> str:
    """An answer as one line of JSON that encodes as UTF-8 (a lone surrogate sent is written back escaped)."""
    text = json.dumps(answer, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(answer)
    for char, escaped in _LINE_BREAKS.items():
        text = text.replace(char, escaped)
    return text


def judge_line(line: str) -> str:
    """One JSON line in, one JSON line out."""
    try:
        query = parse_query(line)
    except AtoutError as exc:
        return answer_line({"error": str(exc)})
    return answer_line(judge(query))


def is_blank(line: str) -> bool:
    """A line that is empty or holds only JSON's white space (space, tab, carriage return): it gets no answer.
    Any other character, U+00A0 and U+3000 among them, makes a line that gets one."""
    return not line.strip(JSON_WHITESPACE)


def judge_lines(lines: Iterable[str]) -> Iterator[str]:
    for line in lines:
        if not is_blank(line):
            yield judge_line(line)


def judge_stream(source: BinaryIO, sink: BinaryIO) -> None:
    """The referee on a byte stream (``atout judge``): one answer line per line that is not blank, in order, each
    written as soon as it is worked out. A line is read as bytes and decoded alone, so a line that is not UTF-8
    gets its answer and the stream goes on; a line longer than ``MAX_LINE_BYTES`` is refused unread."""
    for number, raw in enumerate(_raw_lines(source)):
        try:
            answer = _answer_raw(raw, opening=number == 0)
        except Exception as exc:  # a fault in Atout itself: this line says so (stderr has why), the rest are answered
            traceback.print_exc(file=sys.stderr)
            answer = answer_line({"error": Text("the referee could not answer this query (a fault in Atout: {name}); "
                                                "please report it", name=type(exc).__name__).render()})
        if answer is not None:
            sink.write(answer.encode("utf-8") + b"\n")
            sink.flush()


def _answer_raw(raw: bytes | int, opening: bool) -> str | None:
    """The answer line to one line of bytes (or to a line too long, given by its size); ``None`` for a blank line."""
    if isinstance(raw, int):
        return answer_line({"error": Text("a line has at most {n} bytes; this one has {size}: each line must be "
                                          "one JSON query", n=MAX_LINE_BYTES, size=raw).render()})
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return answer_line({"error": Text("this line is not UTF-8 text (byte {byte} at position {at}): each line "
                                          "must be one JSON query in UTF-8", byte=f"0x{raw[exc.start]:02x}",
                                          at=exc.start + 1).render()})
    if opening:
        line = line.removeprefix("\ufeff")    # a byte-order mark before the first query
    return None if is_blank(line) else judge_line(line)


def _raw_lines(source: BinaryIO) -> Iterator[bytes | int]:
    """Each line's bytes, or for a line longer than ``MAX_LINE_BYTES`` its size, read past without being kept."""
    while True:
        chunk = source.readline(MAX_LINE_BYTES + 1)
        if not chunk:
            return
        if len(chunk) <= MAX_LINE_BYTES or chunk.endswith(b"\n"):
            yield chunk
            continue
        size = len(chunk)
        while chunk and not chunk.endswith(b"\n"):
            chunk = source.readline(MAX_LINE_BYTES)
            size += len(chunk)
        yield size - chunk.endswith(b"\n")


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
