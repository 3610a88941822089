"""The registry of games: preset id → family. The referee, the CLI and the site look games up here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atout.errors import ConfigError, quote
from atout.i18n import N_, Text

# What a reader calls each game (translated when shown).
TITLES = {
    "forty-fives": N_("Forty-Fives"),
    "forty-fives-partners": N_("Forty-Fives in partnerships"),
    "auction-forty-fives": N_("Auction Forty-Fives"),
    "five-hundred": N_("Five Hundred"),
    "sixty-six": N_("Sixty-Six"),
}

# The calls that are words, as a bidding box and a quiz button write them (the others are numbers and strains).
CALL_NAMES = {"pass": N_("Pass"), "hold": N_("Hold"), "misere": N_("Misère"), "open-misere": N_("Open misère")}


def call_label(call: str) -> Text:
    """A call as written on its button: "Pass", "30 for 60", "7♠", "10 NT", "Misère" (the call id otherwise)."""
    if call in CALL_NAMES:
        return Text(CALL_NAMES[call])
    if "-for-" in call:
        low, high = call.split("-for-")
        return Text("{low} for {high}", low=low, high=high)
    if len(call) > 1 and call[:-1].isdigit() and call[-1:] in "CDHS":
        return Text("{n}{suit}", n=call[:-1], suit="♣♦♥♠"["CDHS".index(call[-1])])
    if call.endswith("NT") and call[:-2].isdigit():
        return Text("{n} NT", n=call[:-2])
    return Text("{call}", call=call)


FAMILIES: dict[str, str] = {
    "forty-fives": "forty_fives",
    "forty-fives-partners": "forty_fives",
    "auction-forty-fives": "forty_fives",
    "five-hundred": "five_hundred",
    "sixty-six": "sixty_six",
}


def family(game: str):
    """The family module of a preset id (``atout.forty_fives`` for ``auction-forty-fives``)."""
    import importlib

    if game not in FAMILIES:
        raise ConfigError(Text("unknown game {game}: the games are {games}", game=quote(game),
                               games=", ".join(FAMILIES)))
    try:
        return importlib.import_module(f"atout.{FAMILIES[game]}")
    except ModuleNotFoundError as exc:  # a family not yet written
        raise ConfigError(Text("the game {game} is not available yet", game=game)) from exc


def make_config(game: str, options: Mapping[str, Any] | None = None, **more: Any):
    return family(game).make_config(game, options, **more)


def available_games() -> list[str]:
    out = []
    for game in FAMILIES:
        try:
            family(game)
        except ConfigError:
            continue
        out.append(game)
    return out


def player_counts(game: str) -> list[int]:
    """How many players the game allows, as its configuration says."""
    fam = family(game)
    spec = getattr(getattr(fam, "config", None), "OPTIONS", {}).get("players")
    if spec is not None and spec.applies_to(game):
        return list(spec.allowed_for(game))
    return [fam.make_config(game).players]
