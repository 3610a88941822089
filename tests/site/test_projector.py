"""The classroom a teacher can project, and the Play page, in Chromium at a projector's 1920×1080 and a student's
laptop's 1366×768, for every game: nothing cut off, the named parts of the table inside the window, the sizes
measured from the page (getBoundingClientRect, getComputedStyle), and the classroom's bugs of issue 13.

With a live class's panel open beside the table (issue 31): the cards, every word on the table and the chart of the
longest question any game's class can be asked, both languages, and the trick's winner kept quiet while the class
answers "which card wins?".

Screenshots of every game at both sizes go to tests/artifacts/ (projector-<size>-<game>-<mode>.png; with a class,
projector-class-<size>-<lang>-<game>-<mode>.png).
"""

from __future__ import annotations

import json
import random
import re
from urllib.parse import urlencode

import pytest

from atout import dealcode
from atout.games import available_games, family_of, game_title, package_of
from atout.i18n import language
from atout.lessons import course_lessons
from atout.live.classes import seat_of
from atout.live.questions import from_spec, lesson_questions, table_spec
from atout.widgets.address import parse_moves
from atout.widgets.live import COUNTDOWNS
from atout.widgets.said import rule_statement
from atout.widgets.stepper import build_steps
from tests.browser import OwnBrowsers
from tests.registry import bids_first
from tests.site.conftest import ARTIFACTS, INTERACTIVE, in_front

GAMES = tuple(available_games())      # in the order of the pages' Game menu
SIZES = {"projector": (1920, 1080), "laptop": (1366, 768)}
SLACK = 1.5     # px of rounding allowed at the window's edges

# Where each part of the visible card table is, and the sizes that matter, as the browser lays them out.
MEASURE = """() => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
                        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
                                 height: r.height }; };
  const font = (el) => el ? parseFloat(getComputedStyle(el).fontSize) : null;
  const table = [...document.querySelectorAll('[data-testid=card-table]')].find((t) => t.offsetParent !== null);
  const within = (sel) => table.querySelector(sel);
  // Every card face up on the table: in the hands and in the trick (the piles are smaller on purpose).
  const faces = '.atout-seat .atout-hand svg.atout-card:not(.atout-back), .atout-trick-card svg.atout-card';
  const cards = [...table.querySelectorAll(faces)].map((svg) => box(svg).height);
  const sentence = document.querySelector('.atout-stepper .atout-sentence');
  const statement = document.querySelector('.atout-stepper .atout-rule-statement');
  const code = document.querySelector('[data-testid=deal-code]');
  return {
    width: window.innerWidth, height: window.innerHeight,
    table: box(table),
    seats: [...table.querySelectorAll('.atout-seat')].map((s) => ({ seat: s.dataset.seat, ...box(s),
      name: s.querySelector('.atout-seat-name').textContent })),
    trick: box(within('[data-testid=trick]')), status: box(within('[data-testid=status]')),
    trump: box(within('[data-testid=trump]')), trumpText: within('[data-testid=trump]').textContent,
    contract: box(within('[data-testid=contract]')),
    turnUp: box(within('[data-testid=turn-up]')), kitty: box(within('[data-testid=kitty]')),
    stock: box(within('[data-testid=stock]')),
    actions: box(within('[data-testid=actions]')),
    cardHeights: cards,
    sentence: box(sentence), sentenceFont: font(sentence),
    statement: box(statement), statementFont: font(statement),
    rule: box(document.querySelector('.atout-stepper .atout-explanation .atout-rule-id')),
    code: box(code), codeFont: font(code),
    log: box(document.querySelector('.atout-log')),
    calls: [...table.querySelectorAll('.atout-calls:not([hidden])')].map(box),
  };
}"""


# The lines of the visible table's announcement, each placed against the box that shows them (its client area):
# "whole" inside it, "out" scrolled wholly out of it, else "cut".
ANNOUNCEMENT_LINES = """() => {
  const table = [...document.querySelectorAll('[data-testid=card-table]')].find((t) => t.offsetParent !== null);
  const box = table.querySelector('[data-testid=announcement]');
  if (!box || box.hidden) return [];
  const top = box.getBoundingClientRect().top + box.clientTop, bottom = top + box.clientHeight;
  return [...box.querySelectorAll('h3, p')].map((line) => { const r = line.getBoundingClientRect();
    const where = r.top >= top - 0.5 && r.bottom <= bottom + 0.5 ? 'whole'
      : (r.bottom <= top + 0.5 || r.top >= bottom - 0.5 ? 'out' : 'cut');
    return { text: line.textContent, where, top: r.top - top, bottom: r.bottom - top, shown: box.clientHeight }; });
}"""


# Text cut on the Play page's side: a button whose words overflow it (an ellipsis), the chart's legend past the column.
SIDE_CUT = """() => {
  const side = document.querySelector('.atout-play-side').getBoundingClientRect();
  const buttons = [...document.querySelectorAll('.atout-play-side .widget-button')].filter((b) => b.offsetParent)
    .filter((b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > side.right + 1)
    .map((b) => b.innerText);
  const legend = [...document.querySelectorAll('.atout-play-side [data-testid=chart-legend] li')]
    .filter((li) => li.getBoundingClientRect().right > Math.min(side.right, innerWidth) + 1)
    .map((li) => li.textContent);
  return { buttons, legend, names: document.querySelectorAll('[data-testid=chart-legend] li').length };
}"""


def inside(name: str, part: dict | None, shown: dict) -> None:
    assert part is not None, f"{name} is not on the page"
    assert part["width"] > 0 and part["height"] > 0, f"{name} is not drawn"
    assert part["left"] >= -SLACK and part["top"] >= -SLACK, f"{name} starts outside the window: {part}"
    assert part["right"] <= shown["width"] + SLACK and part["bottom"] <= shown["height"] + SLACK, (
        f"{name} is cut off by the window ({shown['width']}×{shown['height']}): {part}")


