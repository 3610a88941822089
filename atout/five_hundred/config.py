"""Five Hundred's preset and options, as data (`../rules/five-hundred.md`).

The strain order and the misère calls are data too: the ladder of calls, their values and the
score table are all derived here from ``STRAIN_ORDERS``, ``BASE_VALUES`` and ``MISERE_CALLS``.

>>> config = make_config("five-hundred")
>>> [c.call for c in config.ladder[:6]]
['6S', '6C', '6D', '6H', '6NT', '7S']
>>> config.contract("10NT").value, make_config("five-hundred", strain_order="seed").contract("6S").value
(520, 100)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from atout.cards import CARDS, JOKER, Deck, Suit
from atout.i18n import N_, Series, _
from atout.options import OptionSpec, build_options, cached_config, merged_options

PRESETS = ("five-hundred",)
PLAYERS = 4
SIDES = 2
# 500.deck: A to 5 of each suit, the 4♥ and 4♦, and the joker.
DECK = Deck(N_("43-card"), [c for c in CARDS[:52] if c.rank >= 5 or (c.rank == 4 and c.is_red)] + [JOKER])


class Strain(enum.Enum):
    """What a bid names: a trump suit, or no trumps (``trump`` is then None: only the joker is a trump)."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    NO_TRUMPS = "NT"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def trump(self) -> Suit | None:
        return None if self is Strain.NO_TRUMPS else Suit.parse(self.value)

    def render(self, lang: str | None = None) -> str:
        trump = self.trump
        return _(N_("no trumps"), lang) if trump is None else trump.render(lang)

    @staticmethod
    def parse(text: str) -> Strain:
        """``S C D H NT`` or a suit symbol, any case."""
        key = text.strip().upper()
        if key == "NT":
            return Strain.NO_TRUMPS
        return Strain(Suit.parse(key).letter)


# 500.bid.order: strains lowest first. The seed's order (NT ♠ ♥ ♦ ♣, highest first) is a variant.
STRAIN_ORDERS: dict[str, tuple[Strain, ...]] = {
    "avondale": (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NO_TRUMPS),
    "seed": (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMPS),
}
# 500.score.table: six tricks in the strain of each place (lowest first); each trick more adds 100.
BASE_VALUES = (40, 60, 80, 100, 120)
TRICK_STEP = 100
MIN_TRICKS, MAX_TRICKS = 6, 10


class MisereCall(NamedTuple):
    call: str
    value: int
    above: tuple[int, int]   # ranks just above the bid of (tricks, strain place): misère above 8♠
    needs_level: int          # legal only once a bid of this many tricks was made (0: any time)
    open: bool


# 500.bid.misere (option misere): their values and places in the auction.
MISERE_CALLS = (
    MisereCall("misere", 250, (8, 0), 7, False),
    MisereCall("open-misere", 500, (10, 2), 0, True),
)
PASS = "pass"


class Contract(NamedTuple):
    """One call of the ladder: what it promises and what it is worth."""

    call: str                # canonical text: '7H', '10NT', 'misere', 'open-misere'
    rank: int                # its place in the ladder, 0 lowest
    tricks: int              # tricks promised (misère: 0, every trick lost)
    strain: Strain
    value: int               # 500.score.table (misère 250, open misère 500)
    misere: bool = False
    open: bool = False
    needs_level: int = 0

    @property
    def trump(self) -> Suit | None:
        return self.strain.trump

    def render(self, lang: str | None = None) -> str:
        from atout.i18n import Text

        if self.misere:
            return Text(N_("open misère") if self.open else N_("misère")).render(lang)
        return Text(BID_WORDS[self.strain], n=self.tricks).render(lang)

    def sentence_forms(self, lang: str | None = None) -> dict[str, str]:
        """The call in a sentence: a numbered bid takes no article ("avec 7 sans-atout"), misère is a noun that
        does where it stands alone ("{call:le}": "avec la misère", "la misère ouverte"); bare, "(misère)"."""
        from atout.i18n import get_language, grammar

        lang = lang or get_language()
        name = self.render(lang)
        return grammar(lang).noun_forms(name, feminine=True) if self.misere else grammar(lang).invariable(name)

    def list_form(self, lang: str | None = None) -> str:
        """The call as one of a list of choices: "7 clubs, …, or misère", « …, ou la misère »."""
        from atout.i18n import get_language, grammar

        return self.sentence_forms(lang)[grammar(lang or get_language()).article_spec]


# A bid in words: its own message for each strain, since a language may inflect the strain after a number ("7
# piques", "7 carreaux") where it names the trump suit unchanged ("l'atout est pique").
BID_WORDS = {Strain.SPADES: N_("{n} spades"), Strain.CLUBS: N_("{n} clubs"), Strain.DIAMONDS: N_("{n} diamonds"),
             Strain.HEARTS: N_("{n} hearts"), Strain.NO_TRUMPS: N_("{n} no trumps")}


