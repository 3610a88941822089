"""The Puzzles page in Chromium, served by Voilà: a card clicked on the table is told right or wrong with the proof, in
the page's language, and the attempt is kept in the server's class store (its kernels' ``ATOUT_DATA``)."""

from atout.live.store import open_store
from atout.puzzles import packaged_puzzles
from tests.site.conftest import open_page
from tests.site.test_shell import query


def test_a_wrong_card_is_told_wrong_in_french_and_the_attempt_is_kept(page, voila_url, voila_server):
    puzzle = next(p for p in packaged_puzzles() if p.answer.kind == "play" and
                  sum(c.action.kind == "play" for c in p.choices) >= 3)
    wrong = next(c.action for c in puzzle.choices if c.action != puzzle.answer and c.action.kind == "play")
    store = open_store(folder=voila_server.data)
    try:
        before = store.puzzle_record(puzzle.id).attempts
        open_page(page, voila_url, f"puzzles.ipynb?lang=fr&game={puzzle.game}&puzzle={puzzle.id}",
                  ready=f"[data-testid=card-{wrong.card.code}]")
        assert "C'est à vous de jouer" in page.locator("[data-testid=puzzle-prompt]").inner_text()
        page.locator(f"[data-testid=card-{wrong.card.code}]").first.click()
        feedback = page.wait_for_selector("[data-testid=puzzle-feedback][data-verdict=wrong]")
        said = feedback.inner_text()
        assert "Ce n'est pas le bon" in said and "Un seul choix garde le meilleur résultat" in said, said
        assert query(page)["puzzle"] == puzzle.id and query(page)["game"] == puzzle.game
        assert store.puzzle_record(puzzle.id).attempts == before + 1
        assert "essai" in page.locator("[data-testid=puzzle-difficulty]").inner_text()
    finally:
        store.close()
    assert not page.errors
