"""The card table, driven as the browser drives it: custom messages in, the synced state out.

anywidget delivers a message from the ES module's ``model.send(content)`` to Python through
ipywidgets' ``Widget._handle_custom_msg(content, buffers)``, which calls the ``on_msg`` callbacks;
the tests call it the same way. The browser tests at the end run ``table.js`` in Chromium against
a stand-in for anywidget's model that is backed by the real widget.
"""

from __future__ import annotations

import dataclasses
import importlib.resources
import json
import re
from pathlib import Path

import pytest

from atout.cards import FULL_DECK, Card
from atout.engine import Action
from atout.forty_fives.hand import FortyFivesHand
from atout.games import GAMES, package_of, player_counts
from atout.i18n import get_language, language
from atout.limits import TABLE, SeatLimitError
from atout.svg import FOUR_COLOURS, TWO_COLOURS
from atout.widgets.language import set_page_language
from atout.widgets.table import POSITIONS, CardTable, action_label, seat_positions, sorted_hand
from tests.widgets import fake_french, shown_codes


def send(table: CardTable, content: dict) -> None:
    """What anywidget does with ``model.send(content)`` from the browser."""
    table._handle_custom_msg(content, [])


def first_legal(hand, seat):
    return hand.legal_actions()[0]


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def hand_with_illegal_cards() -> FortyFivesHand:
    """A seeded hand where the player to act holds cards core forbids (follow suit or trump)."""
    for seed in range(100):
        hand = FortyFivesHand.new("forty-fives", seed=seed)
        for _ in range(3):
            if hand.table_view(None).illegal:
                return hand
            hand.apply(hand.legal_actions()[0])
    raise AssertionError("no seed gives a player illegal cards")


def hand_with_rob_offer() -> FortyFivesHand:
    """A seeded hand where the player to act holds the ace of trumps and must rob or keep first."""
    for seed in range(200):
        hand = FortyFivesHand.new("forty-fives", seed=seed)
        if any(a.kind == "keep" for a in hand.legal_actions()):
            return hand
    raise AssertionError("no seed offers the rob")


# --- playing a card -------------------------------------------------------------------------------------


def test_a_legal_card_played_leaves_the_hand_for_the_trick_and_core_explains_it():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand)
    seat = hand.to_act
    card = hand.legal_actions()[-1].card
    before = len(hand.history)

    send(table, {"type": "play", "card": card.code})

    assert card not in hand.hands[seat]
    assert hand.table_view(None).trick == [(seat, card)]
    assert hand.history[before:] == [Action("play", card)]
    event = hand.events[-1]
    assert table.announcement == event.explanation.render("en")
    assert event.explanation.render() in table.announcement and event.rule == "45.trick.led-suit"
    state = table.state
    assert card.code not in state["seats"][seat]["cards"]
    assert [(p["seat"], p["card"]) for p in state["trick"]["plays"]] == [(seat, card.code)]
    assert state["trick"]["plays"][0]["leader"] and state["trick"]["leader"] == seat
    assert state["to_act"] == hand.to_act != seat
    assert table.refused is False and table.last_refusal is None


def test_the_announcement_holds_every_event_the_play_caused():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand)
    for _ in range(2):
        send(table, {"type": "play", "card": hand.legal_actions()[0].card.code})
    last = hand.legal_actions()[0].card
    send(table, {"type": "play", "card": last.code})          # the third card ends the trick
    said = [e.explanation.render("en") for e in hand.events[-1].flatten()]
    assert len(said) == 2 and table.announcement.split("\n") == said
    winner = hand.tricks[-1].winner
    assert table.state["gather"] == {"id": 1, "winner": winner, "cards": codes(hand.tricks[-1].cards)}
    assert table.state["last_trick"]["winner"] == winner
    assert table.state["trick"]["plays"] == []


def test_an_illegal_card_is_refused_with_cores_sentence_and_changes_nothing():
    hand = hand_with_illegal_cards()
    table = CardTable(hand)
    card, why = next(iter(hand.table_view(None).illegal.items()))
    history, hands, trick = list(hand.history), [list(h) for h in hand.hands], list(hand.trick.cards)
    state = table.state

    send(table, {"type": "play", "card": card.code})

    assert hand.history == history and hand.hands == hands and hand.trick.cards == trick
    assert table.refused is True
    assert table.announcement == hand.explain_illegal(Action("play", card)).render("en") == why.render("en")
    assert table.last_refusal.rule == why.rule
    assert {k: v for k, v in table.state.items() if k != "said_id"} == {
        k: v for k, v in state.items() if k != "said_id"}
    assert table.state["said_id"] == state["said_id"] + 1      # the same refusal twice is said twice


def test_an_error_from_apply_is_refused_with_its_rule(monkeypatch):
    from atout.engine import Explanation
    from atout.errors import IllegalActionError
    from atout.i18n import Text

    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand)
    why = Explanation("45.test.rule", Text("Refused by core"))

    def refuse(action):
        raise IllegalActionError(why.text, rule=why.rule, explanation=why)

    monkeypatch.setattr(hand, "apply", refuse)
    assert table.play(hand.legal_actions()[0].card) is None
    assert table.announcement == "Refused by core" and table.refused and table.last_refusal.rule == "45.test.rule"


def test_malformed_messages_are_refused_or_ignored_never_applied():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand)
    history = list(hand.history)
    send(table, {"type": "play", "card": "1H"})
    assert table.refused and "is not a card" in table.announcement
    send(table, {"type": "action", "action": ""})
    assert table.refused and "is not an action" in table.announcement
    send(table, {"type": "dance"})
    send(table, ["play", "5H"])
    assert hand.history == history


# --- whose turn -------------------------------------------------------------------------------------------


