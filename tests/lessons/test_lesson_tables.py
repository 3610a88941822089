"""Property 1 of issue 33: every table a lesson lets the learner play answers every legal action the learner may
take. Each step is built as the course page builds it (``LessonView``), each legal action at the step's start is
taken as a click takes it, and the line is then played on to the end of the hand; after every action the table
answers: the learner may act again (the other seats have moved), the hand is over (the step has ended), or the page
says what to do and offers the button that does it. Lessons come from ``atout.lessons``, every game's."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest

from atout.engine import Phase
from atout.games import GAMES
from atout.lessons import load_lessons
from atout.widgets.bidding import BiddingBox
from atout.widgets.lesson import LessonView
from atout.widgets.table import CardTable

LESSONS = load_lessons()
MOVES = 400         # far more actions than any hand of any game takes


def _interactive_steps() -> list[tuple[Any, int]]:
    return [(lesson, i) for lesson in LESSONS for i, step in enumerate(lesson.steps)
            if step.get("show") in ("table", "bidding")]


STEPS = _interactive_steps()


def test_every_game_has_a_lesson_with_a_table_the_learner_plays():
    assert {lesson.game for lesson, _ in STEPS} >= {lesson.game for lesson in LESSONS} - {"forty-fives-partners"}
    assert {lesson.game for lesson in LESSONS} <= set(GAMES)


def _open(lesson, index: int) -> tuple[LessonView, Any]:
    view = LessonView(lesson)
    view.go(index)
    [widget] = view.stage.children
    return view, widget


def _learner_actions(table: CardTable) -> list[str]:
    """What the learner may do at this table now: the legal actions of the seat to act, when the table lets the
    learner act for it (the learner's own seat, or any seat at a table with every hand face up)."""
    view = table.hand.table_view(table.viewer)
    if view.to_act is None or (table.viewer is not None and view.to_act != table.viewer):
        return []
    return [str(action) for action in view.legal]


def _page_says(view: LessonView) -> str:
    hint = getattr(view, "table_hint", None)
    return unescape(hint.value) if hint is not None else ""


def _answered(view: LessonView, table: CardTable, after: str) -> str | None:
    """None when the table answers; else what is wrong."""
    if table.hand.is_over or _learner_actions(table):
        return None
    button = getattr(view, "play_on_button", None)
    said = _page_says(view)
    if said and button is not None and button.layout.display != "none" and not button.disabled:
        return None
    status = table.state.get("status")
    return f"after {after}: the table waits on {status!r} and the page says nothing the learner can do ({said!r})"


def _play_on(view: LessonView, table: CardTable) -> None:
    """What the learner does when the page says what to do: the button it offers."""
    if not table.hand.is_over and not _learner_actions(table):
        view.play_on_button.click()


def _play_line(lesson, index: int, first: int | None) -> list[str]:
    """Take the ``first``-th legal action at the start (None: none), then the line's actions to the end of the
    hand; what went wrong, if anything."""
    view, table = _open(lesson, index)
    where = f"{lesson.id} step {index + 1}"
    problem = _answered(view, table, "the step opened")
    if problem:
        return [f"{where}: {problem}"]
    done = []
    for move in range(MOVES):
        if table.hand.is_over:
            return []
        _play_on(view, table)
        actions = _learner_actions(table)
        if not actions:
            return [f"{where}: after {done}: nothing to do"]
        action = actions[first % len(actions) if move == 0 and first is not None else move % len(actions)]
        event = table.act(action)
        done.append(action)
        if event is None:
            return [f"{where}: the legal action {action} was refused: {table.last_refusal}"]
        problem = _answered(view, table, " · ".join(done))
        if problem:
            return [f"{where}: {problem}"]
    return [f"{where}: the hand did not end after {MOVES} actions"]


@pytest.mark.parametrize("lesson, index", [pair for pair in STEPS if pair[0].steps[pair[1]]["show"] == "table"],
                         ids=[f"{lesson.id}-{index + 1}" for lesson, index in STEPS
                              if lesson.steps[index]["show"] == "table"])
def test_every_legal_action_at_a_lesson_table_is_answered(lesson, index):
    view, table = _open(lesson, index)
    assert isinstance(table, CardTable)
    problem = _answered(view, table, "the step opened")
    assert problem is None, f"{lesson.id} step {index + 1}: {problem}"
    _play_on(view, table)
    count = max(1, len(_learner_actions(table)))
    problems = [p for first in range(count) for p in _play_line(lesson, index, first)]
    assert not problems, "\n".join(problems)


def test_a_table_the_learner_has_played_can_be_set_back_as_the_step_opened():
    lesson, index = next((lesson, i) for lesson, i in STEPS if lesson.steps[i]["show"] == "table"
                         and lesson.steps[i].get("viewer") is not None)
    view, table = _open(lesson, index)
    start = list(table.hand.history)
    _play_on(view, table)
    table.act(_learner_actions(table)[0])
    assert list(table.hand.history) != start
    view.restart_button.click()
    [again] = view.stage.children
    assert list(again.hand.history) == start and not again.hand.is_over


@pytest.mark.parametrize("lesson, index", [pair for pair in STEPS if pair[0].steps[pair[1]]["show"] == "bidding"],
                         ids=[f"{lesson.id}-{index + 1}" for lesson, index in STEPS
                              if lesson.steps[index]["show"] == "bidding"])
def test_every_call_in_a_lesson_bidding_box_is_answered(lesson, index):
    """The bidding box: after each call the next seat may call (the box says whose turn), or the auction is over."""
    view, box = _open(lesson, index)
    assert isinstance(box, BiddingBox)
    calls = [a.value for a in box.hand.legal_actions() if a.kind == "bid"]
    for first in range(len(calls)):
        view, box = _open(lesson, index)
        line = [calls[first]]
        for _ in range(MOVES):
            box.call(line[-1])
            assert box.error is None, (line, box.error)
            if box.hand.phase is not Phase.BID:
                assert "The auction is over" in box.status_html.value
                break
            legal = [a.value for a in box.hand.legal_actions() if a.kind == "bid"]
            assert legal and "To call:" in box.status_html.value, line
            assert all(not box.buttons[c].disabled for c in legal if c in box.buttons)
            line.append(legal[-1] if len(line) % 2 else legal[0])


WATCHED = [(lesson, i) for lesson, i in STEPS if lesson.steps[i].get("watch")]


@pytest.mark.parametrize("lesson, index", WATCHED, ids=[f"{lesson.id}-{index + 1}" for lesson, index in WATCHED])
def test_a_table_seen_from_another_seat_says_so_and_calls_nobody_you(lesson, index):
    """66-marriages step 3 showed Player 2's cards under the name "You" while its text spoke of Player 2."""
    view, table = _open(lesson, index)
    seat = lesson.steps[index]["viewer"]
    assert f"you watch Player {seat + 1}, who is not you" in unescape(view.watch_note.value)
    assert [s["name"] for s in table.state["seats"]] == [f"Player {n + 1}" for n in range(len(table.state["seats"]))]


def test_some_lesson_watches_another_seat():
    assert WATCHED
