"""What a family provides, written down: the modules of its package and of its per-family files, each a protocol
of what the rest of Atout reads of it, and the optional capabilities it declares rather than stubs.

A family is registered in ``atout.games`` (its ``Family``: ids, titles, its limits, its capabilities); its code lives
in its folder ``atout/<family>/`` and in ``atout/players/<family>.py``, ``atout/solver/<family>.py`` and
``atout/rulebook/<family>.py``. Each module named below is a protocol of what core and the pages use of it, found by
grep, nothing more:

* the package (``FamilyPackage``): ``make_config``, ``new_hand``, ``new_game``, its ``config`` (``DECK``, ``OPTIONS``,
  ``PRESETS``) and its ``referee`` (``answer``);
* ``hand`` (``HAND_SIZE``; its hand class's ``PHASES`` and ``DOES``: the vocabulary of its phases and actions; core
  words the phases and actions every game has, and the family its own, ``PHASE_WORDS`` and ``ACTION_WORDS`` in its
  ``vocabulary``: see ``atout.vocabulary``), ``ranking`` (``trick_rule``), ``rules``
  (``atout.rules_api.FamilyRules``, and one protocol per capability), ``house_rules`` (``HOUSE_RULES``,
  ``SWITCHES``), ``catalogue_cases``;
* its computer players (``PLAYERS``; ``knowledge`` and ``position`` where its hands are valued "solved",
  ``played_out_deals`` where "played out"), its rulebook (``RULES``, ``WHERE``), its solver adapter
  (``atout.solver.adapter``).

The optional capabilities (``Capability``): robbing the turned card, an auction, a kitty, a stock, card points. A
family lists those it has in its registration; the rules API asks its ``rules`` module only those questions and
refuses the others itself (``rules_api.no_question``), so a family writes nothing for what it does not have. A family
with an auction also gives ``config.CALLS``; the smallest difference a review tells a learner of is its registration's
``review_gap``.

mypy checks each family's modules against these protocols: its ``conformance`` module (``atout/<family>/
conformance.py``) calls ``conforms`` with them, and its rules module checks itself against the rules API's protocols.
``tests/core/test_family_contract.py`` checks every registered family at run time, and its declared limits against
its code.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

if TYPE_CHECKING:
    import random

    from atout.cards import Deck, Suit
    from atout.engine import Action, Event, Phase
    from atout.house_rules import Switch
    from atout.options import OptionSpec
    from atout.players.base import Knowledge
    from atout.ranking import TrickRule
    from atout.referee import Query


class Capability(enum.Enum):
    """A part of a hand some families have, and the rules questions it brings (``atout.rules_api``)."""

    ROBBING = "rob"              # a turned-up ace robbed (Forty-Fives): ``rob``
    AUCTION = "bids"             # bidding for the contract or trumps: ``bids``
    KITTY = "discards"           # a kitty taken and discarded to: ``discards``
    STOCK = "stock"              # a stock drawn from, closed, exchanged with (Sixty-Six): ``actions``, ``may``…
    CARD_POINTS = "points"       # cards counted for points won in tricks (Sixty-Six): ``points``


# --- the package and its modules ------------------------------------------------------------------------------------

@runtime_checkable
class ConfigModule(Protocol):
    """``atout.<family>.config``."""

    @property
    def DECK(self) -> Deck: ...  # noqa: N802 - a module's constant, read-only here

    @property
    def OPTIONS(self) -> Mapping[str, OptionSpec]: ...  # noqa: N802

    @property
    def PRESETS(self) -> tuple[str, ...]: ...  # noqa: N802

    def make_config(self, game: str, options: Mapping[str, Any] | None = None, **more: Any) -> Any: ...


@runtime_checkable
class RefereeModule(Protocol):
    """``atout.<family>.referee``: the family's answers to the referee's questions (``atout.referee``)."""

    def answer(self, kind: str, game: str, q: Query, options: dict[str, Any], typed: bool = False) -> Any: ...


@runtime_checkable
class FamilyPackage(Protocol):
    """``atout.<family>``, the package ``Family.package`` names."""

    @property
    def config(self) -> ConfigModule: ...

    @property
    def referee(self) -> RefereeModule: ...

    def make_config(self, game: str, options: Mapping[str, Any] | None = None, **more: Any) -> Any: ...

    def new_hand(self, game: str, seed: int | None = None, **options: Any) -> Any: ...

    def new_game(self, game: str, seed: int | None = None, **options: Any) -> Any: ...


class PlayedHand(Protocol):
    """A family's hand class, as far as its vocabulary goes: the phases its hands pass through and the kinds of
    action it does (each worded by core or its family's ``vocabulary``: ``atout.vocabulary``)."""

    @property
    def PHASES(self) -> tuple[Phase, ...]: ...  # noqa: N802 - a class's constant, read-only here

    @property
    def DOES(self) -> Mapping[str, Callable[[Any, Action], Event]]: ...  # noqa: N802


@runtime_checkable
class HandModule(Protocol):
    """``atout.<family>.hand``."""

    @property
    def HAND_SIZE(self) -> int:  # noqa: N802 - a module's constant, read-only here
        """The cards each player is dealt: the hand's tricks (its declared ``FamilyLimits.hand_size``)."""


@runtime_checkable
class RankingModule(Protocol):
    """``atout.<family>.ranking``."""

    def trick_rule(self, trump: Suit, named: Suit | None = None) -> TrickRule: ...


@runtime_checkable
class HouseRulesModule(Protocol):
    """``atout.<family>.house_rules``: each option in words, and as a page's switch (``atout.house_rules``)."""

    @property
    def HOUSE_RULES(self) -> Mapping[str, str]: ...  # noqa: N802 - a module's constant, read-only here

    @property
    def SWITCHES(self) -> Mapping[str, Switch]: ...  # noqa: N802


class LongWalk(NamedTuple):
    """A deal whose walk-through says long sentences (in French, the longer language), as a teacher's link gives it:
    its deal code and the line played (``atout.widgets.address.moves_text``), and how many characters its longest
    step's sentence and rule say at least, as they were when the deal was chosen (the projector's pages are checked
    to fit it: ``tests/site/test_projector.py``)."""

    code: str
    line: str
    at_least: int


@runtime_checkable
class CatalogueModule(Protocol):
    """``atout.<family>.catalogue_cases`` (``atout.catalogue``), and each preset's ``LONG_WALKS``."""

    @property
    def PLAYED(self) -> tuple[tuple[str, dict[str, Any]], ...]: ...  # noqa: N802 - a module's constant

    @property
    def WHOLE_GAMES(self) -> tuple[tuple[str, dict[str, Any]], ...]: ...  # noqa: N802

    @property
    def LONG_WALKS(self) -> Mapping[str, LongWalk]: ...  # noqa: N802 - by preset

    def direct_cases(self) -> Iterator[Any]: ...


@runtime_checkable
class RulebookModule(Protocol):
    """``atout.rulebook.<family>``: its rules' statements by id, and where the rule book states them."""

    @property
    def RULES(self) -> Mapping[str, str]: ...  # noqa: N802 - a module's constant, read-only here

    @property
    def WHERE(self) -> Mapping[str, Mapping[str, object]]: ...  # noqa: N802


@runtime_checkable
class PlayersModule(Protocol):
    """``atout.players.<family>``: its computer players by level."""

    @property
    def PLAYERS(self) -> Mapping[str, type]: ...  # noqa: N802 - a module's constant, read-only here


@runtime_checkable
class SolvedPlayers(PlayersModule, Protocol):
    """The players of a family whose hands are valued by solving sampled deals (``Family.evaluation == "solved"``):
    what a seat knows, and the solver's position once the unseen cards are dealt (``atout.evaluate``)."""

    def knowledge(self, view: dict[str, Any]) -> Knowledge: ...

    def position(self, view: dict[str, Any], dealt: dict[int, list[Any]]) -> Any: ...


@runtime_checkable
class PlayedOutPlayers(PlayersModule, Protocol):
    """The players of a family whose hands are valued by playing sampled deals out (``"played out"``)."""

    def played_out_deals(self, view: dict[str, Any], rng: random.Random, budget_s: float | None, level: str,
                         stop: Callable[[], bool] | None = None) -> Callable[[], tuple[int, str, int] | None]: ...

    def sampled_hand(self, view: dict[str, Any], rng: random.Random) -> Any: ...


def conforms(package: FamilyPackage, hand: HandModule, hand_class: PlayedHand, ranking: RankingModule,
             house_rules: HouseRulesModule, catalogue: CatalogueModule, rulebook: RulebookModule,
             players: SolvedPlayers | PlayedOutPlayers) -> None:
    """Nothing at run time: called in a family's ``TYPE_CHECKING`` block, it has mypy check each of the family's
    modules against its protocol (its rules module and solver adapter check themselves the same way)."""