def test_a_seat_may_not_act_out_of_turn():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    assert hand.to_act == 1
    table = CardTable(hand, viewer=0)
    mine = hand.hands[0][0]
    send(table, {"type": "play", "card": mine.code})
    assert hand.history == hand.history[:1] and len(hand.history) == 1
    assert table.refused and table.announcement == "Wait for your turn (to play: Player 2)"
    send(table, {"type": "action", "action": f"play {hand.hands[1][0].code}"})
    assert len(hand.history) == 1 and table.refused


def test_the_teacher_plays_for_whoever_is_to_act_but_not_from_another_hand():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand)
    other = hand.hands[2][0]
    send(table, {"type": "play", "card": other.code})
    assert len(hand.history) == 1
    name = other.render("en")
    assert table.announcement == f"{name} is in another hand. To play: Player 2; holding {name}: Player 3"
    send(table, {"type": "play", "card": hand.hands[1][0].code})
    assert len(hand.history) == 2 and not table.refused


def test_after_the_hand_is_over_core_says_so():
    hand = FortyFivesHand.new("forty-fives", seed=3)
    table = CardTable(hand)
    while not hand.is_over:
        send(table, {"type": "play", "card": hand.legal_actions()[0].card.code})
    assert table.state["over"] and table.state["status"] == "The hand is over"
    # The last trick stays in the middle, its winner marked, not gathered away nor shown again in the corner.
    last = hand.tricks[-1]
    plays = table.state["trick"]["plays"]
    assert [p["card"] for p in plays] == [c.code for c in last.cards] and table.state["gather"] is None
    assert [p["seat"] for p in plays if p["won"]] == [last.winner] and table.state["last_trick"] is None
    assert [s["seat"] for s in table.state["seats"] if s["won"]] == [last.winner]
    assert "(45.game.target)" not in table.announcement
    history = list(hand.history)
    send(table, {"type": "play", "card": "5H"})
    assert hand.history == history
    assert table.announcement == hand.explain_illegal(Action("play", Card.parse("5H"))).render("en")


def test_undo_takes_back_the_users_move_and_the_opponents_replies():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand, viewer=2, opponents=first_legal)
    assert table.state["can_undo"] is False
    history, hands = list(hand.history), [list(h) for h in hand.hands]
    send(table, {"type": "play", "card": hand.legal_actions()[0].card.code})
    assert len(hand.history) > len(history) + 1                # the opponents replied
    send(table, {"type": "undo"})
    assert len(hand.history) > len(history)                    # not allowed unless asked for
    table.allow_undo = True
    assert table.state["can_undo"] is True
    send(table, {"type": "undo"})
    assert hand.history == history and hand.hands == hands
    assert table.announcement == "The last move was taken back" and not table.refused
    assert table.state["can_undo"] is False and table.state["trick"]["plays"][0]["seat"] == 1
    assert table.undo() is False and table.announcement == "There is nothing to take back"


# --- rob, keep and other actions ------------------------------------------------------------------------


def test_non_card_actions_are_buttons_and_arrive_as_action_messages():
    hand = hand_with_rob_offer()
    table = CardTable(hand, show_legal=True)
    buttons = table.state["actions"]
    assert buttons == [{"action": "keep", "label": action_label(Action("keep"))}]
    assert table.state["hint"] == "Choose the card to give up for the turned card"
    seat = hand.to_act
    robbable = [a.card.code for a in hand.legal_actions() if a.kind == "rob"]
    assert sorted(table.state["legal"]) == sorted(robbable)
    assert set(table.state["card_actions"]) == set(robbable)

    send(table, {"type": "action", "action": "keep"})

    assert hand.history[-1] == Action("keep")
    assert hand.events[-1].rule == "45.rob.ace-holder" and "announced as holding" in table.announcement
    assert table.state["to_act"] == seat and table.state["actions"] == []


def test_a_click_on_a_card_does_the_legal_action_that_uses_it():
    hand = hand_with_rob_offer()
    table = CardTable(hand)
    turned = hand.turn_up
    give_up = next(a.card for a in hand.legal_actions() if a.kind == "rob")
    seat = hand.to_act
    send(table, {"type": "play", "card": give_up.code})
    assert hand.history[-1] == Action("rob", give_up)
    assert give_up not in hand.hands[seat] and turned in hand.hands[seat]
    assert table.state["turn_up"] is None


def test_the_ace_of_trumps_cannot_be_played_before_robbing_or_keeping():
    hand = hand_with_rob_offer()
    table = CardTable(hand)
    ace = next(c for c in hand.hands[hand.to_act] if all(a.card is not c for a in hand.legal_actions()))
    send(table, {"type": "play", "card": ace.code})
    assert table.refused
    assert table.announcement == hand.explain_illegal(Action("play", ace)).render("en")
    assert table.last_refusal.rule == "45.rob.ace-holder"


def test_bids_and_trumps_are_buttons_in_auction_forty_fives():
    hand = FortyFivesHand.new("auction-forty-fives", seed=5)
    table = CardTable(hand)
    actions = {b["action"]: b["label"] for b in table.state["actions"]}
    assert set(actions) == {str(a) for a in hand.legal_actions()}
    assert actions["bid pass"] == "Pass" and actions["bid 20"] == "Bid 20"
    assert table.state["kitty"] == len(hand.kitty) > 0
    assert table.state["kitty_label"] == f"Kitty: {len(hand.kitty)}"
    send(table, {"type": "action", "action": "bid 20"})
    assert hand.history[-1] == Action("bid", None, "20")
    assert hand.events[-1].rule == "a45.bid.values" and "bids 20" in table.announcement


# --- what each seat sees --------------------------------------------------------------------------------


