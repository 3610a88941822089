"""Every page of the site loads in Chromium with no Voilà error and no page error."""

from tests.site.conftest import open_page


def test_index_lists_the_games(page, voila_url):
    open_page(page, voila_url, "index.ipynb", ready="[data-testid=games-index]")
    games = page.locator("[data-testid=games-index] li[data-game]")
    assert games.count() >= 3
    assert "forty-fives" in games.evaluate_all("els => els.map(e => e.dataset.game)")
    assert not page.errors


def test_course_page_moves_between_lessons_in_place(page, voila_url):
    open_page(page, voila_url, "course.ipynb", ready=".atout-lesson-title")
    first = page.locator(".atout-lesson-title").inner_text()
    links = page.locator(".atout-lesson-link")
    assert links.count() >= 2
    url = page.url
    links.nth(1).click()
    page.wait_for_function("t => document.querySelector('.atout-lesson-title').innerText !== t", arg=first)
    assert page.url == url          # no page load
    assert not page.errors


def test_a_quiz_answered_right_and_wrong(page, voila_url):
    open_page(page, voila_url, "lessons/45-trumps.ipynb", ready=".atout-lesson-title")
    while page.locator(".atout-lesson-next:visible").count():
        label = page.locator(".atout-lesson-next").inner_text()
        page.locator(".atout-lesson-next").click()
        if "quiz" in label.lower():
            break
        page.wait_for_function("l => document.querySelector('.atout-lesson-next').innerText !== l "
                               "|| !document.querySelector('.atout-lesson-next').offsetParent", arg=label)
    page.wait_for_selector(".atout-quiz .atout-quiz-choice")
    # Question 1 (trumps diamonds: A♦ A♥ K♦): the A♥ wins.
    page.locator(".atout-quiz .atout-choice-AD").click()
    feedback = page.wait_for_selector(".atout-quiz-feedback .atout-wrong")
    assert "45.rank.ace-of-hearts" in feedback.inner_text()
    page.locator(".atout-quiz-next").click()
    page.wait_for_selector(".atout-quiz .atout-choice-KH")
    # Question 2 (clubs trumps, hearts led): K♥, A♥ and 3♣ may be played, not 2♠.
    for code in ("KH", "AH", "3C"):
        page.locator(f".atout-quiz .atout-choice-{code}").click()
    page.locator(".atout-quiz-check").click()
    assert page.wait_for_selector(".atout-quiz-feedback .atout-right")
    assert not page.errors


def test_play_page_plays_a_card_against_the_computer(page, voila_url):
    open_page(page, voila_url, "play.ipynb", ready="[data-testid=card-table] .atout-card-button")
    announcement = page.locator("[data-testid=announcement]").inner_text()
    page.locator(".atout-to-act .atout-card-button:not([data-illegal])").first.click()
    page.wait_for_function("t => document.querySelector('[data-testid=announcement]').innerText !== t",
                           arg=announcement)
    assert "(" in page.locator("[data-testid=announcement]").inner_text()
    assert page.locator(".atout-log-lines li").count() >= 1
    assert not page.errors


def test_what_if_page_shows_the_solver_values(page, voila_url):
    open_page(page, voila_url, "whatif.ipynb", ready="[data-testid=solver]")
    rows = page.locator("[data-testid=solver] .atout-solver-row")
    assert rows.count() >= 1 and page.locator("[data-testid=solver] .atout-best").count() >= 1
    text = page.locator(".atout-position-text textarea").input_value()
    assert text.startswith("game: forty-fives")
    assert not page.errors
