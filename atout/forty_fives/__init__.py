"""The Forty-Fives family: one engine, three presets (forty-fives, forty-fives-partners, auction-forty-fives)."""

from collections.abc import Mapping
from typing import Any

from atout.forty_fives.config import PRESETS, FortyFivesConfig, make_config
from atout.forty_fives.hand import FortyFivesHand, Trick
from atout.forty_fives.scoring import HandResult

__all__ = ["PRESETS", "FortyFivesConfig", "FortyFivesHand", "HandResult", "Trick", "make_config"]

from atout.forty_fives import config, referee  # noqa: E402  (the referee uses the engine above)
from atout.forty_fives.game import FortyFivesGame  # noqa: E402

__all__ += ["FortyFivesGame", "config", "new_game", "new_hand", "referee"]


def new_hand(game: str, seed: int | None = None, dealer: int = 0, **options: Any) -> FortyFivesHand:
    """A freshly dealt hand of a preset (4 players where the preset allows it)."""
    given = options.get("options")
    if "players" not in options and not (isinstance(given, Mapping) and "players" in given):
        options["players"] = 4
    return FortyFivesHand.new(game, seed=seed, dealer=dealer, **options)


def new_game(game: str, seed: int | None = None, **options: Any) -> FortyFivesGame:
    """A whole game of the preset, hand after hand to the target score."""
    return FortyFivesGame(game, seed=seed, **options)

