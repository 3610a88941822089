"""The What-if page in Chromium: values that come in as they are proven (still thinking, then proven, or stopped),
on the cards too; two lines compared for one player; an ending typed in; the short form shared."""

from pathlib import Path

from tests.site.conftest import open_page

ROOT = Path(__file__).resolve().parents[2]
ISSUE = (ROOT / "tests" / "data" / "solver" / "five-hundred-issue-15.txt").read_text()
SLOW = (ROOT / "tests" / "data" / "solver" / "five-hundred-slow.txt").read_text()   # seconds to solve in full
ENDING = (Path(__file__).parents[2] / "tests/data/solver/five-hundred-ending.txt").read_text().strip()

# Every state the solver's status line goes through, recorded in the page as it changes. The line is redrawn
# (its HTML replaced) at each change, and two changes may land before the observer runs: the replaced lines,
# in the mutation records, say the states that came and went.
WATCH_STATUS = """() => {
  window.solverStates = [];
  const push = (state) => {
    if (state && window.solverStates[window.solverStates.length - 1] !== state) window.solverStates.push(state);
  };
  const states = (node) => node.nodeType !== 1 ? [] : [node, ...node.querySelectorAll('[data-testid=solver-status]')]
    .filter((n) => n.dataset && n.dataset.testid === 'solver-status').map((n) => n.dataset.state);
  const note = (records) => {
    for (const r of records || []) {
      if (r.type === 'attributes' && r.attributeName === 'data-state') push(r.oldValue);
      for (const n of r.removedNodes || []) states(n).forEach(push);
      for (const n of r.addedNodes || []) states(n).forEach(push);
    }
    const s = document.querySelector('[data-testid=solver-status]');
    push(s ? s.dataset.state : null);
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, attributes: true,
                                                      attributeOldValue: true});
  note();
}"""


def set_up(page, text: str) -> None:
    box = page.locator(".atout-position-text textarea")
    box.fill(text)
    page.locator(".atout-load-position").click()


def card(page, code: str):
    return page.locator(f"[data-testid=card-table] button[data-card='{code}']")


def click_card(page, code: str) -> None:
    """Click a card where it shows in an overlapped hand: its index corner, on the left."""
    card(page, code).click(position={"x": 8, "y": 24})


def test_values_come_in_as_they_are_proven_and_show_on_the_cards(page, voila_url):
    open_page(page, voila_url, "whatif.ipynb", ready="[data-testid=solver-status]")
    page.evaluate(WATCH_STATUS)
    set_up(page, ISSUE)
    # the page's first position may be solved already: wait for this one's rows before its status
    page.wait_for_selector("[data-testid=solver] .atout-solver-row[data-action='play JH']")
    page.wait_for_selector("[data-testid=solver-status][data-state=done]")
    assert "thinking" in page.evaluate("window.solverStates")           # said so while it was working
    rows = page.locator("[data-testid=solver] .atout-solver-row")
    values = dict(zip(rows.evaluate_all("rs => rs.map(r => r.dataset.action)"),
                      rows.evaluate_all("rs => rs.map(r => [r.dataset.lo, r.dataset.hi])"), strict=True))
    assert values["play JH"] == ["7", "7"] and values["play AC"] == ["8", "8"]
    assert page.locator("[data-testid=solver] .atout-best").count() == 9
    # on the cards of the player to act: the value, the best marked
    # issue 32: in the hand's score (7♥ worth 200, the defenders' 10 a trick), the tricks in the card's title
    assert page.locator("[data-testid=value-JH]").inner_text() == "+170"
    assert page.locator("[data-testid=value-AC]").inner_text() == "+180"
    assert page.locator("[data-testid=value-AC]").get_attribute("data-best") == "true"
    assert page.locator("[data-testid=value-JH]").get_attribute("data-best") is None
    assert "7 tricks" in card(page, "JH").get_attribute("title")
    # the values' row under the cards has room of its own: no card (lifted as playable) rises into the name above
    gaps = page.evaluate("""() => {
      const seat = document.querySelector('[data-testid=card-table] .atout-seat[aria-current=true]');
      const name = seat.querySelector('.atout-seat-header').getBoundingClientRect().bottom;
      return [...seat.querySelectorAll('.atout-card-button')].map(b => b.getBoundingClientRect().top - name);
    }""")
    assert len(gaps) == 10 and min(gaps) >= 0, gaps
    assert not page.errors


