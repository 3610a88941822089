"""Euchre's preset and options, as data (`tests/data/rules/euchre.md`).

>>> config = make_config("euchre")
>>> config.players, config.target, config.stick_the_dealer
(4, 10, False)
>>> make_config("euchre", target=12)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
atout.errors.ConfigError: option target of euchre cannot be 12: allowed values are 10, 5, 7, 11
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.cards import CARDS, Deck
from atout.errors import ConfigError, quote
from atout.i18n import N_, Text
from atout.options import OptionSpec, build_options, cached_config, merged_options

PRESETS = ("euchre",)
PLAYERS = 4
SIDES = 2
# eu.deck: A K Q J 10 9 of each suit.
DECK = Deck(N_("24-card"), (c for c in CARDS[:52] if c.rank >= 9))

OPTIONS: dict[str, OptionSpec] = {spec.name: spec for spec in (
    OptionSpec("players", (4,), 4, help="always 4: two partnerships, seats 0 and 2 against 1 and 3"),
    OptionSpec("stick_the_dealer", (False, True), False, help="eu.make.stick"),
    OptionSpec("partner_orders_alone", (False, True), False, help="eu.alone.partner-orders"),
    OptionSpec("target", (10, 5, 7, 11), 10, help="eu.game.target",
               aliases={"10": 10, "5": 5, "7": 7, "11": 11}),
    OptionSpec("first_dealer", ("seat-0", "random"), "seat-0", help="eu.deal.first"),
)}


@dataclass(frozen=True)
class EuchreConfig:
    game: str
    players: int
    stick_the_dealer: bool
    partner_orders_alone: bool
    target: int
    first_dealer: str

    @property
    def sides(self) -> int:
        return SIDES

    @staticmethod
    def side_of(seat: int) -> int:
        return seat % 2

    def options(self) -> dict[str, Any]:
        """The option values, by name (what ``make_config`` takes back)."""
        return {name: getattr(self, name) for name in OPTIONS}


def make_config(game: str = "euchre", options: Mapping[str, Any] | None = None, **more: Any) -> EuchreConfig:
    """The configuration of the preset with the given options (checked; unknown ones are refused)."""
    return cached_config(game, merged_options(options, more), _make_config)


def _make_config(game: str, given: Mapping[str, Any]) -> EuchreConfig:
    if game not in PRESETS:
        raise ConfigError(Text("{game} is not a Euchre preset: the presets are {presets}",
                               game=quote(game), presets=", ".join(PRESETS)))
    return EuchreConfig(game=game, **build_options(game, OPTIONS, given))