def test_a_seat_sees_only_its_own_hand():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand, viewer=0)
    state = table.state
    assert state["seats"][0]["visible"]
    assert state["seats"][0]["cards"] == codes(sorted_hand(hand.hands[0], "forty-fives", hand.trump.letter))
    hidden = set()
    for seat in (1, 2):
        assert state["seats"][seat]["visible"] is False and state["seats"][seat]["cards"] is None
        assert state["seats"][seat]["count"] == len(hand.hands[seat])
        hidden |= set(codes(hand.hands[seat]))
    text = json.dumps(state)
    for code in hidden:
        assert not re.search(rf'"{code}"|data-card=\\"{code}\\"', text), code
    assert state["legal"] == [] and state["illegal"] == {}       # not this seat's turn: nothing to choose
    assert state["seats"][0]["position"] == "s"


@pytest.mark.parametrize("game, trump, held, shown", [
    # Forty-Fives, diamonds: 5, J, the ace of hearts, then the red trumps highest first; black, red, black after;
    # a black suit plain reads K Q J A 2 … 10 (highest in red, lowest in black).
    ("forty-fives", "D", "2C 10C AC KC 3D 5D AH JD KS 10D 2H", "5D JD AH 10D 3D KS 2H KC AC 2C 10C"),
    # Five Hundred, hearts: the joker, the right bower, the left bower, then the hearts; spades, diamonds, clubs.
    ("five-hundred", "H", "JK JD JH AH 4H KS 7D AD", "JK JH JD AH 4H KS AD 7D"),
    # Sixty-Six, clubs: A 10 K Q J 9 in every suit, the trumps first, red and black in turn after them.
    ("sixty-six", "C", "9C AC 10S KS AS QH", "AC 9C QH AS 10S KS"),
])
def test_a_sorted_hand_has_the_trumps_first_and_each_suit_in_the_games_order(game, trump, held, shown):
    cards = [Card.parse(code) for code in held.split()]
    assert codes(sorted_hand(cards, game, trump)) == shown.split()


def test_hands_are_sorted_unless_the_table_is_asked_for_the_order_dealt():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand)
    assert table.sort_hands                                              # on by default
    trump = hand.trump.letter
    assert [s["cards"] for s in table.state["seats"]] == [codes(sorted_hand(h, "forty-fives", trump))
                                                          for h in hand.hands]
    assert any(codes(sorted_hand(h, "forty-fives", trump)) != codes(h) for h in hand.hands)
    table.sort_hands = False
    assert [s["cards"] for s in table.state["seats"]] == [codes(h) for h in hand.hands]


def test_the_teacher_sees_every_hand_face_up():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    state = CardTable(hand).state
    for seat in range(3):
        assert state["seats"][seat]["visible"]
        assert sorted(state["seats"][seat]["cards"]) == sorted(codes(hand.hands[seat]))
    assert shown_codes(state) == {c.code for h in hand.hands for c in h} | {hand.turn_up.code}


def test_a_viewer_with_opponents_waits_only_for_their_own_turn():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    heard = []
    table = CardTable(hand, viewer=2, opponents=first_legal, on_event=[heard.append])
    assert hand.to_act == 2 and len(hand.history) == 2          # seat 1 led by itself
    assert [e.seat for e in heard] == [1]
    send(table, {"type": "play", "card": hand.legal_actions()[0].card.code})
    assert hand.to_act == 2 or hand.is_over
    assert heard[1].seat == 2 and all(e.seat != 2 for e in heard[2:])
    assert table.announcement.split("\n")[0] == heard[1].explanation.render("en", 2)   # "You play …"


@pytest.mark.parametrize(("game", "players"), [(g, n) for g in GAMES for n in player_counts(g)])
def test_seats_sit_around_the_table_with_the_viewer_at_the_bottom(game, players):
    rules = package_of(game)
    hand = (rules.new_hand(game, seed=1, players=players) if "players" in rules.config.OPTIONS
            else rules.new_hand(game, seed=1))
    for viewer in (None, players - 1):
        state = CardTable(hand, viewer=viewer).state
        places = [s["position"] for s in state["seats"]]
        assert sorted(places) == sorted(POSITIONS[players])
        assert state["seats"][viewer or 0]["position"] == "s"


def test_the_table_lays_out_every_count_core_allows_and_refuses_a_hand_of_more():
    """Before, a hand of 7 or more seats was laid out at places the page has no room for ("p0"…): "You" top left,
    the seats out of order; now the table takes 10, and refuses more."""
    assert set(POSITIONS) == set(range(1, TABLE.most + 1)) and TABLE.most == 10
    for players, places in POSITIONS.items():
        assert len(set(places)) == len(places) == players and places[0] == "s"
    assert seat_positions(TABLE.most) == POSITIONS[TABLE.most]
    with pytest.raises(SeatLimitError, match=f"the table takes at most 10 players; this hand has {TABLE.most + 1}"):
        seat_positions(TABLE.most + 1)
    hand = FortyFivesHand.new("forty-fives", seed=1, players=6)
    table = CardTable(hand, viewer=0)
    crowded = FortyFivesHand.new("forty-fives", seed=2, players=6)
    crowded.config = dataclasses.replace(crowded.config, players=TABLE.most + 1)       # a family past registration
    crowded.hands += [[] for _ in range(TABLE.most + 1 - 6)]
    for make in (lambda: CardTable(crowded, viewer=0), lambda: table.set_hand(crowded)):
        with pytest.raises(SeatLimitError, match="this hand has 11"):
            make()
    assert table.hand is hand                      # the table is left as it was


def test_the_css_places_every_position_and_lays_out_each_count_from_seven():
    """Each place a seat may sit has its grid area, and each count from 7 a grid naming every place it uses (a place
    missing from the grid would be put in a row of its own, off the ring)."""
    css = (Path(importlib.resources.files("atout.widgets")) / "table.css").read_text()
    for place in {place for places in POSITIONS.values() for place in places}:
        assert re.search(rf"\.atout-pos-{place} \{{ grid-area: {place}; \}}", css), place
    for players in range(7, TABLE.most + 1):
        grid = re.search(rf'\.atout-felt\[data-players="{players}"\] \{{\s*grid-template-areas:([^;]*);', css)
        assert grid, players
        assert set(re.findall(r"[a-z]+", grid[1])) == {*POSITIONS[players], "c"}, players


