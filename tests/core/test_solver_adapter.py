"""Every family's solver adapter offers the interface ``atout.solver.adapter`` declares, and the solver dispatches on
what the adapter declares (``SEARCH``), not on which functions a module happens to hold."""

from __future__ import annotations

import inspect

import pytest

from atout.games import FAMILY_LIST, GAMES, package_of
from atout.solver import adapter as adapters
from atout.solver import solve, solve_steps, solve_value

PROTOCOLS = {"tricks": adapters.TrickSearchAdapter, "own": adapters.OwnSearchAdapter}


def _members(protocol: type) -> dict[str, object]:
    """The protocol's members (its own and its bases'), by name: a property or a method."""
    found: dict[str, object] = {}
    for cls in reversed(protocol.__mro__):
        if cls in (adapters.BaseAdapter, adapters.TrickSearchAdapter, adapters.OwnSearchAdapter):
            found.update({k: v for k, v in vars(cls).items() if not k.startswith("_")})
    return found


def _positional(function: object) -> int:
    params = inspect.signature(function).parameters.values()      # type: ignore[arg-type]
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)


@pytest.mark.parametrize("fam", FAMILY_LIST, ids=lambda f: f.id)
def test_each_registered_adapter_has_every_member_of_its_protocol(fam):
    adapter = fam.solver_adapter()
    assert adapter.SEARCH in PROTOCOLS, f"{fam.solver}: SEARCH must be one of {sorted(PROTOCOLS)}"
    members = _members(PROTOCOLS[adapter.SEARCH])
    assert {"POSITION", "position", "played_value", "BENCH_PRESETS", "bench_position", "SEARCH"} <= set(members)
    for name, member in members.items():
        assert hasattr(adapter, name), f"{fam.solver} lacks {name}"
        if isinstance(member, property):
            continue
        # the protocol's methods take self first; the module's functions do not
        assert _positional(getattr(adapter, name)) == _positional(member) - 1, f"{fam.solver}.{name}"
    assert isinstance(adapter.POSITION, type)
    assert set(adapter.BENCH_PRESETS) <= {g.id for g in GAMES.values() if g.family is fam}


def test_the_solver_follows_the_declared_search_not_the_functions_a_module_holds(monkeypatch):
    """An own-search adapter that also held a ``build`` was sent to the trick search before (``hasattr``)."""
    from atout.engine import Phase
    from atout.solver.positions import adapter_of

    game = "sixty-six"
    hand = package_of(game).new_hand(game, seed=1)
    while not (hand.phase is Phase.PLAY and hand.is_strict and not hand.draw_pending):
        hand.apply(hand.legal_actions()[0])
    adapter = adapter_of(hand)
    assert adapter.SEARCH == "own"

    def build(*_args: object, **_kw: object) -> None:
        raise AssertionError("an own-search family's position went to the trick search")

    monkeypatch.setattr(adapter, "build", build, raising=False)
    steps = list(solve_steps(hand))
    assert len(steps) == 1 and steps[0].exact                 # solved whole, in one step
    assert solve_value(hand, hand.to_act).lo == solve(hand).value