def apart(first: dict, second: dict) -> bool:
    return (first["right"] <= second["left"] + SLACK or second["right"] <= first["left"] + SLACK
            or first["bottom"] <= second["top"] + SLACK or second["bottom"] <= first["top"] + SLACK)


def check_table(shown: dict, where: str) -> None:
    """Every seat whole and apart from the others, the trick and the header inside the window."""
    inside(f"{where}: the table", shown["table"], shown)
    for seat in shown["seats"]:
        inside(f"{where}: seat {seat['name']}", seat, shown)
        assert re.fullmatch(r"(Player|Joueur) \d|You|Vous", seat["name"]), seat["name"]
    for i, first in enumerate(shown["seats"]):
        for second in shown["seats"][i + 1:]:
            assert apart(first, second), f"{where}: {first['name']} overlaps {second['name']}"
    for name in ("trick", "status", "trump"):
        inside(f"{where}: the {name}", shown[name], shown)
    for name in ("contract", "turnUp", "kitty", "stock", "actions"):
        if shown[name] is not None and shown[name]["width"]:
            inside(f"{where}: the {name}", shown[name], shown)
    assert "—" not in shown["trumpText"], shown["trumpText"]


@pytest.fixture
def sized(tabs, voila_url, request):
    """A page of the given size (by name); its kernel is given back on close, page errors fail the test."""
    opened = []

    def open_at(size: str):
        width, height = SIZES[size]
        # Without motion: the layout measured is the one that stays, not a card on its way in.
        page = tabs.take(voila_url, (width, height), reduced_motion="reduce")
        opened.append(page)
        return page

    yield open_at
    for page in opened:
        tabs.give_back(page)
        assert not page.errors, page.errors


def open_notebook(page, voila_url: str, notebook: str, ready: str) -> None:
    page.goto(f"{voila_url}/voila/render/{notebook}")
    page.wait_for_selector(ready, state="visible")
    assert page.locator(".voila-error").count() == 0


def fitted(page) -> None:
    """Wait until the visible table has fitted its cards to the window as it is now (the window's size is set on it
    once the fit is done, so this holds after a resize too), and the walk-through's explanation beside it, where it
    has one that fits itself, its column."""
    page.wait_for_function("() => { const t = [...document.querySelectorAll('[data-testid=card-table]')]"
                           ".find((t) => t.offsetParent !== null); const now = `${innerWidth}x${innerHeight}`;"
                           " return t && t.getAttribute('data-fit') === now && !t.querySelector('.atout-waiting'); }")
    page.wait_for_function("() => [...document.querySelectorAll('.atout-stepper-explanation')].every("
                           "(e) => e.offsetParent === null || !e.querySelector('.atout-step-shown')"
                           " || e.getAttribute('data-fitted') === `${innerWidth}x${innerHeight}`)")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def choose_game(page, game: str) -> bool:
    """Choose ``game`` in the page's Game menu; whether it was another game."""
    picker = page.locator(".atout-game-picker select")
    index = GAMES.index(game)
    if picker.evaluate("s => s.selectedIndex") == index:
        return False
    code = page.locator("[data-testid=deal-code]")
    before = code.inner_text() if code.count() else None
    picker.select_option(index=index)
    if before is not None:        # the classroom deals the new game at once, with its own code
        page.wait_for_function("c => document.querySelector('[data-testid=deal-code]').innerText !== c", arg=before)
    return True


def step_text(page) -> str:
    return page.locator(".atout-step-position").inner_text()


# The steps of a walk-through (counted from 0) at which the classroom test measures the table, as many of them as the
# deal has: the deal, the first tricks, the middle and the end of a long hand.
MEASURED_STEPS = (0, 5, 13, 21, 30, 45)


def at_step(page, index: int) -> None:
    """Wait until the walk-through shows its step ``index`` (from 0). Each Page Down is one step on, and the keys
    pressed between two steps that are measured go without waiting for each step's table, as a presenter's quick
    presses do: the step reached says that every key was heard, and the page is read only where it is measured
    (a wait on every step had the browser draw each step's table before the next key, and the test read each)."""
    page.wait_for_selector(f".atout-step-position[data-step='{index}']")


def press_and_wait(page, key: str) -> None:
    before = step_text(page)
    page.keyboard.press(key)
    page.wait_for_function("t => { const p = document.querySelector('.atout-step-position'); "
                           "return p && p.innerText !== t; }", arg=before)


# --- one page per notebook and window size, shared by the games' tests ------------------------------------------


@pytest.fixture(scope="module", params=list(SIZES))
def size(request) -> str:
    return request.param


@pytest.fixture(scope="module")
def screen(tabs, voila_url, size):
    """The page of a notebook at this window size, opened once for every game's test (pytest runs a size's tests
    together); its kernel is given back at the end."""
    width, height = SIZES[size]
    # Without motion: the layout measured is the one that stays, not a card on its way in.
    opened: dict[str, object] = {}

    def page_for(notebook: str):
        if notebook not in opened:
            page = tabs.take(voila_url, (width, height), reduced_motion="reduce")
            open_notebook(page, voila_url, notebook, "[data-testid=card-table] .atout-card-button")
            opened[notebook] = page
        return in_front(opened[notebook])

    yield page_for
    for page in opened.values():
        tabs.give_back(page)


def record(size: str, game: str, mode: str, shown: dict) -> None:
    """The sizes measured, for the record (tests/artifacts/sizes-<size>-<game>-<mode>.json)."""
    figures = {"viewport": [shown["width"], shown["height"]],
               "card_height": min(shown["cardHeights"]) if shown["cardHeights"] else None,
               "table_top": shown["table"]["top"], "table_height": shown["table"]["height"],
               "explanation_font": shown["sentenceFont"], "rule_font": shown["statementFont"],
               "deal_code_font": shown["codeFont"]}
    (ARTIFACTS / f"sizes-{size}-{game}-{mode}.json").write_text(json.dumps(figures, indent=1))


