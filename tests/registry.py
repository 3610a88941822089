"""The registered games (``atout.games``) grouped as tests need them: a test over games takes them from here or from
the registry itself, never from a list written by hand, so a game registered tomorrow is tested by registering it."""

from __future__ import annotations

from functools import cache

from atout.games import GAMES, family


@cache
def bids_first(game: str) -> bool:
    """Whether a hand of ``game`` opens with an auction (Five Hundred, Auction Forty-Fives; not the turned-up
    Forty-Fives, though its family can bid)."""
    return any(action.kind == "bid" for action in family(game).new_hand(game, seed=1).legal_actions())


def games_with_an_auction() -> list[str]:
    """Every preset whose hands open with an auction, in the registry's order."""
    return [game for game in GAMES if bids_first(game)]


def one_game_of_each_kind() -> list[str]:
    """The first preset of each family, and of each way its hands open (with an auction or not): the games whose
    pages differ, without the presets that only change a family's options."""
    kinds: dict[tuple[str, bool], str] = {}
    for game, info in GAMES.items():
        kinds.setdefault((info.family.id, bids_first(game)), game)
    return list(kinds.values())
