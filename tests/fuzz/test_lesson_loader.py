"""Fuzzing the lesson loader and `atout lessons check`: real lessons with fields changed, and files with bytes
changed. The check never raises, never hangs and never reports a fault of its own; and what it accepts, the page
builds — every step and the quiz."""

import json
import re
import tempfile
import tomllib
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from atout.games import available_games
from atout.lessons import LESSONS_DIR, check_lessons, lesson_paths, load_lessons
from atout.widgets.lesson import LessonView
from tests.fuzz.strategies import CARD_TEXTS, SUITS, fuzz

REAL = lesson_paths(LESSONS_DIR)          # the lessons, not their translation files
STEP_FIELDS = ["show", "game", "options", "cards", "trump", "plays", "seed", "players", "viewer", "actions"]
QUESTION_FIELDS = ["kind", "ask", "game", "options", "trump", "plays", "hand", "players", "dealer", "calls", "drill",
                   "count", "seed", "trumps", "stock", "turn_up", "marriage", "seat", "holder", "kitty", "tricks"]
ACTIONS = ["play AS", "play 5H", "bid pass", "bid 15", "bid 7S", "draw", "close", "trump H", "keep", "fly", ""]

values = st.one_of(
    st.sampled_from(CARD_TEXTS), st.sampled_from(SUITS), st.integers(-2, 12), st.sampled_from([20, 10 ** 12]),
    st.booleans(), st.lists(st.sampled_from(CARD_TEXTS), max_size=10), st.lists(st.sampled_from(SUITS), max_size=3),
    st.lists(st.sampled_from(ACTIONS), max_size=4),
    st.sampled_from(["none", "cards", "ranking", "trick", "table", "stepper", "bidding", "winner", "legal", "drill",
                     "forty-fives", "five-hundred", "sixty-six", "auction-forty-fives", "may", "cards", "first"]),
    st.dictionaries(st.sampled_from(["players", "target", "misere", "dealer_rob", "nonsense"]),
                    st.integers(0, 7) | st.booleans() | st.sampled_from(["x", 3.0]), max_size=2),
)

cards = st.lists(st.sampled_from(CARD_TEXTS[:6] + ["KS", "QH", "9C", "AH", "10D", "JS", "5D"]), max_size=9)
small = st.integers(-1, 7)
FIELD_VALUES = {
    "show": st.sampled_from(["none", "cards", "ranking", "trick", "table", "stepper", "bidding"]),
    "kind": st.sampled_from(["winner", "legal", "score", "bids", "drill", "points", "discards", "exchange",
                             "marriage", "close", "rob", "draw"]),
    "game": st.sampled_from(available_games()),
    "drill": st.sampled_from(["winner", "legal"]), "ask": st.sampled_from(["may", "who", "cards", "first", "66"]),
    "trump": st.sampled_from(SUITS), "trumps": st.lists(st.sampled_from(SUITS), max_size=3),
    "cards": cards, "plays": cards, "hand": cards, "kitty": cards, "tricks": st.lists(cards, max_size=4),
    "seed": st.integers(0, 2 ** 40), "players": small, "viewer": small, "dealer": small, "seat": small,
    "holder": small, "stock": st.integers(-1, 12), "count": st.integers(0, 21), "order": st.integers(0, 3),
    "actions": st.lists(st.sampled_from(ACTIONS), max_size=4),
    "calls": st.lists(st.sampled_from(["pass", "hold", "15", "7S", "6NT", "misere", "99"]), max_size=5),
    "turn_up": st.sampled_from(CARD_TEXTS), "marriage": st.sampled_from(["KH", "QS", "AS", "JK"]),
    "options": st.dictionaries(st.sampled_from(["players", "target", "misere", "dealer_rob", "nonsense"]),
                               st.integers(0, 7) | st.booleans() | st.sampled_from(["x", 3.0]), max_size=2),
}


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def toml_text(lesson: dict) -> str:
    lines = [f"{toml_key(k)} = {toml_value(v)}" for k, v in lesson.items()]
    return "\n".join(lines) + "\n"


@st.composite
def changed_lessons(draw) -> str:
    """A real lesson with a few fields of its steps, questions or top level set, added or removed."""
    data = tomllib.loads(draw(st.sampled_from(REAL)).read_text(encoding="utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["steps", "quiz", "try", "top"]))
        if where == "top":
            target, names = data, ["game", "options", "order"]
        elif where == "try":
            tries = [step["try"] for step in data["steps"] if "try" in step]
            if not tries:
                continue
            target, names = draw(st.sampled_from(tries)), QUESTION_FIELDS
        elif data.get(where):
            target = draw(st.sampled_from(data[where]))
            names = STEP_FIELDS if where == "steps" else QUESTION_FIELDS
        else:
            continue
        name = draw(st.sampled_from(names))
        if draw(st.integers(0, 5)) == 0:
            target.pop(name, None)
        else:     # mostly a value of the field's own type, which the schema lets through to deeper checks
            target[name] = draw(FIELD_VALUES.get(name, values) if draw(st.integers(0, 4)) else values)
    return toml_text(data)


@st.composite
def damaged_files(draw) -> bytes:
    """A real lesson file with bytes changed, cut, or marked: what a careless editor or a bad copy leaves."""
    data = bytearray(draw(st.sampled_from(REAL)).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["flip", "cut", "insert", "bom", "utf16"]))
        at = draw(st.integers(0, len(data)))
        if how == "flip" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif how == "cut":
            del data[at:]
        elif how == "insert":
            data[at:at] = draw(st.sampled_from([b"\xff", b"\xc3", b"[", b"{", b"\n[[steps]]\n", b'"', b"\x00",
                                                b"\xef\xbb\xbf", b"= [" * 40]))
        elif how == "bom":
            data[0:0] = b"\xef\xbb\xbf"
        elif how == "utf16":
            data = bytearray(b"\xff\xfe" + bytes(data).decode("utf-8", "replace").encode("utf-16-le"))
    return bytes(data)


def check_one(content: bytes) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "forty-fives" / "01.toml"
        path.parent.mkdir()
        path.write_bytes(content)
        problems = check_lessons(Path(folder))
        assert all(isinstance(p, str) and p.startswith(str(path)) for p in problems), problems
        assert not any("fault in Atout" in p for p in problems), problems
        if problems:
            return problems
        for lesson in load_lessons(Path(folder)):      # what passes the check builds its page
            view = LessonView(lesson)
            for i in range(len(lesson.steps)):
                view.go(i)
            view.start_quiz()
        return problems


@fuzz(60)
@given(changed_lessons())
def test_a_changed_lesson_is_refused_by_name_or_builds_its_page(text):
    check_one(text.encode("utf-8"))


@fuzz(60)
@given(damaged_files())
def test_a_damaged_file_is_refused_by_name_or_builds_its_page(content):
    check_one(content)
