"""The Euchre family: one preset, ``euchre`` (4 players, 24 cards, partnerships 0-2 against 1-3)."""

from typing import Any

from atout.euchre.config import PRESETS, EuchreConfig, make_config
from atout.euchre.hand import EuchreHand, Trick
from atout.euchre.scoring import HandResult

__all__ = ["PRESETS", "EuchreConfig", "EuchreHand", "HandResult", "Trick", "make_config"]

from atout.euchre import config, referee  # noqa: E402  (the referee uses the engine above)
from atout.euchre.game import EuchreGame  # noqa: E402

__all__ += ["EuchreGame", "config", "new_game", "new_hand", "referee"]


def new_hand(game: str = "euchre", seed: int | None = None, **options: Any) -> EuchreHand:
    """A freshly dealt hand of the preset, with its options by name."""
    return EuchreHand.new(game, seed=seed, **options)


def new_game(game: str, seed: int | None = None, **options: Any) -> EuchreGame:
    """A whole game of the preset, hand after hand to the target score."""
    return EuchreGame(game, seed=seed, **options)
