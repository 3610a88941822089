"""A live class whose store fails mid-class, in Chromium: the class database file is moved away from under a running
site (SQLite, the default store) and put back. The teacher's projector and the students' pages (Ada in English, Zoë
in French) say the store's own sentence in the banner, in their language, instead of "Something went wrong inside
Atout"; an answer sent meanwhile is refused where it was sent; the file put back, the banner goes with no reload, the
student is asked to send the answer again, and the chart counts it once.

The site is a server of this module's own (``store_server``): the run's server is shared by other tests, whose
classes must not lose their database. Screenshots: tests/artifacts/live-store-<who>.png.
"""

from __future__ import annotations

import os

import pytest

from tests.site import test_live
from tests.site.conftest import ARTIFACTS, running_voila
from tests.site.test_live import STUDENT, TEACHER, first_question, start_class

opened = test_live.opened       # the same fixture: pages of their own browser contexts, whose errors fail the test
STORE_BANNER = "[data-testid=lost-banner][data-kind=store]:not([hidden])"


@pytest.fixture(scope="module")
def store_server(tmp_path_factory):
    from tests.conftest import need_chromium

    need_chromium()
    with running_voila("voila-store-faults", tmp_path_factory.mktemp("atout-data-store"),
                       quick_culling=False) as server:
        yield server


def joins(page, link: str, name: str, french: bool = False) -> None:
    page.goto(link)
    page.wait_for_selector(".atout-live-name input")
    if french:
        page.locator(".atout-language-switch button", has_text="Français").click()
        page.wait_for_selector(".atout-live-join:has-text('Rejoindre')")
    page.locator(".atout-live-name input").fill(name)
    page.locator(".atout-live-join").click()
    page.wait_for_selector("[data-testid=live-joined]")


def test_a_students_page_says_the_stores_failure_by_its_cause_and_recovers_without_a_reload(store_server, opened):
    base, database = store_server.url, store_server.data / "classes.sqlite3"
    teacher = opened(base, TEACHER)
    code, link = start_class(teacher, base)
    ada, zoe = opened(base, STUDENT), opened(base, STUDENT)
    joins(ada, link, "Ada")
    joins(zoe, link, "Zoë", french=True)
    teacher.wait_for_selector("[data-testid=live-roster][data-count='2']")
    _question, right, _wrong = first_question()
    teacher.locator(".atout-live-ask").click()
    for page in (ada, zoe):
        page.wait_for_selector("[data-testid=live-question][data-number='1']")
        page.evaluate("window.atoutSamePage = true")          # gone if the page were reloaded

    away = database.with_name("moved-away.sqlite3")
    os.rename(database, away)
    try:
        for page, said in ((ada, f"The class database file {database} was deleted or moved"),
                           (zoe, f"Le fichier de la base de données des séances {database} a été supprimé ou "
                                 "déplacé"),
                           (teacher, "was deleted or moved")):
            banner = page.wait_for_selector(STORE_BANNER)
            assert said in banner.inner_text()
            assert "Something went wrong" not in banner.inner_text()
            assert not page.locator("[data-testid=lost-reload]").is_visible()     # a reload would not mend it
        assert not ada.locator("body.atout-page-lost").count()        # the page still works: not dimmed
        for page in (ada, zoe):             # the page moves down under the banner: who you are stays in view
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_function("""() => {
                const banner = document.querySelector('[data-testid=lost-banner]').getBoundingClientRect();
                return document.querySelector('[data-testid=live-joined]').getBoundingClientRect().top
                    >= banner.bottom;
            }""")
        ada.locator(f".atout-live-choice-{right}").click()
        ada.locator(".atout-live-send").click()
        refused = ada.wait_for_selector("[data-testid=live-answer-error]").inner_text()
        assert "Your answer was not saved: the class database is not working" in refused
        for name, page in (("student-banner", ada), ("student-banner-fr", zoe), ("teacher-banner", teacher)):
            page.screenshot(path=str(ARTIFACTS / f"live-store-{name}.png"))
    finally:
        os.rename(away, database)

    for page in (ada, zoe, teacher):
        page.wait_for_selector(STORE_BANNER, state="detached")
        if page is not teacher:
            assert page.evaluate("window.atoutSamePage === true")
    again = ada.wait_for_selector("[data-testid=live-answer-error]:has-text('works again')").inner_text()
    assert "your answer was not saved: send it again" in again
    ada.locator(".atout-live-send").click()                   # the choice is still picked
    assert "Your answer is in" in ada.wait_for_selector("[data-testid=live-sent]").inner_text()
    teacher.wait_for_selector("[data-testid=live-chart][data-answered='1']")
    ada.screenshot(path=str(ARTIFACTS / "live-store-student-recovered.png"))
