"""The Five Hundred family: one preset, ``five-hundred`` (4 players, 43 cards, partnerships 0-2 against 1-3)."""

from typing import Any

from atout.five_hundred.config import PRESETS, Contract, FiveHundredConfig, Strain, make_config
from atout.five_hundred.hand import FiveHundredHand, Trick
from atout.five_hundred.scoring import HandResult

__all__ = ["PRESETS", "Contract", "FiveHundredConfig", "FiveHundredHand", "HandResult", "Strain", "Trick",
           "make_config"]

from atout.five_hundred import config, referee  # noqa: E402  (the referee uses the engine above)
from atout.five_hundred.game import FiveHundredGame  # noqa: E402

__all__ += ["FiveHundredGame", "config", "new_game", "new_hand", "referee"]


def new_hand(game: str = "five-hundred", seed: int | None = None, **options: Any) -> FiveHundredHand:
    """A freshly dealt hand of the preset, with its options by name."""
    return FiveHundredHand.new(game, seed=seed, **options)


def new_game(game: str, seed: int | None = None, **options: Any) -> FiveHundredGame:
    """A whole game of the preset, hand after hand to the target score."""
    return FiveHundredGame(game, seed=seed, **options)

