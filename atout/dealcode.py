"""Deal codes: a short code a teacher reads out and a student types to get the same deal.

A code holds the game, the number of players, the dealer and the shuffle's seed, and the table's house rules when
they are not the game's usual ones, with two check characters that catch a mistyped or swapped character. It is
written in Crockford's base 32 (no I, L, O or U; any case; dashes optional, and any dash will do: slides and word
processors turn the hyphens of a code into en dashes):

>>> code = encode(DealSpec("forty-fives", players=3, dealer=1, seed=123456))
>>> code
'034-003R-J0AW'
>>> decode(code.lower().replace("-", ""))
DealSpec(game='forty-fives', players=3, dealer=1, seed=123456, rules=())
>>> decode("034–003R—J0AW") == decode(code)
True
>>> decode("034-003R-J0U")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
atout.errors.NotationError: 'U' is not used in deal codes: they use the digits and the letters A to Z without ...

House rules make the code a character or two longer (the usual rules, none: the code is as short as ever):

>>> code = encode(DealSpec("five-hundred", 4, 0, 42, rules=(("misere", True),)))
>>> code, decode(code).options, encode(DealSpec("five-hundred", 4, 0, 42))
('0W0-0000-1A25E', {'misere': True}, '0W0-0000-1A4T')

The same house rules as one word, for a page's address: ``rules_text`` and ``rules_from_text``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.errors import AtoutError, NotationError, quote
from atout.games import GAMES, game_title, player_counts
from atout.i18n import OneOf, Series, Text
from atout.limits import DEAL_CODE, DEAL_CODE_GAMES, DEAL_CODE_MORE_PLAYER_BITS, DEAL_CODE_PLAYER_BITS, check_seats

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: i for i, c in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
PAYLOAD = 9          # characters holding the game, players, dealer and seed
LENGTH = PAYLOAD + 2  # and two check characters (a code with house rules has their characters before these)
MAX_RULES = 4        # characters of house rules at most (20 bits: every option of a game and more)
SEED_BITS = 32
FIELD = DEAL_CODE_PLAYER_BITS     # bits for how many play, and as many for the dealer (who is one of them)
# A code for more players than FIELD holds (8 or more) marks the game's field with its top bit and packs how many
# play beyond 7 in MORE bits and the dealer in WIDE: the codes of 2 to 7 players stay as they have always been.
MORE = DEAL_CODE_MORE_PLAYER_BITS
WIDE = 2 * FIELD - MORE
MANY = 1 << FIELD                  # the fewest players a code marked so carries
MARK = DEAL_CODE_GAMES            # the mark: the game's field's top bit (a game is numbered below it)
# What may separate the groups of a code: spaces and every dash a keyboard, a slide or a word processor writes
# (hyphen-minus, hyphen, non-breaking hyphen, figure dash, en dash, em dash, minus sign, no-break space).
SEPARATORS = str.maketrans("", "", "-\u2010\u2011\u2012\u2013\u2014\u2212 \u00a0\u202f\t")
MAX_TEXT = 64        # characters a code box may send: the code, dashes and spaces, with room to spare


@dataclass(frozen=True)
class DealSpec:
    game: str
    players: int
    dealer: int
    seed: int
    rules: tuple[tuple[str, Any], ...] = ()    # the house rules: (option, value) where not the game's usual value

    @classmethod
    def random(cls, game: str, players: int, dealer: int = 0, rng: random.Random | None = None,
               options: Mapping[str, Any] | None = None) -> DealSpec:
        return cls(game, players, dealer, (rng or random.Random()).getrandbits(SEED_BITS), house_rules(game, options))

    @property
    def options(self) -> dict[str, Any]:
        """The house rules by option name (what a hand of the deal is made with, besides its players)."""
        return dict(self.rules)


# --- house rules: each option of the game (but how many play) as a digit, the usual value 0 ------------------------

def _carried(game: str) -> list[tuple[str, tuple[Any, ...], Any]]:
    """The options a code carries for ``game``: (name, allowed values, usual value), in the order the game declares
    them. The order is the code's: a new option goes at the end of its game's declarations, or older codes change."""
    from atout.games import package_of

    return [(name, spec.allowed_for(game), spec.default_for(game))
            for name, spec in package_of(game).config.OPTIONS.items() if spec.applies_to(game) and name != "players"]


def house_rules(game: str, options: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    """The options that differ from the game's usual rules, checked by core and in the game's order (how many play
    is not a house rule: a deal code carries it apart)."""
    from atout.games import make_config

    given = {name: value for name, value in (options or {}).items() if name != "players"}
    values = make_config(game, given).options()
    return tuple((name, values[name]) for name, _allowed, usual in _carried(game)
                 if name in values and values[name] != usual)


def _rules_number(game: str, rules: tuple[tuple[str, Any], ...]) -> int:
    chosen = dict(rules)
    number, scale = 0, 1
    for name, allowed, usual in _carried(game):
        if name in chosen:
            number += scale * ((allowed.index(chosen[name]) - allowed.index(usual)) % len(allowed))
        scale *= len(allowed)
    return number


def _rules_of_number(game: str, number: int, code: str) -> tuple[tuple[str, Any], ...]:
    rules = []
    for name, allowed, usual in _carried(game):
        number, digit = divmod(number, len(allowed))
        if digit:
            rules.append((name, allowed[(allowed.index(usual) + digit) % len(allowed)]))
    if number:
        raise NotationError(Text("{code} is not a valid deal code: it names house rules {game} does not have",
                                 code=quote(code), game=game))
    return tuple(rules)


def _digits(number: int) -> list[int]:
    digits = []
    while number:
        number, digit = divmod(number, 32)
        digits.append(digit)
    return digits[::-1]


def rules_text(game: str, options: Mapping[str, Any] | None) -> str:
    """The house rules as one short word for a page's address ("" for the usual rules).

    >>> rules_text("forty-fives-partners", {"scoring": "tricks"}), rules_text("sixty-six", {})
    ('30', '')
    """
    return "".join(ALPHABET[d] for d in _digits(_rules_number(game, house_rules(game, options))))


def rules_from_text(game: str, text: str) -> dict[str, Any]:
    """The house rules a word of ``rules_text`` stands for; a word that is not one says so (``NotationError``).

    >>> rules_from_text("forty-fives-partners", "30")
    {'scoring': 'tricks'}
    """
    word = text.strip().upper()
    if len(word) > MAX_RULES or any(char not in _VALUE for char in word):
        raise NotationError(Text("{text} does not name house rules: it is up to {n} of the digits and the letters A "
                                 "to Z without I, L, O and U", text=quote(text.strip()), n=MAX_RULES))
    number = 0
    for char in word:
        number = number * 32 + _VALUE[char]
    return dict(_rules_of_number(game, number, text.strip()))


def _check(values: list[int]) -> list[int]:
    # Weighted sum modulo the prime 1021 (< 32**2): a wrong character changes it by (i+1)*d with
    # 0 < |d| < 32 and i < 13, a swap of neighbours by their difference: never a multiple of 1021.
    total = sum((i + 1) * v for i, v in enumerate(values)) % 1021
    return [total // 32, total % 32]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def encode(spec: DealSpec) -> str:
    """The code of a deal that can be dealt: a game Atout plays, as many players as it allows, a dealer among them
    and a 32-bit seed."""
    if spec.game not in GAMES:
        raise NotationError(Text("deal codes exist for {games}, not {game}", games=Series(GAMES),
                                 game=quote(spec.game)))
    if not (_whole(spec.players) and _whole(spec.dealer) and _whole(spec.seed)
            and 0 <= spec.dealer < spec.players and 0 <= spec.seed < 2 ** SEED_BITS):
        raise NotationError(Text("a deal code needs a number of players, a dealer among them and a 32-bit seed"))
    _check_players(spec.game, spec.players, None)     # the game's own player counts first, as decode refuses them
    check_seats(DEAL_CODE, spec.players)     # more would not fit its field: a code decode refuses
    number = _players_field(GAMES[spec.game].deal_code, spec.players, spec.dealer) << SEED_BITS | spec.seed
    values = []
    for _ in range(PAYLOAD):
        number, digit = divmod(number, 32)
        values.append(digit)
    values.reverse()
    values += _digits(_rules_number(spec.game, house_rules(spec.game, dict(spec.rules))))
    values += _check(values)
    text = "".join(ALPHABET[v] for v in values)
    return f"{text[:3]}-{text[3:7]}-{text[7:]}"


def decode(code: str) -> DealSpec:
    """The deal a code stands for; a malformed code raises ``NotationError`` saying what is wrong."""
    if not isinstance(code, str):
        raise NotationError(Text("a deal code is text, such as 034-003R-J0AW"))
    if len(code) > MAX_TEXT:     # refused before any work: a page may send anything
        raise NotationError(Text("a deal code has {n} letters and digits (such as 034-003R-J0AW); this text has {k} "
                                 "characters", n=LENGTH, k=len(code)))
    text = code.strip().upper().translate(SEPARATORS)
    for char in text:
        if char not in _VALUE:
            raise NotationError(Text("{char} is not used in deal codes: they use the digits and the letters A to Z "
                                     "without I, L, O and U", char=quote(char)))
    if not LENGTH <= len(text) <= LENGTH + MAX_RULES:
        raise NotationError(Text("a deal code has {n} letters and digits (such as 034-003R-J0AW), a few more with "
                                 "house rules; {code} has {k}", n=LENGTH, code=quote(code.strip()), k=len(text)))
    values = [_VALUE[c] for c in text]
    if _check(values[:-2]) != values[-2:]:
        raise NotationError(Text("{code} is not a valid deal code: a character was mistyped; check it with the "
                                 "teacher's screen", code=quote(code.strip())))
    number = 0
    for v in values[:PAYLOAD]:
        number = number * 32 + v
    seed = number & (2 ** SEED_BITS - 1)
    game_index, players, dealer = _players_of_field(number >> SEED_BITS)
    game = next((g.id for g in GAMES.values() if g.deal_code == game_index), None)
    if game is None or not 2 <= players or dealer >= players:
        raise NotationError(Text("{code} is not a valid deal code: it names no game Atout plays",
                                 code=quote(code.strip())))
    _check_players(game, players, code.strip())
    number = 0
    for v in values[PAYLOAD:-2]:
        number = number * 32 + v
    rules = _rules_of_number(game, number, code.strip())
    if rules:       # house rules that cannot go together, or not with so many players (partnerships need four)
        from atout.games import package_of

        given = dict(rules)
        if "players" in package_of(game).config.OPTIONS:
            given["players"] = players
        try:
            package_of(game).make_config(game, given)
        except AtoutError as exc:
            raise NotationError(Text("{code} is not a valid deal code: {why}", code=quote(code.strip()),
                                     why=exc.message)) from None
    return DealSpec(game, players, dealer, seed, rules)


def _players_field(game_index: int, players: int, dealer: int) -> int:
    """The bits above the seed: the game's number, how many play and the dealer (``atout.limits``, DEAL_CODE)."""
    if players < MANY:
        return (game_index << FIELD | players) << FIELD | dealer
    return ((MARK | game_index) << MORE | players - MANY) << WIDE | dealer