def test_the_deal_is_sent_as_packet_counts_never_cards():
    hand = FortyFivesHand.new("forty-fives", seed=7, players=4)
    deal = CardTable(hand, viewer=0).state["deal"]
    assert deal["fresh"] is True
    hands = [p for p in deal["packets"] if p["what"] == "hand"]
    assert [p["count"] for p in hands] == [3] * 4 + [2] * 4
    assert [p["seat"] for p in hands[:4]] == [1, 2, 3, 0]       # from the dealer's left
    assert all(set(p) == {"what", "seat", "count"} for p in deal["packets"])
    table = CardTable(hand, viewer=None)
    table.play(table.state["legal"][0])
    assert table.state["deal"]["fresh"] is False and table.state["deal"]["packets"] == []   # dealt: not sent again


# --- any family: only TableView and the four methods ------------------------------------------------------


class OtherFamilyHand:
    """A hand of a family the table has never seen: four seats, tricks counted per side, the kitty's cards
    shown to the viewer, the joker led naming a suit (three legal actions for one card), bids."""

    def __init__(self):
        from atout.cards import JOKER, Suit
        from atout.engine import Explanation
        from atout.i18n import Text

        self.joker, self.suits = JOKER, Suit
        self.hands = [[JOKER, Card.parse("5H")], [Card.parse("6H")], [Card.parse("7H")], [Card.parse("8H")]]
        self.applied = []
        self.why = Explanation("other.rule", Text("Not in this family"))
        self.is_over = False

    def legal_actions(self):
        return ([Action("play", self.joker, s) for s in (self.suits.HEARTS, self.suits.SPADES)]
                + [Action("play", Card.parse("5H")), Action("bid", None, "7NT"), Action("bid", None, "misere")])

    def explain_illegal(self, action):
        return None if action in self.legal_actions() else self.why

    def apply(self, action):
        from atout.engine import Event

        self.applied.append(action)
        return Event("play", 0, action, None, lambda event: self.why)

    def table_view(self, viewer=None):
        from atout.engine import TableView
        from atout.i18n import Text

        return TableView(game="other", players=4, viewer=viewer, to_act=0, phase="play",
                         hands=[list(h) if viewer in (None, s) else len(h) for s, h in enumerate(self.hands)],
                         trump=None, kitty=[Card.parse("9C"), Card.parse("9D")], scores=[10, -20],
                         score_labels=[Text("Side {n}", n=0), Text("Side {n}", n=1)], tricks_won=[3, 1],
                         legal=self.legal_actions() if viewer in (None, 0) else [],
                         contract=(0, "7NT"), strain="NT")     # its contract names no trump suit: its view says so


def test_a_hand_of_another_family_plugs_in():
    hand = OtherFamilyHand()
    table = CardTable(hand)
    state = table.state
    assert [s["position"] for s in state["seats"]] == ["s", "w", "n", "e"]
    assert all(s["tricks_label"] is None for s in state["seats"])           # tricks are the sides'
    assert [(r["label"], r["score"], r["tricks_label"]) for r in state["scores"]] == [
        ("Side 0", 10, "Tricks: 3"), ("Side 1", -20, "Tricks: 1")]
    assert [r["shown"] for r in state["scores"]] == ["10", "\u221220"]     # a true minus, as the score sheet writes it
    assert state["kitty"] == 2 and state["kitty_cards"] == ["9C", "9D"] and "9C" in table.faces["cards"]
    assert state["trump"]["label"] == "No trumps" and state["contract"] == "Contract: 7 NT · bidder: Player 1"
    assert state["legal"] == ["5H"]
    labels = {b["action"]: b["label"] for b in state["actions"]}
    assert labels == {"play JK H": "Play the joker naming hearts", "play JK S": "Play the joker naming spades",
                      "bid 7NT": "Bid 7 no trumps", "bid misere": "Misère"}

    table.play("JK")                      # which suit to name is the player's choice: the buttons ask
    assert hand.applied == [] and table.refused
    assert table.announcement == "The joker may be played in more than one way: choose one of the buttons"
    send(table, {"type": "action", "action": "play JK S"})
    assert hand.applied == [Action("play", hand.joker, hand.suits.SPADES)]   # the legal action itself
    assert table.announcement == "Not in this family"         # core's sentence; its rule id is not inside it
    send(table, {"type": "play", "card": "5H"})
    assert hand.applied[-1] == Action("play", Card.parse("5H"))
    send(table, {"type": "action", "action": "bid 8NT"})
    assert len(hand.applied) == 2 and table.refused and table.last_refusal is hand.why


# --- show_legal, colours, names, language -------------------------------------------------------------


def test_show_legal_marks_exactly_the_cards_core_forbids_with_cores_explanation():
    hand = hand_with_illegal_cards()
    table = CardTable(hand)
    assert table.state["illegal"] == {}
    table.show_legal = True
    view = hand.table_view(None)
    assert table.state["illegal"] == {card.code: why.render("en") for card, why in view.illegal.items()}
    assert set(table.state["legal"]) == {a.card.code for a in hand.legal_actions()}
    assert not set(table.state["legal"]) & set(table.state["illegal"])
    assert set(table.state["legal"]) | set(table.state["illegal"]) == set(codes(hand.hands[hand.to_act]))


def test_show_legal_set_from_the_browser_redraws():
    hand = hand_with_illegal_cards()
    table = CardTable(hand)
    table.set_state({"show_legal": True})        # what the ES module's model.set + save_changes arrives as
    assert table.state["show_legal"] is True and table.state["illegal"]


def test_four_colour_changes_the_card_colours():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand)
    diamond = next(c for h in hand.hands for c in h if c.suit.letter == "D")
    assert TWO_COLOURS[diamond.suit] in table.faces["cards"][diamond.code]
    table.four_colour = True
    assert FOUR_COLOURS[diamond.suit] in table.faces["cards"][diamond.code]
    assert TWO_COLOURS[diamond.suit] not in table.faces["cards"][diamond.code]


