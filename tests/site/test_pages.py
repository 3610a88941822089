"""Every page of the site loads in Chromium with no Voilà error and no page error."""

from tests.site.conftest import open_page


def test_index_lists_the_games(page, voila_url):
    open_page(page, voila_url, "index.ipynb", ready="[data-testid=games-index]")
    games = page.locator("[data-testid=games-index] li[data-game]")
    assert games.count() >= 3
    assert "forty-fives" in games.evaluate_all("els => els.map(e => e.dataset.game)")
    assert not page.errors
