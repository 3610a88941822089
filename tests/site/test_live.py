"""A live class in Chromium: the teacher on the classroom page at a projector's 1920×1080, three students at a
laptop's 1366×768 (Ada through the teacher's link to the course page, Ben typing the code on the classroom page, Zoë
on the course page in French). They join, follow the teacher's walk-through from their own seats, step away and
back, answer a lesson's question; the teacher sees the chart, reveals, and downloads the results.

The whole flow runs on PostgreSQL, the store several machines share, on a server of its own
(``voila_class_server`` says why) whose kernels keep their classes at the run's throwaway server
(``ATOUT_DATABASE_URL``). On SQLite, the default store, the run's own server starts a class that a student joins
and that is kept in its data folder (``ATOUT_DATA``); the stores answer the same calls the same way, which
tests/live checks on both. Screenshots: tests/artifacts/live-<store>-<who>.png.
"""

from __future__ import annotations

import io
import re

import pandas as pd
import pytest

from atout.lessons import load_lessons
from atout.live.codes import normalise
from atout.live.questions import lesson_questions
from atout.live.store import open_store
from tests.browser import OwnBrowsers
from tests.site.conftest import ARTIFACTS, INTERACTIVE

TEACHER = {"width": 1920, "height": 1080}
STUDENT = {"width": 1366, "height": 768}
GAME = "forty-fives"


@pytest.fixture
def opened(chromium):
    """Pages of their own browser contexts; each gives its kernel back on close, and page errors fail the test."""
    browsers = OwnBrowsers(chromium, INTERACTIVE)
    yield lambda base, viewport: browsers.open(viewport, base, accept_downloads=True)
    assert not browsers.close()


def first_question():
    """The question the teacher's panel offers first for the game on the table, and its right answer (from core)."""
    lesson = next(lesson for lesson in load_lessons() if lesson.game == GAME)
    question = lesson_questions(lesson.id)[0]
    wrong = next(c for c in question.choices if c not in question.answer)
    return question, question.answer[0], wrong


def kept_students(server, code: str, store: str) -> list[str]:
    """The names of the students the server's store keeps for the class ``code``; it must be ``store``."""
    kept = open_store(url=server.database_url or "", folder=server.data)
    try:
        assert kept.backend == store and kept.class_by("code", normalise(code)) is not None
        return [s.name for s in kept.students(kept.class_by("code", normalise(code)).id)]
    finally:
        kept.close()


def start_class(teacher, base: str) -> tuple[str, str]:
    """The teacher starts a class on the classroom page: its code and the link for the students."""
    teacher.goto(f"{base}/voila/render/classroom.ipynb")
    teacher.wait_for_selector("[data-testid=card-table] .atout-card-button")
    teacher.locator(".atout-live-start").click()
    code = teacher.wait_for_selector("[data-testid=class-code]").inner_text()
    assert re.fullmatch(r"[0-9A-Z]{3}-[0-9A-Z]{3}", code)
    link = teacher.locator("[data-testid=class-link]").get_attribute("href")
    assert link == f"{base}/voila/render/course.ipynb?class={code}"
    return code, link


def end_class(teacher, students) -> None:
    teacher.locator(".atout-live-end").click()
    teacher.locator(".atout-live-end-yes").click()
    teacher.wait_for_selector("[data-testid=live-ended]")
    for page, said in students:
        assert said in page.wait_for_selector("[data-testid=live-ended]").inner_text()


def test_on_sqlite_a_student_joins_through_the_teachers_link_and_the_class_is_kept_in_the_sites_data_folder(
        voila_server, opened):
    base = voila_server.url
    teacher = opened(base, TEACHER)
    code, link = start_class(teacher, base)
    ada = opened(base, STUDENT)
    ada.goto(link)
    ada.wait_for_selector(".atout-live-name input")
    assert ada.locator(".atout-live-code input").input_value() == code
    ada.locator(".atout-live-name input").fill("Ada")
    ada.locator(".atout-live-join").click()
    ada.wait_for_selector("[data-testid=live-joined]")
    assert "Ada" in teacher.wait_for_selector("[data-testid=live-roster][data-count='1']").inner_text()
    assert voila_server.database_url is None
    assert kept_students(voila_server, code, "sqlite") == ["Ada"]
    assert (voila_server.data / "classes.sqlite3").exists()
    end_class(teacher, [(ada, "has ended")])