@pytest.mark.parametrize("game", GAMES)
def test_the_classroom_shows_the_whole_table_in_play_and_at_every_step_of_the_walk_through(screen, size, game):
    page = screen("classroom.ipynb")
    page.errors.clear()
    if page.locator(".atout-step-position").is_visible():
        page.locator(".atout-classroom-mode button").first.click()          # back to Play from the last game's walk
    choose_game(page, game)
    page.wait_for_function("() => { const t = [...document.querySelectorAll('[data-testid=card-table]')]"
                           ".find((t) => t.offsetParent !== null); return t && !t.closest('.atout-stepper')"
                           " && t.querySelector('.atout-card-button'); }")
    fitted(page)
    shown = page.evaluate(MEASURE)
    check_table(shown, f"{game}, play")
    inside(f"{game}: the deal code", shown["code"], shown)
    record(size, game, "classroom-play", shown)
    if size == "projector":
        assert min(shown["cardHeights"]) >= 120, (game, min(shown["cardHeights"]))
        assert shown["codeFont"] >= 40, shown["codeFont"]
    page.screenshot(path=str(ARTIFACTS / f"projector-{size}-{game}-play.png"))

    page.keyboard.press("PageDown")               # the presenter's first key: the walk-through, at step 1
    page.wait_for_selector(".atout-step-position", state="visible")
    assert step_text(page).startswith("Step 1 of")
    total = int(re.search(r"of (\d+)", step_text(page)).group(1))
    smallest: dict | None = None
    heard_calls = False
    for count in range(total - 1):
        if count in MEASURED_STEPS:
            at_step(page, count)
            fitted(page)
            shown = page.evaluate(MEASURE)
            where = f"{game}, {step_text(page)}"
            check_table(shown, where)
            for name in ("sentence", "rule", "code"):
                inside(f"{where}: the {name}", shown[name], shown)
            if shown["statement"] is not None:
                inside(f"{where}: the rule's statement", shown["statement"], shown)
            for calls in shown["calls"]:                                   # the auction, beside each player
                inside(f"{where}: the calls", calls, shown)
            heard_calls |= bool(shown["calls"])
            if size == "projector" and shown["cardHeights"]:
                assert min(shown["cardHeights"]) >= 120, (where, min(shown["cardHeights"]))
                assert shown["sentenceFont"] >= 28 and (shown["statementFont"] or 28) >= 28, where
            if shown["cardHeights"] and (smallest is None or min(shown["cardHeights"]) < smallest["cardHeights"][0]):
                smallest = {**shown, "cardHeights": [min(shown["cardHeights"])]}
            if count in (13, 30):
                page.screenshot(path=str(ARTIFACTS / f"projector-{size}-{game}-walk-{count + 1}.png"))
        if count >= MEASURED_STEPS[-1]:
            page.keyboard.press("End")
            break
        page.keyboard.press("PageDown")
    assert heard_calls == bids_first(game), game          # the calls beside each player: the games with an auction
    record(size, game, "walk-through", smallest)
    at_step(page, total - 1)
    assert step_text(page).startswith(f"Step {total} of")
    fitted(page)
    shown = page.evaluate(MEASURE)
    check_table(shown, f"{game}, the last step")
    inside(f"{game}: the last step's explanation", shown["sentence"], shown)
    page.screenshot(path=str(ARTIFACTS / f"projector-{size}-{game}-walk-last.png"))
    assert not page.errors, page.errors


# A deal of each game whose walk-through has the longest words of the deals tried (in French, the longer language),
# with the computer's line given whole, as a teacher's link has it: each family declares its presets' own
# (``catalogue_cases.LONG_WALKS``: Sixty-Six's closing and its rule, the dealer robbing an ace, a partnership's score
# with its working, a bidder who fell short, Five Hundred's order of trumps…).
LONGEST = {game: family_of(game).catalogue_cases().LONG_WALKS[game] for game in GAMES}


def longest_step(code: str, line: str, lang: str) -> tuple[int, int, int]:
    """The step (from 1) of the walk-through of ``line`` on the deal ``code`` whose sentence and rule, as core says
    them in ``lang``, are the longest; their length in characters, and how many steps there are."""
    hand = dealcode.new_hand(dealcode.decode(code))
    for action in parse_moves(line):
        hand.apply(action)
    steps = build_steps(hand)
    with language(lang):
        lengths = [len(s.explanation.sentence(viewer=None)) + len(rule_statement(s.explanation.rule)) for s in steps]
    longest = max(lengths)
    return lengths.index(longest) + 1, longest, len(steps)


@pytest.mark.parametrize("game", GAMES)
def test_the_walk_throughs_longest_words_in_french_end_inside_the_window(sized, voila_url, game):
    """A full run met a Sixty-Six deal whose closing ran its rule 148 px below a 1920×1080 window: the deal is random
    there, so the longest words are met here on purpose, on deals known to have them, at both sizes, with the whole
    table (at 1366×768 the auction's table of four ended 37 px below the window, under the classroom's bars in
    French, until the deal bar's message lost its paragraph margins and the presenter's keys took two lines).
    One page is measured at the projector's size, then at the laptop's: the table and the explanation fit
    themselves again when the window changes."""
    code, line, at_least = LONGEST[game]
    step, length, total = longest_step(code, line, "fr")
    assert length >= at_least, (game, step, length)      # still a deal with long words: core's sentences may change
    page = sized("projector")
    query = urlencode({"code": code, "mode": "walk", "line": line, "step": step, "lang": "fr"})
    open_notebook(page, voila_url, f"classroom.ipynb?{query}", ".atout-stepper .atout-sentence")
    assert step_text(page) == f"Étape {step} sur {total}", step_text(page)
    for window, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        fitted(page)
        shown = page.evaluate(MEASURE)
        assert (shown["width"], shown["height"]) == (width, height)
        where = f"{game} in French, {window}, step {step} ({length} characters)"
        for name in ("sentence", "statement", "rule", "code"):
            inside(f"{where}: the {name}", shown[name], shown)
        check_table(shown, where)
        if window == "projector":
            assert min(shown["cardHeights"]) >= 120, (where, min(shown["cardHeights"]))
            assert shown["sentenceFont"] >= 28 and shown["statementFont"] >= 28, (where, shown["sentenceFont"],
                                                                                  shown["statementFont"])
            assert shown["codeFont"] >= 40, (where, shown["codeFont"])
        page.screenshot(path=str(ARTIFACTS / f"projector-{window}-{game}-longest-fr.png"))