def test_projector_size_draws_bigger_cards():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand, size="projector")
    code = table.state["seats"][0]["cards"][0]
    assert 'width="160"' in table.faces["cards"][code] and table.state["size"] == "projector"


def test_every_card_shown_carries_its_accessible_name():
    hand = FortyFivesHand.new("forty-fives", seed=7)
    faces = CardTable(hand).faces
    assert set(faces["cards"]) == {c.code for c in FULL_DECK}
    for code, markup in faces["cards"].items():
        name = Card.parse(code).name("en")
        assert faces["names"][code] == name
        assert f'aria-label="{name}"' in markup and f"<title>{name}</title>" in markup
    assert 'aria-label="face-down card"' in faces["back"]
    assert sorted(faces["suits"]) == ["C", "D", "H", "S"] and all("<svg" in icon for icon in faces["suits"].values())


def test_the_page_language_switch_redraws_in_the_new_language(monkeypatch):
    fake_french(monkeypatch)
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand, viewer=0, opponents=first_legal)
    assert table.state["seats"][1]["name"] == "Player 2" and table.faces["names"]["QS"] == "queen of spades"
    try:
        set_page_language("fr")
        state = table.state
        assert state["lang"] == "fr" == get_language()
        faces = table.faces
        assert faces["names"]["QS"] == "dame de pique" and 'aria-label="dame de pique"' in faces["cards"]["QS"]
        assert state["seats"][1]["name"] == "Joueur 2" and state["seats"][0]["name"] == "Vous"
        assert state["seats"][1]["count_label"] == f"{len(hand.hands[1])} cartes"
        assert state["trick"]["label"] == "Levée" and 'aria-label="carte face cachée"' in faces["back"]
        assert table.announcement.split("\n") == [e.explanation.render("fr") for e in hand.events[1:]]
        assert table.announcement.startswith("Joueur 2 ")
    finally:
        set_page_language("en")
    assert table.state["lang"] == "en" and table.faces["names"]["QS"] == "queen of spades"


def test_every_word_shown_comes_from_python_in_the_page_language():
    js = (Path(importlib.resources.files("atout.widgets")) / "table.js").read_text()
    # Strings the module writes into the page come from state: no English sentence is hard-coded.
    for literal in re.findall(r'text:\s*"([^"]*)"', js):
        assert literal == "", literal
    with language("en"):
        labels = CardTable(FortyFivesHand.new("forty-fives", seed=7)).state["labels"]
    assert labels["announcement"] == "What happened" and labels["table"] == "Card table: Forty-Fives"


# --- the ES module and its CSS ship in the package -----------------------------------------------------


def test_the_es_module_and_css_ship_in_the_package_and_fetch_nothing():
    folder = importlib.resources.files("atout.widgets")
    js = (folder / "table.js").read_text()
    css = "\n".join((folder / name).read_text() for name in ("table.css", "classroom.css"))
    assert "export default" in js and "render" in js
    assert not re.search(r"^\s*import\b", js, re.M)                     # no static import at all
    assert not re.search(r"""import\s*\(\s*["'`]""", js)                 # no dynamic import of a URL
    assert not re.search(r"https?:", js)
    assert not re.search(r"@import", css)
    assert len(re.findall(r"url\(", css)) == len(re.findall(r"""url\(["']data:image/svg\+xml,""", css))  # in place
    assert str(CardTable._esm) == js and str(CardTable._css) == css
    table = CardTable(FortyFivesHand.new("forty-fives", seed=7))
    assert table._esm == js and table._css == css


def test_the_table_follows_the_other_families_api_only():
    source = (Path(importlib.resources.files("atout.widgets")) / "table.py").read_text()
    assert "forty_fives" not in source.split('"""', 2)[2]        # only the doctest names a family


