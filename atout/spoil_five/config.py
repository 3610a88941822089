"""The Spoil Five preset and its options, as data (``tests/data/rules/spoil-five.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.cards import FULL_DECK
from atout.options import OptionSpec, build_options, cached_config, merged_options

PRESETS = ("spoil-five",)
DECK = FULL_DECK        # s5.deck: the 52 cards
PLAYERS = tuple(range(2, 11))     # s5.deal.players: 2 to 10

OPTIONS: dict[str, OptionSpec] = {spec.name: spec for spec in (
    OptionSpec("players", PLAYERS, 5),
    OptionSpec("target", (10, 5, 20), 10),
    OptionSpec("first_dealer", ("seat-0", "random"), "seat-0"),
    OptionSpec("must_follow_suit", (False, True), False),
    OptionSpec("dealer_rob", ("may", "must"), "may"),
    OptionSpec("ace_holder_rob", ("may", "must"), "may"),
    OptionSpec("jinx", (True, False), True),
    OptionSpec("stake", (1, 2, 3), 1, aliases={"1": 1, "2": 2, "3": 3}),
    OptionSpec("dealer_adds", (True, False), True),
    OptionSpec("after_spoil", ("each", "dealer"), "each"),
)}


@dataclass(frozen=True)
class SpoilFiveConfig:
    game: str
    players: int
    target: int
    first_dealer: str
    must_follow_suit: bool
    dealer_rob: str
    ace_holder_rob: str
    jinx: bool
    stake: int
    dealer_adds: bool
    after_spoil: str

    # What the engines shared with other families read: nobody plays in partnerships, and the A♥ led calls for
    # nothing more than any trump lead (Forty-Fives' house rule is not one of Spoil Five's).
    ace_of_hearts_led = False
    has_partners = False

    @property
    def sides(self) -> int:
        return self.players

    def side_of(self, seat: int) -> int:
        return seat

    def stakes(self, dealer: int, carried: int) -> list[int]:
        """What each player puts into the pool at a deal (s5.score.stake, s5.score.dealer-stake, s5.score.spoiled): the
        stake each at a fresh pool; over a carried pool one counter each, or none (``after_spoil: dealer``); the
        dealer one more."""
        each = self.stake if not carried else (1 if self.after_spoil == "each" else 0)
        paid = [each] * self.players
        if self.dealer_adds or (carried and self.after_spoil == "dealer"):
            paid[dealer] += 1
        return paid

    def options(self) -> dict[str, Any]:
        """The option values, by name (what ``make_config`` takes back)."""
        return {name: getattr(self, name) for name in OPTIONS}


def make_config(game: str, options: Mapping[str, Any] | None = None, **more: Any) -> SpoilFiveConfig:
    """The configuration of the preset with the given options (checked; unknown ones are refused)."""
    return cached_config(game, merged_options(options, more), _make_config)


def _make_config(game: str, given: Mapping[str, Any]) -> SpoilFiveConfig:
    return SpoilFiveConfig(game=game, **build_options(game, OPTIONS, given))