@pytest.mark.parametrize("game", GAMES)
def test_the_play_page_shows_the_hand_the_choices_and_the_log_on_one_screen(screen, size, game):
    page = screen("play.ipynb")
    page.errors.clear()
    if choose_game(page, game):
        page.locator(".atout-new-game").click()
        label = f"Card table: {game_title(game)}"
        page.wait_for_function("l => [...document.querySelectorAll('[data-testid=card-table]')].some("
                               "(t) => t.offsetParent !== null && t.getAttribute('aria-label') === l)", arg=label)
    page.wait_for_selector("[data-testid=hand-0] .atout-card-button")
    fitted(page)
    shown = page.evaluate(MEASURE)
    check_table(shown, f"Play, {game}")
    hand = page.locator("[data-testid=hand-0]").bounding_box()
    inside(f"Play, {game}: your hand", {"left": hand["x"], "top": hand["y"], "right": hand["x"] + hand["width"],
                                        "bottom": hand["y"] + hand["height"], **hand}, shown)
    inside(f"Play, {game}: the log", shown["log"], shown)
    cut = page.evaluate(SIDE_CUT)                                # the hint, the review and the chart's legend whole
    assert not cut["buttons"] and not cut["legend"] and cut["names"] >= 2, cut
    lines = page.evaluate(ANNOUNCEMENT_LINES)                    # what happened: no line cut through, the newest shown
    assert all(line["where"] != "cut" for line in lines), lines
    assert not lines or lines[-1]["where"] == "whole", lines
    assert any(seat["name"] == "You" for seat in shown["seats"])
    record(size, game, "play-page", shown)
    page.screenshot(path=str(ARTIFACTS / f"projector-{size}-{game}-playpage.png"))
    assert not page.errors, page.errors


def test_the_walk_through_controls_are_drawn_and_read_right(sized, voila_url):
    page = sized("projector")
    open_notebook(page, voila_url, "classroom.ipynb", "[data-testid=card-table] .atout-card-button")
    page.keyboard.press("PageDown")
    page.wait_for_selector(".atout-step-position")
    for name in ("first", "back", "next", "last"):
        button = page.locator(f"button.atout-step-{name}")
        assert button.inner_text().strip() == "" and button.get_attribute("title")       # named by its tooltip
        mask = button.evaluate("b => getComputedStyle(b, '::before').webkitMaskImage || "
                               "getComputedStyle(b, '::before').maskImage")
        assert "data:image/svg+xml" in mask, mask                                          # an SVG, not a glyph
    for _ in range(4):
        press_and_wait(page, "PageDown")
    number = re.match(r"Step (\d+) of", step_text(page)).group(1)
    # One counter: the slider shows no number of its own, and stands where "Step N of M" says.
    assert not page.locator(".atout-step-slider .widget-readout").is_visible() and number == "5"
    assert float(page.locator(".atout-step-slider .noUi-handle").get_attribute("aria-valuenow")) == 5
    speed = page.locator(".atout-speed select")
    assert speed.evaluate("s => s.options[s.selectedIndex].text") == "normal"
    assert speed.evaluate("s => s.scrollWidth <= s.clientWidth + 1")                       # not cut to "Speed: n"
    # The trick's winner stays marked from the step that says who won until the next action's step.
    for _ in range(60):
        if page.locator(".atout-stepper .atout-seat[data-won]").count():
            break
        press_and_wait(page, "PageDown")
    winner = page.locator(".atout-stepper .atout-seat[data-won]")
    assert winner.count() == 1 and "Won the trick" in winner.inner_text()
    assert page.locator(".atout-stepper .atout-trick-card[data-won]").count() == 1
    assert re.search(r"wins|takes|won", page.locator(".atout-stepper .atout-sentence").inner_text())
    # H hides every hand but the bottom one in the walk-through too, and shows them again.
    page.keyboard.press("h")
    page.wait_for_function("() => document.querySelectorAll('.atout-stepper .atout-hand-hidden').length >= 2")
    assert page.locator(".atout-stepper [data-testid=hand-0] [data-card]").count() > 0
    page.keyboard.press("h")
    page.wait_for_function("() => document.querySelectorAll('.atout-stepper .atout-hand-hidden').length === 0")


def test_another_game_from_the_menu_is_dealt_at_once_and_a_code_with_en_dashes_joins(sized, voila_url):
    page = sized("laptop")
    open_notebook(page, voila_url, "classroom.ipynb", "[data-testid=card-table] .atout-card-button")
    code = page.locator("[data-testid=deal-code]").inner_text()
    choose_game(page, "five-hundred")
    page.wait_for_function("() => document.querySelector('[data-testid=card-table]').dataset.players === '4'")
    new_code = page.locator("[data-testid=deal-code]").inner_text()
    assert new_code != code
    page.locator(".atout-new-deal").click()
    page.wait_for_function("c => document.querySelector('[data-testid=deal-code]').innerText !== c", arg=new_code)
    field = page.locator(".atout-code-input input")
    field.fill(new_code.replace("-", "\u2013"))               # as a slide or a word processor writes it
    field.press("Enter")
    page.wait_for_function("c => document.querySelector('[data-testid=deal-code]').innerText === c", arg=new_code)
    assert page.locator("[data-testid=deal-code-error]").count() == 0


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_classroom_deal_bar_keeps_join_on_its_first_row_on_a_laptop(sized, voila_url, lang):
    """In Japanese at 1366×768 the bar's words (「プレイヤー」 before the number of players) sent Join to a second
    row, 38 px more above the table; the field for the teacher's code showed its placeholder cut."""
    page = sized("laptop")
    open_notebook(page, voila_url, f"classroom.ipynb?lang={lang}", "[data-testid=deal-code]")
    rows = page.evaluate("""() => {
        const top = (s) => Math.round(document.querySelector(s).getBoundingClientRect().top);
        const field = document.querySelector('.atout-code-input input'), style = getComputedStyle(field);
        const pen = document.createElement('canvas').getContext('2d'); pen.font = style.font;
        return {field: top('.atout-code-input input'), join: top('.atout-join'), game: top('.atout-game-picker'),
                room: field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
                placeholder: pen.measureText(field.placeholder).width}; }""")
    assert rows["join"] == rows["field"] and rows["game"] <= rows["field"] + 8, rows
    if lang == "ja":
        assert rows["placeholder"] <= rows["room"], rows


