"""Spoil Five's cases for the catalogue of sentences (``atout.catalogue``): the hands and games it plays for them,
and the sentences only a caller of core's functions meets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# The hands played for the catalogue: the preset with the options whose sentences differ, from a few seeds.
PLAYED: tuple[tuple[str, dict[str, Any]], ...] = (
    ("spoil-five", {}), ("spoil-five", {"players": 2}), ("spoil-five", {"dealer_rob": "must"}),
    ("spoil-five", {"ace_holder_rob": "must"}), ("spoil-five", {"jinx": False}),
    ("spoil-five", {"must_follow_suit": True}))
# The whole games played to their end, with a short target.
WHOLE_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (("spoil-five", {"target": 5, "players": 3}),)


def direct_cases() -> Iterator[Any]:
    """A trick of one card so far, as a view explains it while it is played; a jinx made and failed, scored."""
    from atout.cards import Card, Suit
    from atout.catalogue import _explained
    from atout.spoil_five import ranking
    from atout.spoil_five.config import make_config
    from atout.spoil_five.explain import explain_score
    from atout.spoil_five.scoring import pool_result

    yield from _explained("Spoil Five: a trick of one card so far, 7♠", "engine",
                          ranking.explain_trick([Card.parse("7S")], Suit.HEARTS))
    config = make_config("spoil-five", players=3)
    for winner, jinx in ((0, "made"), (0, "failed"), (1, None), (None, None)):
        result = pool_result(config, 0, 0, winner, jinx, [0, 0, 0])
        yield from _explained(f"Spoil Five: the score, jinx {jinx}, winner {winner}", "engine", explain_score(result))
