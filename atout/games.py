"""The registry of games: each family and each preset declares itself here once, and everything else asks here.

A family is one engine with its rules (config, hand, ranking, referee), its computer players and what the
solver's values are counted in; a preset (a "game") is a family with its options set. Adding a game means its
own folder (``atout/<family>/``, its players in ``atout/players/<family>.py``) and one registration below
(``register``): what the family provides is ``atout.family_contract``, and registration refuses a family whose
declared limits core cannot take (``atout.limits``).

>>> game_info("auction-forty-fives").family.id, game_title("auction-forty-fives"), family_id("five-hundred")
('forty-fives', 'Auction Forty-Fives', 'five-hundred')
>>> package_of("sixty-six").__name__
'atout.sixty_six'
>>> package_of("bridge")  # doctest: +ELLIPSIS
Traceback (most recent call last):
atout.errors.ConfigError: unknown game 'bridge': the games are forty-fives, forty-fives-partners, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from atout.cards import Deck
from atout.errors import ConfigError, quote
from atout.family_contract import (
    Capability,
    CatalogueModule,
    FamilyPackage,
    HandModule,
    HouseRulesModule,
    PlayedOutPlayers,
    RankingModule,
    SolvedPlayers,
)
from atout.i18n import N_, Series, Text
from atout.limits import DEAL_CODE_GAMES, FamilyLimits, check_family_limits

if TYPE_CHECKING:
    from atout.solver.adapter import SolverAdapter

@dataclass(frozen=True)
class Family:
    """One engine and what belongs to it, whatever its options."""

    id: str                 # "forty-fives": the lessons' folder, the rules' family, the address's word
    package: str            # its rules: config, hand, ranking, referee, game ("atout.forty_fives")
    title: str              # what a reader calls it (a message id, translated when shown)
    players: str            # its computer players, by level ("atout.players.forty_fives": ``PLAYERS``)
    rulebook: str           # its rules' statements by id (``RULES``) and where the rule book states them (``WHERE``)
    # Its solver adapter, a module (``atout.solver.<family>``) with the interface ``atout.solver.adapter`` declares:
    # a trick-search adapter or one with its own search.
    solver: str
    value_unit: str         # what the solver's value of a deal is counted in
    # How ``atout.evaluate`` values a hand: "solved" deals, or deals "played out" (its players' module then has
    # ``played_out_deals``, the sampler, ``sampled_hand``, one guess at what a seat cannot see, and ``play_out``, a
    # hand played to its end; ``atout.review`` samples with them the decisions the solver cannot take).
    evaluation: str
    # Its cases for the catalogue of sentences (``atout.catalogue``): ``PLAYED`` and ``WHOLE_GAMES``, the presets
    # with the options whose sentences differ, and ``direct_cases()``, what only a caller of core's functions meets.
    catalogue: str
    # A lesson's generated drill (``atout.lessons.drill``): the cards that trap learners, drawn about two times in
    # three; the trumps it may name; how many play to a trick (None: the game's players); what a legal-play
    # question adds (Sixty-Six asks once the stock is closed or gone, when following is strict).
    drill_traps: tuple[str, ...]
    drill_trumps: tuple[str, ...] = ("C", "D", "H", "S")
    drill_players: int | None = None
    drill_legal: tuple[tuple[str, Any], ...] = ()
    default_target: int | None = None   # the target a page offers first (None: the learner names one)
    # The smallest difference a sampled review (``atout.review``) tells a learner about, in the hand's score: a
    # trick's points, or half a game point.
    review_gap: float = 5.0
    # A lesson's score question (``atout.lessons``): its scores are always the two sides' (else a side's only where
    # fewer scores than players); every score a hand can make, where they are few (its wrong answers are drawn from
    # them, else from nearby scores in steps of ``score_step``).
    scored_by_sides: bool = False
    hand_scores: tuple[tuple[int, int], ...] = ()
    score_step: int = 5
    # What a hand's score is counted in (``atout.units``): "points", Sixty-Six's "game points", Spoil Five's
    # "counters" (the pool's); the solver's scorer, a review and a puzzle name it.
    score_unit: str = "points"
    # A lesson's bids question offers every call (its config's ``CALLS``: few of them), else the calls around the
    # legal ones.
    offers_every_call: bool = False
    # What it needs of core: how many play, the hand size, the seats its solver takes (checked at registration
    # against core's own limits, ``atout.limits``; the conformance tests check it against the family's code).
    limits: FamilyLimits = field(kw_only=True)
    # The optional parts of a hand it has (robbing, an auction, a kitty, a stock, card points): the rules API asks
    # its rules module only these questions and refuses the others for it (``atout.family_contract``).
    capabilities: frozenset[Capability] = field(kw_only=True)

    def has(self, capability: Capability) -> bool:
        """Whether its hands have this optional part (an auction: ``atout.review`` values its calls)."""
        return capability in self.capabilities

    @property
    def deck(self) -> Deck:
        """The cards its games use: its config's ``DECK`` (read when asked, as the registry imports no family)."""
        deck: Deck = self.module("config").DECK
        return deck

    # Its modules, each typed by its protocol (``atout.family_contract``; mypy checks every family's modules against
    # them in its ``conformance`` module): a module imported by name cannot show its type here.

    def rules(self) -> FamilyPackage:
        """The family's package. A module missing from inside it is a fault, raised as it is."""
        return cast("FamilyPackage", import_module(self.package))

    def hand_module(self) -> HandModule:
        return cast("HandModule", self.module("hand"))

    def ranking_module(self) -> RankingModule:
        return cast("RankingModule", self.module("ranking"))

    def house_rules_module(self) -> HouseRulesModule:
        return cast("HouseRulesModule", self.module("house_rules"))

    def players_module(self) -> SolvedPlayers | PlayedOutPlayers:
        """Its computer players' module: with ``knowledge`` and ``position`` where its hands are valued "solved",
        ``played_out_deals`` where "played out" (``evaluation``)."""
        return cast("SolvedPlayers | PlayedOutPlayers", import_module(self.players))

    def module(self, name: str) -> ModuleType:
        """One module of the family's package (``ranking``, ``config``, ``scoring``…)."""
        return import_module(f"{self.package}.{name}")

    def solver_adapter(self) -> SolverAdapter:
        """What the solver knows of this family (see ``solver``). The module checks itself against its protocol for
        mypy (its ``TYPE_CHECKING`` block), which a module imported by name cannot show here."""
        return cast("SolverAdapter", import_module(self.solver))

    def catalogue_cases(self) -> CatalogueModule:
        """The family's cases for the catalogue of sentences (see ``catalogue``)."""
        return cast("CatalogueModule", import_module(self.catalogue))

    def player_classes(self) -> Mapping[str, type]:
        """The family's computer players by level."""
        return self.players_module().PLAYERS


