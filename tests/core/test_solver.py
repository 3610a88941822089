"""The solver: exact agreement with plain brute-force minimax on small positions of every preset, and with the
engine's own scoring when its best line is played out; time budgets; the positions it refuses."""

import dataclasses
import random

import pytest

from atout.cards import ACE, Card
from atout.engine import Action, Phase
from atout.errors import AtoutError
from atout.five_hundred import FiveHundredHand
from atout.forty_fives import FortyFivesHand
from atout.forty_fives.config import make_config
from atout.solver import SolverError, builds, position_of, solve, solve_steps, solve_value
from tests.core.test_solver_reference import (
    brute_five_hundred,
    brute_forty_fives,
    brute_sixty_six,
    random_position,
    sixty_six_strict,
)

pytestmark = pytest.mark.usefixtures("solver_build")     # every test with each build of the search

FORTY_FIVES = [
    ("forty-fives", {"players": 3}),
    ("forty-fives", {"players": 4}),
    ("forty-fives", {"players": 5, "must_follow_suit": True}),
    ("forty-fives-partners", {}),
    ("forty-fives-partners", {"players": 6, "ace_of_hearts_led": True}),
    ("auction-forty-fives", {}),
    ("auction-forty-fives", {"partners": True}),
    ("auction-forty-fives", {"players": 3, "ace_of_hearts_led": True}),
]


_WORKED_OUT: dict = {}


def once(values_of, hand, *args):
    """``values_of(hand, *args)``, worked out once for every test and build that asks it of this position: brute force
    and the exact whole-deal search depend on the position alone (and on the build, which a solve's key names), and
    take longer than the checks made of them."""
    key = (values_of.__name__, builds.current if values_of is solve else None, hand.config, tuple(hand.history),
           tuple(tuple(a) if isinstance(a, list) else a for a in args))
    if key not in _WORKED_OUT:
        _WORKED_OUT[key] = values_of(hand, *args)
    return _WORKED_OUT[key]


def play_out(hand, solution):
    """A copy of ``hand`` with the solution's best line played to the end of the hand."""
    played = hand.copy()
    for action in solution.line:
        played.apply(action)
    assert played.is_over
    return played


def scramble(hand, seed: int) -> None:
    """A few more random plays, so that positions start mid-trick too."""
    rng = random.Random(seed)
    for _ in range(seed % 4):
        if hand.is_over:
            return
        hand.apply(rng.choice(hand.legal_actions()))


def positions(game, options, seeds, tricks_left):
    out = []
    for seed in seeds:
        hand = random_position(game, seed, tricks_left, **options)
        if hand is None:
            continue
        scramble(hand, seed)
        if not hand.is_over and hand.phase is Phase.PLAY:
            out.append(hand)
    return out


# --- agreement with brute force ----------------------------------------------------------------------------

@pytest.mark.parametrize("game,options", FORTY_FIVES)
def test_forty_fives_values_match_brute_force(game, options):
    checked = 0
    big = options.get("players", 4) > 4
    for hand in positions(game, options, range(40), tricks_left=2 if big else 3):
        expected = once(brute_forty_fives, hand)
        solution = solve(hand)
        assert solution.values == expected, (game, hand.history)
        assert solution.exact and solution.values[solution.best] == max(expected.values())
        checked += 1
    assert checked >= 25


def test_forty_fives_with_chosen_sides_matches_brute_force():
    """The bidder alone against everyone else (how the auction's defenders are solved by the expert)."""
    checked = 0
    for hand in positions("auction-forty-fives", {}, range(40), tricks_left=3):
        if hand.bidder is None:
            continue
        sides = [0 if s == hand.bidder else 1 for s in range(hand.n)]
        pos = position_of(hand)
        pos.sides = sides
        assert solve(pos).values == once(brute_forty_fives, hand, sides)
        checked += 1
    assert checked >= 20


@pytest.fixture
def forty_fives_for_ten(monkeypatch):
    """Forty-Fives registered as a family allowing 2 to 10 players (a Spoil Five, say): a family made for the test,
    whose hands are dealt to as many seats as ``forty_fives_dealt`` asks."""
    from atout import games
    from atout.limits import FamilyLimits

    wide = dataclasses.replace(games.FORTY_FIVES, limits=FamilyLimits(players=(2, 10), hand_size=5))
    monkeypatch.setitem(games.GAMES, "forty-fives", dataclasses.replace(games.GAMES["forty-fives"], family=wide))


def forty_fives_dealt(players: int, seed: int) -> FortyFivesHand:
    config = dataclasses.replace(make_config("forty-fives", players=4), players=players)
    return FortyFivesHand.dealt(config, seed, dealer=seed % players)