OPTIONS: dict[str, OptionSpec] = {spec.name: spec for spec in (
    OptionSpec("players", (4,), 4, help="always 4: two partnerships, seats 0 and 2 against 1 and 3"),
    OptionSpec("strain_order", ("avondale", "seed"), "avondale", help="500.bid.order"),
    OptionSpec("misere", (False, True), False, help="500.bid.misere"),
    # 500.bid.misere: what the defenders score in misère, where the sources differ (10 a trick, or nothing).
    OptionSpec("misere_defenders", ("tricks", "none"), "tricks", help="500.bid.misere"),
    OptionSpec("single_round", (False, True), False, help="500.bid.pass: each player calls once (American)"),
    OptionSpec("must_bid_to_win", (False, True), False, help="500.game.target (Australian)"),
    OptionSpec("target", (500, 250, 1000), 500, help="500.game.target",
               aliases={"500": 500, "250": 250, "1000": 1000}),
    OptionSpec("first_dealer", ("seat-0", "random"), "seat-0", help="500.deal"),
)}


@dataclass(frozen=True)
class FiveHundredConfig:
    game: str
    players: int
    strain_order: str
    misere: bool
    misere_defenders: str
    single_round: bool
    must_bid_to_win: bool
    target: int
    first_dealer: str

    @property
    def sides(self) -> int:
        return SIDES

    @staticmethod
    def side_of(seat: int) -> int:
        return seat % 2

    @property
    def strains(self) -> tuple[Strain, ...]:
        """The strains, lowest first (500.bid.order)."""
        return STRAIN_ORDERS[self.strain_order]

    @cached_property
    def ladder(self) -> tuple[Contract, ...]:
        """Every call but pass, lowest first: the bids and, with option misere, the misère calls."""
        bids = []
        for tricks in range(MIN_TRICKS, MAX_TRICKS + 1):
            for place, strain in enumerate(self.strains):
                value = BASE_VALUES[place] + TRICK_STEP * (tricks - MIN_TRICKS)
                bids.append((f"{tricks}{strain.letter}", tricks, strain, value, (tricks, place)))
        ladder: list[Contract] = []
        extras = {m.above: m for m in MISERE_CALLS} if self.misere else {}
        for call, tricks, strain, value, where in bids:
            ladder.append(Contract(call, len(ladder), tricks, strain, value))
            extra = extras.get(where)
            if extra is not None:
                ladder.append(Contract(extra.call, len(ladder), 0, Strain.NO_TRUMPS, extra.value, True, extra.open,
                                       extra.needs_level))
        return tuple(ladder)

    @cached_property
    def calls(self) -> dict[str, Contract]:
        return {c.call: c for c in self.ladder}

    @cached_property
    def call_table(self) -> tuple[tuple[tuple[str, ...], ...], ...]:
        """The legal calls, pass first, indexed by [the standing bid's rank + 1][the most tricks bid so far]:
        the auction looks them up instead of rebuilding them on every turn."""
        return tuple(
            tuple((PASS,) + tuple(c.call for c in self.ladder[start:] if c.needs_level <= level)
                  for level in range(MAX_TRICKS + 1))
            for start in range(len(self.ladder) + 1))

    def contract(self, call: str) -> Contract:
        """The contract of a call of this configuration's ladder (a ``KeyError`` when it has none)."""
        return self.calls[call]

    def value(self, tricks: int, strain: Strain) -> int:
        """500.score.table: the value of a bid, by its strain's place in the order."""
        return BASE_VALUES[self.strains.index(strain)] + TRICK_STEP * (tricks - MIN_TRICKS)

    def options(self) -> dict[str, Any]:
        """The option values, by name (what ``make_config`` takes back)."""
        return {name: getattr(self, name) for name in OPTIONS}


def make_config(game: str = "five-hundred", options: Mapping[str, Any] | None = None,
                **more: Any) -> FiveHundredConfig:
    """The configuration of the preset with the given options (checked; unknown ones are refused)."""
    return cached_config(game, merged_options(options, more), _make_config)


def _make_config(game: str, given: Mapping[str, Any]) -> FiveHundredConfig:
    if game not in PRESETS:
        from atout.errors import ConfigError, quote
        from atout.i18n import Text

        raise ConfigError(Text("{game} is not a Five Hundred preset: the presets are {presets}",
                               game=quote(game), presets=Series(PRESETS)))
    return FiveHundredConfig(game=game, **build_options(game, OPTIONS, given))
