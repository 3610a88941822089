"""Euchre's cases for the catalogue of sentences (``atout.catalogue``): the hands and games it plays for them, and
the sentences only a caller of core's functions meets."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from atout.family_contract import LongWalk

# The hands played for the catalogue: the preset with the options whose sentences differ, from a few seeds.
PLAYED: tuple[tuple[str, dict[str, Any]], ...] = (("euchre", {}), ("euchre", {"stick_the_dealer": True}),
                                                  ("euchre", {"partner_orders_alone": True}))
# The whole games played to their end, with a short target.
WHOLE_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (("euchre", {"target": 5}),)
# The walk-through with the longest words of the 399 seeded deals tried (a dealer's pickup and discard), in French.
LONG_WALKS: Mapping[str, LongWalk] = {
    "euchre": LongWalk("1C0-0000-0831", "pass.order.with-partner.discard_JD.QH.JC.10H.9H.9S.JS.KH.AS.9D.QS.JH.10D.KC."
                       "10C.KD.AC.AD.QC.QD.9C", 300),
}


def direct_cases() -> Iterator[Any]:
    """A trick of one card so far, the score sheet's line for a hand thrown in, and a hand asked to act before its
    deal."""
    from atout.cards import Card, Suit
    from atout.catalogue import _explained
    from atout.euchre import ranking
    from atout.euchre.config import make_config
    from atout.euchre.explain import explain_score
    from atout.euchre.hand import EuchreHand
    from atout.euchre.scoring import thrown_in

    yield from _explained("Euchre: a trick of one card so far, 9♠", "engine",
                          ranking.explain_trick([Card.parse("9S")], Suit.HEARTS))
    yield from _explained("Euchre: the score sheet's line for a hand thrown in", "engine",
                          explain_score(thrown_in([3, 4])))
    undealt = EuchreHand(make_config("euchre"), 0)
    yield from _explained("Euchre: a card played before the deal", "engine", undealt.explain_illegal("play 9S"))
    yield from _explained("Euchre: a deal of the wrong cards", "engine", undealt.explain_illegal("deal 9S 10S"))
    yield from _making()
    yield from _endings()


def _making() -> Iterator[Any]:
    """Making trumps: the turned-down suit named, the dealer stuck, the dealer's partner made to go alone, four
    passes twice, a card played naming a suit."""
    from atout.cards import Suit
    from atout.catalogue import _explained
    from atout.engine import Action
    from atout.euchre.hand import EuchreHand

    hand = EuchreHand.new("euchre", seed=3, dealer=3, stick_the_dealer=True)
    for _ in range(4):
        hand.apply("pass")
    assert hand.up_card is not None and hand.up_card.suit is not None, "a dealt hand has its up-card"
    yield from _explained("Euchre: the turned-down suit named in the second round", "engine",
                          hand.explain_illegal(Action("name", None, hand.up_card.suit)))
    for _ in range(3):
        hand.apply("pass")
    yield from _explained("Euchre, stick the dealer: the dealer passing in the second round", "engine",
                          hand.explain_illegal("pass"))
    thrown = EuchreHand.new("euchre", seed=3, dealer=3)
    for _ in range(8):
        event = thrown.apply("pass")
    for said in event.flatten():
        yield from _explained(f"Euchre: four passes twice ({said.kind})", "engine", said.explanation)
    alone = EuchreHand.new("euchre", seed=3, dealer=0, partner_orders_alone=True)
    alone.apply("pass")
    alone.apply("order")
    yield from _explained("Euchre, the dealer's partner ordering up must go alone: playing with the partner",
                          "engine", alone.explain_illegal("with-partner"))
    alone.apply("alone")
    assert alone.to_act is not None, "the play has a player to act"
    card = alone.hands[alone.to_act][0]
    yield from _explained("Euchre: a card played naming a suit", "engine",
                          alone.explain_illegal(Action("play", card, Suit.SPADES)))


def _endings() -> Iterator[Any]:
    """A hand taken up at an ending, the maker alone or with the partner, to the table and to a seat."""
    from atout.catalogue import _explained
    from atout.position import hand_from_text

    for how in ("alone", "partner"):
        hand = hand_from_text(f"game: euchre\ndealer: 0\ncontract: 1 {how}\ntrump: H\nseat 0: JH 9S\n"
                              "seat 1: JD AS\nseat 2: 9H 10H\nseat 3: KS QS\ntrick: 0\nwon: 1 1 1 0")
        event = hand.events[0]
        for viewer in (None, 0, 1):
            yield from _explained(f"Euchre: a hand taken up at an ending, the maker {how}, seen by {viewer}",
                                  "engine", event.explanation_for(viewer))