@pytest.mark.parametrize("players", [7, 8, 9, 10])
def test_forty_fives_of_seven_to_ten_seats_matches_brute_force(players, forty_fives_for_ten):
    """Before, the solver took 8 seats at most (9 and 10 crashed the compiled build): now 10, and its table key names
    seats 8 and 9 in a fourth bit plane. Endings of two tricks, from a trick's start or partway through it."""
    checked = 0
    for seed in range(14):
        hand, rng = forty_fives_dealt(players, seed), random.Random(seed)
        while not hand.is_over and (hand.phase is not Phase.PLAY or len(hand.tricks) < 3 + (seed % 2)):
            hand.apply(rng.choice(hand.legal_actions()))
        for _ in range(seed % players if seed % 2 else 0):      # odd seeds: on into the trick
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.is_over:
            continue
        expected = once(brute_forty_fives, hand)
        solution = solve(hand)
        assert solution.values == expected, (players, seed, hand.history)
        assert solution.exact and solution.values[solution.best] == max(expected.values())
        checked += 1
    assert checked >= 12


@pytest.mark.parametrize("options", [{}, {"misere": True}, {"strain_order": "seed"}])
def test_five_hundred_values_match_brute_force(options):
    checked = misere = no_trumps = 0
    for hand in positions("five-hundred", options, range(60), tricks_left=2):
        expected = once(brute_five_hundred, hand)
        solution = solve(hand)
        assert solution.values == expected, hand.history
        checked += 1
        misere += hand.contract.misere
        no_trumps += hand.trump is None
    assert checked >= 30
    if options.get("misere"):
        assert misere >= 3          # the random auctions chose misère often enough to test it
    assert no_trumps or options


def test_five_hundred_no_trumps_joker_leads_match_brute_force():
    """Positions where the joker may be led in no trumps naming a suit (500.joker.no-trump)."""
    found = 0
    for seed in range(400):
        hand = random_position("five-hundred", seed, 3)
        if hand is None or hand.trump is not None:
            continue
        from atout.cards import JOKER

        if JOKER not in hand.hands[hand.to_act] or hand.trick.cards:
            continue
        solution = solve(hand)
        assert solution.values == once(brute_five_hundred, hand)
        assert any(a.card is JOKER and a.value is not None for a in solution.values)
        found += 1
        if found == 6:
            break
    assert found >= 3


@pytest.mark.parametrize("options", [{}, {"strict_marriages": True}, {"tie_carries": True}])
def test_sixty_six_values_match_brute_force(options):
    checked = 0
    for seed in range(100):
        hand = sixty_six_strict(seed, close=seed % 3 == 0, **options)
        if hand is None:
            continue
        scramble(hand, seed + 1)
        if hand.is_over or len(hand.hands[hand.to_act]) > 5:
            continue
        assert solve(hand).values == once(brute_sixty_six, hand), hand.history
        checked += 1
    assert checked >= 20


def _bonus_exists(hand) -> bool:
    """Whether some card in play is a trump (so Forty-Fives' best card is scored, where the preset scores it)."""
    from atout.forty_fives.ranking import TABLES

    power = TABLES[hand.trump].power
    cards = [c for h in hand.hands for c in h] + list(hand.trick.cards) + [c for t in hand.tricks for c in t.cards]
    return (hand.config.game == "forty-fives" or hand.config.auction) and max(power[c.index] for c in cards) > 100


@pytest.mark.parametrize("game,options", FORTY_FIVES[:4])
def test_a_seat_s_value_whoever_is_to_act_matches_brute_force(game, options):
    """``solve_value``: a line valued for one player, whoever is to act. Played individually, that player against
    all the others: the others' best is the total less what the player makes."""
    checked = 0
    for hand in positions(game, options, range(25), tricks_left=3):
        config = hand.config
        for seat in range(hand.n):
            if config.side_of(seat) == config.side_of(hand.to_act):
                expected = max(once(brute_forty_fives, hand).values())
            else:
                sides = [0 if config.side_of(s) == config.side_of(seat) else 1 for s in range(hand.n)]
                total = 25 + 5 * _bonus_exists(hand)
                expected = total - max(once(brute_forty_fives, hand, sides).values())
            value = solve_value(hand, seat)
            assert (value.lo, value.hi, value.unit) == (expected, expected, "points"), (game, hand.history, seat)
        checked += 1
    assert checked >= 15