def open_house_rules(page) -> None:
    page.locator(".atout-house-rules-toggle").click()
    page.wait_for_selector(".atout-house-rules-open .atout-house-rule", state="visible")


def smallest_card(page) -> float:
    return min(page.evaluate(MEASURE)["cardHeights"])


def wait_for_cards_of(page, height: float) -> None:
    """Wait until the visible table's cards are back to ``height`` (px), as big as before the house rules opened."""
    page.wait_for_function("h => { const t = [...document.querySelectorAll('[data-testid=card-table]')]"
                           ".find((t) => t.offsetParent !== null); return Math.min(...[...t.querySelectorAll("
                           "'.atout-seat .atout-hand svg.atout-card:not(.atout-back)')].map((s) => "
                           "s.getBoundingClientRect().height)) >= h - 1; }", arg=height)


def test_house_rules_are_switches_in_words_on_the_classroom_and_the_play_page(sized, voila_url):
    page = sized("projector")
    open_notebook(page, voila_url, "classroom.ipynb?game=five-hundred", "[data-testid=card-table] .atout-card-button")
    fitted(page)
    closed = smallest_card(page)
    code = page.locator("[data-testid=deal-code]").inner_text()
    open_house_rules(page)
    misere = page.locator(".atout-house-rule-misere")
    assert misere.inner_text().strip() == "Misère and open misère"                      # in words, no option id
    fitted(page)
    shown = page.evaluate(MEASURE)
    check_table(shown, "the classroom, house rules open")                          # the table made room for them
    misere.locator("input").check()
    page.wait_for_function("c => document.querySelector('[data-testid=deal-code]').innerText !== c", arg=code)
    effect = page.wait_for_selector("[data-testid=house-rule-effect]")
    assert effect.inner_text().startswith("A new deal with this rule: Misère (250) and open misère (500)")
    in_force = page.locator("[data-testid=house-rules-in-force] span")             # named briefly, the rule its hover
    assert in_force.inner_text() == "Misère and open misère"
    assert in_force.get_attribute("title").startswith("Misère (250) and open misère (500)")
    assert page.locator(".atout-house-rules-toggle").inner_text().strip() == "House rules (1)"
    page.screenshot(path=str(ARTIFACTS / "projector-projector-five-hundred-house-rules.png"))
    # The switch just ticked keeps the focus: the presenter's clicker still steps (it did nothing from a checkbox).
    assert page.evaluate("() => document.activeElement.type") == "checkbox"
    page.keyboard.press("PageDown")
    page.wait_for_selector(".atout-step-position", state="visible")
    assert step_text(page).startswith("Step 1 of")
    page.locator(".atout-classroom-mode button").first.click()                     # back to Play
    page.wait_for_selector(".atout-step-position", state="hidden")
    page.locator(".atout-house-rules-toggle").click()                              # closed: the cards grow back
    page.wait_for_selector(".atout-house-rules-open", state="hidden")
    wait_for_cards_of(page, closed)
    check_table(page.evaluate(MEASURE), "the classroom, house rules closed")
    assert page.locator(".atout-house-rules-toggle").inner_text().strip() == "House rules (1)"

    open_notebook(page, voila_url, "play.ipynb?game=five-hundred", "[data-testid=card-table] .atout-card-button")
    fitted(page)
    closed = smallest_card(page)
    open_house_rules(page)
    target = page.locator(".atout-house-rule-target")
    assert "Game to" in target.inner_text()
    page.locator(".atout-house-rule-misere input").check()
    effect = page.wait_for_selector("[data-testid=house-rule-effect]")
    assert effect.inner_text().startswith("A new game with this rule: Misère (250)")
    page.wait_for_function("() => new URLSearchParams(location.search).has('rules')")   # the address carries it
    fitted(page)
    check_table(page.evaluate(MEASURE), "the Play page, house rules open")
    page.locator(".atout-house-rules-toggle").click()
    page.wait_for_selector(".atout-house-rules-open", state="hidden")
    wait_for_cards_of(page, closed)
    page.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})     # a student's laptop:
    fitted(page)                                                                    # the rule in force leaves the
    check_table(page.evaluate(MEASURE), "the Play page at 1366×768, a house rule in force")     # table its room


# --- a live class's panel beside the table (issue 31) -------------------------------------------------------------

CLASS_FLOOR_CARD = 100      # px: a card's height on the projector with the class's panel open (the floor)
CLASS_FLOOR_TEXT = 20       # px: every word on the table and in the chart (the teacher's notes ask 120 px and 28 px)

