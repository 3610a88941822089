"""The review benchmark (``atout bench review``) measures each game with an auction against the budget it gave, and
refuses a game without one, saying which it can measure."""

from atout import bench
from atout.cli import main
from tests.registry import games_with_an_auction


def test_the_review_benchmark_runs_each_review_to_its_budget():
    results = bench.review(budget_s=0.05)["review"]
    assert list(results) == games_with_an_auction()
    for game, figures in results.items():
        # The budget ends each review (not a cap on deals): it ran at least as long.
        assert figures["budget_s"] == 0.05 and figures["elapsed_s"] >= 0.05, (game, figures)
        assert figures["calls"] >= 1 and figures["deals"] >= 1, (game, figures)
    said = bench.format_results({"review": results})
    assert "five-hundred" in said and "for a budget of 0.05 s" in said


def test_a_game_without_an_auction_is_refused_with_those_it_can_measure(capsys):
    assert main(["bench", "review", "--games", "sixty-six"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("atout bench review: no auction to review in sixty-six: choose among ")
    assert ", ".join(games_with_an_auction()) in error
    assert main(["bench", "engine", "--games", "nope", "--seconds", "0.01"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err
    assert main(["bench", "review", "--seconds", "0"]) == 2
    assert "a review's budget is a number of seconds above 0, not 0" in capsys.readouterr().err
