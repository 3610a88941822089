"""The walk-through shows every phase of every game (issue 31): each step's picture is the position just after that
step, never a later one; a step that moves cards names them where the viewer may see them (and never where it may
not); each step quotes the rule the table plays, a house rule in its own words where it replaces the rulebook's.

Every registered game is walked through whole deals as dealt and with each of its house rules set to each other
value, from the teacher's every-hand view and from a seat. Before this, the Auction's "Player 2 names spades"
already showed the hands after the draw, the kitty taken, the discards and the draw were never pictured, and the
house rule "choose your discards" read "Player 2 discards" with no card under the rule it replaced.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from html import unescape
from typing import Any

import pytest

from atout.cards import Card
from atout.games import GAMES, family, family_id
from atout.house_rules import rule_in_force, switches
from atout.rulebook import rule
from atout.widgets.stepper import DealStepper
from atout.widgets.table import CardTable

SEEDS = (1,)
VIEWERS = (None, 1)          # the teacher's every-hand view, and Player 2's seat


def tables() -> list[tuple[str, dict[str, Any]]]:
    """Every registered game as its preset plays it, then with each house rule a page offers set to each of its
    other values in turn."""
    found = []
    for game in GAMES:
        found.append((game, {}))
        spec = family(game).config.OPTIONS
        for name, _switch in switches(game):
            found += [(game, {name: value}) for value in spec[name].allowed_for(game)
                      if value != spec[name].default_for(game)]
    return found


def played(game: str, options: dict[str, Any], seed: int) -> Any:
    """A hand dealt from ``seed`` and played to its end by seeded chance among the legal actions (the special
    actions as often as any: robbing, the kitty in place of the hand, exchanging, marrying, closing)."""
    hand = family(game).new_hand(game, seed=seed, **options)
    rng = random.Random(f"{game}-{options}-{seed}")
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


# --- what a table shows, read from the widget's state ------------------------------------------------------------

def picture(state: dict[str, Any]) -> tuple[dict[str, Any], Counter]:
    """Where each card shown face up lies (a seat's hand, the trick, the kitty, the discards, the turned-up card),
    and how many cards each place holds, shown or face down."""
    places: dict[str, Any] = {}
    counts: Counter = Counter()
    for seat in state["seats"]:
        counts[("hand", seat["seat"])] = seat["count"]
        places.update({code: ("hand", seat["seat"]) for code in seat["cards"] or []})
    trick = [play["card"] for play in state["trick"]["plays"]]
    counts["trick"] = len(trick)
    places.update({code: "trick" for code in trick})
    for pile in ("kitty", "stock", "discards"):
        counts[pile] = state[pile]
        places.update({code: pile for code in state.get(f"{pile}_cards") or []})
    if state["turn_up"]:
        counts["turn-up"] = 1
        places[state["turn_up"]] = "turn-up"
    return places, counts


def said(html: str) -> str:
    """The step's own sentence (a packet's, or the event's), without the rule quoted under it."""
    return unescape(" ".join(re.findall(r'<p class="atout-(?:packet|sentence)"[^>]*>(.*?)</p>', html, re.S)))


def names(text: str, code: str) -> bool:
    return Card.parse(code).sentence_forms("en")[""].lower() in text.lower()


def moved(step: Any) -> set[str]:
    """The cards core says the step moved: a packet's, or an event's own cards and the card its action moves (a
    marriage's king or queen is shown where it is)."""
    if step.packet is not None:
        return {c.code for c in step.packet[2]}
    cards = {c.code for c in step.event.cards}
    action = step.event.action
    if action is not None and isinstance(action.card, Card) and action.kind != "marriage":
        cards.add(action.card.code)
    return cards


def replayed_picture(stepper: DealStepper, table: CardTable, upto: int) -> tuple[dict[str, Any], Counter, list[str]]:
    """The table after the hand's first ``upto`` actions, replayed by core on its own and drawn on ``table``: its
    picture, and the last trick won (which a walk-through keeps in the middle until the next action)."""
    hand = stepper.hand
    again = hand.replay(hand.config, hand.history[:upto], hand.dealer, hand.start())
    view = again.table_view(stepper.viewer)
    table.show(view)
    places, counts = picture(table.state)
    return places, counts, [card.code for _seat, card in view.last_trick or []]


def walk(stepper: DealStepper, seen: Counter) -> None:
    """Every step of ``stepper``, checked against the one before it, against core's replay and for its words."""
    config = stepper.hand.config
    game, options = config.game, config.options()
    before: tuple[dict[str, Any], Counter] = ({}, Counter())
    last_of_action = {step.action_index: k for k, step in enumerate(stepper.steps)}
    replayed = CardTable(stepper.hand, viewer=stepper.viewer, you=None)
    for k, step in enumerate(stepper.steps):
        stepper.go(k)
        now = picture(stepper.table.state)
        where = (game, options, stepper.viewer, k, step.packet[0] if step.packet else step.event.kind)
        seen[where[-1]] += 1
        cards = moved(step)
        was, is_ = before[0], now[0]
        # Nothing moves at a step but what core says the step moved: a face-up card that changed place is one of
        # them, and the counts of each place changed by as many (a trick gathered, discards put away aside).
        shifted = {code for code in was.keys() & is_.keys() if was[code] != is_[code]}
        assert shifted <= cards, (where, shifted - cards)
        change = sum(abs(now[1][place] - before[1][place]) for place in now[1].keys() | before[1].keys()
                     if not (place in ("trick", "discards") and now[1][place] < before[1][place]))
        assert change <= 2 * len(cards), (where, before[1], now[1])
        # What core says the step moved is where the step puts it (not where a later step does).
        for code in cards & is_.keys():
            assert was.get(code) != is_[code], (where, code, is_[code])
        # Named where the viewer sees them, before or after; never where it sees them neither before nor after.
        sentence = said(stepper.explanation_html.value)
        for code in cards:
            if code in was or code in is_:
                assert names(sentence, code), (where, code, sentence)
            else:
                assert not names(sentence, code), (where, code, sentence)
        if step.kind == "event" and step.event.kind == "trick":
            trick, _trump = step.event.data[:2]
            shown = stepper.table.state["trick"]["plays"]
            assert [play["card"] for play in shown] == [c.code for c in trick.cards], where
            assert [play["seat"] for play in shown if play["won"]] == [step.event.seat], where
        # The rule core cites, as this table plays it: a house rule in its own words where it replaces it.
        why = step.event.explanation_for(stepper.viewer)
        html = stepper.explanation_html.value
        assert f'data-rule="{why.rule}"' in html, where
        stated, house = rule_in_force(game, options, why.rule)
        quoted = unescape(re.search(r'<blockquote class="atout-rule-statement"[^>]*>(.*?)<abbr', html, re.S).group(1))
        for text in stated:
            assert text.render("en") in quoted, (where, text.render("en"), quoted)
        assert house == (not rule(why.rule).holds(game, {"game": game, **options})), where
        if house:
            assert "data-house-rule" in html and rule(why.rule).statement.render("en") not in quoted, where
        # After an action's last step the table is the position core's replay of the history reaches.
        if last_of_action[step.action_index] == k:
            places, counts, last_trick = replayed_picture(stepper, replayed, step.action_index + 1)
            trick = [code for code, place in is_.items() if place == "trick"]
            assert {c: p for c, p in is_.items() if p != "trick"} == {c: p for c, p in places.items()
                                                                      if p != "trick"}, where
            assert {p: n for p, n in now[1].items() if p != "trick"} == {p: n for p, n in counts.items()
                                                                          if p != "trick"}, where
            assert sorted(trick) in (sorted(c for c, p in places.items() if p == "trick"), sorted(last_trick)), where
        before = now


@pytest.mark.parametrize(("game", "options"), tables(), ids=lambda v: v if isinstance(v, str) else repr(v))
def test_every_step_pictures_its_own_position_names_its_cards_and_quotes_the_rule_in_force(game, options):
    seen: Counter = Counter()
    for seed in SEEDS:
        hand = played(game, options, seed)
        stepper = DealStepper(hand)
        for viewer in VIEWERS:
            stepper.set_viewer(viewer)
            walk(stepper, seen)
    assert seen["play"] and seen["trick"], seen


# What each family's walk-through must show besides the deal, the calls and the play (issue 31), by family.
PHASES = {"forty-fives": {"forty-fives": {"turn-up", "rob"},
                          "forty-fives-partners": {"turn-up", "rob", "take-ace"},
                          "auction-forty-fives": {"kitty", "discards", "draw", "kitty-in-place"}},
          "five-hundred": {"five-hundred": {"kitty", "discard"}},
          "sixty-six": {"sixty-six": {"turn-up", "draw", "exchange", "marriage", "close"}}}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_walk_throughs_show_every_phase_of_the_game(game):
    """The deals walked through reach each phase the issue names, each its own step, pictured and said as above:
    deals of the preset as dealt, each walked when it holds a phase not walked yet."""
    wanted = set(PHASES[family_id(game)].get(game, set()))
    seen: Counter = Counter()
    for seed in range(1, 400):
        hand = played(game, {}, seed)
        if not {e.kind for event in hand.events for e in event.flatten()} & (wanted - set(seen)):
            continue
        stepper = DealStepper(hand)
        for viewer in VIEWERS:
            stepper.set_viewer(viewer)
            walk(stepper, seen)
        if wanted <= set(seen):
            break
    assert wanted <= set(seen), wanted - set(seen)