# Every piece of text the projector shows on the visible table, beside it (the walk-through's explanation) and in the
# class's panel (the class code, the chart, Reveal), as the browser draws it: each text node's lines (its client
# rectangles) and its type's size. A word in an SVG card (the card's index) or for screen readers only is left out.
# Two pieces whose lines cross by more than 2 px each way overlap (a line box is a little taller than its glyphs); a
# word of the table that runs out of its seat, its card of the trick, the trick or the table escapes.
PROJECTED_TEXT = """() => {
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const table = [...document.querySelectorAll('[data-testid=card-table]')].find((t) => t.offsetParent !== null);
  const parts = { table, explanation: document.querySelector('.atout-stepper-projector .atout-step-shown'),
                  code: document.querySelector('[data-testid=class-code]'),
                  chart: document.querySelector('[data-testid=live-chart]'),
                  reveal: document.querySelector('.atout-live-reveal') };
  // What of a line shows: a box that scrolls or clips (the announcement's lines, the panel) hides the rest.
  const clipped = (el, r) => {
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflow === 'visible') continue;
      const c = p.getBoundingClientRect();
      box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top), right: Math.min(box.right, c.right),
              bottom: Math.min(box.bottom, c.bottom) };
    }
    return box;
  };
  const pieces = [];
  for (const [part, root] of Object.entries(parts)) {
    if (!root || !shown(root)) continue;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const box = el.getBoundingClientRect();      // (a box of 1 px or less: for screen readers only)
      if (!node.textContent.trim() || el.closest('svg, .atout-sr-only') || !shown(el) || box.width <= 1
          || box.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const whole = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5)
        .map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
      const lines = whole.map((r) => clipped(el, r)).filter((r) => r.right - r.left > 0.5 && r.bottom - r.top > 0.5);
      if (whole.length) pieces.push({ part, text: node.textContent.trim().slice(0, 50),
                                      font: parseFloat(getComputedStyle(el).fontSize), lines, whole, el });
    }
  }
  const escapes = [];
  for (const piece of pieces.filter((p) => p.part === 'table')) {
    const around = ['.atout-seat', '.atout-trick-card', '.atout-trick'].map((s) => piece.el.closest(s));
    for (const box of [...around, table].filter(Boolean).map((b) => b.getBoundingClientRect())) {
      if (piece.whole.some((r) => r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
                                  || r.bottom > box.bottom + 1)) escapes.push(piece.text);
    }
  }
  pieces.forEach((p) => delete p.el);
  const overlaps = [];
  pieces.forEach((a, i) => pieces.slice(i + 1).forEach((b) => {
    for (const p of a.lines) for (const q of b.lines) {
      const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (across > 2 && down > 2) overlaps.push(`${a.text} / ${b.text} (${Math.round(across)}×${Math.round(down)} px)`);
    }
  }));
  const box = (el) => { if (!el || !shown(el)) return null; const r = el.getBoundingClientRect();
                        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
                                 height: r.height }; };
  const faces = '.atout-seat .atout-hand svg.atout-card:not(.atout-back), .atout-trick-card svg.atout-card';
  return { width: innerWidth, height: innerHeight, pieces, overlaps, escapes,
           cards: [...table.querySelectorAll(faces)].map((svg) => svg.getBoundingClientRect().height),
           table: box(table), panel: box(document.querySelector('.atout-live-side')),
           reveal: box(document.querySelector('.atout-live-reveal')),
           bars: document.querySelectorAll('[data-testid=live-chart] .atout-bar').length };
}"""


def longest_live_question() -> tuple[str, int, int]:
    """The live question with the longest list of choices any game's class can be asked, from core: every lesson's
    quiz question (a lesson's calls, cards, scores...) against the questions about the table (which card wins: a
    trick's cards; which cards may be played and what to lead: at most the hand of the player on lead, dealt by each
    game of the registry and bid to its first lead). Its lesson, its index and how many choices it has; of lessons'
    questions as long, the one whose question takes the most words in French (a French question of five lines hid the
    last two of ten calls under Reveal), then with the longest choices."""
    asked = [(len(q.choices), len(q.prompt("fr")),
              max(len(q.label(c, lang)) for c in q.choices for lang in ("en", "fr")), lesson.id, i)
             for lesson in course_lessons() for i in range(len(lesson_questions(lesson.id)))
             for q in [from_spec({"source": "lesson", "lesson": lesson.id, "index": i})]]
    most, _prompt, _words, lesson_id, index = max(asked, key=lambda a: (a[0], a[1], a[2]))
    for game in available_games():
        players = package_of(game).make_config(game).players
        for seed in range(3):
            spec = dealcode.DealSpec(game, players, 0, seed, "")
            hand, rng = dealcode.new_hand(spec), random.Random(seed)
            while not hand.is_over and not (hand.phase.value == "play"
                                            and all(a.kind == "play" for a in hand.legal_actions())):
                hand.apply(rng.choice(hand.legal_actions()))
            if hand.is_over:
                continue
            table = from_spec(table_spec("legal", dealcode.encode(spec), [str(a) for a in hand.history[1:]]))
            assert len(table.choices) <= most, (
                f"a question about the {game} table has {len(table.choices)} choices, more than any lesson's "
                f"({most}): ask that one here")
    return lesson_id, index, most


def ask_lesson_question(page, lesson_id: str, index: int, choices: int) -> None:
    """The teacher asks a lesson's question from the panel (its pickers list the lessons as core orders them)."""
    lessons = [lesson.id for lesson in course_lessons()]
    page.locator(".atout-live-source button").first.click()
    page.locator(".atout-live-lesson select").select_option(index=lessons.index(lesson_id))
    count = len(lesson_questions(lesson_id))
    page.wait_for_function("n => document.querySelector('.atout-live-lesson-question select').options.length === n",
                           arg=count)
    page.locator(".atout-live-lesson-question select").select_option(index=index)
    page.locator(".atout-live-ask").click()
    page.wait_for_function("n => document.querySelectorAll('[data-testid=live-chart] .atout-bar').length === n",
                           arg=choices)


