"""What the solver asks of a family: its adapter's interface (``atout.solver.<family>``, named by ``Family.solver``).

An adapter is a module. Every one gives the family's play position (``POSITION``, ``position(hand)``), the value of
a finished hand (``played_value``), the hand's score of each value (``scorer``) and what the solver benchmark times
(``BENCH_PRESETS``, ``bench_position``). Then
it says how its positions are searched, in ``SEARCH``:

* ``"tricks"`` (``TrickSearchAdapter``): it builds a state for the shared trick search (``atout.solver.tricks``),
  and has a double-dummy table and the evaluation page's first question;
* ``"own"`` (``OwnSearchAdapter``): it searches its positions itself, whole (Sixty-Six's strict phase is small).

The solver dispatches on ``SEARCH`` (``adapter.SEARCH == "own"`` narrows ``SolverAdapter`` to one protocol), never
by probing a module for its functions; each adapter module checks itself against its protocol for mypy (its
``TYPE_CHECKING`` block at the end), and ``tests/core/test_solver_adapter.py`` checks every registered one at run
time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from atout.engine import Action
    from atout.solver import Solution, Value
    from atout.solver.build import Built
    from atout.solver.scoring import Scorer
    from atout.solver.table import DoubleDummyTable, Par


class BaseAdapter(Protocol):
    """What every family's adapter gives, whatever its search."""

    @property
    def POSITION(self) -> type[Any]:  # noqa: N802 - a module's constant, read-only here
        """The family's play position class (a position given to the solver is recognised by it)."""

    @property
    def BENCH_PRESETS(self) -> Mapping[str, Mapping[str, Any]]:  # noqa: N802 - a module's constant
        """The presets the solver benchmark (``atout.bench_solver``) times, with their options."""

    def position(self, hand: Any, /) -> Any:
        """The play position of an engine hand in its play phase, every hand known."""

    def played_value(self, hand: Any, seat: int, /) -> Value:
        """The value of a finished hand for ``seat``'s side, in the family's unit."""

    def bench_position(self, hand: Any, /) -> bool:
        """Whether the benchmark solves a hand being played here."""

    def scorer(self, hand: Any, seat: int, /) -> Scorer:
        """The hand's score for ``seat``'s side of each value the search proves (``atout.solver.scoring``)."""

    def view_scorer(self, view: dict[str, Any], dealt: dict[int, list[Any]], /) -> Scorer:
        """The same for the hand a seat's view and a guess at the other hands make up (the hand evaluation's)."""


class TrickSearchAdapter(BaseAdapter, Protocol):
    """A family searched by the shared trick search (Forty-Fives, Five Hundred)."""

    @property
    def SEARCH(self) -> Literal["tricks"]:  # noqa: N802 - a module's constant
        """How its positions are searched."""

    def build(self, pos: Any, /, max_seat: int | None = None) -> Built:
        """The search state of a position, MAX being ``max_seat``'s side (default: the player to act's)."""

    def double_dummy_steps(self, hand: Any, stop: Callable[[], bool] | None, /) -> Iterator[DoubleDummyTable]:
        """The double-dummy table of a dealt hand after each cell, ending with the whole table."""

    def suggested_target(self, hand: Any, seat: int, /) -> int | None:
        """The evaluation page's first question for ``seat``, in the family's unit (None: none yet)."""

    def hand_line(self, pos: Any, line: list[Action], /) -> list[Action]:
        """The search's best line from ``pos`` as the hand plays it: cut where the hand ends, with any decision the
        search values without making it put in (Spoil Five's jinx)."""

    def par(self, hand: Any, table: DoubleDummyTable, /) -> Par | None:
        """The contract both sides reach bidding with every hand known, from the complete table (None: the family
        has none)."""


class OwnSearchAdapter(BaseAdapter, Protocol):
    """A family that searches its positions itself, whole, in one step (Sixty-Six)."""

    @property
    def SEARCH(self) -> Literal["own"]:  # noqa: N802 - a module's constant
        """How its positions are searched."""

    def solve(self, pos: Any, want_line: bool, /) -> Solution:
        """Every root action's exact value, and the best line (``want_line``)."""

    def solve_value(self, pos: Any, seat: int, /) -> Value:
        """The exact value for ``seat``, whoever is to act."""


SolverAdapter = TrickSearchAdapter | OwnSearchAdapter
