"""Sixty-Six's cases for the catalogue of sentences (``atout.catalogue``): the hands and games it plays for them,
and the sentences only a caller of core's functions meets."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from atout.family_contract import LongWalk

# The hands played for the catalogue: the preset with the options whose sentences differ, from a few seeds.
PLAYED: tuple[tuple[str, dict[str, Any]], ...] = (
    ("sixty-six", {}), ("sixty-six", {"tie_carries": True}), ("sixty-six", {"show_totals": True}))
# The whole games played to their end.
WHOLE_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (("sixty-six", {}),)
# A deal of each preset whose walk-through says the longest sentences of the deals tried, with the computer's
# line given whole (Sixty-Six's closing and its rule).
LONG_WALKS: Mapping[str, LongWalk] = {
    "sixty-six": LongWalk("120-0000-611Y", "9D.KH.draw.marriage_KC.QC.10D.draw.JH.KD.draw.JC.QD.draw.exchange_9S."
                          "KC.JD.draw.9C.QH.close.AD.QS.AS.JS.10S.KS.AH.10H.10C.AC", 390),
}


def direct_cases() -> Iterator[Any]:
    """Game points carried from a tied hand, the rules of play once the non-dealer has closed at once, and the
    hint's reason for each choice that plays no card."""
    from atout.catalogue import _explained
    from atout.games import package_of

    yield from _carried()
    yield from _hint_reasons()
    closed = package_of("sixty-six").new_hand("sixty-six", seed=1)
    closed.apply("close")
    yield from _explained("Sixty-Six: the rules of play once the non-dealer has closed before the first trick",
                          "engine", closed.explain_play())


def _carried() -> Iterator[Any]:
    """Sixty-Six with game points carried from a tied hand (house rule): the table's note, and the score of the
    hand that takes them, played to its end by the first legal action each time."""
    from atout.catalogue import _explained, _render, _subject
    from atout.engine import HandStart
    from atout.sixty_six.config import make_config
    from atout.sixty_six.hand import SixtySixHand

    hand = SixtySixHand.dealt(make_config("sixty-six", {"tie_carries": True}), 5, 0, HandStart(carry=1))
    for note in hand.table_view(0).notes:
        yield from _render("Sixty-Six, 1 game point carried in: on the table", "engine", note, seat=_subject(note))
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    yield from _explained("Sixty-Six, 1 game point carried in: the hand's score", "engine",
                          hand.events[-1].explanation if hand.events[-1].kind == "score" else
                          next(e.explanation for ev in hand.events for e in ev.flatten() if e.kind == "score"))


def _hint_reasons(seeds: range = range(100)) -> Iterator[Any]:
    """The hint's reason for each choice that plays no card (to declare, close, draw, exchange, show a marriage),
    each sentence the first time a hand played by club players meets it: some come seldom (a marriage shown before
    the first trick, 66 reached as a trick is won), so hands are played until each has come."""
    from atout.catalogue import _render
    from atout.games import package_of
    from atout.players import make_player
    from atout.sixty_six.explain import hint_reason

    met: set[str] = set()
    for seed in seeds:
        hand = package_of("sixty-six").new_hand("sixty-six", seed=seed)
        player = make_player("sixty-six", "club", seed=seed)
        while not hand.is_over:
            seat = hand.to_act
            for action in hand.legal_actions():
                said = hint_reason(hand, seat, action) if action.kind != "play" else None
                if said is not None and said.msgid not in met:
                    met.add(said.msgid)
                    case = f"hint in sixty-six (seed {seed}, {len(hand.history)} actions in): {action}"
                    yield from (s for s in _render(case, "hint", said, seat=seat) if s.viewer == "you")
            hand.apply(player.act(hand, seat))
        if len(met) == HINT_REASONS:
            return


HINT_REASONS = 8       # the sentences of ``hint_reason``