# --- in Chromium: the ES module itself ---------------------------------------------------------------------

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>%(css)s</style></head>
<body><div id="out"></div><script type="module">
const data = %(snapshot)s;
const listeners = {};
const pending = {};
function apply(next) {
  for (const [k, v] of Object.entries(next)) {
    if (JSON.stringify(data[k]) !== JSON.stringify(v)) {
      data[k] = v;
      (listeners["change:" + k] || []).forEach((f) => f());
    }
  }
}
const model = {
  get: (k) => data[k],
  set: (k, v) => { data[k] = v; pending[k] = v; },
  save_changes: async () => {
    const changes = { ...pending };
    for (const k in pending) delete pending[k];
    apply(await window.pySet(changes));
  },
  on: (name, f) => { (listeners[name] = listeners[name] || []).push(f); },
  off: (name, f) => { listeners[name] = (listeners[name] || []).filter((g) => g !== f); },
  send: async (content) => { apply(await window.pySend(content)); },
};
const source = %(js)s;
const module = await import(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
module.default.render({ model, el: document.getElementById("out") });
window.ready = true;
</script></body></html>"""


def snapshot(table: CardTable) -> dict:
    """What ipywidgets sends the browser: the synced traits as the widget serialises them (the state as JSON text)."""
    return table.get_state(["state", "faces", "announcement", "refused", "show_legal"])


@pytest.fixture
def open_table(chromium, tmp_path):
    pages = []

    def opener(table: CardTable, reduced_motion: str = "no-preference", viewport: tuple[int, int] = (1200, 900)):
        page = chromium.new_page(viewport={"width": viewport[0], "height": viewport[1]}, reduced_motion=reduced_motion)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: errors.append("fetched " + request.url)
                if request.url.startswith("http") else None)

        def py_set(changes):
            table.set_state(changes)
            return snapshot(table)

        page.expose_function("pySend", lambda content: (send(table, content), snapshot(table))[1])
        page.expose_function("pySet", py_set)
        folder = importlib.resources.files("atout.widgets")
        html = PAGE % {"css": table._css, "snapshot": json.dumps(snapshot(table)),
                       "js": json.dumps((folder / "table.js").read_text())}
        path = tmp_path / f"table{len(pages)}.html"
        path.write_text(html)
        page.goto(path.as_uri())
        page.wait_for_function("window.ready === true")
        pages.append((page, errors))
        return page, errors

    yield opener
    for page, errors in pages:
        page.close()
        assert errors == []


def test_browser_keyboard_plays_a_card_through_core(open_table):
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand)
    page, _errors = open_table(table, reduced_motion="reduce")
    seat = hand.to_act
    hand_bar = page.locator(f'[data-testid="hand-{seat}"]')
    assert hand_bar.get_attribute("role") == "toolbar"
    first = hand_bar.locator("button").first
    assert first.get_attribute("tabindex") == "0"
    first.focus()
    page.keyboard.press("ArrowRight")
    second = hand.hands[seat][1]
    assert page.evaluate("document.activeElement.dataset.card") == second.code
    page.keyboard.press("Enter")
    page.wait_for_function(f"!document.querySelector('[data-testid=\"hand-{seat}\"] [data-card=\"{second.code}\"]')")
    assert hand.history[-1] == Action("play", second)
    page.locator(f'[data-testid="trick"] [data-testid="trick-card-{second.code}"]').wait_for()
    live = page.locator('[data-testid="announcement"]')
    assert live.get_attribute("aria-live") == "polite"
    assert hand.events[-1].explanation.render("en") in live.inner_text()
    # The turn passed to the next seat: the teacher's focus follows it.
    assert page.evaluate("document.activeElement.dataset.seat") == str(hand.to_act)


def test_browser_marks_illegal_cards_with_cores_reason_and_refuses_them(open_table):
    hand = hand_with_illegal_cards()
    table = CardTable(hand, show_legal=True)
    page, _errors = open_table(table)
    illegal = hand.table_view(None).illegal
    assert table.state["deal"]["fresh"] is False           # a position mid-hand: no deal to animate
    for card, why in illegal.items():
        button = page.locator(f'[data-testid="card-{card.code}"]')
        assert button.get_attribute("aria-disabled") == "true"
        described = button.get_attribute("aria-describedby")
        assert page.locator(f"#{described}").text_content() == why.render("en")
        assert button.get_attribute("title") == why.render("en")
    for action in hand.legal_actions():
        assert page.locator(f'[data-testid="card-{action.card.code}"]').get_attribute("aria-disabled") is None
    card, why = next(iter(illegal.items()))
    history = list(hand.history)
    page.locator(f'[data-testid="card-{card.code}"]').click(force=True)   # aria-disabled, yet a click is heard
    page.locator(".atout-announcement.atout-refused").wait_for()
    assert why.render("en") in page.locator('[data-testid="announcement"]').inner_text()
    assert hand.history == history
    page.locator('[data-testid="show-legal"]').uncheck()
    page.wait_for_function("!document.querySelector('[aria-disabled=\"true\"]')")
    assert table.show_legal is False


def test_browser_hides_other_hands_and_names_every_card(open_table):
    hand = FortyFivesHand.new("forty-fives", seed=7)
    table = CardTable(hand, viewer=2, opponents=first_legal)
    page, _errors = open_table(table)
    for seat in (0, 1):
        assert page.locator(f'[data-testid="hand-{seat}"] button').count() == 0
        assert page.locator(f'[data-testid="hand-{seat}"] svg.atout-back').count() == len(hand.hands[seat])
    for card in hand.hands[2]:
        named = page.get_by_role("button", name=re.compile("^" + re.escape(card.name("en"))))
        assert named.count() == 1 and named.get_attribute("data-card") == card.code
    assert page.locator('[data-testid="card-table"]').get_attribute("aria-label") == "Card table: Forty-Fives"
    trump = page.locator('[data-testid="trump"]')
    assert trump.get_attribute("data-suit") == hand.trump.letter and trump.locator(".atout-trump-icon svg").count() == 1


# What became of each gathering: the cards it held when it came, and where it had been sent when it went.
WATCH_GATHERING = """() => {
  window.gathering = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.classList && node.classList.contains("atout-gather")) {
          window.gathering.push({ came: node.querySelectorAll(".atout-face").length, went: null });
        }
      }
      for (const node of record.removedNodes) {
        if (node.classList && node.classList.contains("atout-gather")) {
          window.gathering[window.gathering.length - 1].went = node.style.transform || "where it was";
        }
      }
    }
  }).observe(document.body, { subtree: true, childList: true });
}"""

CENTRE = "(node) => { const b = node.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; }"


def test_browser_the_won_trick_goes_to_its_winner_even_when_the_next_card_comes_at_once(open_table):
    hand = FortyFivesHand.new("forty-fives", seed=7, players=4)
    for _card in range(3):
        hand.apply(hand.legal_actions()[0])
    table = CardTable(hand)
    page, _errors = open_table(table)
    page.evaluate(WATCH_GATHERING)
    # The page's clock stands still: the gathering waits for the test, however slow the machine (no timing).
    page.clock.install()
    page.clock.pause_at(10_000_000_000)
    last = hand.legal_actions()[0].card
    page.locator(f'[data-testid="card-{last.code}"]').click()          # the fourth card: the trick is won
    ghost = page.locator(".atout-trick .atout-gather")
    ghost.wait_for(state="attached")
    assert ghost.locator(".atout-face").count() == 4                     # the whole trick, still in the middle
    winner = hand.to_act                                                 # core: the winner leads the next trick
    lead = hand.legal_actions()[0].card
    page.locator(f'[data-testid="card-{lead.code}"]').click()           # the next lead, at once
    page.locator(f'[data-testid="trick-card-{lead.code}"]').wait_for(state="attached")
    # The next card redrew the table: the won trick is still there, not yet sent anywhere.
    assert ghost.count() == 1 and page.evaluate("window.gathering") == [{"came": 4, "went": None}]
    trick_centre = page.locator(".atout-trick").evaluate(CENTRE)
    seat_centre = page.locator(f'.atout-seat[data-seat="{winner}"]').evaluate(CENTRE)
    page.clock.run_for(60_000)                                           # its pause and its move
    page.wait_for_function("window.gathering[0].went !== null")
    went = page.evaluate("window.gathering")[0]["went"]
    moved = re.match(r"translate\(([-\d.e]+)px, ([-\d.e]+)px\)", went)
    assert moved, went                                                   # it went of itself, moved towards…
    dx, dy = float(moved[1]), float(moved[2])
    want_x, want_y = seat_centre[0] - trick_centre[0], seat_centre[1] - trick_centre[1]
    # Its move points at the winner's seat (within 60°: cos > 0.5), not at any other.
    assert dx * want_x + dy * want_y > 0.5 * (dx ** 2 + dy ** 2) ** 0.5 * (want_x ** 2 + want_y ** 2) ** 0.5
    assert page.locator(".atout-gather").count() == 0                    # …its winner, and the table goes on
    assert page.locator(f'[data-testid="trick-card-{lead.code}"]').count() == 1


def test_browser_reduced_motion_turns_the_animations_off(open_table):
    hand = FortyFivesHand.new("forty-fives", seed=7)
    moving, _ = open_table(CardTable(hand))
    moving.wait_for_function("document.getAnimations().length > 0")      # the deal, packet by packet
    still, _ = open_table(CardTable(FortyFivesHand.new("forty-fives", seed=7)), reduced_motion="reduce")
    assert still.evaluate("document.getAnimations().length") == 0
    assert still.locator(".atout-dealt").count() == 0


def test_browser_a_card_played_lifts_the_next_hand_without_animating_every_card(open_table):
    hand = FortyFivesHand.new("forty-fives", seed=7, players=4)
    table = CardTable(hand, show_legal=True)
    page, _errors = open_table(table, reduced_motion="no-preference")
    page.evaluate("() => { window.transitions = []; document.addEventListener('transitionrun', "
                  "(e) => window.transitions.push(e.target.className)); }")
    seat = hand.to_act
    card = hand.legal_actions()[0].card
    page.locator(f'[data-testid="card-{card.code}"]').dispatch_event("click")    # no hovering: that lifts a card
    page.locator(f'[data-testid="trick-card-{card.code}"]').wait_for()
    lifted = page.locator(f'[data-testid="hand-{hand.to_act}"] [data-legal="true"]')
    assert hand.to_act != seat and lifted.count() > 0
    # The lift moved from one hand to the next without a transition per card (each costs the browser frames).
    assert page.evaluate("window.transitions") == []


def test_the_state_goes_to_the_browser_as_one_json_text_of_the_same_state():
    table = CardTable(FortyFivesHand.new("forty-fives", seed=7), show_legal=True)
    sent = table.get_state(["state"])["state"]
    assert isinstance(sent, str) and json.loads(sent) == table.state


def test_a_hand_moved_on_outside_the_table_is_what_the_next_click_sees():
    hand = FortyFivesHand.new("forty-fives", seed=7, players=4)
    table = CardTable(hand)
    hand.apply(hand.legal_actions()[0])          # a lesson moving the hand on by itself, without a redraw
    card = hand.legal_actions()[0].card
    assert table.play(card.code) is not None and table.last_refusal is None
    assert hand.history[-1] == Action("play", card)
    assert card.code in [p["card"] for p in table.state["trick"]["plays"]]


def test_the_tables_notes_name_the_learner_as_the_table_does():
    """The Play page's table said "Player 1 closed the stock" of the learner, whom it calls "You" everywhere else: its
    notes are core's sentences, said for the table's own seat; the teacher's table (every seat shown) names the seat."""
    from atout.sixty_six import SixtySixGame

    hand = SixtySixGame(seed=4).hand
    while not (hand.to_act == 0 and any(a.kind == "close" for a in hand.legal_actions())):
        hand.apply(next(a for a in hand.legal_actions() if a.kind != "close"))
    hand.apply(next(a for a in hand.legal_actions() if a.kind == "close"))
    card = hand.turn_up.render()
    learner = [note for note in CardTable(hand, viewer=0).state["notes"] if "closed the stock" in note]
    assert learner == [f"You closed the stock: the turned-up trump, {card}, lies face down"]
    teacher = [note for note in CardTable(hand, viewer=None).state["notes"] if "closed the stock" in note]
    assert teacher == [f"Player 1 closed the stock: the turned-up trump, {card}, lies face down"]


