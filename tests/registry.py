"""The registered games (``atout.games``) grouped as tests need them: a test over games takes them from here or from
the registry itself, never from a list written by hand, so a game registered tomorrow is tested by registering it."""

from __future__ import annotations

import re
from functools import cache

from atout.games import GAMES, package_of


@cache
def bids_first(game: str) -> bool:
    """Whether a hand of ``game`` opens with an auction (Five Hundred, Auction Forty-Fives; not the turned-up
    Forty-Fives, though its family can bid)."""
    return any(action.kind == "bid" for action in package_of(game).new_hand(game, seed=1).legal_actions())


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


def presets_of(family_id: str) -> list[str]:
    """The registered presets of one family (``forty-fives``: Forty-Fives, in partnerships, Auction), for the tests
    that check that family against an oracle of its own."""
    return [game for game, info in GAMES.items() if info.family.id == family_id]


def one_game_per_family() -> list[str]:
    """The first preset of each registered family."""
    firsts: dict[str, str] = {}
    for game, info in GAMES.items():
        firsts.setdefault(info.family.id, game)
    return list(firsts.values())


def rule_prefixes(game: str) -> tuple[str, ...]:
    """How the rule ids of ``game``'s family begin ("45.", "a45." for Forty-Fives), from its rule book."""
    from importlib import import_module

    rules = import_module(GAMES[game].family.rulebook).RULES
    return tuple(sorted({rule.split(".")[0] + "." for rule in rules}))


def rule_id_in_text() -> re.Pattern[str]:
    """A rule id of any registered family written in parentheses, as a sentence must never carry one."""
    prefixes = sorted({prefix[:-1] for game in GAMES for prefix in rule_prefixes(game)})
    return re.compile(r"\((?:" + "|".join(map(re.escape, prefixes)) + r")\.[a-z0-9.-]+\)")


def games_in_partnerships() -> list[str]:
    """Every preset whose hands (at its usual player count) seat partners: two seats scoring for one side."""
    partnered = []
    for game in GAMES:
        hand = package_of(game).new_hand(game, seed=1)
        sides = [hand.side_of(seat) for seat in range(len(hand.hands))]
        if len(set(sides)) < len(sides):
            partnered.append(game)
    return partnered


def games_offering(kind: str, hands: int = 20) -> list[str]:
    """The registered games, in the registry's order, where a player was offered an action of ``kind`` in one of
    ``hands`` hands played out (the first legal action each time), found by playing, not by the words' tables."""
    found = []
    for game in GAMES:
        for seed in range(hands):
            hand = package_of(game).new_hand(game, seed=seed)
            while not hand.is_over and not any(a.kind == kind for a in hand.legal_actions()):
                hand.apply(hand.legal_actions()[0])
            if not hand.is_over:
                found.append(game)
                break
    return found
