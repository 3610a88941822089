"""The Sixty-Six family: one preset (sixty-six), two players, 24 cards."""

from typing import Any

from atout.sixty_six.config import PRESETS, SixtySixConfig, make_config
from atout.sixty_six.hand import SixtySixHand, SixtySixResult, Trick

__all__ = ["PRESETS", "SixtySixConfig", "SixtySixHand", "SixtySixResult", "Trick", "make_config"]

from atout.sixty_six import config, referee  # noqa: E402  (the referee uses the engine above)
from atout.sixty_six.game import SixtySixGame  # noqa: E402

__all__ += ["SixtySixGame", "config", "new_game", "new_hand", "referee"]


def new_hand(game: str = "sixty-six", seed: int | None = None, **options: Any) -> SixtySixHand:
    """A freshly dealt hand (seat 0 deals unless ``dealer`` is given)."""
    return SixtySixHand.new(game, seed=seed, **options)


def new_game(game: str, seed: int | None = None, **options: Any) -> SixtySixGame:
    """A whole game of the preset, hand after hand to the target score."""
    return SixtySixGame(game, seed=seed, **options)

