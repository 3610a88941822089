"""Euchre's cases for the catalogue of sentences (``atout.catalogue``): the hands and games it plays for them, and
the sentences only a caller of core's functions meets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# The hands played for the catalogue: the preset with the options whose sentences differ, from a few seeds.
PLAYED: tuple[tuple[str, dict[str, Any]], ...] = (("euchre", {}), ("euchre", {"stick_the_dealer": True}),
                                                  ("euchre", {"partner_orders_alone": True}))
# The whole games played to their end, with a short target.
WHOLE_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (("euchre", {"target": 5}),)


def direct_cases() -> Iterator[Any]:
    """A trick of one card so far, the score sheet's line for a hand thrown in, and a hand asked to act before its
    deal."""
    from atout.cards import Card, Suit
    from atout.catalogue import _explained
    from atout.euchre import ranking
    from atout.euchre.config import make_config
    from atout.euchre.explain import explain_score
    from atout.euchre.hand import EuchreHand
    from atout.euchre.scoring import thrown_in

    yield from _explained("Euchre: a trick of one card so far, 9♠", "engine",
                          ranking.explain_trick([Card.parse("9S")], Suit.HEARTS))
    yield from _explained("Euchre: the score sheet's line for a hand thrown in", "engine",
                          explain_score(thrown_in([3, 4])))
    undealt = EuchreHand(make_config("euchre"), 0)
    yield from _explained("Euchre: a card played before the deal", "engine", undealt.explain_illegal("play 9S"))
    yield from _explained("Euchre: a deal of the wrong cards", "engine", undealt.explain_illegal("deal 9S 10S"))
