"""The conformance suite over played hands (issue 36 §2): for every registered preset (``atout.games``) and every
player count it allows, random playouts to the end, and at each step what every family must keep:

* every event's explanation, said to the table and to each seat, rendered in every language (``atout.languages``);
* the history replays to the same hand, and ``undo`` takes back each action to the hand as it was;
* position text (long and short forms) and deal codes round-trip;
* a seat's view names no card the seat has not seen or held;
* the referee (``atout judge``) agrees with the engine on every trick's winner and every player's legal cards;
* the solver agrees with a brute-force search over the engine's own actions on the last tricks.

The checks are the ones the families' own tests make by hand for their seeds (tests/core/test_views.py,
test_position.py, test_*_properties.py), made once for every game and count a registration allows. The bad-input half
of the suite is tests/core/test_conformance.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from atout.cards import Card
from atout.dealcode import DealSpec, deal, decode, encode
from atout.engine import HandBase, Phase
from atout.errors import IllegalActionError
from atout.games import GAMES, player_counts
from atout.languages import LANGUAGES
from atout.position import compact_text, format_compact, hand_from_text, parse_compact, position_text
from atout.referee import judge
from atout.rules_api import following, trump_text
from tests.core.test_conformance import deal as new_hand

EVERY_COUNT = [pytest.param(game, n, id=f"{game}-{n}") for game in GAMES for n in player_counts(game)]
SEEDS = 2


def playouts(game: str, players: int, seeds: int = SEEDS) -> Iterator[tuple[int, HandBase, random.Random]]:
    for seed in range(seeds):
        yield seed, new_hand(game, players, seed), random.Random(1000 + seed)


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a view: in its lists, tuples and dicts (a configuration or a contract's terms
    name none)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, dict):
        return {c for v in value.values() for c in cards_in(v)}
    if isinstance(value, list | tuple | set | frozenset):
        return {c for v in value for c in cards_in(v)}
    return set()


def seen_on_the_table(hand: HandBase, seat: int) -> set[Card]:
    """Every card ``seat``'s table showed it face up at some moment of the hand (after each event)."""
    seen: set[Card] = set()
    for view in hand.staged_views(seat):
        table = view.to_dict()
        for name in ("hands", "trick", "last_trick", "turn_up", "kitty", "discards"):
            seen |= cards_in(table.get(name))
    return seen


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_every_event_is_explained_in_every_language_to_the_table_and_to_each_seat(game, players):
    for _seed, hand, rng in playouts(game, players):
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert hand.result is not None
        for event in (e for top in hand.events for e in top.flatten()):
            for lang in LANGUAGES:
                for viewer in (None, *range(players)):
                    said = event.explanation_for(viewer)
                    text = said.render(lang, viewer=viewer)
                    assert text.strip() and "{" not in text and "}" not in text, (game, event, lang, text)
                    assert said.rule, (game, event)
                said = event.explanation.render(lang)
                assert said.strip() and "{" not in said, (game, event, lang, said)


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_the_history_replays_and_undo_takes_back_each_action(game, players):
    for _seed, hand, rng in playouts(game, players):
        texts = [position_text(hand)]
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
            texts.append(position_text(hand))
        again = type(hand).replay(hand.config, hand.history, hand.dealer, hand.start())
        assert position_text(again) == texts[-1] and again.returns() == hand.returns()
        assert position_text(hand.copy()) == texts[-1]
        for before in reversed(texts[:-1]):
            taken = hand.history[-1]
            assert hand.undo() == taken
            assert position_text(hand) == before
        with pytest.raises(IllegalActionError, match="nothing to take back"):
            hand.undo()
        assert position_text(hand) == texts[0]


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_position_text_in_both_forms_round_trips_at_every_step(game, players):
    for _seed, hand, rng in playouts(game, players, seeds=1):
        while True:
            text = position_text(hand)
            again = hand_from_text(text)
            assert position_text(again) == text, (game, players)
            assert [again.view(s) for s in range(players)] == [hand.view(s) for s in range(players)]
            short = compact_text(hand)
            assert format_compact(parse_compact(short)) == short
            from_short = hand_from_text(short)             # the short form keeps each holding, not its order
            assert compact_text(from_short) == short
            assert [sorted(h, key=str) for h in from_short.hands] == [sorted(h, key=str) for h in hand.hands]
            assert from_short.phase is hand.phase and from_short.to_act == hand.to_act
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_a_deal_code_deals_the_hand_its_game_deals(game, players):
    for dealer in range(players):
        spec = DealSpec(game, players, dealer, 7 + dealer)
        code = encode(spec)
        assert decode(code) == spec
        dealt = deal(code)
        direct = new_hand(game, players, 7 + dealer)
        assert dealt.dealer == dealer and len(dealt.hands) == players
        if dealer == direct.dealer:
            assert dealt.hands == direct.hands


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_a_seats_view_names_no_card_it_has_not_seen_or_held(game, players):
    """What ``view(seat)`` names (its hand, the tricks, a kitty, a turned card, discards…) is among the cards the seat
    held or its table showed it face up; and the other seats' hands are counts on its table, never cards, but for a
    hand laid face up on the table (an open misère's), which every seat's table shows."""
    for _seed, hand, rng in playouts(game, players):
        held: list[set[Card]] = [set(cards) for cards in hand.hands]
        while True:
            tables = [hand.table_view(seat).hands for seat in range(players)]
            for seat in range(players):
                held[seat] |= set(hand.hands[seat])
                shown = {s for s, cards in enumerate(tables[seat]) if isinstance(cards, list)} - {seat}
                assert all(isinstance(tables[other][s], list) for s in shown for other in range(players)), \
                    (game, players, hand.phase.value, seat, shown)
                named = cards_in(hand.view(seat))
                unseen = named - held[seat]
                if unseen:
                    unseen -= seen_on_the_table(hand, seat)
                assert not unseen, (game, players, hand.phase.value, seat, sorted(map(str, unseen)))
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))


