"""The three Forty-Fives presets and their options, as data (`../rules/forty-fives.md`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.cards import FULL_DECK
from atout.options import OptionSpec, build_options, cached_config, merged_options

PRESETS = ("forty-fives", "forty-fives-partners", "auction-forty-fives")
DECK = FULL_DECK        # 45.deck: the 52 cards
AUCTION = ("auction-forty-fives",)
TURNED_UP = ("forty-fives", "forty-fives-partners")

BID_VALUES = ("5", "10", "15", "20", "25", "30", "30-for-60", "60-for-120")   # a45.bid.values
CALLS = ("pass", "hold", *BID_VALUES)     # every call of the auction

OPTIONS: dict[str, OptionSpec] = {spec.name: spec for spec in (
    OptionSpec("players", {"forty-fives": (2, 3, 4, 5, 6), "forty-fives-partners": (4, 6),
                           "auction-forty-fives": (2, 3, 4)},
               {"forty-fives": 3, "forty-fives-partners": 4, "auction-forty-fives": 4}),
    OptionSpec("target", (45, 120, 25, 60, 90, 200), {"forty-fives": 45, "forty-fives-partners": 45,
                                                      "auction-forty-fives": 120}),
    OptionSpec("first_dealer", ("seat-0", "random"), "seat-0"),
    OptionSpec("must_follow_suit", (False, True), False),
    OptionSpec("ace_of_hearts_led", (False, True), {"forty-fives": True, "forty-fives-partners": False,
                                                    "auction-forty-fives": False}),
    OptionSpec("dealer_rob", ("must", "may"), {"forty-fives": "must", "forty-fives-partners": "may"},
               presets=TURNED_UP),
    OptionSpec("scoring", ("net", "tricks"), "net", presets=("forty-fives-partners",)),
    OptionSpec("partners", (False, True), False, presets=AUCTION),
    OptionSpec("min_bid", (5, 10, 15, 20), 5, presets=AUCTION, aliases={"5": 5, "10": 10, "15": 15, "20": 20}),
    OptionSpec("dealer_forced", (False, True), False, presets=AUCTION),
    OptionSpec("free_discard", (False, True), False, presets=AUCTION),
    OptionSpec("kitty", (4, 3, 0), 4, presets=AUCTION),
    OptionSpec("rotation", ("left", "right"), {"forty-fives": "left", "forty-fives-partners": "left",
                                               "auction-forty-fives": "right"}),
)}


@dataclass(frozen=True)
class FortyFivesConfig:
    game: str
    players: int
    target: int
    first_dealer: str
    must_follow_suit: bool
    ace_of_hearts_led: bool
    rotation: str
    dealer_rob: str = "none"
    scoring: str = "individual"
    partners: bool = False
    min_bid: int = 5
    dealer_forced: bool = False
    free_discard: bool = False
    kitty: int = 0

    @property
    def auction(self) -> bool:
        return self.game in AUCTION

    @property
    def scores_best_card(self) -> bool:
        """Whether the best card in play earns its holder 5 more points (45.score.best-card): played individually
        and in the auction, never in partnerships."""
        return self.game == "forty-fives" or self.auction

    @property
    def keeps_only_trumps(self) -> bool:
        """Whether the cards each player keeps at the discard are its trumps, as the table knows: every card that
        is not a trump is discarded (a45.discard.others, a45.discard.bidder); with ``free_discard`` each player
        chooses, so the cards kept may be any."""
        return self.auction and not self.free_discard

    @property
    def sides(self) -> int:
        """How many scoring units: sides in partnerships, else players."""
        return 2 if self.has_partners else self.players

    @property
    def has_partners(self) -> bool:
        return self.game == "forty-fives-partners" or self.partners

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.has_partners else seat

    @property
    def bid_values(self) -> tuple[str, ...]:
        return tuple(v for v in BID_VALUES if bid_level(v) >= self.min_bid)

    def options(self) -> dict[str, Any]:
        """The option values, by name (what ``make_config`` takes back)."""
        return {name: getattr(self, name) for name, spec in OPTIONS.items() if spec.applies_to(self.game)}


def bid_level(call: str) -> int:
    """How many points a bid promises (30 for 60 and 60 for 120 rank above 30)."""
    return {"30-for-60": 31, "60-for-120": 32}.get(call) or int(call)


def make_config(game: str, options: Mapping[str, Any] | None = None, **more: Any) -> FortyFivesConfig:
    """The configuration of a preset with the given options (checked; unknown ones are refused)."""
    return cached_config(game, merged_options(options, more), _make_config)


def _make_config(game: str, given: Mapping[str, Any]) -> FortyFivesConfig:
    values = build_options(game, OPTIONS, given)
    if values.get("partners") and values["players"] != 4:
        from atout.errors import ConfigError
        from atout.i18n import Text

        raise ConfigError(Text("two partnerships need 4 players (2 against 2), not {n}", n=values["players"]))
    return FortyFivesConfig(game=game, **values)