def check_class_projector(shown: dict, where: str, reveal: bool = True) -> list[str]:
    """The projector's floors with the class's panel open; what fell short, said in words (empty: all met)."""
    short = []
    if shown["cards"] and min(shown["cards"]) < CLASS_FLOOR_CARD:
        short.append(f"{where}: cards {min(shown['cards']):.0f} px tall")
    small = sorted({(p["font"], p["text"]) for p in shown["pieces"]          # (Reveal is the teacher's to read)
                    if p["font"] < CLASS_FLOOR_TEXT - 0.01 and p["part"] != "reveal"})
    if small:
        short.append(f"{where}: words under {CLASS_FLOOR_TEXT} px: {small[:8]}")
    if shown["overlaps"]:
        short.append(f"{where}: words overlap: {shown['overlaps'][:6]}")
    if shown["escapes"]:
        short.append(f"{where}: words run out of their seat, card or trick: {shown['escapes'][:6]}")
    if not apart(shown["table"], shown["panel"]):
        short.append(f"{where}: the table runs under the class's panel: {shown['table']} {shown['panel']}")
    outside = [p["text"] for p in shown["pieces"] if p["part"] in ("code", "chart", "reveal") for line in p["whole"]
               if line["bottom"] > min(shown["height"], shown["panel"]["bottom"]) + SLACK
               or line["top"] < shown["panel"]["top"] - SLACK]
    if outside:
        short.append(f"{where}: the chart runs out of the panel or the window: {outside[:6]}")
    if reveal:
        button = shown["reveal"]
        if button is None or button["bottom"] > shown["height"] + SLACK or button["top"] < -SLACK:
            short.append(f"{where}: Reveal is not on the screen: {button}")
        else:       # Reveal's row is held at the panel's foot: a chart that runs on is hidden under it
            under = [p["text"] for p in shown["pieces"] if p["part"] == "chart" for line in p["whole"]
                     if line["bottom"] > button["top"] + SLACK]
            if under:
                short.append(f"{where}: the chart runs under Reveal: {under[:6]}")
    return short


def record_class(lang: str, game: str, mode: str, shown: dict) -> dict:
    figures = {"viewport": [shown["width"], shown["height"]],
               "card_height": round(min(shown["cards"]), 1) if shown["cards"] else None,
               "smallest_words": min((p["font"] for p in shown["pieces"] if p["part"] != "reveal"), default=None),
               "smallest_words_on_table": min((p["font"] for p in shown["pieces"] if p["part"] == "table"),
                                              default=None),
               "chart_bars": shown["bars"], "reveal_bottom": shown["reveal"] and round(shown["reveal"]["bottom"])}
    (ARTIFACTS / f"sizes-class-{lang}-{game}-{mode}.json").write_text(json.dumps(figures, indent=1))
    return figures


@pytest.fixture
def contexts(chromium):
    """Pages in browser contexts of their own (a teacher's, a student's); each gives its kernel back on close, and
    a page's error fails the test."""
    browsers = OwnBrowsers(chromium, INTERACTIVE)

    def open_context(base: str, size: str):
        width, height = SIZES[size]
        return browsers.open({"width": width, "height": height}, base)

    yield open_context
    assert not browsers.close()


# The bottom of the teacher's panel as it shows, and of each button that closes the answers (now, each countdown).
CLOSING_BUTTONS = """() => [document.querySelector('.atout-live-side').getBoundingClientRect().bottom,
  [...document.querySelectorAll('button.atout-live-close-now, button[class*=atout-live-countdown-]')]
    .map((b) => b.getBoundingClientRect().bottom)]"""


def start_class(page) -> None:
    page.locator(".atout-live-start").click()
    page.wait_for_selector("[data-testid=class-code]")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_projector_stays_readable_with_the_class_panel_open_and_the_longest_question_asked(
        contexts, voila_url, lang):
    """At 1920×1080 with a class started and the longest question any game's class can be asked (Auction
    Forty-Fives' ten calls): in Play and through the walk-through of every game, up to the step that says who won
    the first trick, cards at least 100 px tall, every word on the table and in the chart at least 20 px, no words
    over others, the chart inside the panel and the window, Reveal on the screen. Before: cards of 60×84 px, seat
    names of 15 px, trick captions of 11 px, "won the trick" over a seat name in French, and Reveal at y = 1146. Then
    the same page at a laptop's 1366×768: the table whole, its seats apart."""
    lesson_id, index, choices = longest_live_question()
    page = contexts(voila_url, "projector")
    open_notebook(page, voila_url, f"classroom.ipynb?lang={lang}", "[data-testid=card-table] .atout-card-button")
    start_class(page)
    ask_lesson_question(page, lesson_id, index, choices)
    # Closing now and every countdown, one click each: above the panel's fold (in French "In 2 min" was on a third
    # line under it, and the countdowns a scroll away under the longest question).
    fold, closing = page.evaluate(CLOSING_BUTTONS)
    assert len(closing) == 1 + len(COUNTDOWNS) and max(closing) <= min(fold, SIZES["projector"][1]), (fold, closing)
    short: list[str] = []
    figures = {}
    for game in GAMES:
        if page.locator(".atout-step-position").is_visible():
            page.locator(".atout-classroom-mode button").first.click()          # back to Play
            page.wait_for_selector(".atout-step-position", state="hidden")
        choose_game(page, game)
        fitted(page)
        shown = page.evaluate(PROJECTED_TEXT)
        assert shown["bars"] == choices
        short += check_class_projector(shown, f"{game} in {lang}, Play")
        figures[f"{game}-play"] = record_class(lang, game, "play", shown)
        page.screenshot(path=str(ARTIFACTS / f"projector-class-projector-{lang}-{game}-play.png"))
        # The walk-through, a presenter's key at a time, to the step that says who won the first trick.
        page.keyboard.press("PageDown")
        page.wait_for_selector(".atout-stepper-projector .atout-step-position[data-step='0']")
        smallest = None
        for step in range(1, 80):
            press_and_wait(page, "PageDown")
            won = page.locator(".atout-stepper-projector .atout-seat[data-won]").count() > 0
            if step % 6 == 0 or won:
                fitted(page)
                shown = page.evaluate(PROJECTED_TEXT)
                short += check_class_projector(shown, f"{game} in {lang}, {step_text(page)}")
                if smallest is None or (shown["cards"] and min(shown["cards"]) < min(smallest["cards"])):
                    smallest = shown
            if won:
                page.screenshot(path=str(ARTIFACTS / f"projector-class-projector-{lang}-{game}-walk-won.png"))
                break
        assert won, f"{game}: no trick won in the walk-through's first 80 steps"
        figures[f"{game}-walk"] = record_class(lang, game, "walk", smallest)
        # A laptop's window: the panel beside the table, the table whole and its seats apart.
        page.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})
        fitted(page)
        try:
            check_table(page.evaluate(MEASURE), f"{game} in {lang} with the class's panel, 1366×768")
        except AssertionError as cut:
            short.append(str(cut).splitlines()[0])
        page.screenshot(path=str(ARTIFACTS / f"projector-class-laptop-{lang}-{game}-walk-won.png"))
        page.set_viewport_size({"width": SIZES["projector"][0], "height": SIZES["projector"][1]})
    (ARTIFACTS / f"sizes-class-{lang}.json").write_text(json.dumps(figures, indent=1))
    assert not short, "\n".join(short)


