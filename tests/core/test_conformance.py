"""The conformance suite (issue 36 §2), in the spirit of OpenSpiel's tests over every registered game: for every
registered preset (``atout.games``) and every player count it allows, hands in every phase they pass through, the
deal and the finished hand included, are asked every public method of the hand API with bad arguments: seats the
hand does not have, values of the wrong type, text that is no action, cards the player does not hold, actions of
another phase and of another game. Each is answered with a narrow error (a subclass of ``AtoutError``, itself a
``ValueError``) in a short sentence, and the hand is unchanged (its position text, history and legal actions).

The methods are found on each family's hand class, not listed here: a method added tomorrow with a parameter this
suite has no bad values for fails the test that says so. A game is tested by registering it.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from atout.cards import Card
from atout.engine import Action, Explanation, HandBase, Phase, TableView
from atout.errors import AtoutError
from atout.games import GAMES, package_of, player_counts
from atout.position import position_text

EVERY_COUNT = [pytest.param(game, n, id=f"{game}-{n}") for game in GAMES for n in player_counts(game)]
LONGEST = 400         # the longest refusal here names an action and the actions allowed now


def deal(game: str, players: int, seed: int) -> HandBase:
    rules = package_of(game)
    if "players" in rules.config.OPTIONS:
        return rules.new_hand(game, seed=seed, players=players)
    return rules.new_hand(game, seed=seed)


def hands_in_every_phase(game: str, players: int, seeds: int = 3) -> list[HandBase]:
    """A hand before its deal; then, from random playouts, each hand as it enters each phase and once more midway
    through it (a trick under way, a bid made), and each finished hand."""
    begun = deal(game, players, 0)
    hands = [type(begun).begin(begun.config, dealer=players - 1)]
    for seed in range(seeds):
        hand, rng, seen = deal(game, players, seed), random.Random(seed), set()
        while True:
            if hand.phase not in seen or (rng.random() < 0.15 and len(seen) < 12):
                seen.add(hand.phase)
                hands.append(hand.copy())
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))
    assert {h.phase for h in hands} >= {Phase.DEAL, Phase.OVER}, (game, players)
    return hands


def actions_seen(game: str, players: int) -> list[Action]:
    """One action of every (phase, kind) random playouts of the game meet, and the cards of all its deck."""
    seen: dict[tuple[Phase, str], Action] = {}
    for seed in range(3):
        hand, rng = deal(game, players, seed), random.Random(seed)
        while not hand.is_over:
            for action in hand.legal_actions():
                seen.setdefault((hand.phase, action.kind), action)
            hand.apply(rng.choice(hand.legal_actions()))
    return list(seen.values())


OTHER_GAMES_ACTIONS = {game: actions_seen(game, player_counts(game)[0]) for game in GAMES}


def state(hand: HandBase) -> tuple[Any, ...]:
    """What must not change when a hand refuses something: its position as text, its history, what it allows."""
    text = position_text(hand) if not hand.is_chance else None
    return text, list(hand.history), tuple(hand.legal_actions()), hand.phase, hand.to_act


def refused(hand: HandBase, what: str, method: Callable[..., Any], *args: Any) -> AtoutError:
    """The narrow error ``method(*args)`` raises, in a short sentence, the hand unchanged."""
    before = state(hand)
    with pytest.raises(AtoutError) as info:
        method(*args)
    error = info.value
    assert type(error) is not AtoutError, f"{what}: refused with the base class, not a narrow error"
    assert 0 < len(str(error)) <= LONGEST, (what, str(error)[:500])
    assert state(hand) == before, f"{what}: the hand changed while refusing it"
    return error


# --- the bad values, by parameter ------------------------------------------------------------------------------------

def not_seats(players: int) -> list[Any]:
    return [-1, -players, players, players + 5, 2 ** 70, "0", "1", 1.0, True, False, [0], (0,), b"0"]


def not_actions() -> list[Any]:
    return [None, 5, 2.5, True, b"play AS", ["play", "AS"], {"kind": "play"}, "", "   ", "fly", "play", "play ZZ",
            "play AS AS AS", "bid", "trump X", "deal", "x" * 10_000, "play " + "A" * 500, "\x00", "play\x00AS",
            Action("play", "AS"), Action("play", 5), Action(5), Action(None), Action("deal", None, ("AS",))]


def illegal_actions(hand: HandBase, game: str, players: int) -> list[Action]:
    """Well-formed actions that are not legal now: every card not held by the player to act, played (held by
    another seat, or not in this deck at all); actions of the other phases and of the other games."""
    legal = set(hand.legal_actions())
    held = set(hand.hands[hand.to_act]) if hand.to_act is not None else set()
    deck = {card for cards in hand.hands for card in cards}
    others = [Card.parse(code) for code in ("2C", "3D", "JK", "AS", "9H")]
    actions = [Action("play", card) for card in sorted(deck - held, key=str)[:8] + others if card not in held]
    actions += actions_seen(game, players)
    actions += [a for other in GAMES if other != game for a in OTHER_GAMES_ACTIONS[other]]
    return [a for a in dict.fromkeys(actions) if a not in legal and a.kind not in ("deal", "ending")]


# --- the methods, found on the class ---------------------------------------------------------------------------------

CONSTRUCTORS = {"begin", "configure", "dealt", "new", "position", "replay", "shuffled_deal", "from_view", "make_config"}
MUTATORS = {"apply", "undo"}           # the methods that change a hand when they succeed


def public_methods(cls: type) -> Iterator[tuple[str, list[str]]]:
    """Each public method of a hand class (constructors aside), with the names of its parameters past ``self``."""
    for name in sorted(dir(cls)):
        if name.startswith("_") or name in CONSTRUCTORS:
            continue
        attr = inspect.getattr_static(cls, name)
        if isinstance(attr, property) or not callable(getattr(cls, name)) or isinstance(attr, type):
            continue
        params = list(inspect.signature(getattr(cls, name)).parameters)[1:]
        yield name, params


def public_properties(cls: type) -> list[str]:
    return [name for name in sorted(dir(cls))
            if not name.startswith("_") and isinstance(inspect.getattr_static(cls, name), property)]


KNOWN_PARAMETERS = {"seat", "viewer", "action"}


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_every_public_method_takes_parameters_the_suite_knows_bad_values_for(game, players):
    cls = type(deal(game, players, 0))
    unknown = {(name, p) for name, params in public_methods(cls) for p in params if p not in KNOWN_PARAMETERS}
    assert not unknown, f"add bad values for these parameters to the conformance suite: {sorted(unknown)}"
    assert {name for name, _ in public_methods(cls)} >= {"apply", "view", "table_view", "explain_illegal", "undo"}


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_a_seat_the_hand_does_not_have_is_refused_in_every_phase(game, players):
    cls = type(deal(game, players, 0))
    by_seat = [name for name, params in public_methods(cls) if params[:1] in (["seat"], ["viewer"])]
    for hand in hands_in_every_phase(game, players):
        for name in by_seat:
            method = getattr(hand, name)
            for seat in not_seats(players):
                refused(hand, f"{game} {hand.phase.value}: {name}({seat!r})", method, seat)
            if name == "staged_views" and (hand.set_up or hand.is_chance):
                continue
            before = state(hand)
            for seat in range(players):        # every seat it has is taken
                method(seat)
            assert state(hand) == before
            if "viewer" in inspect.signature(method).parameters:
                method(None)
        if "seat" in [p for name, params in public_methods(cls) if name == "view" for p in params]:
            refused(hand, f"{game}: view(None)", hand.view, None)


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_what_is_not_an_action_is_refused_by_every_method_taking_one(game, players):
    cls = type(deal(game, players, 0))
    by_action = [name for name, params in public_methods(cls) if params[:1] == ["action"]]
    assert set(by_action) >= {"apply", "explain_illegal", "is_of_this_game"}
    for hand in hands_in_every_phase(game, players, seeds=1):
        for name in by_action:
            for action in not_actions():
                what = f"{game} {hand.phase.value}: {name}({action!r:.40})"
                if name != "apply" and isinstance(action, str) and action.split()[:1] not in ([], ["play"]):
                    # a word is an action of no game (or of this one at another moment): said why, or refused
                    before = state(hand)
                    try:
                        answer = getattr(hand, name)(action)
                    except AtoutError as error:
                        assert type(error) is not AtoutError and 0 < len(str(error)) <= LONGEST, what
                    else:
                        assert isinstance(answer, bool) or answer.render("en"), what
                    assert state(hand) == before, what
                    continue
                error = refused(hand, what, getattr(hand, name), action)
                if not isinstance(action, str | Action):
                    assert "is not an action" in str(error), (what, str(error))


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_an_action_not_allowed_now_is_refused_with_why_and_changes_nothing(game, players):
    """Cards the player does not hold, the actions of the other phases and of the other games: ``apply`` refuses
    each by name, ``explain_illegal`` says why in a sentence, in every phase, the finished hand's included."""
    for hand in hands_in_every_phase(game, players):
        for action in illegal_actions(hand, game, players):
            what = f"{game} {hand.phase.value}: {action}"
            refused(hand, what, hand.apply, action)
            refused(hand, what + " (as text)", hand.apply, str(action))
            before = state(hand)
            why = hand.explain_illegal(action)
            assert isinstance(why, Explanation) and why.render("en"), what
            assert isinstance(hand.is_of_this_game(action), bool)
            assert state(hand) == before, what


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_every_method_without_arguments_answers_or_refuses_narrowly_in_every_phase(game, players):
    """Each method and property the hand class has is asked in every phase: an answer, or a narrow refusal that
    leaves the hand as it was (undo before any action, a Sixty-Six hand's score of the set, explain_rob without a
    turned card…)."""
    cls = type(deal(game, players, 0))
    no_arguments = [name for name, params in public_methods(cls) if not params]
    for hand in hands_in_every_phase(game, players):
        for name in no_arguments + public_properties(cls):
            probe = hand.copy() if name in MUTATORS else hand
            before = state(probe)
            try:
                answer = getattr(probe, name)
                if callable(answer):
                    answer = answer()
            except AtoutError as error:
                assert type(error) is not AtoutError and 0 < len(str(error)) <= LONGEST, (name, str(error))
                assert state(probe) == before, f"{game} {hand.phase.value}: {name} refused and changed the hand"
                continue
            if name not in MUTATORS:
                assert state(probe) == before, f"{game} {hand.phase.value}: {name} changed the hand"
            if isinstance(answer, TableView):
                answer.to_dict()


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_what_a_method_hands_back_is_a_copy(game, players):
    """Changing what ``view``, ``table_view``, ``legal_actions`` or ``all_cards`` handed back changes nothing in
    the hand."""
    for hand in hands_in_every_phase(game, players, seeds=1):
        before = state(hand)
        for seat in range(players):
            view = hand.view(seat)
            view["hand"].clear()
            if isinstance(view.get("tricks"), list):
                view["tricks"].clear()
        table = hand.table_view(None)
        for cards in table.hands:
            if isinstance(cards, list):
                cards.clear()
        hand.all_cards().clear()
        assert state(hand) == before, f"{game} {hand.phase.value}"


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_a_hand_is_refused_a_history_that_is_not_one(game, players):
    """``replay`` with an action that is not one, or not legal where it comes: a narrow refusal, never a crash."""
    hand = deal(game, players, 1)
    cls, config = type(hand), hand.config
    history = list(hand.history)
    for bad in (None, 5, "play", "fly away", Action("play", "AS")):
        with pytest.raises(AtoutError) as info:
            cls.replay(config, [*history, bad])
        assert type(info.value) is not AtoutError
    with pytest.raises(AtoutError):
        cls.replay(config, ["play AS"])                 # before the deal
    with pytest.raises(AtoutError):
        cls.replay(config, history, dealer=players)
