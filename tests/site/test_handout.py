"""The handout in Chromium: reached from the classroom, in the page's language, and laid out for A4 paper by its
print stylesheet (measured with the print media emulated: nothing of the site, nothing cut, tables whole)."""

from __future__ import annotations

from tests.site.conftest import open_page

A4_CONTENT = {"width": 703, "height": 1031}     # px: A4 less the 12 mm margins of its @page rule, at 96 px an inch

PRINT_LAYOUT = """() => {
  const sheet = document.querySelector('.atout-handout');
  const box = sheet.getBoundingClientRect();
  const shown = (node) => { const b = node.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const around = [...document.body.querySelectorAll('*')].filter((node) =>
    !node.contains(sheet) && !sheet.contains(node) && node.tagName !== 'STYLE' && node.tagName !== 'SCRIPT'
    && shown(node));
  const holders = [];
  for (let n = sheet.parentElement; n; n = n.parentElement) holders.push(n.getBoundingClientRect().height);
  const widest = Math.max(...[...sheet.querySelectorAll('*')].map((n) => n.getBoundingClientRect().right));
  const style = getComputedStyle(sheet);
  return {
    left: box.left, right: box.right, height: box.height, widest,
    around: around.map((n) => n.className || n.tagName).slice(0, 5),
    cut: holders.filter((h) => h + 1 < box.height).length,
    colour: style.color, paper: style.backgroundColor,
    orderBreak: getComputedStyle(sheet.querySelector('.atout-handout-order')).breakInside,
    tables: [...sheet.querySelectorAll('table')].map((t) => [getComputedStyle(t).breakInside,
                                                             t.getBoundingClientRect().height]),
  };
}"""


def test_the_handout_opens_from_the_classroom_in_its_language_and_prints_on_a4(page, voila_url):
    open_page(page, voila_url, "classroom.ipynb", ready="[data-testid=card-table]")
    page.locator(".atout-game-picker select").select_option(label="Five Hundred")
    link = page.locator("[data-testid=handout-link]")
    page.wait_for_function("() => document.querySelector('[data-testid=handout-link]').href.includes('five-hundred')")
    assert link.get_attribute("target") == "_blank"
    href = link.get_attribute("href")
    assert href.startswith("handout.ipynb?game=five-hundred&lang=en")
    open_page(page, voila_url, href.replace("lang=en", "lang=fr"), ready=".atout-handout")
    sheet = page.locator(".atout-handout")
    assert sheet.get_attribute("lang") == "fr" and sheet.locator("h1").inner_text() == "Cinq cents"
    assert page.locator("[data-testid=print-handout]").inner_text() == "Imprimer la fiche"
    assert sheet.locator("table.atout-handout-ranking").count() == 5        # four trump suits and no trumps

    page.set_viewport_size(A4_CONTENT)
    page.emulate_media(media="print")
    layout = page.evaluate(PRINT_LAYOUT)
    assert layout["around"] == [], layout["around"]             # the site's header, the button: not printed
    assert layout["cut"] == 0                                   # no frame of the site cuts it to one screen
    assert layout["left"] >= 0 and layout["right"] <= A4_CONTENT["width"] + 1
    assert layout["widest"] <= layout["right"] + 1              # no column or table runs off the paper
    assert layout["colour"] == "rgb(17, 17, 17)" and layout["paper"] == "rgb(255, 255, 255)"
    assert layout["orderBreak"] == "avoid"                      # the ranking tables on one page, the next if need be
    for breaks, height in layout["tables"]:
        assert breaks == "avoid" and height < A4_CONTENT["height"]     # each table whole on one page
    assert not page.errors


def test_chromium_prints_the_handout_on_two_a4_pages(page, voila_url):
    """Chromium's own PDF of the handout (what Print gives a teacher) has two A4 pages (the rules, then the ranking
    tables, as looked at); the file is kept in tests/artifacts to be looked at (pdftoppm turns it into images)."""
    import re

    from tests.site.conftest import ARTIFACTS

    open_page(page, voila_url, "handout.ipynb?game=five-hundred&lang=fr", ready=".atout-handout")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=True)
    (ARTIFACTS / "handout-five-hundred-fr.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 2, pages
    assert not page.errors
