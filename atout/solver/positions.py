"""Play positions: exactly what the solver needs to know about a hand in its play phase.

Each family defines its own (``atout.solver.<family>``, the adapter ``atout.games`` names); this module finds it.

A position is built from an engine hand (``from_hand``: every hand known, the solver's normal input) or
by a computer player from what one seat knows plus a guess at the hidden cards (``atout.players``). The
solver reads positions only, never the engine's hidden state (stock order, kitty, discards), so what a
sampling player feeds it is all it can use.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from atout.engine import Phase
from atout.errors import AtoutError, ConfigError
from atout.i18n import Text
from atout.limits import SOLVER, check_seats
from atout.vocabulary import phase_during

if TYPE_CHECKING:
    from atout.solver.adapter import SolverAdapter


class SolverError(AtoutError):
    """The solver cannot take this position (wrong phase, a family it does not know)."""


class Interrupted(Exception):  # noqa: N818 - a signal, not an error
    """The search was told to stop (a time budget, a Stop button); the caller keeps what was proven."""


def at_first_lead(hand: Any) -> bool:
    """Whether a hand of a family whose play phase starts with the first lead (Forty-Fives, Five Hundred) is there:
    where the solver benchmark takes a dealt hand up (its adapter's ``bench_position``)."""
    return bool(hand.phase is Phase.PLAY)


def _not_play(hand: Any) -> SolverError:
    """Refused where the hand is not at its play, saying where it is in words (never the engine's phase id)."""
    words = phase_during(hand.phase)
    if words is None:       # the deal, the draw, the score: no play to solve either
        return SolverError(Text("The solver works on the play: this hand is not at its play"))
    return SolverError(Text("The solver works on the play: this hand is at {phase}", phase=words))


def adapter_of(hand: Any) -> SolverAdapter:
    """The solver adapter of a hand's family (``atout.solver.<family>``, as ``atout.games`` names it), or of a
    position's: every family's adapter offers the same small interface (``atout.solver.adapter``)."""
    kind = type(hand)
    found = _ADAPTERS.get(kind)
    if found is not None:
        return found
    from atout.games import FAMILY_LIST, family_of

    for fam in FAMILY_LIST:
        adapter = fam.solver_adapter()
        if kind is adapter.POSITION:
            found = adapter
            break
    if found is None:
        game = getattr(getattr(hand, "config", None), "game", "")
        try:
            found = family_of(game).solver_adapter()
        except ConfigError:
            raise SolverError(Text("The solver does not know this game: {what}", what=kind.__name__)) from None
    _ADAPTERS[kind] = found
    return found


_ADAPTERS: dict[type, SolverAdapter] = {}


def position_of(hand: Any) -> Any:
    """The play position of an engine hand (all hands known), or the position itself if given one."""
    adapter = adapter_of(hand)
    if isinstance(hand, adapter.POSITION):
        return hand
    # Sixty-Six's draws are part of its play: its adapter says why the solver does not take them (the stock is open)
    if getattr(hand, "phase", None) not in (Phase.PLAY, Phase.DRAW) or hand.to_act is None:
        raise _not_play(hand)
    _check_seats_solved(hand)
    return adapter.position(hand)


def _check_seats_solved(hand: Any) -> None:
    """``SeatLimitError`` for a hand of more players than its family says its solver takes (``FamilyLimits``)."""
    from atout.games import family_of

    seats = family_of(hand.config.game).limits.seats_solved
    check_seats(replace(SOLVER, most=seats), hand.config.players)


def __getattr__(name: str) -> Any:
    """The families' position classes, where they used to live (each now in its adapter)."""
    from atout.games import FAMILY_LIST

    if not name.endswith("Position"):
        raise AttributeError(name)
    for fam in FAMILY_LIST:
        position = fam.solver_adapter().POSITION
        if position.__name__ == name:
            return position
    raise AttributeError(name)
