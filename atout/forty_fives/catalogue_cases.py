"""Forty-Fives' cases for the catalogue of sentences (``atout.catalogue``): the hands and games it plays for them,
and the sentences only a caller of core's functions meets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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
    from atout.games import family
    from atout.players import make_player

    met: set[str] = set()
    for game, options in PLAYED:
        for seed in seeds:
            hand = family(game).new_hand(game, seed=seed, **options)
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