@dataclass(frozen=True)
class Game:
    """A preset: a family with its options set, as the referee, the pages and the deal codes name it."""

    id: str                 # "auction-forty-fives"
    family: Family
    title: str              # a message id, translated when shown
    deal_code: int          # its number inside a deal code (``atout.dealcode``): never change a game's number
    position_code: str      # its word at the head of a position's compact text (``atout.position``)
    loses_points: bool = False  # a hand's score may be below zero (a lesson's wrong scores may be too)


FORTY_FIVES = Family(
    "forty-fives", "atout.forty_fives", N_("Forty-Fives"), "atout.players.forty_fives",
    "atout.rulebook.forty_fives", solver="atout.solver.forty_fives",
    value_unit="points", evaluation="solved", catalogue="atout.forty_fives.catalogue_cases",
    offers_every_call=True, limits=FamilyLimits(players=(2, 6), hand_size=5),
    capabilities=frozenset({Capability.ROBBING, Capability.AUCTION, Capability.KITTY}),
    drill_traps=("AH", "AD", "5H", "5D", "5C", "5S", "JH", "JD", "JC", "JS", "2C", "2S", "10C", "10S", "AC", "AS",
                 "KH", "4C"),
    drill_players=3)      # tricks of three cards unless the lesson sets the players: the traps show in a short trick
