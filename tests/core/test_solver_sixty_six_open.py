"""The whole-hand search of Sixty-Six (``atout.sixty_six.open_search``) against a brute force.

The brute force plays every legal action of the engine (``SixtySixHand``: leads, replies, draws, closing before
or after the draw, the 9 exchanged, marriages, declarations) while the stock is open, and takes the strict play
from the strict-phase solver (``atout.solver.sixty_six``, itself checked against an independent reading of the
rules). Positions: deals played on at random to the last face-down card of the stock (then 0-3 actions more:
a draw waiting, a card led, a marriage shown, a close), each with the game's options.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.sixty_six.hand import SixtySixHand
from atout.sixty_six.open_search import SEARCH, for_seat, from_hand, new_search
from atout.solver import sixty_six as strict


def _key(h: Any) -> tuple[Any, ...]:
    return (tuple(sorted(c.index for c in h.hands[0])), tuple(sorted(c.index for c in h.hands[1])),
            tuple(c.index for c in h.trick), tuple(h.tricks_won), tuple(h.card_points), tuple(h.marriage_points),
            h.closer, h.tricks_at_close, h.next_card, h.turn_up.index if h.turn_up else None, h.stage, h.married,
            h.phase, h.to_act)


def brute(h: Any, memo: dict[tuple[Any, ...], int]) -> int:
    """Player 0's game points less player 1's, both perfect (no points carried in)."""
    if h.is_over:
        g = h.result.game_points
        return g[0] - g[1]
    k = _key(h)
    v = memo.get(k)
    if v is None and h.is_strict and not h.draw_pending:
        v = memo[k] = strict.solve_value(strict.position(h), 0).lo
    elif v is None:
        values = []
        for a in h.legal_actions():
            c = h.copy()
            c.apply(a)
            values.append(brute(c, memo))
        v = max(values) if h.to_act == 0 else min(values)
        memo[k] = v
    return v


def near_the_end(seed: int, options: dict[str, bool], carry: int = 0) -> Any:
    rng = random.Random(seed)
    h = SixtySixHand.new("sixty-six", seed=seed, options=options, carry=carry)
    while h.stock_open and h.face_down > 1:
        h.apply(rng.choice([a for a in h.legal_actions() if a.kind not in ("declare", "close")]))
    for _ in range(rng.randrange(4)):
        if h.is_over:
            break
        h.apply(rng.choice([a for a in h.legal_actions() if a.kind != "declare"]))
    return h


OPTIONS = [{}, {"strict_marriages": True}, {"tie_carries": True}]


@pytest.mark.parametrize("options", OPTIONS, ids=["seed", "strict-marriages", "tie-carries"])
def test_every_choice_valued_as_the_brute_force_does(options: dict[str, bool]) -> None:
    checked = 0
    seen: set[str] = set()
    for seed in range(40):
        h = near_the_end(seed, options)
        if h.is_over:
            continue
        search = new_search(from_hand(h))
        assert search.value() == brute(h, {}), f"seed {seed}: {h!r}"
        for move in search.root_moves():
            action = search.action(move)
            assert action in h.legal_actions(), f"seed {seed}: the search offers {action}, not legal here"
            after = h.copy()
            after.apply(action)
            assert search.value_after(move) == brute(after, {}), f"seed {seed}: {action} after {h.history[-3:]}"
            seen.add(action.kind)
        assert {str(search.action(m)) for m in search.root_moves()} == {str(a) for a in h.legal_actions()}
        checked += 1
        if checked == 12:
            break
    assert checked == 12 and {"play", "close", "draw", "declare"} <= seen, (checked, seen)


def test_positions_with_three_face_down_cards() -> None:
    """Two tricks of open play left before the stock runs out (the close, the nine and marriages in reach)."""
    for seed in (0, 2):      # the 9 to exchange in one, a marriage in the other
        rng = random.Random(seed)
        h = SixtySixHand.new("sixty-six", seed=seed)
        while h.face_down > 3 or h.draw_pending or h.trick:
            h.apply(rng.choice([a for a in h.legal_actions() if a.kind not in ("declare", "close")]))
        search = new_search(from_hand(h))
        assert search.value() == brute(h, {}), f"seed {seed}"


def test_points_carried_in_go_to_the_hand_s_winner() -> None:
    """The search counts game points before carried ones; ``for_seat`` adds them to the winner's, as the engine
    scores the hand (the brute force reads the engine's result, carried points included)."""
    checked = 0
    for seed in range(10):
        h = near_the_end(seed, {"tie_carries": True}, carry=2)
        if h.is_over:
            continue
        value = new_search(from_hand(h)).value()
        assert for_seat(value, 0, h.carry) == brute(h, {}), seed
        assert for_seat(value, 1, h.carry) == -brute(h, {}), seed
        checked += 1
    assert checked >= 5


def test_analyse_values_an_open_stock_from_its_short_form_as_the_brute_force_does() -> None:
    from atout.analyse import analyse_text
    from atout.position import compact_text

    hands = [h for h in (near_the_end(seed, {}) for seed in range(8)) if not h.is_over and h.stock_open][:3]
    out = list(analyse_text("\n".join(compact_text(h) for h in hands)))
    for result, h in zip(out, hands, strict=True):
        assert "why" not in result and result["exact"] and result["to_act"] == h.to_act
        sign = 1 if h.to_act == 0 else -1
        expected = {}
        for action in h.legal_actions():
            after = h.copy()
            after.apply(action)
            expected[str(action)] = sign * brute(after, {})
        assert {v["action"]: v["score"] for v in result["values"]} == expected
        assert {v["action"] for v in result["values"] if v["best"]} == \
            {a for a, v in expected.items() if v == max(expected.values())}


def test_the_table_of_a_dealt_hand_values_every_first_lead_choice() -> None:
    from atout.analyse import analyse_text
    from atout.position import compact_text

    hand = SixtySixHand.new("sixty-six", seed=1)
    first_choices = {str(a) for a in hand.legal_actions()}
    leader = hand.to_act
    hand.apply(next(a for a in hand.legal_actions() if a.kind == "play"))     # the table is of the deal, not of now
    [result] = analyse_text(compact_text(hand), table=True)
    table = result["table"]
    assert table["by"] == "first-lead" and table["leader"] == leader and table["complete"]
    assert {c["action"] for c in table["cells"]} == first_choices
    assert table["value"] == max(c["score"] for c in table["cells"])
    # each cell is the value of the hand after that choice, searched afresh from there
    for cell in table["cells"][:3]:
        after = SixtySixHand.new("sixty-six", seed=1)
        after.apply(cell["action"])
        search = new_search(from_hand(after))
        assert (search.value() if leader == 0 else -search.value()) == cell["score"]


# --- the builds (``atout.solver.builds``: the search compiled with Cython, and plain Python) -------------------------

def _searched(hand: Any, build: str, table_cards: int | None = None) -> tuple[Any, ...]:
    """Everything a search of ``hand`` says in ``build``: its value, each root move's action and value, the positions
    searched and the table's size (``table_cards``: the fewest cards of a strict-play position kept in the table,
    else the build's own)."""
    from atout.solver import builds

    saved = builds.current
    builds.use(build)
    try:
        assert (builds.module(SEARCH).BUILT_FROM is not None) == (build == "compiled")    # not one build twice
        search = new_search(from_hand(hand))
        if table_cards is not None:
            search.table_cards = table_cards
        value = search.value()
        moves = [(str(search.action(m)), search.value_after(m)) for m in search.root_moves()]
        return value, moves, search.nodes, len(search.tt)
    finally:
        builds.use(saved)


def test_both_builds_search_the_same_tree() -> None:
    """One search in two builds: the same values and the same number of positions searched, position by position, in
    the open play (from the deal too) and near the end, under each set of options."""
    from atout.sixty_six.bench_whole_hand import positions_of
    from atout.solver import builds

    if len(builds._builds(SEARCH)[0]) < 2:
        pytest.skip(f"one build only: {builds.describe(SEARCH)}")
    hands = [positions_of(seed)[k] for seed in range(6) for k in (5, 3)]
    hands += [positions_of(seed)[11] for seed in (6, 8, 9)]       # from the deal: the searches of a few seconds
    hands += [h for options in OPTIONS for h in (near_the_end(seed, options) for seed in range(8)) if not h.is_over]
    kept = new_search(from_hand(hands[0])).table_cards           # the compiled build's (the tests' default build)
    for hand in hands:
        compiled, pure = _searched(hand, "compiled"), _searched(hand, "pure", kept)
        assert compiled == pure, hand.history
        # plain Python keeps more positions in its table (more memory, fewer nodes): the same values
        assert _searched(hand, "pure")[:2] == compiled[:2], hand.history


def test_an_edited_open_search_is_never_shadowed_by_an_old_compiled_build(monkeypatch) -> None:
    from atout.solver import builds

    if "compiled" not in builds._builds(SEARCH)[0]:
        pytest.skip("no compiled build here")
    monkeypatch.setattr(builds, "source_digest", lambda *_: "an edited source")
    found, why = builds._find(SEARCH)
    assert set(found) == {"pure"} and "older than the source" in why
    assert found["pure"].__file__.endswith("open_alphabeta.py") and found["pure"].BUILT_FROM is None


def test_the_first_lead_table_closes_in_probe_by_probe_and_stops_with_what_it_proved() -> None:
    from atout.sixty_six.open_search import first_lead_steps, first_lead_table

    hand = SixtySixHand.new("sixty-six", seed=9)
    steps = list(first_lead_steps(hand))
    whole = first_lead_table(hand)
    assert steps[-1] == whole and whole.complete and len(whole.values) == whole.size
    assert all(lo == -3 and hi == 3 for lo, hi in steps[0].bounds.values()) and not steps[0].complete
    for before, after in zip(steps, steps[1:], strict=False):         # bounds only ever close in
        for action, (lo, hi) in after.bounds.items():
            assert before.bounds[action][0] <= lo <= hi <= before.bounds[action][1]
    for action, value in whole.values.items():                        # each the value searched afresh after it
        after = hand.copy()
        after.apply(action)
        assert for_seat(new_search(from_hand(after)).value(), hand.to_act, hand.carry) == value
    calls = iter(range(10**9))
    stopped = first_lead_table(hand, stop=lambda: next(calls) > 20)   # stopped early: bounds, never a false value
    assert not stopped.complete and stopped.value is None
    for action, (lo, hi) in stopped.bounds.items():
        assert lo <= whole.values[action] <= hi
