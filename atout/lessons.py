"""Lessons as data: loading, checking and quizzes answered by the referee.

A lesson is a TOML file under ``lessons/<family>/``: its text in every language, the steps (one
idea each, with the cards or widget to show), and quiz questions. A teacher writes one without
touching Python; ``check_lessons`` refuses an invalid lesson, a missing translation or a rule id
the rulebook lacks, naming the file and the place.

Quiz answers are never written in the lesson: the referee computes them, and the feedback quotes
the rule the referee cites.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from atout.cards import KING, QUEEN, Card, Suit
from atout.errors import AtoutError
from atout.games import FAMILIES
from atout.house_rules import HOUSE_RULES, house_rule
from atout.i18n import LANGUAGES, N_, Person, Text, get_language
from atout.referee import judge
from atout.rulebook import RULES

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
FAMILY_ORDER = ("forty-fives", "five-hundred", "sixty-six")


class LessonError(AtoutError):
    """A lesson file that is not valid: the message names the file, the place and what is allowed."""


_TEXT = {"type": "object", "properties": {lang: {"type": "string", "minLength": 1} for lang in LANGUAGES},
         "required": list(LANGUAGES), "additionalProperties": False}
_CARDS = {"type": "array", "items": {"type": "string"}}
_GAME = {"enum": list(FAMILIES)}
_TRUMP = {"type": "string"}

# What a question of each special-rule kind may ask (``ask``; the first is the default), and the fields it needs.
ASKS: dict[str, tuple[str, ...]] = {
    "points": ("points", "66"),          # how many points these tricks make / do they make 66
    "discards": ("cards", "count", "draw"),
    "exchange": ("may",),
    "marriage": ("may",),
    "close": ("may", "score"),
    "rob": ("may", "who", "cards"),      # may this seat rob (must, may, no) / who may / which cards may go
    "draw": ("first", "take", "follow"),  # after this trick: who draws first / what you take / must you follow
}
_POSITION = ["trump", "hand", "stock"]    # a Sixty-Six position on lead, given by its counts
_NEEDS: dict[str, list[str]] = {"points": ["tricks"], "discards": ["hand"], "exchange": _POSITION,
                                "marriage": [*_POSITION, "marriage"], "close": _POSITION,
                                "rob": [],    # the deal by its seed or by turn_up: the referee says which it lacks
                                "draw": [*_POSITION, "plays"]}


def _kind_rules() -> list[dict[str, Any]]:
    """Per kind: the values of ``ask`` and the fields required (a closing question's score needs only ``score``)."""
    rules = []
    for kind, asks in ASKS.items():
        then: dict[str, Any] = {"properties": {"ask": {"enum": list(asks)}}}
        if kind == "close":
            then |= {"if": {"required": ["ask"], "properties": {"ask": {"const": "score"}}},
                     "then": {"required": ["score"]}, "else": {"required": _NEEDS[kind]}}
        else:
            then["required"] = _NEEDS[kind]
        rules.append({"if": {"required": ["kind"], "properties": {"kind": {"const": kind}}}, "then": then})
    return rules


QUESTION_SCHEMA = {
    "type": "object",
    "required": ["kind"],
    "allOf": _kind_rules(),
    "properties": {
        "kind": {"enum": ["winner", "legal", "score", "bids", "drill", *ASKS]},
        "ask": {"enum": sorted({a for asks in ASKS.values() for a in asks})},
        "players": {"type": "integer", "minimum": 2, "maximum": 6},
        "dealer": {"type": "integer", "minimum": 0, "maximum": 5},
        "calls": {"type": "array", "items": {"type": "string"}},
        "prompt": _TEXT,
        "game": _GAME,
        "options": {"type": "object"},
        "trump": _TRUMP,
        "plays": _CARDS,
        "hand": _CARDS,
        "phase": {"enum": ["open", "strict"]},
        "joker_suit": {"type": "string"},
        "score": {"type": "object"},
        "drill": {"enum": ["winner", "legal"]},
        "count": {"type": "integer", "minimum": 1, "maximum": 20},
        "seed": {"type": "integer"},
        "trumps": {"type": "array", "items": _TRUMP},
        # points: the tricks one player won (2 cards each), the marriages they declared, the last trick's 10
        "tricks": {"type": "array", "items": {"type": "array", "items": {"type": "string"}, "minItems": 2,
                                              "maxItems": 2}},
        "marriages": _CARDS,
        "last_trick": {"type": "boolean"},
        # discards: the kitty the high bidder or contractor adds to the hand
        "kitty": _CARDS,
        "bidder": {"type": "boolean"},
        # exchange, marriage, close: a Sixty-Six position; the stock's face-down cards, what seat 0 did first
        "stock": {"type": "integer", "minimum": 0, "maximum": 11},
        "closed": {"type": "boolean"},
        "before_draw": {"type": "boolean"},
        "turn_up": {"type": "string"},
        "actions": {"type": "array", "items": {"type": "string"}},
        "marriage": {"type": "string"},
        # rob: whose question it is (the dealer is "dealer"), the seat dealt the ace of trumps
        "seat": {"type": "integer", "minimum": 0, "maximum": 5},
        "holder": {"type": "integer", "minimum": 0, "maximum": 5},
    },
    "additionalProperties": False,
}

STEP_SCHEMA = {
    "type": "object",
    "required": ["text"],
    "properties": {
        "text": _TEXT,
        "rule": {"type": "string"},
        "show": {"enum": ["none", "cards", "ranking", "trick", "table", "stepper", "bidding"]},
        "game": _GAME,
        "options": {"type": "object"},
        "cards": _CARDS,
        "trump": _TRUMP,
        "plays": _CARDS,
        "seed": {"type": "integer"},
        "players": {"type": "integer", "minimum": 2, "maximum": 6},
        "viewer": {"type": ["integer", "null"]},
        "actions": {"type": "array", "items": {"type": "string"}},
        "try": QUESTION_SCHEMA,
    },
    "additionalProperties": False,
}

LESSON_SCHEMA = {
    "type": "object",
    "required": ["id", "family", "game", "order", "title", "summary", "rules", "steps"],
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
        "family": {"enum": list(FAMILY_ORDER)},
        "game": _GAME,
        "order": {"type": "integer", "minimum": 1},
        "title": _TEXT,
        "summary": _TEXT,
        "rules": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "options": {"type": "object"},
        # House rules: an option, said in core's words (atout.house_rules) unless the lesson adds its own text.
        "variants": {"type": "array", "items": {"type": "object", "required": ["option"],
                                                  "properties": {"text": _TEXT, "option": {"type": "string"}},
                                                  "additionalProperties": False}},
        "steps": {"type": "array", "items": STEP_SCHEMA, "minItems": 1},
        "quiz": {"type": "array", "items": QUESTION_SCHEMA},
    },
    "additionalProperties": False,
}


