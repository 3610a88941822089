"""What core can take, said once: the seats and tricks the solver's compiled search holds, the players a deal code
carries, the seats the table lays out, the players a lesson may set.

A family declares its own limits (``FamilyLimits``, in its registration, ``atout.games``). Registration refuses a
family that declares more than a part of core takes (``family_limit_faults``, raised as ``FamilyLimitError``), naming
that part; and where a hand would still reach a part with more seats than it takes, that part refuses the hand
(``SeatLimitError``) rather than crash, write a code it cannot read back or draw a seat off the table.

>>> for fault in family_limit_faults(FamilyLimits(players=(2, 11), hand_size=5)):
...     print(fault)
its solver takes 11 seats but the solver takes at most 10
it allows up to 11 players but the table takes at most 10
it allows up to 11 players but a lesson takes at most 10
>>> check_seats(TABLE, 10)
>>> check_seats(TABLE, 11)
Traceback (most recent call last):
atout.limits.SeatLimitError: the table takes at most 10 players; this hand has 11

This module imports nothing of Atout but its errors and words: the solver, the deal codes, the lessons and the
widgets all read their limits from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.errors import AtoutError, ConfigError
from atout.i18n import N_, Text


@dataclass(frozen=True)
class CoreLimit:
    """The most players (seats) one part of core takes, and where that number is set, for whoever extends it."""

    part: str     # the part, as a message names it (a message id)
    most: int
    where: str    # the code that sets it (not shown to learners: the maintainer's pointer)


# The compiled search keeps each seat's hand, next seat, credit and side in C arrays of 10 (tricks.pxd: H[10],
# nxt[10]…), and its table key names a seat in 4 bit planes (0 to 15)
SOLVER = CoreLimit(N_("the solver"), 10, "atout/solver/tricks.pxd")
# ... and its moves in 48 places for each (tricks left, cards on the table or the rob decision) pair: mv[7392] is
# 14 × 11 × 48, so at most 13 tricks to play from the root.
SOLVER_TRICKS = 13
# A deal code (atout/dealcode.py) packs the game's number in 7 bits, then how many play and the dealer in 3 bits
# each: 2 to 7 players, as every code made before ten seats. A code for more sets the top bit of the game's field
# (no game's number reaches it: a game is numbered 0 to 63) and packs how many play above 7 in 2 bits and the dealer
# in 4: 8 to 11 players.
DEAL_CODE_PLAYER_BITS = 3
DEAL_CODE_MORE_PLAYER_BITS = 2
DEAL_CODE_GAMES = 64       # a game's number in a deal code is 0 to 63 (registration refuses another)
DEAL_CODE = CoreLimit(N_("a deal code"), 2 ** DEAL_CODE_PLAYER_BITS - 1 + 2 ** DEAL_CODE_MORE_PLAYER_BITS,
                      "atout/dealcode.py")
# The table lays out seats around the trick for 1 to 10 players (atout/widgets/table.py: POSITIONS, placed by
# table.css).
TABLE = CoreLimit(N_("the table"), 10, "atout/widgets/table.py")
# A lesson's step or question may set the players, its dealer and seats (atout/lessons.py: the schemas): as many as
# the table lays out, where the lesson shows them.
LESSON = CoreLimit(N_("a lesson"), TABLE.most, "atout/lessons.py")
# What every family is checked against at registration: each takes every player count a registered game allows.
SEAT_LIMITS: tuple[CoreLimit, ...] = (SOLVER, DEAL_CODE, TABLE, LESSON)
FEWEST_PLAYERS = 2     # a deal code reads no game for fewer, and every part lays out at least two seats


class SeatLimitError(AtoutError):
    """A hand with more seats (or more tricks) than a part of core takes: refused before that part is reached."""


class FamilyLimitError(ConfigError):
    """A family whose declared limits some part of core cannot take, refused at registration."""


@dataclass(frozen=True)
class FamilyLimits:
    """What a family declares it needs of core: how many play (``players``: the fewest and the most any of its games
    allows), how many cards each is dealt (``hand_size``: the tricks of a hand), and how many seats its solver
    adapter hands the solver (``solver_seats``; None: every player count it allows)."""

    players: tuple[int, int]
    hand_size: int
    solver_seats: int | None = None

    @property
    def most_players(self) -> int:
        return self.players[1]

    @property
    def seats_solved(self) -> int:
        return self.most_players if self.solver_seats is None else self.solver_seats


def family_limit_faults(limits: FamilyLimits) -> list[Text]:
    """Everything in a family's declared limits that core cannot take, each naming the part and its limit (none:
    the family can be registered)."""
    fewest, most = limits.players
    if fewest < FEWEST_PLAYERS:
        return [Text("it allows a game for {n} but a game needs at least {least} players", n=fewest,
                     least=FEWEST_PLAYERS)]
    if fewest > most:
        return [Text("it allows {fewest} to {most} players: the fewest are more than the most", fewest=fewest,
                     most=most)]
    faults = []
    if limits.seats_solved > most:
        faults.append(Text("its solver takes {n} seats but it has at most {most} players", n=limits.seats_solved,
                           most=most))
    if limits.seats_solved > SOLVER.most:
        faults.append(Text("its solver takes {n} seats but {part} takes at most {limit}", n=limits.seats_solved,
                           part=Text(SOLVER.part), limit=SOLVER.most))
    if limits.hand_size > SOLVER_TRICKS:
        faults.append(Text("its hands of {n} cards are {n} tricks but {part} searches at most {limit}",
                           n=limits.hand_size, part=Text(SOLVER.part), limit=SOLVER_TRICKS))
    for limit in SEAT_LIMITS[1:]:
        if most > limit.most:
            faults.append(Text("it allows up to {n} players but {part} takes at most {limit}", n=most,
                               part=Text(limit.part), limit=limit.most))
    return faults


def check_family_limits(title: str, limits: FamilyLimits) -> None:
    """``FamilyLimitError`` naming every part of core the limits of the family called ``title`` (a message id)
    exceed; nothing when it fits."""
    faults = family_limit_faults(limits)
    if faults:
        raise FamilyLimitError(Text("{family} cannot be registered: {faults}", family=Text(title), faults=faults))


def check_seats(limit: CoreLimit, players: int) -> None:
    """``SeatLimitError`` when a hand of ``players`` would reach a part of core that takes fewer."""
    if players > limit.most:
        raise SeatLimitError(Text("{part} takes at most {limit} players; this hand has {n}", part=Text(limit.part),
                                  limit=limit.most, n=players))


def check_solver_size(seats: int, tricks: int) -> None:
    """``SeatLimitError`` for a position the compiled search would write past its arrays with (more seats or more
    tricks than it holds): before this, the compiled build crashed the process and the plain one raised IndexError."""
    check_seats(SOLVER, seats)
    if tricks > SOLVER_TRICKS:
        raise SeatLimitError(Text("{part} searches at most {limit} tricks; this hand has {n}", part=Text(SOLVER.part),
                                  limit=SOLVER_TRICKS, n=tricks))