# --- in Chromium: seven to ten seats -------------------------------------------------------------------------------

SEAT_BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const felt = document.querySelector('.atout-felt');
  return { table: box(document.querySelector('.atout-table')),
           trick: box(document.querySelector('[data-testid=trick]')),
           window: { right: innerWidth, bottom: innerHeight }, feltCut: felt.scrollWidth > felt.clientWidth + 1,
           seats: [...document.querySelectorAll('.atout-seat')].map((s) => ({ seat: +s.dataset.seat,
             name: s.querySelector('.atout-seat-name').textContent, ...box(s) })) };
}"""


def crowded_trick(players: int, seed: int = 3) -> FortyFivesHand:
    """Forty-Fives dealt to ``players`` (a family past registration: Spoil Five, say), in the first trick with every
    card but one played: five cards a hand and the longest trick."""
    import random

    from atout.engine import Phase
    from atout.forty_fives.config import make_config

    hand = FortyFivesHand.dealt(dataclasses.replace(make_config("forty-fives", players=4), players=players), seed)
    rng = random.Random(seed)
    while not (hand.phase is Phase.PLAY and not hand.tricks and len(hand.trick.cards) == players - 1):
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def _around(seat: dict, centre: tuple[float, float]) -> float:
    """How far round the table a seat sits from the bottom, going up the left side first (degrees, 0 to 360)."""
    import math

    x = (seat["left"] + seat["right"]) / 2 - centre[0]
    y = (seat["top"] + seat["bottom"]) / 2 - centre[1]
    return (math.degrees(math.atan2(y, x)) - 90) % 360


@pytest.mark.parametrize("players", [7, 8, 9, 10])
@pytest.mark.parametrize("viewport", [(1920, 1080), (1366, 768)], ids=["1920x1080", "1366x768"])
@pytest.mark.parametrize("size", ["normal", "projector"])
def test_browser_seven_to_ten_seats_sit_in_order_around_the_table_whole_and_apart(open_table, players, viewport, size):
    """Before, the table refused more than 6 (and at 8 had put "You" top left, the seats out of order)."""
    viewer = players - 1                      # the last seat: the ring must start from the viewer, not seat 0
    page, _errors = open_table(CardTable(crowded_trick(players), viewer=viewer, size=size, fit=True),
                               reduced_motion="reduce", viewport=viewport)
    page.wait_for_function(f"document.querySelector('.atout-table[data-fit=\"{viewport[0]}x{viewport[1]}\"]')")
    shown = page.evaluate(SEAT_BOXES)
    seats, table, where = shown["seats"], shown["table"], f"{players} seats, {size}, {viewport}"
    assert len(seats) == players and not shown["feltCut"], where
    for seat in seats:
        assert (seat["left"] >= table["left"] and seat["right"] <= table["right"] and seat["top"] >= table["top"]
                and seat["bottom"] <= table["bottom"]), (where, seat, table)
        assert seat["right"] <= shown["window"]["right"] and seat["bottom"] <= shown["window"]["bottom"], (where, seat)
    for i, first in enumerate(seats):
        for second in seats[i + 1:]:
            assert (first["right"] <= second["left"] or second["right"] <= first["left"]
                    or first["bottom"] <= second["top"] or second["bottom"] <= first["top"]), (where, first, second)
    you = next(seat for seat in seats if seat["seat"] == viewer)
    assert you["name"] == "You" and you["top"] == max(seat["top"] for seat in seats), where
    trick = shown["trick"]
    centre = ((trick["left"] + trick["right"]) / 2, (trick["top"] + trick["bottom"]) / 2)
    by_seat = {seat["seat"]: seat for seat in seats}
    ring = [_around(by_seat[(viewer + k) % players], centre) for k in range(1, players)]   # the players to your left
    assert ring == sorted(ring) and len(set(ring)) == len(ring), (where, ring)
    assert ring[0] < 180 < ring[-1], (where, ring)      # the next player on your left, the one before on your right


def test_browser_ten_seats_in_french_are_whole_and_apart(open_table, monkeypatch):
    fake_french(monkeypatch)
    try:
        set_page_language("fr")
        table = CardTable(crowded_trick(10), viewer=0, size="projector", fit=True)
        page, _errors = open_table(table, reduced_motion="reduce", viewport=(1366, 768))
        page.wait_for_function("document.querySelector('.atout-table[data-fit=\"1366x768\"]')")
        shown = page.evaluate(SEAT_BOXES)
    finally:
        set_page_language("en")
    seats = shown["seats"]
    assert {seat["name"] for seat in seats} == {"Vous", *(f"Joueur {n}" for n in range(2, 11))}
    assert not shown["feltCut"]
    for i, first in enumerate(seats):
        assert first["right"] <= shown["table"]["right"] and first["bottom"] <= shown["table"]["bottom"], first
        for second in seats[i + 1:]:
            assert (first["right"] <= second["left"] or second["right"] <= first["left"]
                    or first["bottom"] <= second["top"] or second["bottom"] <= first["top"]), (first, second)


def test_the_contract_line_is_worded_by_the_family_whose_contract_it_is():
    """Euchre's trumps are made, not bid for: its table names the makers, never a "bidder"; an auction's game keeps
    its contract and its bidder. Every registered game with a contract is played until it has one."""
    from atout.players import make_player

    seen = {}
    for game in GAMES:
        hand = package_of(game).new_hand(game, seed=3)
        player = make_player(game, "club", seed=3)
        while not hand.is_over and not hand.table_view().contract:
            hand.apply(player.act(hand, hand.to_act))
        if hand.table_view().contract:
            seen[game] = CardTable(hand).state["contract"]
    assert seen["euchre"].startswith("Makers: Player ") and "bidder" not in seen["euchre"], seen
    assert seen["five-hundred"].startswith("Contract: ") and " · bidder: Player " in seen["five-hundred"], seen


def test_before_any_call_only_a_game_with_bids_says_no_bid_yet():
    """Euchre's first round is passing or ordering the up-card up: its table said "No bid yet" beside "Trumps: not
    named yet", and at the walk-through's step "Player 4 orders 10♠ up" beside "Player 4 made spades trumps". A game
    won by bidding still says no bid is made yet."""
    for game, fresh in (("euchre", None), ("five-hundred", "No bid yet")):
        hand = package_of(game).new_hand(game, seed=3)
        assert hand.table_view().phase == "bid", game
        assert CardTable(hand).state["contract"] == fresh, game


def test_a_hand_thrown_in_says_no_trumps_were_named_not_that_they_are_yet_to_be():
    """Everyone passed in the Auction: the hand was over and its table still said "Trumps: not named yet"."""
    hand = package_of("auction-forty-fives").new_hand("auction-forty-fives", seed=5)
    assert CardTable(hand).state["trump"]["label"] == "Trumps: not named yet"
    for _ in range(4):
        hand.apply("bid pass")
    assert hand.is_over
    assert CardTable(hand).state["trump"] == {"suit": None, "label": "Trumps: none named"}
