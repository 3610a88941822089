"""Spoil Five's cases for the catalogue of sentences (``atout.catalogue``): the hands and games it plays for them,
and the sentences only a caller of core's functions meets."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from atout.family_contract import LongWalk

# The hands played for the catalogue: the preset with the options whose sentences differ, from a few seeds.
PLAYED: tuple[tuple[str, dict[str, Any]], ...] = (
    ("spoil-five", {}), ("spoil-five", {"players": 2}), ("spoil-five", {"dealer_rob": "must"}),
    ("spoil-five", {"ace_holder_rob": "must"}), ("spoil-five", {"jinx": False}),
    ("spoil-five", {"must_follow_suit": True}))
# The whole games played to their end, with a short target.
WHOLE_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (("spoil-five", {"target": 5, "players": 3}),)
# A deal of each preset whose walk-through says the longest sentences of the deals tried (a jinx and its pool).
LONG_WALKS: Mapping[str, LongWalk] = {
    # Two players, the first to three tricks jinxing (the longest of 720 deals tried: 2 to 10 players, seeds 0-39,
    # club and random play).
    "spoil-five": LongWalk("1J0-0000-0429", "5S.3H.8H.4H.7H.9D.jinx.10D.9S.KD.KS", 340),
}


def direct_cases() -> Iterator[Any]:
    """A trick of one card so far, as a view explains it while it is played; a jinx made and failed, scored; the
    moments a hand played by its first legal actions meets only with some deals and options."""
    yield from _scores()
    yield from _moments()


def _scores() -> Iterator[Any]:
    from atout.cards import Card, Suit
    from atout.catalogue import _explained, _render
    from atout.spoil_five import ranking
    from atout.spoil_five.config import make_config
    from atout.spoil_five.explain import explain_score, table_notes
    from atout.spoil_five.scoring import pool_result

    yield from _explained("Spoil Five: a trick of one card so far, 7♠", "engine",
                          ranking.explain_trick([Card.parse("7S")], Suit.HEARTS))
    config = make_config("spoil-five", players=3)
    for winner, jinx in ((0, "made"), (0, "failed"), (1, None), (None, None)):
        result = pool_result(config, 0, 0, winner, jinx, [0, 0, 0])
        yield from _explained(f"Spoil Five: the score, jinx {jinx}, winner {winner}", "engine", explain_score(result))
        for note in table_notes(None, result.pool, None, result):
            yield from _render(f"Spoil Five: the table's note once the hand is over, winner {winner}", "engine", note,
                               seat=winner)


def _moments(seeds: range = range(300)) -> Iterator[Any]:
    """A turned ace the dealer may rob, and the jinx and stop asked for at the robbing; an ace of trumps its holder
    must rob; the jinx asked for in the play, with and without the jinx; another game's move when the winner of the
    first three tricks decides whether to jinx."""
    from atout.catalogue import _explained, _render
    from atout.engine import Phase
    from atout.hints import reason
    from atout.spoil_five import new_hand

    wanted = {"dealer": True, "holder": True, "asked": True, "jinx": True}
    for seed in seeds:
        hand = new_hand("spoil-five", seed=seed, players=3, ace_holder_rob="must")
        if wanted["dealer"] and hand.phase is Phase.ROB:
            wanted["dealer"] = False
            yield from _explained("Spoil Five: a turned ace, the dealer may rob", "engine", hand.explain_rob())
            for action in ("jinx", "stop"):
                yield from _explained(f"Spoil Five: {action} at the robbing", "engine", hand.explain_illegal(action))
            continue
        if wanted["holder"] and hand.rob_offer is not None:
            wanted["holder"] = False
            yield from _explained("Spoil Five: the ace of trumps, its holder must rob", "engine", hand.explain_rob())
            card = hand.hands[hand.rob_offer][0]
            yield from _explained("Spoil Five: a card played before the must-rob", "engine",
                                  hand.explain_illegal(f"play {card.code}"))
        while hand.phase is Phase.PLAY and hand.jinx_offer is None:
            if wanted["asked"] and not hand.tricks and hand.rob_offer is None:
                wanted["asked"] = False
                yield from _explained("Spoil Five: a jinx asked for in the play", "engine",
                                      hand.explain_illegal("jinx"))
                plain = new_hand("spoil-five", seed=seed, players=3, jinx=False)
                if plain.phase is Phase.PLAY:
                    yield from _explained("Spoil Five without the jinx: a jinx asked for", "engine",
                                          plain.explain_illegal("jinx"))
            hand.apply(hand.legal_actions()[0])
        if wanted["jinx"] and hand.jinx_offer is not None:
            wanted["jinx"] = False
            yield from _explained("Spoil Five: a bid when the winner of the first three tricks decides", "engine",
                                  hand.explain_illegal("bid 15"))
            for choice in hand.legal_actions():     # the hint's reasons for stopping and jinxing
                said = reason(hand, hand.jinx_offer, choice)
                yield from (s for s in _render(f"Spoil Five: the hint's reason to {choice}", "hint", said,
                                               seat=hand.jinx_offer) if s.viewer == "you")
        if not any(wanted.values()):
            return
