"""The Spoil Five family (Twenty-Five): one engine, one preset (spoil-five), played for a pool."""

from collections.abc import Mapping
from typing import Any

from atout.spoil_five.config import PRESETS, SpoilFiveConfig, make_config
from atout.spoil_five.hand import SpoilFiveHand, Trick
from atout.spoil_five.scoring import HandResult

__all__ = ["PRESETS", "HandResult", "SpoilFiveConfig", "SpoilFiveHand", "Trick", "make_config"]

from atout.spoil_five import config, referee  # noqa: E402  (the referee uses the engine above)
from atout.spoil_five.game import SpoilFiveGame  # noqa: E402

__all__ += ["SpoilFiveGame", "config", "new_game", "new_hand", "referee"]


def new_hand(game: str, seed: int | None = None, dealer: int = 0, **options: Any) -> SpoilFiveHand:
    """A freshly dealt hand (the preset's five players unless told)."""
    given = options.get("options")
    if "players" not in options and not (isinstance(given, Mapping) and "players" in given):
        options["players"] = 5
    return SpoilFiveHand.new(game, seed=seed, dealer=dealer, **options)


def new_game(game: str, seed: int | None = None, **options: Any) -> SpoilFiveGame:
    """A whole game, hand after hand to the target."""
    return SpoilFiveGame(game, seed=seed, **options)