@dataclass
class Lesson:
    id: str
    family: str
    game: str
    order: int
    title: dict[str, str]
    summary: dict[str, str]
    rules: list[str]
    steps: list[dict[str, Any]]
    quiz: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    variants: list[dict[str, Any]] = field(default_factory=list)
    path: Path | None = None

    def text(self, value: dict[str, str], lang: str | None = None) -> str:
        return value[lang or get_language()]

    def house_rules(self, lang: str | None = None) -> list[str]:
        """The house rules this lesson speaks of, in words: each variant's own text, or core's (``house_rule``)."""
        return [v["text"][lang or get_language()] if "text" in v else house_rule(self.family, v["option"]).render(lang)
                for v in self.variants]

    def questions(self) -> list[Question]:
        """Every quiz question of the lesson, drills expanded (the same questions each time)."""
        out: list[Question] = []
        for i, spec in enumerate(self.quiz):
            out.extend(make_questions(spec, self.game, self.options, seed=spec.get("seed", i)))
        return out


def _where(error: jsonschema.ValidationError) -> str:
    return "/".join(str(p) for p in error.absolute_path) or "(top)"


def parse_lesson(text: str, path: Path | str = "<lesson>") -> Lesson:
    """Parse and check one lesson's TOML text."""
    path = Path(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(Text("{path}: not valid TOML: {why}", path=str(path), why=str(exc))) from None
    errors = sorted(jsonschema.Draft202012Validator(LESSON_SCHEMA).iter_errors(data), key=lambda e: e.path)
    if errors:
        e = errors[0]
        raise LessonError(Text("{path}: at {where}: {why}", path=str(path), where=_where(e), why=e.message))
    lesson = Lesson(**data, path=path)
    _check_meaning(lesson)
    return lesson


def _check_meaning(lesson: Lesson) -> None:
    """What a schema cannot say: rule ids exist, cards parse, questions are answerable."""
    where = str(lesson.path)
    for rule_id in lesson.rules + [s["rule"] for s in lesson.steps if "rule" in s]:
        if rule_id not in RULES:
            raise LessonError(Text("{path}: the rule id {rule} is not in the rulebook", path=where, rule=rule_id))
    for variant in lesson.variants:
        if variant["option"] not in HOUSE_RULES[lesson.family]:
            raise LessonError(Text("{path}: the house rule {option} is not an option of {family}: the options are "
                                   "{options}", path=where, option=variant["option"], family=lesson.family,
                                   options=", ".join(HOUSE_RULES[lesson.family])))
    for i, step in enumerate(lesson.steps):
        for key in ("cards", "plays"):
            for card in step.get(key, []):
                try:
                    Card.parse(card)
                except AtoutError as exc:
                    raise LessonError(Text("{path}: step {i}: {why}", path=where, i=i + 1, why=exc.message)) from None
        if "try" in step:
            _check_question(step["try"], lesson, f"step {i + 1}")
    for i, spec in enumerate(lesson.quiz):
        _check_question(spec, lesson, f"quiz {i + 1}")


def _check_question(spec: dict[str, Any], lesson: Lesson, where: str) -> None:
    try:
        questions = make_questions(spec, lesson.game, lesson.options, seed=0)
    except AtoutError as exc:
        raise LessonError(Text("{path}: {where}: {why}", path=str(lesson.path), where=where, why=exc.message)) from None
    if not questions:
        raise LessonError(Text("{path}: {where}: the question has no answer", path=str(lesson.path), where=where))


def load_lessons(folder: Path = LESSONS_DIR) -> list[Lesson]:
    """Every lesson, families in course order, lessons by their ``order``."""
    lessons = [parse_lesson(p.read_text(encoding="utf-8"), p) for p in sorted(folder.glob("*/*.toml"))]
    ids = [lesson.id for lesson in lessons]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise LessonError(Text("lesson ids used twice: {ids}", ids=", ".join(sorted(duplicates))))
    return sorted(lessons, key=lambda lesson: (FAMILY_ORDER.index(lesson.family), lesson.order))


# --- quiz questions ------------------------------------------------------------------------------

@dataclass
class Feedback:
    correct: bool
    text: str            # what to tell the learner, quoting the rule
    rule: str | None
    highlight: list[str]  # the cards that prove it


@dataclass
class Question:
    """One question whose answer the referee computes."""

    kind: str                     # winner | legal | score | bids | points | discards | exchange | marriage | close
    #                               | rob | draw
    game: str
    prompt: Text | dict[str, str]
    query: dict[str, Any]
    choices: list[str]            # cards (winner, legal, discards) or values (score, points, yes/no …)
    answer: list[str]             # the right choice(s)
    multiple: bool                # pick every right choice (legal, discards)
    rule: str | None
    explanation: str | None
    why: dict[str, str] = field(default_factory=dict)   # per wrong choice, why it is wrong
    labels: dict[str, Text] = field(default_factory=dict)   # how a choice that is not a card or number reads
    cards: bool = False           # the choices are cards
    shown: dict[str, Any] = field(default_factory=dict)     # what the referee worked out for the view to show
    viewer: int | None = 0        # the seat the learner answers for: the sentences call that player "you"

    def __post_init__(self) -> None:
        self.cards = self.cards or self.kind in ("winner", "legal")

    def prompt_text(self, lang: str | None = None) -> str:
        if isinstance(self.prompt, Text):
            return self.prompt.render(lang, self.viewer)
        return self.prompt[lang or get_language()]

    def label(self, choice: str, lang: str | None = None) -> str:
        """How a choice reads on its button: a card's short name, a translated label, or the value itself."""
        if self.cards:
            return Card.parse(choice).render(lang)
        return self.labels[choice].render(lang, self.viewer) if choice in self.labels else choice

    def check(self, response: str | Iterable[str]) -> Feedback:
        """Mark the learner's answer; the feedback says why, citing the referee's rule.

        The referee is asked again at marking time, so the feedback is in the page's language.
        """
        picked = {response} if isinstance(response, str) else set(response)
        picked = {self._normal(p) for p in picked}
        right = set(self.answer)
        answer = judge(self.query, self.viewer)
        rule = self.rule or answer.get("rule")
        general = answer.get("explanation") or self._rule_sentence(rule)
        if picked == right:
            return Feedback(True, general, rule, sorted(right))
        wrong = sorted(picked - right)
        missing = sorted(right - picked)
        reasons = {**_reasons(answer.get("beats")), **_reasons(answer.get("why"))}
        reason = next((reasons[c] for c in wrong + missing if c in reasons), None)
        if reason is not None:
            return Feedback(False, reason["explanation"], reason["rule"], wrong + missing)
        if missing and self.kind == "legal":
            too = Text("{cards} may be played too", cards=[Card.parse(c) for c in missing]).render()
            general = f"{too}. {general}"
        return Feedback(False, general, rule, wrong + missing)

    @staticmethod
    def _rule_sentence(rule_id: str | None) -> str:
        if not rule_id or rule_id not in RULES:
            return ""
        return RULES[rule_id].statement.render()

    def _normal(self, value: str) -> str:
        if self.cards:
            try:
                return Card.parse(value).code
            except AtoutError:
                return value
        return str(value).strip()


def _ask(query: dict[str, Any], viewer: int | None = 0) -> dict[str, Any]:
    answer = judge(query, viewer)
    if "error" in answer:
        raise LessonError(Text("the referee cannot answer this {kind} question: {why}", kind=query["kind"],
                                why=answer["error"]))
    return answer


def make_questions(spec: dict[str, Any], game: str, options: dict[str, Any] | None = None,
                   seed: int = 0) -> list[Question]:
    """Questions from a quiz entry; answers come from the referee."""
    game = spec.get("game", game)
    options = {**(options or {}), **spec.get("options", {})}
    kind = spec["kind"]
    if "ask" in spec and kind not in ASKS:
        raise LessonError(Text("ask is for the kinds {kinds}, not {kind}", kinds=", ".join(ASKS), kind=kind))
    if kind == "drill":
        return drill(game, spec.get("drill", "winner"), spec.get("count", 5), seed=spec.get("seed", seed),
                     options=options, trumps=spec.get("trumps"))
    base = {"game": game, "options": options}
    for key in ("trump", "plays", "hand", "phase", "joker_suit"):
        if key in spec:
            base[key] = spec[key]
    prompt = spec.get("prompt")
    if kind == "winner":
        query = {"kind": "trick", **base}
        answer = _ask(query)
        plays = [Card.parse(c).code for c in spec["plays"]]
        return [Question("winner", game, prompt or Text("Which card wins the trick?"), query, plays,
                         [plays[answer["winner"]]], False, answer.get("rule"), answer.get("explanation"),
                         why=_why_not_winner(answer))]
    if kind == "legal":
        query = {"kind": "legal", **base, "plays": spec.get("plays", [])}
        answer = _ask(query)
        hand = [Card.parse(c).code for c in spec["hand"]]
        return [Question("legal", game, prompt or Text("Which cards may you play?"), query, hand,
                         list(answer["legal"]), True, answer.get("rule"), answer.get("explanation"),
                         why=_why_illegal(answer))]
    if kind == "bids":
        query = {"kind": "bids", "game": game, "options": options, "dealer": spec.get("dealer", 0),
                 "calls": spec.get("calls", [])}
        if "players" in spec:
            query["players"] = spec["players"]
        answer = _ask(query)
        if answer.get("over"):
            raise LessonError(Text("the auction in this bids question is already over"))
        legal = list(answer["legal"])
        choices = _call_choices(game, legal, query)
        return [Question("bids", game, prompt or Text("Which of these calls may you make now?"),
                         query, choices, [c for c in choices if c in legal], True, answer.get("rule"), None,
                         viewer=answer["to_act"])]
    if kind in ASKS:
        ask = spec.get("ask", ASKS[kind][0])
        return [_SPECIAL[kind, ask](spec, game, options, prompt, seed)]
    return [_score_question("score", game, {"kind": "score", "game": game, "options": options, **spec["score"]},
                            prompt, seed)]


def _score_question(kind: str, game: str, query: dict[str, Any], prompt: Text | None, seed: int) -> Question:
    answer = _ask(query)
    key = next(k for k in ("points", "scores_after", "game_points") if k in answer)
    right = score_text(answer[key])
    return Question(kind, game, prompt or Text("What does this hand score?"), query,
                    _score_choices(answer[key], seed, game), [right], False, answer.get("rule"),
                    answer.get("explanation"))


# --- the special rules: card points, discards, the trump nine, marriages, closing, robbing, the draw --------

YES_NO = {"yes": Text("Yes"), "no": Text("No")}


def _copy(spec: dict[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    return {key: spec[key] for key in keys if key in spec}


def _points_question(spec, game, options, prompt, seed) -> Question:
    """How many points the tricks one player won make (`66.points`, with marriages and the last trick), or
    whether they make 66."""
    query = {"kind": "points", "game": game, "options": options,
             **_copy(spec, ("tricks", "marriages", "last_trick", "trump"))}
    answer = _ask(query)
    if spec.get("ask") == "66":
        return Question("points", game, prompt or Text("Has this player reached 66?"), query, list(YES_NO),
                        ["yes" if answer["reached"] else "no"], False, answer["rule"], answer["explanation"],
                        labels=YES_NO)
    counted = answer["points"]
    # Wrong answers a learner could believe: the ten and king swapped, the marriages forgotten or counted too
    # early, the last trick's 10 forgotten or added; then nearby values.
    cards = [Card.parse(c) for trick in spec["tricks"] for c in trick]
    tens_as_kings = 6 * (sum(c.rank == KING for c in cards) - sum(c.rank == 10 for c in cards))
    believable = [counted + tens_as_kings, answer["card_points"], answer["card_points"] + answer["marriage_points"],
                  counted - 10, counted + 10]
    rng = random.Random(seed)
    believable += [counted + rng.choice([-1, 1]) * rng.randint(2, 12) for _ in range(20)]
    wrong = list(dict.fromkeys(v for v in believable if v >= 0 and v != counted))[:3]
    default = (Text("How many card points are in these tricks?") if counted == answer["card_points"]
               else Text("How many points does this player count?"))
    return Question("points", game, prompt or default, query, [str(v) for v in sorted([counted, *wrong])],
                    [str(counted)], False, answer["rule"], answer["explanation"])


def _discards_question(spec, game, options, prompt, seed) -> Question:
    """Which cards go once trumps are named (Auction Forty-Fives) or may go (Five Hundred's kitty)."""
    query = {"kind": "discards", "game": game, "options": options, **_copy(spec, ("trump", "hand", "kitty", "bidder"))}
    answer = _ask(query)
    cards = [Card.parse(c).code for c in [*spec["hand"], *spec.get("kitty", [])]]
    if "discard" in answer:
        right, default = answer["discard"], Text("Trumps are named: which of these cards are thrown away?")
    else:
        right, default = answer["may_discard"], Text("Which of these cards may the contractor discard?")
    return Question("discards", game, prompt or default, query, cards, list(right), True, answer["rule"],
                    answer["explanation"], why=_why_illegal(answer), cards=True)


def _discard_count_question(spec, game, options, prompt, seed) -> Question:
    """How many cards are discarded (``ask = "count"``) or drawn back to five (``ask = "draw"``)."""
    query = {"kind": "discards", "game": game, "options": options, **_copy(spec, ("trump", "hand", "kitty", "bidder"))}
    answer = _ask(query)
    ask = spec["ask"]
    if ask not in answer:
        raise LessonError(Text("{game} has no draw after the kitty: ask cards or count", game=game))
    value = answer[ask]
    if ask == "draw":
        from atout.forty_fives.hand import HAND_SIZE

        choices = [str(v) for v in range(HAND_SIZE + 1)]     # every count a player may draw
        return Question("discards", game, prompt or Text("How many cards does this player draw from the stock?"),
                        query, choices, [str(value)], False, "a45.draw", answer["explanation"])
    held = len(spec["hand"]) + len(spec.get("kitty", []))
    choices = [str(v) for v in range(max(0, value - 2), min(held, value + 2) + 1)]
    return Question("discards", game, prompt or Text("How many cards are discarded?"), query, choices, [str(value)],
                    False, answer["rule"], answer["explanation"])


def _may(spec: dict[str, Any], game: str, options: dict[str, Any], action: str) -> tuple[dict, dict]:
    """Ask the referee whether seat 0 may do ``action`` in the Sixty-Six position the question describes."""
    query = {"kind": "may", "game": game, "options": options, "action": action,
             **_copy(spec, ("trump", "hand", "plays", "stock", "closed", "before_draw", "turn_up", "actions"))}
    answer = _ask(query)
    return query, answer


def _yes_no(kind: str, game: str, prompt: Text, query: dict, answer: dict) -> Question:
    return Question(kind, game, prompt, query, list(YES_NO), ["yes" if answer["allowed"] else "no"], False,
                    answer["rule"], answer["explanation"], labels=YES_NO,
                    shown={"hand": answer["hand"], "turn_up": answer["turn_up"]})


def _trump_letter(spec: dict[str, Any]) -> str:
    try:
        return Suit.parse(spec["trump"]).letter
    except AtoutError as exc:
        raise LessonError(Text("trump: {why}", why=exc.message)) from None


def _exchange_question(spec, game, options, prompt, seed) -> Question:
    """May seat 0 exchange the 9 of trumps now (`66.exchange-nine`)?"""
    query, answer = _may(spec, game, options, f"exchange 9{_trump_letter(spec)}")
    return _yes_no("exchange", game, prompt or Text("May you exchange the 9 of trumps for the turned-up trump now?"),
                   query, answer)


def _close_question(spec, game, options, prompt, seed) -> Question:
    """May seat 0 close the stock now (`66.close`)?"""
    query, answer = _may(spec, game, options, "close")
    return _yes_no("close", game, prompt or Text("May you close the stock now?"), query, answer)


def _close_score_question(spec, game, options, prompt, seed) -> Question:
    """What a closed hand scores when the closer reaches 66 or misses it (`66.close.failed`)."""
    query = {"kind": "score", "game": game, "options": options, "event": "closed", **spec["score"]}
    return _score_question("close", game, query, prompt or Text("The stock was closed. What does this hand score "
                                                                "(your game points first)?"), seed)


def _marriage_question(spec, game, options, prompt, seed) -> Question:
    """May seat 0 declare this marriage now, and what is it worth (`66.marriage`, `66.marriage.trump`,
    `66.marriage.pending`)?"""
    try:
        card = Card.parse(spec["marriage"])
    except AtoutError as exc:
        raise LessonError(Text("marriage: {why}", why=exc.message)) from None
    if card.rank not in (KING, QUEEN):
        raise LessonError(Text("marriage: name the marriage by its king or queen, not {card}", card=card))
    query, answer = _may(spec, game, options, f"marriage {card.code}")
    labels = {"no": Text("No, not now")}
    for value in (20, 40):
        labels[str(value)] = Text("Yes, {points} points", points=value)
        labels[f"{value}-pending"] = Text("Yes, {points} points once a trick is won", points=value)
    right = "no"
    if answer["allowed"]:
        right = str(answer["points"]) + ("" if answer["counts"] else "-pending")
    return Question("marriage", game, prompt or Text("May you declare the marriage in {suit} now, and what is it "
                                                     "worth?", suit=card.suit),
                    query, list(labels), [right], False, answer["rule"], answer["explanation"], labels=labels,
                    shown={"hand": answer["hand"], "turn_up": answer["turn_up"]})


ROB_LABELS = {"must": Text("Yes, and must rob"), "may": Text("Yes, or may keep the hand"), "no": Text("No")}


def _rob_query(spec: dict[str, Any], game: str, options: dict[str, Any]) -> tuple[dict, dict]:
    query = {"kind": "rob", "game": game, "options": options, "ask": spec.get("ask", "may"),
             **_copy(spec, ("seed", "turn_up", "hand", "seat", "holder", "dealer", "players"))}
    return query, _ask(query, spec.get("seat", 0))


def _rob_question(spec, game, options, prompt, seed) -> Question:
    """Robbing the turned card (`45.rob.*`): may this seat rob (must, may or no, under ``dealer_rob``), who may,
    or which cards this seat may give up."""
    query, answer = _rob_query(spec, game, options)
    ask = query["ask"]
    turn_up = Card.parse(answer["turn_up"])
    shown = {k: answer[k] for k in ("turn_up", "trump", "hands", "hand", "dealer", "seat")}
    if ask == "who":
        seats = range(len(answer["hands"]))
        labels = {str(s): (Text("{seat}, the dealer", seat=Person(s), you=N_("You, the dealer"))
                           if s == answer["dealer"] else Text("{seat}", seat=Person(s), you=N_("You")))
                  for s in seats}
        labels["nobody"] = Text("Nobody")
        right = [str(s) for s in answer["who"]] or ["nobody"]
        return Question("rob", game, prompt or Text("{card} is turned up. Who may rob it?", card=turn_up), query,
                        list(labels), right, False, answer["rule"], answer["explanation"], labels=labels,
                        shown=shown, viewer=answer["seat"])
    if ask == "cards":
        return Question("rob", game, prompt or Text("Which cards may you give up to rob {card}?", card=turn_up),
                        query, list(answer["hand"]), list(answer["cards"]), True, answer["rule"],
                        answer["explanation"], why=_why_illegal(answer), cards=True, shown=shown,
                        viewer=answer["seat"])
    return Question("rob", game, prompt or Text("{card} is turned up. May you rob it?", card=turn_up), query,
                    list(ROB_LABELS), [answer["may"]], False, answer["rule"], answer["explanation"],
                    labels=dict(ROB_LABELS), shown=shown, viewer=answer["seat"])


def _draw_question(spec, game, options, prompt, seed) -> Question:
    """After the trick just played (`66.draw`): who draws first, what you take (the last one to draw takes the
    turned-up trump), and whether the next trick must follow suit (`66.open.free`, `66.strict.follow`)."""
    ask = spec.get("ask", "first")
    query = {"kind": "draw", "game": game, "options": options, "ask": ask,
             **_copy(spec, ("trump", "hand", "plays", "stock", "closed", "turn_up"))}
    answer = _ask(query)
    shown = {"hand": answer["hand"], "turn_up": answer["turn_up"]}
    if ask == "first":
        labels = {"0": Text("You"), "1": Text("Your opponent"),
                  "nobody": Text("Nobody: no card is drawn")}
        right = "nobody" if answer["first"] is None else str(answer["first"])
        default = Text("This trick has just been played. Who draws first?")
    elif ask == "take":
        turn_up = answer["turn_up"]
        labels = {"face-down": Text("The top face-down card of the stock"),
                  "turn-up": (Text("The turned-up trump, {card}", card=Card.parse(turn_up)) if turn_up
                              else Text("The turned-up trump")),
                  "nothing": Text("Nothing: no card is drawn")}
        right = answer["takes"][0] or "nothing"
        default = Text("This trick has just been played. What do you take from the stock?")
    else:
        labels = {"open": Text("No: any card may be played"),
                  "strict": Text("Yes: follow suit and head the trick if you can, or else trump")}
        right = "strict" if answer["strict"] else "open"
        default = Text("This trick has just been played and the drawing done. In the next trick, must the second "
                       "player follow suit?")
    return Question("draw", game, prompt or default, query, list(labels), [right], False, answer["rule"],
                    answer["explanation"], labels=labels, shown=shown)


_SPECIAL = {
    ("points", "points"): _points_question, ("points", "66"): _points_question,
    ("discards", "cards"): _discards_question, ("discards", "count"): _discard_count_question,
    ("discards", "draw"): _discard_count_question,
    ("exchange", "may"): _exchange_question, ("marriage", "may"): _marriage_question,
    ("close", "may"): _close_question, ("close", "score"): _close_score_question,
    **{("rob", ask): _rob_question for ask in ASKS["rob"]}, **{("draw", ask): _draw_question for ask in ASKS["draw"]},
}


def _reasons(reasons: dict[str, Any] | None) -> dict[str, dict[str, str]]:
    """The referee's reason, card by card (its ``beats``: why each losing card loses; its ``why``: why each card or
    call may not be played), as ``{"rule", "explanation"}``."""
    return {key: why for key, why in (reasons or {}).items() if isinstance(why, dict) and "explanation" in why}


def _why_not_winner(answer: dict[str, Any]) -> dict[str, str]:
    """The referee's reason each losing card loses (its ``beats`` answer), when it gives one."""
    return {card: why["explanation"] for card, why in _reasons(answer.get("beats")).items()}


def _why_illegal(answer: dict[str, Any]) -> dict[str, str]:
    """The referee's reason each illegal card may not be played (its ``why`` answer)."""
    return {card: why["explanation"] for card, why in _reasons(answer.get("why")).items()}


def _call_choices(game: str, legal: list[str], query: dict[str, Any]) -> list[str]:
    """Calls to choose from: every call of Auction Forty-Fives; in Five Hundred, pass, the bids just
    below the lowest legal one (too low: the trap) and the lowest legal ones."""
    if game == "auction-forty-fives":
        from atout.forty_fives.config import BID_VALUES

        return ["pass", "hold", *BID_VALUES]
    ladder = [c for c in judge({**query, "calls": []}).get("legal", []) if c != "pass"]
    bids = [c for c in legal if c != "pass"]
    if not bids:
        return ["pass", *ladder[-3:]]
    first = ladder.index(bids[0])
    return ["pass", *ladder[max(0, first - 3):first], *bids[:4]]


def _score_choices(values: list[int], seed: int, game: str = "") -> list[str]:
    """The right scores and three wrong ones that could be believed: in Sixty-Six the other possible
    game points; elsewhere nearby scores in the game's steps, never below zero where scores cannot be
    (only Auction Forty-Fives and Five Hundred lose points)."""
    rng = random.Random(seed)
    right = score_text(values)
    if game == "sixty-six":
        outcomes = [(k, 0) for k in (1, 2, 3)] + [(0, k) for k in (1, 2, 3)] + [(0, 0)]
        others = [score_text(o) for o in outcomes if score_text(o) != right]
        return sorted([right, *rng.sample(others, 3)])
    step = 10 if game == "five-hundred" else 5
    signed = any(v < 0 for v in values) or game in ("five-hundred", "auction-forty-fives")
    choices = {right}
    tries = 0
    while len(choices) < 4 and tries < 200:
        tries += 1
        changed = [v + step * rng.choice([-4, -2, -1, 1, 2, 4]) if rng.random() < 0.6 else v for v in values]
        if rng.random() < 0.2:
            changed = [-v for v in changed]          # made for lost, or lost for made
        if not signed and any(v < 0 for v in changed):
            continue
        choices.add(score_text(changed))
    return sorted(choices)


def score_text(values: Sequence[int]) -> str:
    """Scores side by side, "20 – 240" or "0 – −230" (a minus sign, so no "– -230")."""
    return " – ".join(f"−{-v}" if v < 0 else str(v) for v in values)


# --- generated drills that favour the traps -----------------------------------------------------------

TRAPS: dict[str, list[str]] = {
    "forty-fives": ["AH", "AD", "5H", "5D", "5C", "5S", "JH", "JD", "JC", "JS", "2C", "2S", "10C", "10S", "AC",
                    "AS", "KH", "4C"],
    "five-hundred": ["JK", "JH", "JD", "JC", "JS", "AH", "AS", "4H", "4D", "10C"],
    "sixty-six": ["10H", "KH", "10S", "KS", "AC", "9C", "10D", "QD"],
}
DRILL_TRUMPS: dict[str, list[str]] = {
    "forty-fives": ["C", "D", "H", "S"],
    "five-hundred": ["C", "D", "H", "S", "NT"],
    "sixty-six": ["C", "D", "H", "S"],
}


def drill(game: str, what: str, count: int, seed: int = 0, options: dict[str, Any] | None = None,
          trumps: list[str] | None = None) -> list[Question]:
    """Generated questions; about two cards in three come from the game's trap list."""
    family_id = {"forty-fives-partners": "forty-fives", "auction-forty-fives": "forty-fives"}.get(game, game)
    rng = random.Random(seed)
    deck = [c.code for c in _deck_of(game)]
    traps = [c for c in TRAPS[family_id] if c in deck]
    trumps = trumps or DRILL_TRUMPS[family_id]
    players = 2 if family_id == "sixty-six" else 4 if family_id == "five-hundred" else 3
    questions: list[Question] = []
    while len(questions) < count:
        trump = rng.choice(trumps)
        size = players if what == "winner" else 1
        cards: list[str] = []
        while len(cards) < size + (3 if what == "legal" else 0):
            pool = traps if rng.random() < 0.65 else deck
            card = rng.choice(pool)
            if card not in cards:
                cards.append(card)
        spec: dict[str, Any] = {"kind": what, "trump": trump, "options": options or {}}
        if what == "winner":
            spec["plays"] = cards
        else:
            spec["plays"], spec["hand"] = cards[:1], cards[1:]
            if family_id == "sixty-six":
                spec["phase"] = "strict"
        try:
            questions.extend(make_questions(spec, game, options))
        except LessonError:
            continue   # e.g. a no-trumps joker lead: draw again
    return questions


def _deck_of(game: str):
    from atout.cards import FIVE_HUNDRED_DECK, FULL_DECK, SIXTY_SIX_DECK

    return {"five-hundred": FIVE_HUNDRED_DECK, "sixty-six": SIXTY_SIX_DECK}.get(game, FULL_DECK)


def check_lessons(folder: Path = LESSONS_DIR) -> list[str]:
    """Problems with the lessons folder, one line each (empty when every lesson is valid)."""
    problems = []
    for path in sorted(folder.glob("*/*.toml")):
        try:
            parse_lesson(path.read_text(encoding="utf-8"), path)
        except LessonError as exc:
            problems.append(str(exc))
    return problems