def test_stop_keeps_what_was_proven(page, voila_url):
    """A whole Five Hundred deal that takes the search a while: Stop leaves every value as proven so far, in
    words ("at least 7", a range), with no best claimed that was not proven."""
    open_page(page, voila_url, "whatif.ipynb", ready="[data-testid=solver-status]")
    set_up(page, SLOW)
    page.wait_for_selector("[data-testid=solver-status][data-state=thinking]")
    page.locator(".atout-solver-stop").click()
    page.wait_for_selector("[data-testid=solver-status][data-state=stopped]")
    assert page.locator(".atout-solver-stop").is_hidden()
    rows = page.locator("[data-testid=solver] .atout-solver-row")
    bounds = rows.evaluate_all("rs => rs.map(r => [Number(r.dataset.lo), Number(r.dataset.hi)])")
    assert any(lo < hi for lo, hi in bounds)                              # not everything was proven
    words = page.locator("[data-testid=solver] .atout-solver-value").all_inner_texts()
    assert any(w.startswith(("at least", "at most", "not known")) or " to " in w for w in words)
    assert page.locator("[data-testid=best-line]").count() == 0
    assert not page.errors


def test_two_lines_for_one_player_read_as_cards_and_gone_back_to(page, voila_url):
    open_page(page, voila_url, "whatif.ipynb", ready="[data-testid=solver-status]")
    set_up(page, ISSUE)
    page.wait_for_selector("[data-testid=solver-status][data-state=done]")
    click_card(page, "AC")
    page.wait_for_selector("[data-testid=trick-card-AC]")
    page.locator(".atout-keep-a").click()
    page.locator(".atout-take-back").click()
    page.wait_for_selector("[data-testid=trick-card-AC]", state="detached")
    click_card(page, "JH")
    page.wait_for_selector("[data-testid=trick-card-JH]")
    page.locator(".atout-keep-b").click()
    page.wait_for_selector("[data-testid=branch-B][data-state=done]")
    page.wait_for_selector("[data-testid=branch-A][data-state=done]")
    a = page.locator("[data-testid=branch-A]").inner_text()
    b = page.locator("[data-testid=branch-B]").inner_text()
    assert "+180 points (8 tricks) for Player 2 and Player 4" in a
    assert "+170 points (7 tricks) for Player 2 and Player 4" in b
    assert "then: A♣" in a and "then: J♥" in b and "play AC" not in a and "play JH" not in b
    assert "Both lines: Bid 7 hearts, Pass, Pass, Pass" in page.locator("[data-testid=lines-common]").inner_text()
    page.locator(".atout-back-a").click()                                 # back to line A
    page.wait_for_selector("[data-testid=trick-card-AC]")
    assert page.locator("[data-testid=branch-B]").count() == 1            # both lines kept
    assert not page.errors


def test_an_ending_typed_in_plays_with_its_values(page, voila_url):
    open_page(page, voila_url, "whatif.ipynb", ready="[data-testid=solver-status]")
    page.locator("[data-testid=notation] summary").click()
    assert "An ending" in page.locator("[data-testid=notation]").inner_text()
    set_up(page, ENDING)
    page.wait_for_selector("[data-testid=card-table] [data-testid=hand-3] button[data-card='JK']")
    # the page's first position may be solved already (a full run read its "done" and no value yet): wait for this
    # one's rows before its status
    page.wait_for_selector("[data-testid=solver] .atout-solver-row[data-action='play JK']")
    page.wait_for_selector("[data-testid=solver-status][data-state=done]")
    assert page.locator("[data-testid=card-table] [data-testid=hand-3] button").count() == 3
    assert page.locator("[data-testid=value-JK]").count() == 1
    short = page.locator(".atout-position-short input").input_value()
    assert short.startswith("500.0.") and ".c17H." in short and ".w2-3-1-1" in short
    set_up(page, ENDING.replace("won: 2 3 1 1", "won: 2 3 1 0"))           # a wrong ending: core says why
    assert "adding up to 7" in page.wait_for_selector("[data-testid=position-error]").inner_text()
    set_up(page, short)                                                    # the short form is a position too
    page.wait_for_selector("[data-testid=position-error]", state="detached")
    page.wait_for_selector("[data-testid=solver-status][data-state=done]")
    assert not page.errors


def test_a_shared_link_opens_the_position_in_its_short_form(page, voila_url):
    """The address carries the position in its short form: a link to an ending opens it; a card played goes into
    the address; that address, opened again, shows the same position."""
    from urllib.parse import quote

    from atout.position import compact_text, hand_from_text

    short = compact_text(hand_from_text(ENDING))
    open_page(page, voila_url, "whatif.ipynb?position=" + quote(short), ready="[data-testid=solver-status]")
    page.wait_for_selector("[data-testid=card-table] [data-testid=hand-3] button[data-card='JK']")
    assert page.locator(".atout-position-short input").input_value() == short
    page.wait_for_selector("[data-testid=solver-status][data-state=done]")
    click_card(page, "JK")
    page.wait_for_selector("[data-testid=trick-card-JK]")
    page.wait_for_function("() => (new URLSearchParams(location.search).get('position') || '').endsWith('.aJK')")
    address = page.url
    assert "%3A" not in address and "%0A" not in address                  # nothing the address had to escape
    shown = page.locator(".atout-position-short input").input_value()
    page.goto(address)
    page.wait_for_selector("[data-testid=trick-card-JK]")
    assert page.locator(".atout-position-short input").input_value() == shown
    assert not page.errors
