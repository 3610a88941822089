"""Forty-Fives' cases for the catalogue of sentences (``atout.catalogue``): the hands and games it plays for them,
and the sentences only a caller of core's functions meets."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from atout.family_contract import LongWalk

# The hands played for the catalogue: each preset with the options whose sentences differ, from a few seeds.
PLAYED: tuple[tuple[str, dict[str, Any]], ...] = (
    ("forty-fives", {"players": 3}), ("forty-fives", {"players": 4}),
    ("forty-fives", {"players": 4, "must_follow_suit": True}),
    ("forty-fives-partners", {}), ("forty-fives-partners", {"scoring": "tricks"}),
    ("auction-forty-fives", {}), ("auction-forty-fives", {"partners": True}),
    ("auction-forty-fives", {"free_discard": True}), ("auction-forty-fives", {"kitty": 0}),
)
# The whole games played to their end, with short targets.
WHOLE_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("forty-fives", {"target": 25}), ("forty-fives-partners", {"target": 25}),
    ("auction-forty-fives", {"target": 60}))
# A deal of each preset whose walk-through says the longest sentences of the deals tried, with the computer's
# line given whole: the dealer robbing an ace, a partnership's score with its working, a bidder who fell short.
LONG_WALKS: Mapping[str, LongWalk] = {
    "forty-fives": LongWalk("030-0000-6533", "rob_2D.9D.10D.AH.8S.5S.2S.7S.6S.4H.8C.KC.7C.QH.6D.KD", 390),
    "forty-fives-partners": LongWalk(
        "0C0-0000-6747", "10C.rob_AD.2C.10S.8S.7H.10H.5S.9H.JD.3D.4D.4H.6H.QH.6S.4C.JH.AC.AS.8C", 390),
    "auction-forty-fives": LongWalk("0M0-0000-5A5A", "bid_5.bid_10.bid_pass.bid_hold.bid_pass.bid_pass.trump_D.4S.2D."
                                    "8D.KD.7C.10D.JC.AD.2H.8H.QH.4D.7S.9H.JS.KS.JD.9D.KH.AH", 390),
}


def direct_cases() -> Iterator[Any]:
    """A trick of one card so far, as a view explains it while it is played; what the auction says once over; the
    hint's reasons to rob."""
    yield from _hint_reasons()
    yield from _other_cases()


def _hint_reasons(seeds: range = range(120)) -> Iterator[Any]:
    """The hint's reason for each choice before the play (a rob, keeping the hand, a call, naming trumps, taking
    the kitty, finishing the discard), each sentence the first time hands played by club players meet it, in
    every preset and house rule played here: a rob or a turned ace comes only with some deals."""
    from atout.catalogue import _render
    from atout.forty_fives.explain import hint_reason
    from atout.games import package_of
    from atout.players import make_player

    met: set[str] = set()
    for game, options in PLAYED:
        for seed in seeds:
            hand = package_of(game).new_hand(game, seed=seed, **options)
            player = make_player(game, "club", seed=seed)
            while not hand.is_over and not hand.tricks:       # every choice but a card is made by the first trick
                seat = hand.to_act
                for action in hand.legal_actions():
                    said = hint_reason(hand, seat, action) if action.kind not in ("play", "discard") else None
                    if said is not None and said.msgid not in met:
                        met.add(said.msgid)
                        case = f"hint in {game} {options} (seed {seed}, {len(hand.history)} actions in): {action}"
                        yield from (s for s in _render(case, "hint", said, seat=seat) if s.viewer == "you")
                hand.apply(player.act(hand, seat))


def _other_cases() -> Iterator[Any]:
    """A trick of one card so far, as a view explains it while it is played; what the auction says once over."""
    from atout.cards import Card, Suit
    from atout.catalogue import _explained
    from atout.forty_fives import ranking
    from atout.forty_fives.bidding import Auction

    yield from _explained("Forty-Fives: a trick of one card so far, 7♠", "engine",
                          ranking.explain_trick([Card.parse("7S")], Suit.HEARTS))
    forty = Auction(3, 0, ("5", "10", "15", "20", "25", "30", "30-for-60", "60-for-120"), False)
    for call in ("15", "pass", "pass"):
        forty.call(call)
    yield from _explained("Auction Forty-Fives: a call once the auction is over", "engine",
                          forty.explain_illegal("20"))
    from atout.forty_fives import new_hand
    hand = new_hand("auction-forty-fives", seed=1, min_bid=15)
    hand.apply("bid 15")
    yield from _explained("Auction Forty-Fives: trumps named during the bidding", "engine",
                          hand.explain_illegal("trump H"))