FIVE_HUNDRED = Family(
    "five-hundred", "atout.five_hundred", N_("Five Hundred"), "atout.players.five_hundred",
    "atout.rulebook.five_hundred", solver="atout.solver.five_hundred",
    value_unit="tricks", evaluation="solved", catalogue="atout.five_hundred.catalogue_cases",
    review_gap=10.0, scored_by_sides=True, score_step=10, limits=FamilyLimits(players=(4, 4), hand_size=10),
    capabilities=frozenset({Capability.AUCTION, Capability.KITTY}),
    drill_traps=("JK", "JH", "JD", "JC", "JS", "AH", "AS", "4H", "4D", "10C"), drill_trumps=("C", "D", "H", "S", "NT"))
# Sixty-Six's page asks by default how often the seat wins the hand: 1 game point or more.
SIXTY_SIX = Family(
    "sixty-six", "atout.sixty_six", N_("Sixty-Six"), "atout.players.sixty_six",
    "atout.rulebook.sixty_six", solver="atout.solver.sixty_six",
    value_unit="game points", score_unit="game points", evaluation="played out",
    catalogue="atout.sixty_six.catalogue_cases",
    default_target=1, review_gap=0.5, limits=FamilyLimits(players=(2, 2), hand_size=6),
    capabilities=frozenset({Capability.STOCK, Capability.CARD_POINTS}),
    hand_scores=((1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 3), (0, 0)),
    drill_traps=("10H", "KH", "10S", "KS", "AC", "9C", "10D", "QD"), drill_legal=(("phase", "strict"),))

# The registry, filled by ``register`` below, in the order the pages list the games.
FAMILY_LIST: tuple[Family, ...] = ()
GAMES: dict[str, Game] = {}
FAMILIES_BY_ID: dict[str, Family] = {}


def register(family: Family, *games: Game) -> None:
    """Add a family and its presets to the registry, once core is known to take them: ``FamilyLimitError`` naming
    each part of core its declared limits exceed (``atout.limits``), ``ConfigError`` for an id or a code already
    taken; the registry is unchanged when either is raised."""
    global FAMILY_LIST
    check_family_limits(family.title, family.limits)
    for game in games:
        if not 0 <= game.deal_code < DEAL_CODE_GAMES:
            raise ConfigError(Text("{family} cannot be registered: {game} has the deal code number {n}, but a deal "
                                   "code numbers its game from 0 to {most}", family=family.id, game=game.id,
                                   n=game.deal_code, most=DEAL_CODE_GAMES - 1))
    taken = [family.id] if family.id in FAMILIES_BY_ID else []
    for i, game in enumerate(games):
        if game.family is not family:
            raise ConfigError(Text("{game} is registered with {family}, not with its own family", game=game.id,
                                   family=family.id))
        before = [*GAMES.values(), *games[:i]]
        taken += [game.id] if any(g.id == game.id for g in before) else []
        taken += [f"deal code {game.deal_code}" for g in before if g.deal_code == game.deal_code]
        taken += [repr(game.position_code) for g in before if g.position_code == game.position_code]
    if taken:
        raise ConfigError(Text("{family} cannot be registered: these are taken already: {taken}", family=family.id,
                               taken=Series(taken)))
    FAMILY_LIST = (*FAMILY_LIST, family)
    FAMILIES_BY_ID[family.id] = family
    GAMES.update((game.id, game) for game in games)


register(FORTY_FIVES,
         Game("forty-fives", FORTY_FIVES, N_("Forty-Fives"), deal_code=0, position_code="45"),
         Game("forty-fives-partners", FORTY_FIVES, N_("Forty-Fives in partnerships"), deal_code=1,
              position_code="45p"),
         Game("auction-forty-fives", FORTY_FIVES, N_("Auction Forty-Fives"), deal_code=2, position_code="a45",
              loses_points=True))