# What the visible table says of the turn and the trick's winner, and whether the walk-through's explanation shows.
TURN_AND_WINNER = """() => {
  const table = [...document.querySelectorAll('[data-testid=card-table]')].find((t) => t.offsetParent !== null);
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  const explanation = [...document.querySelectorAll('.atout-stepper-explanation')].find((e) => e.offsetParent);
  return { status: table.querySelector('[data-testid=status]').textContent,
           toAct: table.querySelectorAll('.atout-to-act, [aria-current]').length,
           won: table.querySelectorAll('[data-won], .atout-winner').length,
           badges: [...table.querySelectorAll('.atout-badge')].filter(shown).map((b) => b.textContent),
           trick: [...table.querySelectorAll('.atout-trick-card')].map((f) => f.dataset.testid),
           lastTrick: table.querySelectorAll('[data-testid=last-trick]').length,
           said: [...document.querySelectorAll('.atout-live-said, [data-testid=announcement]')].filter(shown)
             .map((e) => e.textContent).join(' '),
           explanation: explanation ? shown(explanation) : null };
}"""


def test_while_the_class_answers_which_card_wins_no_table_says_who_won_or_who_is_next(contexts, voila_url):
    """The teacher plays a deal to the first trick's last card and asks the class "which card wins?" about the table,
    a student following from their seat: while it is open, neither the projector nor the student's table says whose
    turn it is (the winner leads next), who won, the tricks each has, or what happened; once revealed, both say it
    again: the winner is to play. Before: "To play: Player 1" and the "To act" badge on both, the trick gone to its
    winner with "Last trick (winner: Player 1)" on the projector, "Player 1 wins the trick" under the student's."""
    code, line, _at_least = LONGEST["forty-fives-partners"]
    hand, played = dealcode.new_hand(dealcode.decode(code)), []
    for action in line.split("."):                     # to the first trick's last card
        hand.apply(parse_moves(action)[0])
        played.append(action)
        if hand.table_view(None).last_trick:
            break
    winner = hand.table_view(None).last_trick_winner + 1      # as the table names the player, counting from 1
    teacher = contexts(voila_url, "projector")
    open_notebook(teacher, voila_url, f"classroom.ipynb?{urlencode({'code': code, 'moves': '.'.join(played)})}",
                  "[data-testid=card-table] .atout-card-button")
    teacher.wait_for_selector("[data-testid=last-trick]")
    assert teacher.evaluate(TURN_AND_WINNER)["status"] == f"To play: Player {winner}"      # the turn tells
    start_class(teacher)
    student = contexts(voila_url, "laptop")
    student.goto(teacher.locator("[data-testid=class-link]").get_attribute("href"))
    student.locator(".atout-live-name input").fill("Ada")
    student.locator(".atout-live-join").click()
    student.wait_for_selector("[data-testid=live-joined]")
    teacher.locator(".atout-live-follow").click()
    student.wait_for_selector(".atout-live-follower [data-testid=card-table] .atout-trick-card")

    teacher.locator(".atout-live-source button").nth(1).click()
    teacher.locator(".atout-live-table-ask select").select_option(index=0)             # which card wins
    teacher.locator(".atout-live-ask").click()
    teacher.wait_for_selector("[data-testid=live-chart]")
    student.wait_for_selector("[data-testid=live-question]")
    # Each page redraws its table before it shows the question (the chart, the student's question): read it now.
    for page, who in ((teacher, "the projector"), (student, "the student's table")):
        shown = page.evaluate(TURN_AND_WINNER)
        assert shown["status"] == "The class is answering which card wins the trick", (who, shown)
        assert shown["toAct"] == 0 and shown["won"] == 0 and shown["lastTrick"] == 0, (who, shown)
        assert not [b for b in shown["badges"] if re.match(r"To act|Won the trick|Tricks", b)], (who, shown)
        assert len(shown["trick"]) == 4, (who, shown)                   # the trick asked about, whole, in the middle
        assert "wins the trick" not in shown["said"] and "winner" not in shown["said"], (who, shown)
        name = "teacher" if page is teacher else "student"
        page.screenshot(path=str(ARTIFACTS / f"projector-class-winner-open-{name}.png"))

    teacher.locator(".atout-live-reveal").click()
    teacher.wait_for_selector("[data-testid=live-answer]")
    student.wait_for_selector("[data-testid=live-verdict]")
    ada = seat_of(0, hand.config.players)                  # the class's first student (numbered from 0) sits there
    for page, status in ((teacher, f"To play: Player {winner}"),
                         (student, "To play: You" if ada == winner - 1 else f"To play: Player {winner}")):
        shown = page.evaluate(TURN_AND_WINNER)           # (drawn before the answer and the verdict)
        assert shown["status"] == status and shown["toAct"] >= 1, shown
        name = "teacher" if page is teacher else "student"
        page.screenshot(path=str(ARTIFACTS / f"projector-class-winner-revealed-{name}.png"))
    assert "wins the trick" in student.evaluate(TURN_AND_WINNER)["said"]