def test_a_class_of_three_follows_the_teacher_answers_and_the_teacher_sees_the_chart_and_the_results(
        voila_class_server, opened):
    store, server = "postgresql", voila_class_server
    base = server.url
    teacher = opened(base, TEACHER)
    code, link = start_class(teacher, base)
    assert "24 hours after the class started" in teacher.locator("[data-testid=live-retention]").inner_text()

    # The three students' pages load side by side (one after another would leave the first idle for a while).
    ada, ben, zoe = opened(base, STUDENT), opened(base, STUDENT), opened(base, STUDENT)
    ada.goto(link, wait_until="commit")
    ben.goto(f"{base}/voila/render/classroom.ipynb", wait_until="commit")
    zoe.goto(f"{base}/voila/render/course.ipynb", wait_until="commit")

    ada.wait_for_selector(".atout-live-name input")                     # the link's code is filled in
    assert ada.locator(".atout-live-code input").input_value() == code
    ada.locator(".atout-live-name input").fill("Ada")
    ada.locator(".atout-live-join").click()
    ada.wait_for_selector("[data-testid=live-joined]")

    ben.wait_for_selector(".atout-live-open")
    ben.locator(".atout-live-open").click()
    ben.locator(".atout-live-code input").fill(code.lower().replace("-", ""))
    ben.locator(".atout-live-name input").fill("Ada")                   # taken: said, and Ben tries again
    ben.locator(".atout-live-join").click()
    assert "is already in this class" in ben.wait_for_selector("[data-testid=live-join-error]").inner_text()
    ben.locator(".atout-live-name input").fill("<i>Ben</i>")
    ben.locator(".atout-live-join").click()
    ben.wait_for_selector("[data-testid=live-joined]")

    zoe.wait_for_selector(".atout-lesson-title")
    zoe.locator(".atout-language-switch button", has_text="Français").click()
    zoe.locator(".atout-live-open", has_text="Rejoindre une séance").click()
    zoe.locator(".atout-live-code input").fill(code)
    zoe.locator(".atout-live-name input").fill("Zoë")
    zoe.locator(".atout-live-join").click()
    assert "sous le nom Zoë" in zoe.wait_for_selector("[data-testid=live-joined]").inner_text()

    roster = teacher.wait_for_selector("[data-testid=live-roster][data-count='3']")
    assert "Ada, <i>Ben</i>, Zoë" in roster.inner_text() and roster.query_selector("i") is None   # shown as typed

    # Follow me: the teacher's walk-through, each student from their own seat.
    teacher.locator(".atout-live-follow").click()
    teacher.locator(".atout-classroom-mode button", has_text="Walk through").click()
    teacher.wait_for_selector(".atout-stepper-projector .atout-step-position[data-step='0']")
    for step in range(1, 5):
        teacher.keyboard.press("ArrowRight")
        teacher.wait_for_selector(f".atout-stepper-projector .atout-step-position[data-step='{step}']")
    for page, caption in ((ada, "from your seat (Player 1)"), (ben, "from your seat (Player 2)"),
                          (zoe, "depuis votre place (Joueur 3)")):
        page.wait_for_selector(".atout-live-stepper .atout-step-position[data-step='4']")
        assert caption in page.locator("[data-testid=live-following]").inner_text()
    assert not ben.locator(".atout-classroom-body").is_visible()      # Ben's own table makes room
    zoe.locator(".atout-live-away").click()                            # Zoë steps away, the teacher goes on
    zoe.wait_for_selector("[data-testid=live-away]")
    teacher.keyboard.press("ArrowRight")
    teacher.wait_for_selector(".atout-stepper-projector .atout-step-position[data-step='5']")
    ada.wait_for_selector(".atout-live-stepper .atout-step-position[data-step='5']")
    zoe.locator(".atout-live-away", has_text="Suivre de nouveau").click()
    zoe.wait_for_selector(".atout-live-stepper .atout-step-position[data-step='5']")

    # A lesson's question: each student answers on their own page, in their own language.
    question, right, wrong = first_question()
    teacher.locator(".atout-live-ask").click()
    for page, heading in ((ada, "Question 1 from the teacher"), (ben, "Question 1 from the teacher"),
                          (zoe, "Question 1 de l'enseignant")):
        assert page.wait_for_selector("[data-testid=live-question][data-number='1']").inner_text() == heading
    assert zoe.locator(".atout-quiz-prompt").inner_text() == question.prompt_text("fr")
    for page, choice, sent in ((ada, right, "Your answer is in"), (ben, wrong, "Your answer is in"),
                               (zoe, right, "Votre réponse est enregistrée")):
        page.locator(f".atout-live-choice-{choice}").click()
        page.locator(".atout-live-send").click()
        assert sent in page.wait_for_selector("[data-testid=live-sent]").inner_text()
    chart = teacher.wait_for_selector("[data-testid=live-chart][data-answered='3']")
    assert chart.query_selector(f"[data-choice='{right}']").get_attribute("data-count") == "2"
    assert chart.query_selector(f"[data-choice='{wrong}']").get_attribute("data-count") == "1"
    assert not any(name in chart.inner_text() for name in ("Ada", "Ben", "Zoë"))          # counts, not names
    teacher.screenshot(path=str(ARTIFACTS / f"live-{store}-teacher-chart.png"))

    teacher.locator(".atout-live-reveal").click()
    assert "The answer:" in teacher.wait_for_selector("[data-testid=live-answer]").inner_text()
    assert teacher.locator(f"[data-choice='{right}'].atout-bar-right").count() == 1
    assert teacher.locator("[data-testid=live-names]").count() == 0
    teacher.locator(".atout-live-names").click()
    names = teacher.wait_for_selector("[data-testid=live-names]").inner_text()
    assert "Right: Ada, Zoë" in names and "Not right: <i>Ben</i>" in names
    teacher.screenshot(path=str(ARTIFACTS / f"live-{store}-teacher-revealed.png"))
    for page, verdict in ((ada, "Right!"), (ben, "Not quite."), (zoe, "Bonne réponse\u202f!")):
        assert page.wait_for_selector("[data-testid=live-verdict]").inner_text().startswith(verdict)
    for name, page in (("ada-en", ada), ("ben-en-classroom", ben), ("zoe-fr", zoe)):
        page.screenshot(path=str(ARTIFACTS / f"live-{store}-{name}.png"))
    assert ben.locator("[data-testid=live-names]").count() == 0 and "Zoë" not in ben.inner_text("body")

    # The results: a CSV file downloaded from the page.
    with teacher.expect_download() as download:
        teacher.locator("[data-testid=live-download]").click()
    assert download.value.suggested_filename == f"atout-class-{code}.csv"
    results = pd.read_csv(io.StringIO(open(download.value.path(), encoding="utf-8-sig").read()))
    assert list(results["Name"]) == ["Ada", "<i>Ben</i>", "Zoë"] and list(results["Language"]) == ["en", "en", "fr"]
    assert list(results["Question 1: right"]) == ["yes", "no", "yes"]

    # The class was kept in the server's store, and only there.
    assert kept_students(server, code, store) == ["Ada", "<i>Ben</i>", "Zoë"]
    assert not (server.data / "classes.sqlite3").exists()

    end_class(teacher, [(ada, "has ended"), (zoe, "est terminée")])