def _players_of_field(field: int) -> tuple[int, int, int]:
    """The game's number, how many play and the dealer in the bits above the seed (``_players_field`` read back)."""
    game_index = field >> 2 * FIELD
    if not game_index & MARK:
        return game_index, field >> FIELD & (2 ** FIELD - 1), field & (2 ** FIELD - 1)
    return game_index ^ MARK, MANY + (field >> WIDE & (2 ** MORE - 1)), field & (2 ** WIDE - 1)


def _check_players(game: str, players: int, code: str | None) -> None:
    """A ``NotationError`` unless ``game`` is played by ``players`` (the check character cannot tell: a code may
    name Five Hundred for 2)."""
    counts = player_counts(game)
    if players in counts:
        return
    why = Text("{game} is played by {counts} players, not {n}", game=Text(game_title(game)), counts=OneOf(counts),
               n=players)
    if code is None:
        raise NotationError(why)
    raise NotationError(Text("{code} is not a deal Atout can deal: {why}. Check the code on the teacher's screen",
                             code=quote(code), why=why))


def deal(code: str) -> Any:       # the family's own hand
    """A freshly dealt hand from a deal code (the same code, the same cards, the same house rules)."""
    spec = decode(code)
    return new_hand(spec)


def new_hand(spec: DealSpec) -> Any:
    """The hand a deal stands for, freshly dealt: its game, players, dealer and house rules."""
    from atout.games import package_of

    return package_of(spec.game).new_hand(spec.game, seed=spec.seed, dealer=spec.dealer, players=spec.players,
                                      **spec.options)
