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
from atout.games import GAMES, package_of
from atout.house_rules import rule_in_force, switches
from atout.rulebook import rule
from atout.sixty_six.ranking import KING_OF, QUEEN_OF
from atout.widgets.language import set_page_language
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
        spec = package_of(game).config.OPTIONS
        for name, _switch in switches(game):
            found += [(game, {name: value}) for value in spec[name].allowed_for(game)
                      if value != spec[name].default_for(game)]
    return found


def played(game: str, options: dict[str, Any], seed: int) -> Any:
    """A hand dealt from ``seed`` and played to its end by seeded chance among the legal actions (the special
    actions as often as any: robbing, the kitty in place of the hand, exchanging, marrying, closing)."""
    hand = package_of(game).new_hand(game, seed=seed, **options)
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


def event_kinds(game: str, seeds: range) -> set[str]:
    """Every kind of event the hands of ``game`` dealt from ``seeds`` and played by seeded chance hold, but the deal
    (walked as its packets), found by playing them: what the registry's games do, not a list of them."""
    return {e.kind for seed in seeds for event in played(game, {}, seed).events for e in event.flatten()} - {"deal"}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_walk_throughs_show_every_phase_of_the_game(game):
    """The deals walked through reach each phase the issue names (issue 31: the turn-up, robbing, the dealer taking
    the ace, the kitty, discards, the draw, exchanging, marriages, closing…), each its own step, pictured and said as
    above: every kind of event the preset's hands hold, deals of the preset as dealt, each walked when it holds a
    kind not walked yet."""
    wanted = event_kinds(game, range(1, 400))
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


# --- what the walk-through was seen to say wrong on the classroom's projector (screenshots, issue 31) ---------------

def first_hand_with(game: str, kind: str, options: dict[str, Any] | None = None) -> Any:
    """The first hand dealt from seeds 1, 2, … and played by seeded chance that holds an event of ``kind``."""
    for seed in range(1, 400):
        hand = played(game, options or {}, seed)
        if any(e.kind == kind for event in hand.events for e in event.flatten()):
            return hand
    raise AssertionError(f"no hand of {game} with {kind}")


def step_of(stepper: DealStepper, kind: str) -> int:
    return next(k for k, step in enumerate(stepper.steps) if step.kind == "event" and step.event.kind == kind)


def test_a_marriage_step_rings_the_king_and_the_queen_it_shows():
    """"Player 2 shows the king and queen of hearts" rang the king alone (the card its action names)."""
    hand = first_hand_with("sixty-six", "marriage")
    stepper = DealStepper(hand)
    stepper.go(step_of(stepper, "marriage"))
    event = stepper.current.event
    suit = event.data[0]
    ringed = set(stepper.table.state["seats"][event.seat]["ringed"])
    assert {KING_OF[suit].code, QUEEN_OF[suit].code} <= ringed, ringed


def test_the_deal_names_each_player_as_its_sentences_do_in_french():
    """A packet read « Joueur 2 reçoit le 8♦ … » (the table's label, with no article) beside « Le joueur 1
    distribue … »; every packet sentence now names the player as core's sentences do."""
    for game in GAMES:
        hand = played(game, {}, 1)
        stepper = DealStepper(hand)
        set_page_language("fr")
        try:
            for k, step in enumerate(stepper.steps):
                if step.packet is None or step.packet[0] != "hand":
                    continue
                stepper.go(k)
                packet = unescape(re.search(r'<p class="atout-packet">(.*?)</p>', stepper.explanation_html.value)
                                  .group(1))
                assert packet.startswith(f"Le joueur {step.packet[1] + 1} reçoit "), (game, packet)
        finally:
            set_page_language("en")


def test_a_kitty_packet_of_one_card_says_one_card():
    """With the house rule of a kitty of three, the deal's second kitty packet read "1 cards go to the kitty"."""
    hand = played("auction-forty-fives", {"kitty": 3}, 1)
    stepper = DealStepper(hand)
    kitty = [k for k, step in enumerate(stepper.steps) if step.packet is not None and step.packet[0] == "kitty"]
    assert [len(stepper.steps[k].packet[2]) for k in kitty] == [2, 1]
    stepper.go(kitty[-1])
    assert "1 card goes to the kitty" in stepper.explanation_html.value
    set_page_language("fr")
    try:
        assert "1 carte va au chien" in stepper.explanation_html.value
        stepper.go(kitty[0])
        assert "2 cartes vont au chien" in stepper.explanation_html.value
    finally:
        set_page_language("en")


