"""Deal codes: a short code a teacher reads out and a student types to get the same deal.

A code holds the game, the number of players, the dealer and the shuffle's seed, with a check
character that catches a mistyped or swapped character. It is written in Crockford's base 32
(no I, L, O or U; any case; dashes optional, and any dash will do: slides and word processors turn the
hyphens of a code into en dashes):

>>> code = encode(DealSpec("forty-fives", players=3, dealer=1, seed=123456))
>>> code
'034-003R-J0AW'
>>> decode(code.lower().replace("-", ""))
DealSpec(game='forty-fives', players=3, dealer=1, seed=123456)
>>> decode("034–003R—J0AW") == decode(code)
True
>>> decode("034-003R-J0U")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
atout.errors.NotationError: 'U' is not used in deal codes: they use the digits and the letters A to Z without ...
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from atout.errors import NotationError, quote
from atout.i18n import OneOf, Text

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: i for i, c in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
GAMES = ("forty-fives", "forty-fives-partners", "auction-forty-fives", "five-hundred", "sixty-six")
PAYLOAD = 9          # characters holding the game, players, dealer and seed
LENGTH = PAYLOAD + 2  # and two check characters
SEED_BITS = 32
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

    @classmethod
    def random(cls, game: str, players: int, dealer: int = 0, rng: random.Random | None = None) -> DealSpec:
        return cls(game, players, dealer, (rng or random.Random()).getrandbits(SEED_BITS))


def _check(values: list[int]) -> list[int]:
    # Weighted sum modulo the prime 1021 (< 32**2): a wrong character changes it by (i+1)*d with
    # 0 < |d| < 32 and i < 9, a swap of neighbours by their difference: never a multiple of 1021.
    total = sum((i + 1) * v for i, v in enumerate(values)) % 1021
    return [total // 32, total % 32]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def encode(spec: DealSpec) -> str:
    """The code of a deal that can be dealt: a game Atout plays, as many players as it allows, a dealer among them
    and a 32-bit seed."""
    if spec.game not in GAMES:
        raise NotationError(Text("deal codes exist for {games}, not {game}", games=", ".join(GAMES),
                                 game=quote(spec.game)))
    if not (_whole(spec.players) and _whole(spec.dealer) and _whole(spec.seed)
            and 0 <= spec.dealer < spec.players and 0 <= spec.seed < 2 ** SEED_BITS):
        raise NotationError(Text("a deal code needs a number of players, a dealer among them and a 32-bit seed"))
    _check_players(spec.game, spec.players, None)
    number = ((GAMES.index(spec.game) * 8 + spec.players) * 8 + spec.dealer) << SEED_BITS | spec.seed
    values = []
    for _ in range(PAYLOAD):
        number, digit = divmod(number, 32)
        values.append(digit)
    values.reverse()
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
    if len(text) != LENGTH:
        raise NotationError(Text("a deal code has {n} letters and digits (such as 034-003R-J0AW); {code} has {k}",
                                 n=LENGTH, code=quote(code.strip()), k=len(text)))
    values = [_VALUE[c] for c in text]
    if _check(values[:PAYLOAD]) != values[PAYLOAD:]:
        raise NotationError(Text("{code} is not a valid deal code: a character was mistyped; check it with the "
                                 "teacher's screen", code=quote(code.strip())))
    number = 0
    for v in values[:PAYLOAD]:
        number = number * 32 + v
    seed = number & (2 ** SEED_BITS - 1)
    rest = number >> SEED_BITS
    dealer, rest = rest % 8, rest // 8
    players, game_index = rest % 8, rest // 8
    if game_index >= len(GAMES) or not 2 <= players or dealer >= players:
        raise NotationError(Text("{code} is not a valid deal code: it names no game Atout plays",
                                 code=quote(code.strip())))
    _check_players(GAMES[game_index], players, code.strip())
    return DealSpec(GAMES[game_index], players, dealer, seed)


def _check_players(game: str, players: int, code: str | None) -> None:
    """A ``NotationError`` unless ``game`` is played by ``players`` (the check character cannot tell: a code may
    name Five Hundred for 2)."""
    from atout.games import TITLES, player_counts

    counts = player_counts(game)
    if players in counts:
        return
    why = Text("{game} is played by {counts} players, not {n}", game=Text(TITLES[game]), counts=OneOf(counts),
               n=players)
    if code is None:
        raise NotationError(why)
    raise NotationError(Text("{code} is not a deal Atout can deal: {why}. Check the code on the teacher's screen",
                             code=quote(code), why=why))


def deal(code: str):
    """A freshly dealt hand from a deal code (the same code, the same cards)."""
    from atout.games import family

    spec = decode(code)
    return family(spec.game).new_hand(spec.game, seed=spec.seed, dealer=spec.dealer, players=spec.players)