def test_a_seat_s_value_in_five_hundred_and_sixty_six():
    checked = 0
    for hand in positions("five-hundred", {"misere": True}, range(40), tricks_left=2):
        best = max(once(brute_five_hundred, hand).values())
        for seat in range(4):
            if seat == hand.sitting_out:
                continue
            value = solve_value(hand, seat)
            assert value.exact and value.lo == (best if seat % 2 == hand.to_act % 2 else 10 - best), hand.history
        checked += 1
    for seed in range(30):
        hand = sixty_six_strict(seed)
        if hand is None or len(hand.hands[hand.to_act]) > 5:
            continue
        best = max(once(brute_sixty_six, hand).values())
        assert [solve_value(hand, s).lo for s in (hand.to_act, 1 - hand.to_act)] == [best, -best]
        checked += 1
    assert checked >= 30


def test_a_finished_hand_is_worth_what_was_played():
    hand = positions("five-hundred", {}, range(10), tricks_left=2)[0]
    solution = solve(hand)
    played = play_out(hand, solution)
    assert solve_value(played, hand.to_act) == solve_value(hand, hand.to_act)
    assert solve_value(played, hand.to_act).lo == solution.value


def test_a_stopped_seat_value_is_the_bounds_proven():
    hand = random_position("five-hundred", 3, None)
    value = solve_value(hand, 1, stop=lambda: True)
    assert value.lo <= solve_value(hand, 1).lo <= value.hi and not value.exact


# --- agreement with the engine on whole hands ---------------------------------------------------------------

def forty_fives_points(hand, seat: int) -> int:
    r = hand.result
    config = hand.config
    side = config.side_of(seat)
    points = sum(5 * r.tricks_won[s] for s in range(hand.n) if config.side_of(s) == side)
    if (config.game == "forty-fives" or config.auction) and r.best_seat is not None:
        points += 5 if config.side_of(r.best_seat) == side else 0
    return points


@pytest.mark.parametrize("game,options", FORTY_FIVES)
def test_forty_fives_best_line_scores_its_value_in_the_engine(game, options):
    """From the first lead (robbing still to come included), the line's outcome is the solver's value."""
    checked = robs = 0
    seeds = 12 if options.get("players", 4) > 4 else 25
    for seed in range(seeds):
        hand = random_position(game, seed, None, **options)
        if hand is None:
            continue
        solution = solve(hand)
        assert set(solution.values) == set(hand.legal_actions())
        robs += any(a.kind in ("rob", "keep") for a in solution.line)
        played = play_out(hand, solution)
        assert forty_fives_points(played, hand.to_act) == solution.value, (game, seed)
        checked += 1
    assert checked >= seeds // 2
    if game != "auction-forty-fives":
        assert robs >= 1            # some lines include the ace holder's decision (45.rob.ace-holder)


def test_five_hundred_best_line_scores_its_value_in_the_engine():
    checked = 0
    for seed in range(30):
        hand = random_position("five-hundred", seed, 6, misere=True)
        if hand is None:
            continue
        scramble(hand, seed)
        solution = solve(hand)
        assert set(solution.values) == set(hand.legal_actions())
        played = play_out(hand, solution)
        won = played.side_tricks()
        side = hand.to_act % 2
        if hand.contract.misere:
            c = hand.contractor % 2
            value = won[1 - c] if side == c else won[c]
        else:
            value = won[side]
        assert value == solution.value
        checked += 1
    assert checked >= 15


def test_sixty_six_best_line_scores_its_value_in_the_engine():
    checked = 0
    for seed in range(80):
        hand = sixty_six_strict(seed, close=seed % 2 == 0, strict_marriages=seed % 3 == 0, carry=seed % 2)
        if hand is None:
            continue
        solution = solve(hand)
        assert set(solution.values) == set(hand.legal_actions())
        played = play_out(hand, solution)
        points = played.result.game_points
        assert points[hand.to_act] - points[1 - hand.to_act] == solution.value
        checked += 1
    assert checked >= 40


# --- the rob, budgets, refusals --------------------------------------------------------------------------

def test_the_ace_holder_deciding_now_gets_a_value_for_keeping_and_for_each_rob():
    for seed in range(200):
        hand = FortyFivesHand.new("forty-fives", seed=seed, players=4)
        if hand.phase is Phase.PLAY and hand.rob_offer == hand.to_act:
            break
    else:
        pytest.fail("no deal offered the ace holder a rob")
    ace = Card.of(ACE, hand.trump)
    solution = solve(hand)
    assert set(solution.values) == set(hand.legal_actions())
    assert Action("keep") in solution.values and Action("rob", ace) not in solution.values
    for action, value in solution.values.items():
        after = hand.copy()
        after.apply(action)
        assert max(solve(after, line=False).values.values()) == value


