"""Five Hundred's cases for the catalogue of sentences (``atout.catalogue``): the hands and games it plays for them,
and the sentences only a caller of core's functions meets."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from atout.family_contract import LongWalk

# The hands played for the catalogue: the preset with the options whose sentences differ, from a few seeds.
PLAYED: tuple[tuple[str, dict[str, Any]], ...] = (("five-hundred", {}), ("five-hundred", {"misere": True}))
# The whole games played to their end, with a short target.
WHOLE_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (("five-hundred", {"target": 250}),)
# A deal of each preset whose walk-through says the longest sentences of the deals tried, with the computer's
# line given whole (Five Hundred's order of trumps).
LONG_WALKS: Mapping[str, LongWalk] = {
    "five-hundred": LongWalk("0W0-0000-5C6C", "bid_6C.bid_6D.bid_6H.bid_pass.bid_pass.bid_7D.bid_7H.bid_pass."
                             "discard_JC.discard_4D.discard_5D.7H.4H.5C.10H.9C.AC.7C.6C.9H.8H.6S.JD.10C.8S.5S.QC.AS."
                             "6D.9S.7S.KC.9D.QS.QH.AD.8D.QD.KD.KS.10S.5H.KH.AH.7D.8C.JK.6H.JH.JS.10D", 390),
}


def direct_cases() -> Iterator[Any]:
    """A trick of one card so far, the score sheet's line for a hand thrown in, what an auction says once it is over
    and a hand asked to act before its deal, the joker's lead."""
    from atout.cards import Card, Suit
    from atout.catalogue import _explained
    from atout.five_hundred import ranking
    from atout.five_hundred.explain import explain_score
    from atout.five_hundred.scoring import thrown_in

    yield from _explained("Five Hundred: a trick of one card so far, 7♠", "engine",
                          ranking.explain_trick([Card.parse("7S")], Suit.HEARTS))
    yield from _explained("Five Hundred: the score sheet's line for a hand thrown in", "engine",
                          explain_score(thrown_in([120, 40])))
    yield from _auction_over()
    yield from _jokers()
    yield from _hint_reasons()


def _auction_over() -> Iterator[Any]:
    """What an auction says once it is over, and a hand asked to act before its deal."""
    from atout.catalogue import _explained
    from atout.five_hundred.bidding import Auction
    from atout.five_hundred.config import make_config
    from atout.five_hundred.hand import FiveHundredHand

    five = Auction(make_config("five-hundred"), dealer=0)
    for call in ("7S", "pass", "pass", "pass"):
        five.call(call)
    yield from _explained("Five Hundred: a call once the auction is over", "engine", five.explain_illegal("8S"))
    undealt = FiveHundredHand(make_config("five-hundred"), 0)
    yield from _explained("Five Hundred: a card played before the deal", "engine", undealt.explain_illegal("play 5S"))
    yield from _explained("Five Hundred: a deal of the wrong cards", "engine", undealt.explain_illegal("deal 5S 6S"))


def _jokers() -> Iterator[Any]:
    """The joker's lead in Five Hundred: the suit it names, and cards named with a suit that are not the joker."""
    from atout.cards import Card, Suit
    from atout.catalogue import _explained
    from atout.engine import Action
    from atout.five_hundred import ranking
    from atout.games import package_of

    hand = [Card.parse(c) for c in ("JK", "5S", "7H")]
    yield from _explained("Five Hundred, hearts trumps: the joker led naming a suit", "engine",
                          ranking.explain_joker_suit(Suit.SPADES, Suit.HEARTS))
    yield from _explained("Five Hundred, no trumps: the joker led naming no suit", "engine",
                          ranking.explain_joker_suit(None, None))
    yield from _explained("Five Hundred, no trumps: the joker led naming hearts, which the leader showed out of",
                          "engine", ranking.explain_joker_suit(Suit.HEARTS, None, [Suit.HEARTS]))
    yield from _explained("Five Hundred: a card that is not in the hand (J♠, hand JK 5♠ 7♥)", "engine",
                          ranking.explain_illegal(Card.parse("JS"), hand, [Card.parse("AS")], Suit.HEARTS))
    led = package_of("five-hundred").new_hand("five-hundred", seed=2)
    for call in ("bid 7NT", "bid pass", "bid pass", "bid pass"):
        led.apply(call)
    while led.phase.value != "play":
        led.apply(led.legal_actions()[0])
    card = next(c for c in led.hands[led.to_act] if c.code != "JK")
    yield from _explained(f"Five Hundred, no trumps: {card.render('en')} led naming hearts", "engine",
                          led.explain_illegal(Action("play", card, Suit.HEARTS)))


def _hint_reasons(seeds: range = range(20)) -> Iterator[Any]:
    """The hint's reason for each call (a suit, no trumps, misère, open misère, a pass), each sentence the first
    time the auctions of hands played by club players meet it, misère played."""
    from atout.catalogue import _render
    from atout.five_hundred.explain import hint_reason
    from atout.games import package_of
    from atout.players import make_player

    met: set[str] = set()
    for game, options in PLAYED:
        for seed in seeds:
            hand = package_of(game).new_hand(game, seed=seed, **options)
            player = make_player(game, "club", seed=seed)
            while not hand.is_over and not hand.tricks and any(a.kind == "bid" for a in hand.legal_actions()):
                seat = hand.to_act
                for action in hand.legal_actions():
                    said = hint_reason(hand, seat, action)
                    if said is not None and said.msgid not in met:
                        met.add(said.msgid)
                        case = f"hint in {game} {options} (seed {seed}, {len(hand.history)} actions in): {action}"
                        yield from (s for s in _render(case, "hint", said, seat=seat) if s.viewer == "you")
                hand.apply(player.act(hand, seat))