def test_the_exchange_stays_on_the_table_said_as_done():
    """After Sixty-Six's exchange of the nine the table kept "Player 1 exchanges 9♣ for the turned-up trump, J♣" to
    the end of the hand, in the present, beside "Player 2 has shown the marriage" and "Player 1 closed the stock"."""
    hand = first_hand_with("sixty-six", "exchange")
    stepper = DealStepper(hand)
    stepper.go(len(stepper.steps) - 1)
    exchanged = [note for note in stepper.table.state["notes"] if "for the turned-up trump" in note]
    assert len(exchanged) == 1 and re.match(r"Player \d exchanged 9. for the turned-up trump, ", exchanged[0]), \
        stepper.table.state["notes"]


@pytest.mark.parametrize("options", [{"kitty": 0}, {"kitty": 0, "free_discard": True}])
def test_a_table_without_a_kitty_never_quotes_a_rule_of_the_kitty(options):
    """With the house rule of no kitty, "Player 2 names hearts as trumps" quoted "… or first takes the kitty in place
    of their hand" and the bidder's discards "The bidder adds the kitty, keeps only trumps …": the house rule says
    both now, and no rule quoted at that table speaks of a kitty it does not have but to say there is none. With
    "choose your discards" too, the discards quoted "Once trumps are named and the bidder has added the kitty …", and
    the house rule of no kitty said the bidder discards "every card that is not a trump"."""
    hand = played("auction-forty-fives", options, 1)
    stepper = DealStepper(hand)
    quoted = {}
    for k in range(len(stepper.steps)):
        stepper.go(k)
        html = stepper.explanation_html.value
        rule_said = unescape(re.search(r'<blockquote class="atout-rule-statement"[^>]*>(.*?)<abbr', html, re.S)
                             .group(1))
        quoted[re.search(r'data-rule="([^"]+)"', html).group(1)] = (rule_said, "data-house-rule" in html)
        assert "kitty" not in rule_said.replace("There is no kitty", ""), (k, rule_said)
        if options.get("free_discard"):
            assert "every card that is not a trump" not in rule_said, (k, rule_said)
    for cited in ("a45.trump.name", "a45.discard.bidder"):      # the trumps named, the bidder's discards
        said, house = quoted[cited]
        assert house and "There is no kitty: the high bidder names trumps from their own hand" in said, (cited, said)


@pytest.mark.parametrize(("game", "dealer_rob", "said"), [
    ("forty-fives", "may", "When the turned card is an ace, the dealer may rob it"),
    ("forty-fives-partners", "must", "When the turned card is an ace, the dealer must rob it at once")])
def test_a_dealer_robbing_a_turned_ace_is_quoted_the_rule_the_table_plays(game, dealer_rob, said):
    """At a Forty-Fives table where the dealer may rob a turned ace, the dealer's robbing quoted "… In Forty-Fives the
    dealer must, at once; in partnerships the dealer may …", the rulebook's words for the two presets as dealt; the
    house rule is said instead (and at a partnership table where the dealer must)."""
    options = {"dealer_rob": dealer_rob}
    hand = next(h for h in (played(game, options, seed) for seed in range(1, 400))
                if any(e.kind == "rob" and e.rule == "45.rob.dealer-ace" for ev in h.events for e in ev.flatten()))
    stepper = DealStepper(hand)
    stepper.go(step_of(stepper, "rob"))
    html = stepper.explanation_html.value
    assert 'data-rule="45.rob.dealer-ace"' in html and "data-house-rule" in html, html
    assert said in unescape(html) and "In Forty-Fives the dealer must" not in unescape(html)
    # The preset as dealt still quotes the rulebook's statement.
    assert rule_in_force(game, {}, "45.rob.dealer-ace") == ([rule("45.rob.dealer-ace").statement], False)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_hand_is_over_only_from_the_step_that_scores_it(game):
    """Sixty-Six's "Player 1 stops the play and counts 71 points" (and a closed hand played out) already showed "The
    hand is over" with the game points the next step gives: every step before the score pictures the hand still
    under way, with the points as they stood."""
    kinds = {"sixty-six": ("declare", "closed-out")}.get(game, ())
    hands = [played(game, {}, seed) for seed in range(1, 4)]
    for kind in kinds:      # a deal that reaches each way of ending, as dealt and played by seeded chance
        hands.append(first_hand_with(game, kind))
    for hand in hands:
        stepper = DealStepper(hand)
        scored = step_of(stepper, "score")
        for k in range(scored):
            stepper.go(k)
            assert stepper.view_at().phase != "over", (game, k, stepper.current.event.kind)
            assert stepper.table.state["status"] != "The hand is over", (game, k, stepper.current.event.kind)
        stepper.go(scored)
        assert stepper.view_at().phase == "over"
        ended = [s.event.kind for s in stepper.steps if s.kind == "event"]
        assert ended[-1] == "score", ended[-3:]
