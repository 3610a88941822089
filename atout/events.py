"""What happened and why: explanations citing a rule, the events a hand's actions make, and how a sentence names a
player."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from atout.actions import (
    Action,
    Phase,
)
from atout.cards import Card
from atout.i18n import N_, Person, Text


class Explanation:
    """Why something happened or is forbidden: a sentence and the id of the rule that decides it.

    The sentence is written for a viewer (``render(lang, viewer)``: the player it names is "you" to
    themself); the rule id stays beside it, for a link to the rule's statement, never inside it.
    """

    __slots__ = ("rule", "text")

    def __init__(self, rule: str, text: Text) -> None:
        self.rule = rule
        self.text = text

    def render(self, lang: str | None = None, viewer: int | None = None) -> str:
        """The sentence, in ``lang`` for ``viewer``."""
        return self.text.render(lang, viewer)

    sentence = render

    def cited(self, lang: str | None = None, viewer: int | None = None) -> str:
        """The sentence with its rule id after it, for logs and tests: "… (45.rank.five-of-trumps)"."""
        return f"{self.render(lang, viewer)} ({self.rule})"

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Explanation({self.cited('en')!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Explanation) and (self.rule, self.text) == (other.rule, other.text)

    def __hash__(self) -> int:
        return hash(self.rule)

    def to_dict(self) -> dict[str, Any]:
        """Its rule and itself, as a referee answer carries them: ``atout.referee`` writes the sentence for the
        viewer when it answers (``answer_json``)."""
        return {"rule": self.rule, "explanation": self}


class Moment(NamedTuple):
    """When an action is refused as ill-timed or as another game's: the phase, the game, and what the player to
    act may do instead (a ``Refusal``'s ``data`` for such a reason)."""

    phase: Phase
    game: str
    legal: tuple[Action, ...]


class Refusal(NamedTuple):
    """Why a hand refuses an action, as facts: the family's ``reason`` (a member of its ``Refused``), the ``seat``
    refused (the player to act; None at the deal and once the hand is over), the ``action`` and the facts the
    reason names (``data``: each family's ``Refused`` says which). The hand decides the refusal; its family's
    ``explain.explain_refusal`` words it and cites the rule, as ``explain_event`` does for an event."""

    reason: enum.Enum
    seat: int | None
    action: Action
    data: Any = None


# Who reads an event's sentence when it is said to the whole table: a seat that sees only what everybody saw (a card
# laid face down is counted, never named). ``Event.explanation`` is said to it; ``explanation_for`` to a seat, or to the
# teacher's every-hand view (None).
ONLOOKER = -1


class Event:
    """What one action did. The explanation is built on first access.

    ``cards`` are the cards it moved besides its action's own card (drawn from the stock, taken from the kitty,
    discarded by the rules), ``shown`` the cards it shows to the table where they lie (a marriage's king and queen):
    a table rings those of both it shows. Its family's explainer words it for a viewer
    (``explainer(event, viewer)``, the viewer ``ONLOOKER`` when left out): the cards moved face down are named to the
    seat they belong to and to every-hand view (None), counted for anyone else."""

    __slots__ = ("kind", "seat", "action", "data", "cards", "shown", "_explainer", "_explanation", "consequences")

    def __init__(self, kind: str, seat: int | None, action: Action | None, data: Any,
                 explainer: Callable[..., Explanation], cards: Sequence[Card] = (), shown: Sequence[Card] = ()) -> None:
        self.kind = kind
        self.seat = seat
        self.action = action
        self.data = data
        self.cards = tuple(cards)
        self.shown = tuple(shown)
        self._explainer = explainer
        self._explanation: Explanation | None = None
        self.consequences: list[Event] = []  # automatic events this one caused

    @property
    def explanation(self) -> Explanation:
        """What happened as the whole table saw it (said to an ``ONLOOKER``)."""
        if self._explanation is None:
            self._explanation = self._explainer(self)
        return self._explanation

    def explanation_for(self, viewer: int | None) -> Explanation:
        """What happened as ``viewer`` may know it: a seat is told the cards it moved face down (its discards, what
        it drew, the kitty it took), the every-hand view (None) every card; the rule is the same for all."""
        if viewer == ONLOOKER:
            return self.explanation
        return self._explainer(self, viewer)

    @property
    def rule(self) -> str:
        return self.explanation.rule

    def flatten(self) -> Iterator[Event]:
        """This event and, in order, the automatic ones it caused (a trick won, a hand scored)."""
        yield self
        for event in self.consequences:
            yield from event.flatten()

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, seat={self.seat}, {self.explanation.cited('en')!r})"


def sees(viewer: int | None, owner: int | None) -> bool:
    """Whether ``viewer`` sees the cards ``owner`` moved face down: its own, or every hand face up (None)."""
    return viewer is None or (owner is not None and viewer == owner)


def card_not_held(rule: str, seat: Any, card: Card | None, hand: Any) -> Explanation:
    """The refusal of a card the player does not hold, with their hand: the same words in every game, under the
    game's own rule (where the hand comes from)."""
    return Explanation(rule, Text("{seat} does not hold {card}; their hand is {hand}", seat=seat, card=card,
                                  hand=hand, you=N_("You do not hold {card}; your hand is {hand}")))


def seat_name(seat: int) -> Person:
    """A player as sentences name them: "you" to themself, "Player 2" to others (see ``atout.i18n.Person``)."""
    return Person(seat)
