"""The family contract (issue 36 §1): every registered family provides what ``atout.family_contract`` says, within the
limits it declares, and those within core's (``atout.limits``); a family declaring more than core takes is refused at
registration, naming the part; a hand that still reaches a part with more seats than it takes is refused there.

Every test over families takes them from the registry: a family registered tomorrow is checked by registering it.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from atout import games, limits
from atout.dealcode import DealSpec, decode, encode
from atout.engine import Phase
from atout.family_contract import (
    Capability,
    CatalogueModule,
    ConfigModule,
    FamilyPackage,
    HandModule,
    HouseRulesModule,
    PlayedOutPlayers,
    RankingModule,
    RefereeModule,
    RulebookModule,
    SolvedPlayers,
)
from atout.games import FAMILY_LIST, GAMES, Family, Game, package_of, player_counts, register
from atout.limits import FamilyLimitError, FamilyLimits, SeatLimitError
from atout.rules_api import QueryError

ROOT = Path(__file__).resolve().parents[2]


def _presets(fam: Family) -> list[str]:
    return [g.id for g in GAMES.values() if g.family is fam]


def _deal(game: str, players: int, seed: int):
    rules = package_of(game)
    if "players" in rules.config.OPTIONS:
        return rules.new_hand(game, seed=seed, players=players)
    return rules.new_hand(game, seed=seed)


FAMILIES = pytest.mark.parametrize("fam", FAMILY_LIST, ids=[f.id for f in FAMILY_LIST])
EVERY_COUNT = [(g, n) for g in GAMES for n in player_counts(g)]


# --- every registered family keeps the contract -----------------------------------------------------------------

@FAMILIES
def test_each_familys_modules_provide_what_the_contract_names(fam):
    package = fam.rules()
    assert isinstance(package, FamilyPackage)
    assert isinstance(package.config, ConfigModule) and isinstance(package.referee, RefereeModule)
    assert isinstance(fam.module("hand"), HandModule) and isinstance(fam.module("ranking"), RankingModule)
    assert isinstance(fam.module("house_rules"), HouseRulesModule)
    assert isinstance(fam.catalogue_cases(), CatalogueModule)
    from importlib import import_module

    assert isinstance(import_module(fam.rulebook), RulebookModule)
    players = fam.players_module()
    assert isinstance(players, SolvedPlayers if fam.evaluation == "solved" else PlayedOutPlayers)
    assert fam.review_gap > 0
    assert set(package.config.PRESETS) == set(_presets(fam))


@FAMILIES
def test_each_familys_declared_limits_are_what_its_games_allow(fam):
    counts = sorted({n for game in _presets(fam) for n in player_counts(game)})
    assert fam.limits.players == (counts[0], counts[-1])
    assert fam.hand_module().HAND_SIZE == fam.limits.hand_size
    for game in _presets(fam):
        for n in player_counts(game):
            hand = _deal(game, n, seed=n)
            assert [len(cards) for cards in hand.hands] == [fam.limits.hand_size] * n, (game, n)


@FAMILIES
def test_each_familys_rules_answer_exactly_the_capabilities_it_declares(fam):
    """A capability declared is answered by the family's rules module; one not declared is refused by the rules
    API, and the family writes no stub for it."""
    from atout import rules_api

    questions = {Capability.ROBBING: ("rob",), Capability.AUCTION: ("bids",), Capability.KITTY: ("discards",),
                 Capability.STOCK: ("actions", "may", "draw"), Capability.CARD_POINTS: ("points",)}
    rules = fam.module("rules")
    game = _presets(fam)[0]
    config = rules_api.config_of(game)
    for capability, kinds in questions.items():
        for kind in kinds:
            assert callable(getattr(rules, kind, None)) == fam.has(capability), (fam.id, kind)
        if not fam.has(capability):
            with pytest.raises(QueryError, match=f"{game} has no {kinds[0]} questions"):
                getattr(rules_api, kinds[0])(config, *_any_arguments(kinds[0]))


def _any_arguments(kind):
    from atout.cards import Suit
    from atout.rules_api import CountedPosition

    return {"rob": (0,), "bids": (0, ()), "discards": (Suit.HEARTS, ()), "actions": (CountedPosition(Suit.HEARTS, ()),),
            "points": ([],)}[kind]


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_random_playouts_stay_in_the_familys_vocabulary(game, players):
    """Every phase a hand passes through is one its hand class declares (``PHASES``), every legal action one of its
    kinds (``DOES``), at every player count the game allows."""
    cls = type(_deal(game, players, seed=0))
    assert cls.PHASES and cls.DOES
    for seed in range(4):
        hand, rng = _deal(game, players, seed), random.Random(seed)
        while True:
            assert hand.phase in cls.PHASES, (game, players, hand.phase)
            if hand.is_over:
                break
            actions = hand.legal_actions()
            assert {a.kind for a in actions} <= set(cls.DOES), (game, hand.phase)
            hand.apply(rng.choice(actions))
    assert Phase.OVER in cls.PHASES


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_a_deal_code_round_trips_at_every_player_count_every_dealer(game, players):
    for dealer in range(players):
        spec = DealSpec(game, players, dealer, 2 ** 32 - 1 - dealer)
        assert decode(encode(spec)) == spec


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_the_solver_takes_every_player_count_a_game_allows(game, players, fastest_solver_build):
    from atout.solver import SolverError, position_of, solve_value

    hand = _deal(game, players, seed=3)
    while not hand.is_over:          # to the first position the solver takes (a bid over a pass: the auction ends)
        try:
            position_of(hand)
            break
        except SolverError:
            actions = hand.legal_actions()
            hand.apply(actions[0] if hand.phase is Phase.PLAY else actions[-1])
    if not hand.is_over:
        assert solve_value(hand, hand.to_act, budget_s=0.5).seat == hand.to_act


def test_core_limits_are_the_ones_its_code_is_built_with():
    """The numbers in ``atout.limits`` are the sizes the solver's C arrays are compiled with (tricks.pxd) and the
    field a deal code packs how many play in."""
    pxd = (ROOT / "atout/solver/tricks.pxd").read_text(encoding="utf-8")
    for name in ("H", "nxt", "credit", "ismax", "shown_out", "seats"):
        assert re.search(rf"\b{name}\[(\d+)\]", pxd)[1] == str(limits.SOLVER.most), name
    places = int(re.search(r"\bmv\[(\d+)\]", pxd)[1])
    # 48 places for each tricks left (0 to 13) and each count of cards on the table (0 to 9) or the rob decision
    assert places == (limits.SOLVER_TRICKS + 1) * (limits.SOLVER.most + 1) * 48
    from atout.solver import builds
    from atout.solver.tricks import MAX_SEATS

    assert MAX_SEATS == limits.SOLVER.most
    pure = builds.AVAILABLE["pure"].TrickSearch(_built_state())     # the plain build's lists, as long as the arrays
    assert [len(getattr(pure, name)) for name in ("H", "nxt", "credit", "ismax", "shown_out", "seats", "mv")] == \
        [limits.SOLVER.most] * 6 + [places]
    assert limits.DEAL_CODE.most == 2 ** limits.DEAL_CODE_PLAYER_BITS - 1 + 2 ** limits.DEAL_CODE_MORE_PLAYER_BITS
    from atout.lessons import QUESTION_SCHEMA, STEP_SCHEMA

    for schema in (QUESTION_SCHEMA, STEP_SCHEMA):
        assert schema["properties"]["players"]["maximum"] == limits.LESSON.most


# --- registration refuses what core cannot take -------------------------------------------------------------------

def _test_family(**declared) -> Family:
    """A family made for the test from Forty-Fives (a Spoil Five of up to ten, say), under ids of its own."""
    return dataclasses.replace(games.FORTY_FIVES, id="spoil-five-test", title="Spoil Five",
                               limits=FamilyLimits(**declared))


def _its_game(fam: Family, code: int = 61, position_code: str = "s5t") -> Game:
    return Game("spoil-five-test", fam, "Spoil Five", deal_code=code, position_code=position_code)


@pytest.mark.parametrize(("declared", "named", "not_named"), [
    ({"players": (2, 12), "hand_size": 5},
     ["its solver takes 12 seats but the solver takes at most 10", "it allows up to 12 players but a deal code takes "
      "at most 11", "it allows up to 12 players but the table takes at most 10", "but a lesson takes at most 10"], []),
    ({"players": (2, 11), "hand_size": 5},
     ["its solver takes 11 seats but the solver takes at most 10", "it allows up to 11 players but the table takes at "
      "most 10", "it allows up to 11 players but a lesson takes at most 10"], ["a deal code"]),
    ({"players": (2, 11), "hand_size": 5, "solver_seats": 10},
     ["the table takes at most 10", "a lesson takes at most 10"], ["the solver", "a deal code"]),
    ({"players": (2, 10), "hand_size": 5, "solver_seats": 11},
     ["its solver takes 11 seats but it has at most 10 players",
      "its solver takes 11 seats but the solver takes at most 10"],
     ["deal code", "table", "lesson"]),
    ({"players": (2, 4), "hand_size": 14},
     ["its hands of 14 cards are 14 tricks but the solver searches at most 13"], ["seats", "players"]),
    ({"players": (1, 4), "hand_size": 5}, ["it allows a game for 1 but a game needs at least 2 players"], ["solver"]),
    ({"players": (6, 4), "hand_size": 5}, ["it allows 6 to 4 players: the fewest are more than the most"], ["solver"]),
])
def test_a_family_declaring_more_than_core_takes_is_refused_naming_each_part(declared, named, not_named):
    fam = _test_family(**declared)
    before = (FAMILY_LIST, dict(GAMES))
    with pytest.raises(FamilyLimitError) as refused:
        register(fam, _its_game(fam))
    message = str(refused.value)
    assert message.startswith("Spoil Five cannot be registered: ")
    for part in named:
        assert part in message
    for part in not_named:
        assert part not in message
    assert (games.FAMILY_LIST, dict(games.GAMES)) == before          # the registry is as it was


def test_the_refusal_is_in_the_page_language():
    from atout.i18n import language

    fam = _test_family(players=(2, 12), hand_size=5)
    with pytest.raises(FamilyLimitError) as refused, language("fr"):
        register(fam, _its_game(fam))
    with language("fr"):
        message = str(refused.value)
    assert "le solveur" in message and "la table" in message and "10" in message, message


def test_a_family_within_core_s_limits_is_registered_and_found(monkeypatch):
    monkeypatch.setattr(games, "FAMILY_LIST", games.FAMILY_LIST)
    monkeypatch.setattr(games, "GAMES", dict(games.GAMES))
    monkeypatch.setattr(games, "FAMILIES_BY_ID", dict(games.FAMILIES_BY_ID))
    fam = _test_family(players=(2, 10), hand_size=5)      # ten seats: every part of core takes them
    register(fam, _its_game(fam))
    assert games.FAMILY_LIST[-1] is fam and games.game_info("spoil-five-test").family is fam
    taken = dataclasses.replace(fam, id="another-test")
    with pytest.raises(games.ConfigError, match="taken already: deal code 61"):
        register(taken, Game("another-test", taken, "Another", deal_code=61, position_code="x1"))
    with pytest.raises(games.ConfigError, match="taken already: deal code 62"):       # two of its own games
        register(taken, Game("another-test", taken, "Another", deal_code=62, position_code="x1"),
                 Game("another-test-2", taken, "Another", deal_code=62, position_code="x2"))
    assert "another-test" not in games.FAMILIES_BY_ID


@pytest.mark.parametrize("number", [-1, limits.DEAL_CODE_GAMES, 99])
def test_a_game_numbered_past_what_a_deal_code_holds_is_refused(number):
    """A deal code numbers its game in 6 bits (the 7th marks a code for 8 or more players): a game numbered
    otherwise would get codes that name another game or none."""
    fam = _test_family(players=(2, 6), hand_size=5)
    before = (FAMILY_LIST, dict(GAMES))
    with pytest.raises(games.ConfigError, match=f"spoil-five-test has the deal code number {number}, but a deal code "
                                                f"numbers its game from 0 to 63"):
        register(fam, _its_game(fam, code=number))
    assert (games.FAMILY_LIST, dict(games.GAMES)) == before


# --- a hand with more seats than a part takes is refused there, never crashed into ----------------------------------

def _widened(state, seats: int):
    """The state of a real position with ``seats`` seats at the table (the others empty-handed)."""
    from atout.solver.tricks import TrickState

    wide = TrickState(state.layout, seats, [(s + 1) % seats for s in range(seats)], seats,
                      list(state.hands) + [0] * (seats - state.n))
    wide.tricks_left = state.tricks_left
    return wide


def _built_state():
    from atout.solver import position_of
    from atout.solver.positions import adapter_of

    hand = package_of("forty-fives").new_hand("forty-fives", seed=1, players=4)
    while hand.phase is not Phase.PLAY:
        hand.apply(hand.legal_actions()[0])
    return adapter_of(hand).build(position_of(hand)).state


def test_the_search_refuses_more_seats_than_its_arrays_hold(solver_build):
    """Before, a hand of more seats than its arrays hold crashed the compiled build (a kernel killed with its page)
    and the plain one raised IndexError."""
    from atout.solver import builds

    search = builds.module().TrickSearch
    most = limits.SOLVER.most
    search(_widened(_built_state(), most))         # 10 seats: taken
    with pytest.raises(SeatLimitError, match=f"the solver takes at most {most} players; this hand has {most + 1}"):
        search(_widened(_built_state(), most + 1))


def test_the_search_refuses_more_tricks_than_its_move_stack_holds(solver_build):
    from atout.solver import builds

    state = _built_state()
    state.tricks_left = limits.SOLVER_TRICKS + 1
    with pytest.raises(SeatLimitError, match="the solver searches at most 13 tricks; this hand has 14"):
        builds.module().TrickSearch(state)


def test_the_solver_refuses_a_hand_of_more_players_than_its_family_says_it_takes(monkeypatch):
    """A family may allow more players than its solver adapter takes (``solver_seats``): the solver refuses those
    hands by name, before building anything."""
    from atout.solver import position_of, solve

    hand = package_of("forty-fives").new_hand("forty-fives", seed=1, players=5)
    while hand.phase is not Phase.PLAY:
        hand.apply(hand.legal_actions()[0])
    fewer = dataclasses.replace(games.FORTY_FIVES, limits=FamilyLimits(players=(2, 6), hand_size=5, solver_seats=4))
    monkeypatch.setitem(games.GAMES, "forty-fives", dataclasses.replace(GAMES["forty-fives"], family=fewer))
    for asked in (position_of, solve):
        with pytest.raises(SeatLimitError, match="the solver takes at most 4 players; this hand has 5"):
            asked(hand)
    monkeypatch.undo()
    assert solve(hand, budget_s=0.2).seat == hand.to_act


def test_a_deal_code_refuses_more_players_than_its_field_holds(monkeypatch):
    """Before, a game allowing 8 or more players got a code from ``encode`` that ``decode`` refused; now a code
    carries up to 11, and refuses more by name rather than write a code it cannot read back."""
    import atout.dealcode as dealcode

    monkeypatch.setattr(dealcode, "player_counts", lambda game: list(range(2, 15)))   # a family past registration
    for players in (7, 8, 10, limits.DEAL_CODE.most):
        assert decode(encode(DealSpec("forty-fives", players, players - 1, 5))).players == players
    for players in (limits.DEAL_CODE.most + 1, 14):
        with pytest.raises(SeatLimitError, match=f"a deal code takes at most 11 players; this hand has {players}"):
            encode(DealSpec("forty-fives", players, 0, 5))
