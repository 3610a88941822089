"""The classroom in Chromium: deal codes, the card table played by keyboard alone, accessibility."""

import json
import re

from tests.site.conftest import open_page, serious_violations


def test_a_student_types_the_teachers_code_and_gets_the_deal(page, voila_url):
    open_page(page, voila_url, "classroom.ipynb", ready="[data-testid=card-table]")
    code = page.locator("[data-testid=deal-code]").inner_text()
    assert re.fullmatch(r"[0-9A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{4}", code)
    hand = page.locator("[data-testid=hand-1] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    field = page.locator(".atout-code-input input")
    field.fill(code[:-1] + "U")
    field.press("Enter")
    error = page.wait_for_selector("[data-testid=deal-code-error]")
    assert "is not used in deal codes" in error.inner_text()
    page.locator(".atout-new-deal").click()
    page.wait_for_function("c => document.querySelector('[data-testid=deal-code]').innerText !== c", arg=code)
    field.fill(code.lower())
    field.press("Enter")
    page.wait_for_function("c => document.querySelector('[data-testid=deal-code]').innerText === c", arg=code)
    page.wait_for_function(
        "cards => JSON.stringify([...document.querySelectorAll('[data-testid=hand-1] [data-card]')]"
        ".map(e => e.dataset.card)) === JSON.stringify(cards)", arg=hand)
    assert not page.errors


def test_the_card_table_plays_by_keyboard_alone(page, voila_url):
    open_page(page, voila_url, "classroom.ipynb", ready="[data-testid=card-table] .atout-card-button")
    before = page.locator("[data-testid=trick] [data-card]").count()
    announcement = page.locator("[data-testid=announcement]").inner_text()
    # Tab through the page until a card of the hand whose turn it is has focus, then play it with Enter.
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.atout-to-act .atout-hand') "
                         "&& document.activeElement.matches('.atout-card-button')"):
            break
    else:
        raise AssertionError("Tab never reached the hand whose turn it is")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function("t => document.querySelector('[data-testid=announcement]').innerText !== t",
                           arg=announcement)
    text = page.locator("[data-testid=announcement]").inner_text()
    # core's sentence of the card played, or of the card given up to rob the turned card: the dealer robbing a
    # turned ace, or the player dealt the ace of trumps (a deal may start either way)
    assert re.search(r"(plays|leads) (10|[2-9AKQJ])[♠♥♦♣]|robs it, discarding a card|"
                     r"holds the ace of trumps and robs: they give up a card face down", text), text
    assert page.locator("[data-testid=trick] [data-card]").count() != before or "refused" not in text
    assert not page.errors


def test_the_table_course_and_a_lesson_have_no_serious_accessibility_violations(page, voila_url):
    open_page(page, voila_url, "classroom.ipynb", ready="[data-testid=card-table] .atout-card-button")
    violations = serious_violations(page)
    assert not violations, json.dumps(violations, indent=1)
    open_page(page, voila_url, "course.ipynb", ready=".atout-lesson-title")
    violations = serious_violations(page)
    assert not violations, json.dumps(violations, indent=1)
    open_page(page, voila_url, "course.ipynb?lesson=45-following", ready=".atout-lesson-45-following")
    violations = serious_violations(page)
    assert not violations, json.dumps(violations, indent=1)
