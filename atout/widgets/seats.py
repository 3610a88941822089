"""How the widgets name the people at the table: the one place a seat becomes words on screen.

Players are people: the learner's own seat is "You", every other seat "Player 1" … "Player N", counted from 1
(core numbers seats from 0). A side is its players ("Player 1 and Player 3"). Every label a widget writes for a
seat comes from ``player_label``, so a change of wording ("West", "your partner") is one edit here.

Sentences that carry a label put it where it reads as a name in every language ("To play: Player 2",
"À jouer : Joueur 2"), never after a French "à" or "de", which would need an article ("au joueur 2").

>>> player_label(0).render("en"), player_label(2, you=2).render("en"), player_label(3).render("fr")
('Player 1', 'You', 'Joueur 4')
>>> side_label([0, 2]).render("en")
'Player 1 and Player 3'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from atout.i18n import Person, Text, get_language, render_value


def player_label(seat: int, you: int | None = None) -> Text:
    """A seat's name on screen: "You" for ``you``'s seat (the learner's own), else "Player N", 1-based. The name is
    core's ``Person``, the one every sentence of core uses, so a label and a sentence never name a player apart."""
    if you is not None and seat == you:
        return Text("You")
    return Text("{seat}", seat=Person(seat))


class Players:
    """Several players named together, joined by the language's "and" when shown."""

    __slots__ = ("labels",)

    def __init__(self, labels: list[Text]) -> None:
        self.labels = labels

    def render(self, lang: str | None = None) -> str:
        return render_value(self.labels, lang or get_language())

    def __str__(self) -> str:
        return self.render()


def side_label(seats: Iterable[int], you: int | None = None) -> Players:
    """A side, named by its players: "Player 1 and Player 3" (or "You and Player 3")."""
    return Players([player_label(seat, you) for seat in seats])


def unit_label(hand: Any, unit: int, units: int, you: int | None = None, own: Sequence[Any] = ()) -> Any:
    """The label of one of ``units`` scoring units, the same wherever a widget labels one (the table's scores, the
    score sheet's columns and chart, the game's score and winner at the end of a hand): a player, or a side named by
    its players ("You and Player 3"), so that the learner sees who their partner is. Core's ``side_of`` says who
    sits on which side; for a hand of a family that does not say, the family's ``own`` label for the side.

    >>> from atout.forty_fives import FortyFivesGame
    >>> hand = FortyFivesGame("forty-fives-partners", seed=1).hand
    >>> [unit_label(hand, side, 2, you=0).render("en") for side in range(2)]
    ['You and Player 3', 'Player 2 and Player 4']
    """
    players = len(hand.hands)
    if units == players:
        return player_label(unit, you)
    side_of = getattr(hand, "side_of", None)
    if side_of is None:
        return own[unit] if unit < len(own) else Text("Side {n}", n=unit + 1)
    return side_label([seat for seat in range(players) if side_of(seat) == unit], you)
