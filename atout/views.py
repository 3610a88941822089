"""What one seat (or the teacher) sees of a table, the same shape for every game (``TableView``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.actions import (
    Action,
)
from atout.cards import Card, Suit
from atout.events import Explanation


class TableView:
    """What one seat (or the teacher, ``viewer=None``) sees of a table, the same shape for every game.

    The widgets draw only this: hands are card lists when visible and counts when hidden. ``legal``
    holds the actions of the player to act when the viewer may act for them; ``illegal`` maps each
    card of that player's hand that may not be played to the explanation core gives.
    ``tricks_won`` is per seat, or per side where the game scores tricks by side (Five Hundred);
    ``kitty``, ``stock`` and ``discards`` (a contractor's discards while it discards, a robber's card given up) are
    counts, or the cards themselves when the viewer may see them;
    ``last_trick`` is ``[(seat, card), …]`` and ``last_trick_winner`` the seat that took it.
    ``score_unit`` says what ``scores`` count (the game's score, a hand's card points or game points), since the same
    figures mean different things from one game, and one moment, to another.
    ``calls`` is the auction so far, ``[(seat, call), …]`` in the order made (public: every seat heard them), and
    ``high_bid`` the standing bid ``(seat, call)`` while the auction goes on (``contract`` once it is over).
    ``strain`` is the strain the hand is played in as the referee writes it (C, D, H, S, or NT), None while it is not
    known: a family whose contracts may name no trump suit says so; else it is the trump suit's letter.
    """

    __slots__ = ("game", "players", "viewer", "dealer", "to_act", "phase", "hands", "trick", "leader",
                 "trump", "turn_up", "kitty", "stock", "discards", "scores", "score_labels", "score_unit", "tricks_won",
                 "legal", "illegal", "last_trick", "last_trick_winner", "contract", "notes", "over", "calls",
                 "high_bid", "strain")
    game: str
    players: int
    viewer: int | None
    dealer: int
    to_act: int | None
    phase: str                         # a Phase's value: the hand's own (``hand.phase.value``), as its views say
    hands: list[Any]                   # per seat: its cards when visible, else how many it holds
    trick: list[tuple[int, Card]]      # (seat, card) in play order
    leader: int | None
    trump: Any                         # a suit, or a family's own strain (Five Hundred's no trumps)
    turn_up: Card | None
    kitty: Any                         # a count, or the cards when the viewer may see them; so stock and discards
    stock: Any
    discards: Any
    scores: list[int]
    score_labels: list[Any]
    score_unit: Any                    # a Text naming what ``scores`` count, or None with no scores
    tricks_won: list[int]
    legal: Sequence[Action]
    illegal: dict[Card, Explanation]
    last_trick: list[tuple[int, Card]] | None
    last_trick_winner: int | None
    contract: Any
    notes: list[Any]
    over: bool
    calls: list[tuple[int, str]]
    high_bid: tuple[int, str] | None
    strain: str | None

    def __init__(self, **fields: Any) -> None:
        defaults: dict[str, Any] = {
                    "viewer": None, "dealer": 0, "to_act": None, "phase": "play", "trick": [], "leader": None,
                    "trump": None, "turn_up": None, "kitty": 0, "stock": 0, "discards": 0, "scores": [],
                    "score_labels": [], "score_unit": None,
                    "tricks_won": [], "legal": [], "illegal": {}, "last_trick": None, "last_trick_winner": None,
                    "contract": None,
                    "notes": [], "over": False, "calls": [], "high_bid": None}
        for name in self.__slots__:
            setattr(self, name, fields.pop(name, defaults.get(name)))
        if fields:
            raise TypeError(f"unknown TableView fields: {', '.join(fields)}")
        if self.strain is None and isinstance(self.trump, Suit):
            self.strain = self.trump.letter

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


def auction_fields(auction: Any) -> dict[str, Any]:
    """A table view's ``calls`` and ``high_bid`` from an auction (``calls``, ``bid``, ``high_bidder``, ``over``),
    or none for a hand without one."""
    if auction is None:
        return {}
    standing = auction.bid is not None and not auction.over
    return {"calls": list(auction.calls), "high_bid": (auction.high_bidder, auction.bid) if standing else None}


def given_up_when_robbing(discards: Sequence[Sequence[Card]], robbed_by: int | None, viewer: int | None) -> Any:
    """The table's ``discards`` in a game where the turned card is robbed: the card the robber gave up face down, to
    the robber and to the view of every hand (a walk-through named it and never showed it), its count to the others;
    0 before anyone robs."""
    if robbed_by is None or not discards[robbed_by]:
        return 0
    return list(discards[robbed_by]) if viewer in (None, robbed_by) else len(discards[robbed_by])