# --- a class that survives its pages ------------------------------------------------------------------------

@pytest.fixture(params=["sqlite", "postgresql"])
def class_server(request):
    """The store's name and a server whose kernels keep their classes there (each culling as the site does)."""
    name = {"sqlite": "voila_class_server_sqlite", "postgresql": "voila_class_server"}[request.param]
    return request.param, request.getfixturevalue(name)


def join(page, link: str, name: str) -> None:
    page.goto(link)
    page.wait_for_selector(".atout-live-name input")
    page.locator(".atout-live-name input").fill(name)
    page.locator(".atout-live-join").click()
    page.wait_for_selector("[data-testid=live-joined]")


def ask(teacher, index: int) -> None:
    """The teacher asks the index-th question of the lesson the panel offers first."""
    teacher.locator(".atout-live-lesson-question select").select_option(index=index)
    teacher.locator(".atout-live-ask").click()


def test_a_class_survives_reloads_a_new_laptop_and_a_student_who_sent_nothing_sees_the_reveal(class_server, opened):
    store, server = class_server
    base = server.url
    teacher = opened(base, TEACHER)
    teacher.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    code, link = start_class(teacher, base)
    ben, cleo = opened(base, STUDENT), opened(base, STUDENT)
    join(ben, link, "Ben")
    join(cleo, link, "Cleo")
    teacher.wait_for_selector("[data-testid=live-roster][data-count='2']")

    question, right, wrong = first_question()
    ask(teacher, 0)
    for page in (ben, cleo):
        page.wait_for_selector("[data-testid=live-question][data-number='1']")
    ben.locator(f".atout-live-choice-{right}").click()
    ben.locator(".atout-live-send").click()
    ben.wait_for_selector("[data-testid=live-sent]")
    cleo.locator(".atout-live-send").click()                       # nothing chosen
    assert "Choose an answer first" in cleo.wait_for_selector("[data-testid=live-answer-error]").inner_text()
    teacher.wait_for_selector("[data-testid=live-chart][data-answered='1']")

    # The teacher's page is reloaded mid-question: the class, its chart, roster and controls come back.
    teacher.reload()
    assert teacher.wait_for_selector("[data-testid=class-code]").inner_text() == code
    teacher.wait_for_selector("[data-testid=live-chart][data-answered='1'][data-state='open']")
    assert teacher.locator("[data-testid=live-roster]").get_attribute("data-count") == "2"
    assert teacher.locator(".atout-live-start").is_hidden()
    teacher.locator(".atout-live-reveal").click()
    teacher.wait_for_selector("[data-testid=live-answer]")
    assert ben.wait_for_selector("[data-testid=live-verdict]").inner_text().startswith("Right!")
    said = cleo.wait_for_selector("[data-testid=live-verdict]").inner_text()    # not the old "Choose an answer"
    assert said.startswith("You did not answer this one.") and "The answer:" in said
    assert cleo.locator("[data-testid=live-answer-error]").count() == 0
    cleo.screenshot(path=str(ARTIFACTS / f"live-{store}-student-sent-nothing-revealed.png"))

    # Ben reloads: the same student, with his verdict, and he answers the next question under his name.
    ben.reload()
    assert "as Ben." in ben.wait_for_selector("[data-testid=live-joined]").inner_text()
    assert ben.wait_for_selector("[data-testid=live-verdict]").inner_text().startswith("Right!")
    ask(teacher, 1)
    ben.wait_for_selector("[data-testid=live-question][data-number='2']")
    ben.locator(".atout-live-choice").first.click()
    ben.locator(".atout-live-send").click()
    ben.wait_for_selector("[data-testid=live-sent]")
    teacher.wait_for_selector("[data-testid=live-chart][data-answered='1']")

    # A countdown every page shows, then answers closed now, without the answer.
    teacher.locator(".atout-live-countdown-30").click()
    shown = cleo.wait_for_selector("[data-testid=live-countdown]:not([hidden])")
    assert 0 < int(shown.get_attribute("data-left")) <= 30 and "Answers close in 0:" in shown.inner_text()
    teacher.locator(".atout-live-close-now").click()
    assert "Answers are closed." in cleo.wait_for_selector("[data-testid=live-closed]").inner_text()
    assert cleo.locator("[data-testid=live-countdown]").is_hidden()
    teacher.wait_for_selector("[data-testid=live-chart][data-state='closed']")

    # Another laptop: a link copied (never shown) takes the class there, once.
    teacher.locator(".atout-live-manage").click()
    assert "another computer" in teacher.locator("[data-testid=live-handover-how]").inner_text()
    teacher.locator("[data-testid=live-copy-link]").click()
    assert teacher.wait_for_selector("[data-testid=live-copy-said]").get_attribute("data-outcome") == "copied"
    handed = teacher.evaluate("navigator.clipboard.readText()")
    ticket = handed.split("#atout-teacher=")[1]
    assert ticket not in teacher.content() and ticket not in teacher.url
    laptop = opened(base, STUDENT)
    laptop.goto(handed)
    assert laptop.wait_for_selector("[data-testid=class-code]").inner_text() == code
    laptop.wait_for_selector("[data-testid=live-chart][data-state='closed']")
    assert "atout-teacher" not in laptop.url                      # the ticket left the address at once
    assert laptop.locator("[data-testid=live-keys]").get_attribute("data-teacher") == code

    # The results: one row per student, Ben's two answers in his row.
    with laptop.expect_download() as download:
        laptop.locator("[data-testid=live-download]").click()
    results = pd.read_csv(io.StringIO(open(download.value.path(), encoding="utf-8-sig").read()),
                          keep_default_na=False)
    assert list(results["Name"]) == ["Ben", "Cleo"]
    assert list(results[f"Question 1: {question.prompt_text('en')}"]) == [question.label(right, "en"), ""]
    assert list(results["Question 1: right"]) == ["yes", ""] and results["Question 2: right"][0] in ("yes", "no")
    assert list(results["Questions asked"]) == [2, 2]
    assert kept_students(server, code, store) == ["Ben", "Cleo"]

    # Cleo's page goes: she is away, not counted as here. The teacher removes Ben's name: his page is told.
    cleo.close(run_before_unload=True)
    teacher.wait_for_selector("[data-testid=live-roster][data-count='1'][data-away='1']")
    assert "Away: Cleo" in teacher.locator("[data-testid=live-away]").inner_text()
    teacher.locator(".atout-live-remove-picker select").select_option(label="Ben")
    teacher.locator(".atout-live-remove").click()
    teacher.locator(".atout-live-manage-box").get_by_text("Remove Ben from the class?").wait_for()
    teacher.locator(".atout-live-remove-yes").click()
    said = ben.wait_for_selector("[data-testid=live-ended]").inner_text()
    assert "The teacher has taken you out of this class" in said
    teacher.wait_for_selector("[data-testid=live-roster][data-count='0']")
    end_class(teacher, [])