def _options(game: str, players: int) -> dict[str, Any]:
    return {"players": players} if len(player_counts(game)) > 1 else {}


def _trump(trump: Any) -> str:
    return trump_text(trump)


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_the_referee_agrees_with_the_engine_on_every_trick_and_every_legal_card(game, players):
    """Asked as ``atout judge`` is, from what the seat to play sees: the cards it may play are the engine's legal
    plays, and each trick's winner the engine's."""
    asked = 0
    for _seed, hand, rng in playouts(game, players):
        while not hand.is_over:
            seat = hand.to_act
            plays = {a.card for a in hand.legal_actions() if a.kind == "play"}
            if plays and hand.phase is Phase.PLAY:
                view = hand.view(seat)
                query: dict[str, Any] = {"kind": "legal", "game": game, "trump": _trump(view["trump"]),
                                         "hand": [c.code for c in view["hand"]],
                                         "plays": [c.code for c in view["trick"]], "options": _options(game, players)}
                phase = following(game, view)
                if phase is not None:
                    query["phase"] = phase
                if view.get("joker_suit") is not None:
                    query["joker_suit"] = view["joker_suit"].letter
                answer = judge(query)
                assert "error" not in answer, (query, answer)
                assert set(answer["legal"]) == {c.code for c in plays}, (query, answer, sorted(map(str, plays)))
                asked += 1
            hand.apply(rng.choice(hand.legal_actions()))
        view = hand.view(0)
        joker_suits = view.get("joker_suits") or [None] * len(view["tricks"])
        for (leader, cards, winner), named in zip(view["tricks"], joker_suits, strict=True):
            if not cards:
                continue
            query = {"kind": "trick", "game": game, "trump": _trump(view["trump"]),
                     "plays": [c.code for c in cards], "options": _options(game, players)}
            if named is not None:
                query["joker_suit"] = named.letter
            answer = judge(query)
            assert "error" not in answer, (query, answer)
            assert _seat_of(hand, view, leader, answer["winner"]) == winner, (query, answer, leader, winner)
    assert asked > 0


def _seat_of(hand: HandBase, view: dict[str, Any], leader: int, position: int) -> int:
    """The seat that played the ``position``-th card of a trick ``leader`` led: play goes round the table, past a seat
    sitting out (a misère contractor's partner in Five Hundred)."""
    seats = [(leader + i) % len(hand.hands) for i in range(len(hand.hands))]
    seats = [s for s in seats if s != view.get("sitting_out")]
    return seats[position]


def brute_force(hand: HandBase, seat: int, leaf: Any) -> int:
    """What the rest of the hand is worth to ``seat``'s side with best play by everyone, every card known: minimax
    over the engine's own legal actions to the end, the finished hand valued by ``leaf``; every other side plays
    against it (in a game played alone, every other player)."""
    if hand.is_over:
        return int(leaf(hand))
    mine = hand.side_of(hand.to_act) == hand.side_of(seat)
    values = []
    for action in hand.legal_actions():
        after = hand.copy()
        after.apply(action)
        values.append(brute_force(after, seat, leaf))
    return max(values) if mine else min(values)


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_the_solver_agrees_with_a_brute_force_over_the_engine_on_the_last_tricks(game, players):
    """For every preset and count: random play to the last tricks, then for every seat the solver's value of the
    position against a brute-force search that knows only the engine (its legal actions and its end), in the hand's
    score for the seat's side (``atout.solver.scoring``); and in the search's own count (tricks, trick points) where
    no rule of the family ends a hand before its last trick (Spoil Five's hand ends when a player takes three tricks,
    where the search counts on to the fifth: the same pool, another count). The solver has no rule of its own that
    the engine does not play."""
    from atout.solver import solve_value
    from atout.solver.positions import adapter_of
    from atout.solver.scoring import scorer

    tried = 0
    for seed, hand, rng in playouts(game, players, seeds=3):
        left = 2 if players > 4 else 3
        while not hand.is_over and not (hand.phase is Phase.PLAY and hand.to_act is not None
                                        and len(hand.hands[hand.to_act]) <= left and _trick_empty(hand)):
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.is_over:
            continue                                 # thrown in, or ended early by a rule of the game
        adapter = adapter_of(hand)
        for seat in range(players):
            value, score = solve_value(hand, seat), scorer(hand, seat)
            where = (game, players, seed, seat, hand.history)
            assert value.exact, where
            assert score(value.lo) == brute_force(hand, seat, _played(adapter, seat, score)), where
            if not type(hand).EARLY_END_RULES:
                assert value.lo == brute_force(hand, seat, _played(adapter, seat)), where
        tried += 1
    assert tried, f"{game} at {players}: no hand reached its last tricks in three seeds"


def _played(adapter: Any, seat: int, score: Any = None) -> Any:
    """A finished hand's value for ``seat``'s side as the solver's adapter counts it (and scored, with ``score``)."""
    def value(end: HandBase) -> int:
        count = adapter.played_value(end, seat).lo
        return score(count) if score is not None else count
    return value


def _trick_empty(hand: HandBase) -> bool:
    trick = getattr(hand, "trick", None)
    return trick is None or not getattr(trick, "cards", trick)
