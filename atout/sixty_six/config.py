"""The Sixty-Six preset and its options, as data (`../rules/sixty-six.md`).

>>> config = make_config("sixty-six", target=10)
>>> config.target, config.strict_marriages, config.players
(10, False, 2)
>>> make_config("sixty-six", target=66)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
atout.errors.ConfigError: option target of sixty-six cannot be 66: allowed values are 7, 10
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.cards import CARDS, Deck
from atout.errors import ConfigError, quote
from atout.i18n import N_, Series, Text
from atout.options import OptionSpec, build_options, cached_config, merged_options

PRESETS = ("sixty-six",)
DECK = Deck(N_("24-card"), (c for c in CARDS[:52] if c.rank >= 9))     # 66.deck: A 10 K Q J 9 of each suit

OPTIONS: dict[str, OptionSpec] = {spec.name: spec for spec in (
    # 66.strict.no-marriage: by default no marriage once the stock is exhausted or closed.
    OptionSpec("strict_marriages", (False, True), False,
               help="allow marriages once the stock is exhausted or closed"),
    # 66.no-declaration: at 65-65 the last trick scores 1, or (Bicycle) nobody scores and the point carries.
    OptionSpec("tie_carries", (False, True), False,
               help="at 65-65 nobody scores and the next hand's winner gets 1 more game point"),
    OptionSpec("target", (7, 10), 7, aliases={"7": 7, "10": 10}, help="game points that win the set"),
    # The seed has players remember their points; lessons and the classroom show them.
    OptionSpec("show_totals", (False, True), False, help="show each player's running points"),
    OptionSpec("first_dealer", ("seat-0", "random"), "seat-0", help="who deals the first hand"),
)}


@dataclass(frozen=True)
class SixtySixConfig:
    game: str
    strict_marriages: bool
    tie_carries: bool
    target: int
    show_totals: bool
    first_dealer: str

    players = 2
    sides = 2          # each player scores for itself

    def options(self) -> dict[str, Any]:
        """The option values, by name (what ``make_config`` takes back)."""
        return {name: getattr(self, name) for name in OPTIONS}


def make_config(game: str = "sixty-six", options: Mapping[str, Any] | None = None, **more: Any) -> SixtySixConfig:
    """The configuration of a preset with ``options`` checked and the defaults filled in."""
    return cached_config(game, merged_options(options, more), _make_config)


def _make_config(game: str, given: Mapping[str, Any]) -> SixtySixConfig:
    if game not in PRESETS:
        raise ConfigError(Text("{game} is not a Sixty-Six preset: the presets are {presets}",
                               game=quote(game), presets=Series(PRESETS)))
    return SixtySixConfig(game=game, **build_options(game, OPTIONS, given))