def a_whole_five_hundred_deal():
    for seed in range(50):
        hand = random_position("five-hundred", seed, None)
        if hand is not None:
            return hand
    pytest.fail("no Five Hundred deal reached its play")


def test_a_search_stopped_early_claims_only_what_it_proved():
    """A budget of zero stops at the search's first look at the clock (after a fixed number of positions),
    so what it says does not depend on the machine's speed: bounds that hold the exact values, no best
    claimed that is not proven."""
    hand = a_whole_five_hundred_deal()
    exact = once(solve, hand)
    stopped = solve(hand, budget_s=0)
    assert not stopped.exact
    assert set(stopped.bounds) == set(hand.legal_actions())
    assert any(not stopped.is_exact(a) for a in stopped.bounds)
    for action, (lo, hi) in stopped.bounds.items():
        assert lo <= exact.values[action] <= hi
        assert stopped.values[action] == lo
    for action in stopped.proven_best():
        assert exact.values[action] == exact.value
    assert solve(hand, budget_s=0).bounds == stopped.bounds


def test_the_steps_tighten_the_bounds_until_every_value_is_exact():
    hand = a_whole_five_hundred_deal()
    exact = once(solve, hand)
    steps = list(solve_steps(hand))
    assert len(steps) > 2 and steps[-1].exact and not steps[0].exact
    assert steps[-1].bounds == exact.bounds and steps[-1].line == exact.line
    for before, after in zip(steps, steps[1:], strict=False):
        for action, (lo, hi) in after.bounds.items():
            assert before.bounds[action][0] <= lo <= exact.values[action] <= hi <= before.bounds[action][1]
    # the best is proven before every value is: one probe for each other card says it cannot do better
    proven = next(i for i, s in enumerate(steps) if s.proven_best())
    assert proven < len(steps) - 1
    assert steps[proven].proven_best()[0] in exact.proven_best()


def test_a_stop_asked_for_ends_the_search_with_what_it_proved():
    hand = a_whole_five_hundred_deal()
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    stopped = solve(hand, stop=stop)
    assert not stopped.exact and len(calls) == 4
    exact = once(solve, hand)
    assert all(lo <= exact.values[a] <= hi for a, (lo, hi) in stopped.bounds.items())


def test_an_ample_budget_changes_nothing():
    hand = random_position("forty-fives", 5, None, players=4)
    assert solve(hand, budget_s=60).values == solve(hand).values


def test_positions_outside_the_play_phase_are_refused():
    hand = FiveHundredHand.new(seed=1)
    assert hand.phase is Phase.BID
    with pytest.raises(SolverError) as err:
        solve(hand)
    said = err.value.message.render("en")      # where the hand is, in words: never the engine's phase id ("bid")
    assert isinstance(err.value, AtoutError) and said.endswith("this hand is at the bidding"), said
    fresh = sixty_six_strict(1)
    open_hand = random_position("sixty-six", 2, None)
    assert open_hand is not None and not open_hand.is_strict
    with pytest.raises(SolverError):
        position_of(open_hand)
    assert fresh is None or solve(fresh).exact


def test_the_best_line_is_legal_move_by_move_and_starts_with_best():
    hand = random_position("forty-fives-partners", 11, None)
    solution = solve(hand)
    assert solution.line[0] == solution.best
    copy = hand.copy()
    for action in solution.line:
        assert action in copy.legal_actions()
        copy.apply(action)


# --- the builds ----------------------------------------------------------------------------------------------

def test_both_builds_search_the_same_tree(solver_build):
    """One search in two builds: the same values, line and number of positions searched, position by position."""
    if len(builds.AVAILABLE) < 2:
        pytest.skip("one build only")
    hands = [random_position("five-hundred", seed, 6) for seed in range(6)]
    hands += [random_position("forty-fives", seed, None, players=4) for seed in range(6)]
    for hand in filter(None, hands):
        results = []
        for build in ("compiled", "pure"):
            builds.use(build)
            s = solve(hand)
            results.append((s.bounds, s.line, s.nodes))
        assert results[0] == results[1], hand.history


def test_an_edited_search_is_never_shadowed_by_an_old_compiled_build(monkeypatch):
    if "compiled" not in builds.AVAILABLE:
        pytest.skip("no compiled build here")
    monkeypatch.setattr(builds, "source_digest", lambda *_: "an edited source")
    found, why = builds._find()
    assert set(found) == {"pure"} and "older than the source" in why
    assert found["pure"].__file__.endswith("tricks.py")