register(FIVE_HUNDRED,
         Game("five-hundred", FIVE_HUNDRED, N_("Five Hundred"), deal_code=3, position_code="500", loses_points=True))
register(SIXTY_SIX, Game("sixty-six", SIXTY_SIX, N_("Sixty-Six"), deal_code=4, position_code="66"))
EUCHRE = Family(
    "euchre", "atout.euchre", N_("Euchre"), "atout.players.euchre", "atout.rulebook.euchre",
    solver="atout.solver.euchre", value_unit="tricks", evaluation="solved", catalogue="atout.euchre.catalogue_cases",
    review_gap=0.5, scored_by_sides=True, score_step=1, default_target=3,
    hand_scores=((1, 0), (2, 0), (4, 0), (0, 1), (0, 2), (0, 4), (0, 0)),
    limits=FamilyLimits(players=(4, 4), hand_size=5), capabilities=frozenset(),
    drill_traps=("JH", "JD", "JC", "JS", "AH", "AS", "AD", "AC"))
register(EUCHRE, Game("euchre", EUCHRE, N_("Euchre"), deal_code=5, position_code="eu"))
SPOIL_FIVE = Family(
    "spoil-five", "atout.spoil_five", N_("Spoil Five"), "atout.players.spoil_five",
    "atout.rulebook.spoil_five", solver="atout.solver.spoil_five",
    value_unit="tricks", score_unit="counters", evaluation="solved", catalogue="atout.spoil_five.catalogue_cases",
    default_target=3, review_gap=1.0, limits=FamilyLimits(players=(2, 10), hand_size=5),
    capabilities=frozenset({Capability.ROBBING}),
    drill_traps=("AH", "AD", "5H", "5D", "5C", "5S", "JH", "JD", "JC", "JS", "2C", "2S", "10C", "10S", "AC", "AS",
                 "KH", "4C"),
    drill_players=3)
register(SPOIL_FIVE, Game("spoil-five", SPOIL_FIVE, N_("Spoil Five"), deal_code=6, position_code="s5",
                          loses_points=True))
DEFAULT_GAME = "forty-fives"     # the game a page or a widget shows when none is asked for
# The game whose positions show the notation's every field (its family's ``notation``: ``DEAL`` and ``ENDING``).
NOTATION_GAME = "five-hundred"


def game_info(game: str) -> Game:
    """The registration of a preset id; ``ConfigError`` naming the games for any other."""
    found = GAMES.get(game) if isinstance(game, str) else None
    if found is None:
        raise ConfigError(Text("unknown game {game}: the games are {games}", game=quote(game),
                               games=Series(GAMES)))
    return found


def family_of(game: str) -> Family:
    """The registration of a preset's family (``Family``: its id, title, package, capabilities, limits); its
    package of rules is ``package_of``, its id ``family_id``."""
    return game_info(game).family


def family_id(game: str) -> str:
    """The family a preset belongs to, as lessons and rules name it (``forty-fives`` for ``auction-forty-fives``)."""
    return game_info(game).family.id


def game_title(game: str) -> str:
    """What a reader calls a preset, as a message id (``Text(game_title(game))`` translates it)."""
    return game_info(game).title


def package_of(game: str) -> FamilyPackage:
    """The package of rules of a preset's family, the module ``FamilyPackage`` describes (``atout.forty_fives`` for
    ``auction-forty-fives``): ``new_hand``, ``new_game``, ``make_config``, its config and referee."""
    return game_info(game).family.rules()


def make_config(game: str, options: Mapping[str, Any] | None = None, **more: Any) -> Any:   # the family's own
    return package_of(game).make_config(game, options, **more)


def available_games() -> list[str]:
    """Every registered preset, in the pages' order."""
    return list(GAMES)


def player_counts(game: str) -> list[int]:
    """How many players the game allows, as its configuration says."""
    fam = package_of(game)
    spec = getattr(getattr(fam, "config", None), "OPTIONS", {}).get("players")
    if spec is not None and spec.applies_to(game):
        return list(spec.allowed_for(game))
    return [fam.make_config(game).players]
