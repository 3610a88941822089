"""The What-if page, driven as the browser would: proven values only (on the cards too), worked out in the
background, lines from one player's point of view, endings, the double-dummy table, the game menu."""

import re
from html import unescape
from pathlib import Path

import pytest

from atout.engine import Action
from atout.games import FAMILY_LIST, GAMES, available_games, family_of, package_of
from atout.position import compact_text, format_position, hand_from_text, parse_position
from atout.solver import solve, solve_steps
from atout.solver.scoring import scorer
from atout.widgets.analysis import SolverPanel
from atout.widgets.whatif import WhatIf
from tests.core.test_solver_reference import dds_five_hundred

ISSUE = (Path(__file__).parent.parent / "data" / "solver" / "five-hundred-issue-15.txt").read_text()


def click(table, action: Action) -> None:
    message = ({"type": "play", "card": action.card.code} if action.kind == "play" and action.card is not None
               and action.value is None else {"type": "action", "action": str(action)})
    table._handle_custom_msg(message, [])


def rows(html: str) -> dict[str, tuple[int, int, bool]]:
    """The solver table's rows: action -> (proven at least, proven at most, marked best)."""
    found = re.findall(r"<tr class='atout-solver-row( atout-best)?' data-action='([^']+)' data-lo='(-?\d+)' "
                       r"data-hi='(-?\d+)'", html)
    return {action: (int(lo), int(hi), bool(best)) for best, action, lo, hi in found}


def scores(html: str) -> dict[str, tuple[int, int]]:
    """The solver table's rows: action -> the score proven (at least, at most), as the hand is scored."""
    found = re.findall(r"data-action='([^']+)' data-lo='-?\d+' data-hi='-?\d+' data-score-lo='(-?\d+)' "
                       r"data-score-hi='(-?\d+)'", html)
    return {action: (int(lo), int(hi)) for action, lo, hi in found}


def test_the_issue_position_shows_the_same_proven_values_on_every_load():
    """Issue 15: A♣, 4♥, K♥, 9♣ and J♣ make 8 tricks, J♥ 7 — exact, and the same on each of several loads; best
    only where proven; each card's value on the card, the best ones marked."""
    expected = {str(a): v for a, v in dds_five_hundred(hand_from_text(ISSUE)).items()}
    shown = []
    for _ in range(3):
        page = WhatIf(text=ISSUE)
        page.wait()
        found = rows(page.analysis.view.value)
        assert {a: lo for a, (lo, hi, _b) in found.items()} == expected
        assert all(lo == hi for lo, hi, _b in found.values())
        assert {a for a, (_l, _h, best) in found.items() if best} == {a for a, v in expected.items() if v == 8}
        assert "data-state='done'" in page.analysis.status.value and "Every value is proven" in \
            page.analysis.status.value
        marks = page.table.card_values          # 7♥ made with 7 tricks: 200 less the defenders' 30 (issue 32)
        assert marks["JH"] == {"text": "+170", "best": False, "label": "worth +170 points (7 tricks)"}
        assert marks["AC"]["best"] and marks["AC"]["text"] == "+180" and "the best" in marks["AC"]["label"]
        assert set(marks) == {c.code for c in page.hand.hands[page.hand.to_act]}
        shown.append((page.analysis.view.value, marks))
    assert shown[0] == shown[1] == shown[2]


def test_a_value_not_yet_proven_is_shown_as_its_bounds_and_never_as_best():
    """The panel drawn from the first steps of a whole deal's search (each step proven): ranges and 'at least',
    no best until one is proven, and what it shows is true of the exact values."""
    hand = hand_from_text(ISSUE)
    exact = solve(hand).bounds
    panel = SolverPanel()
    panel.hand = panel.start = hand
    panel.scorer = scorer(hand, hand.to_act)
    steps = solve_steps(hand)
    early = [next(steps) for _ in range(3)][-1]
    assert not early.exact
    panel.thinking = True
    panel.solution = early
    panel._draw()
    found = rows(panel.view.value)
    assert found and all(lo <= exact[Action.parse(a)][0] <= hi for a, (lo, hi, _b) in found.items())
    assert {a for a, (_l, _h, best) in found.items() if best} <= {str(a) for a in early.proven_best()}
    for a, (lo, hi) in scores(panel.view.value).items():       # the score proven is that of the tricks proven
        assert (lo, hi) == panel.scorer.bounds(found[a][0], found[a][1])
    text = re.sub("<[^>]+>", "|", panel.view.value)
    assert "not known yet" in text or "at least" in text or "at most" in text or " to " in text
    assert "Best line" not in text and "data-exact='false'" in panel.view.value
    assert "data-state='thinking'" in panel.status.value and "Still thinking" in panel.status.value
    assert panel.stop_button.layout.display != "none" and not panel.stop_button.disabled


def test_stop_keeps_what_was_proven_and_the_page_answers_while_it_thinks():
    page = WhatIf(game="five-hundred", seed=3)
    hand = page.hand
    for action in ("bid 7H", "bid pass", "bid pass", "bid pass"):
        click(page.table, Action.parse(action))
    for card in list(hand.hands[hand.to_act])[:3]:
        click(page.table, Action("discard", card))
    assert hand.phase.value == "play"
    page.analysis.stop()                          # at once: stopped, or done if it was quicker
    page.wait()
    status = page.analysis.status.value
    assert "data-state='stopped'" in status or "data-state='done'" in status
    assert page.analysis.stop_button.layout.display == "none"
    exact = solve(hand).bounds
    assert all(lo <= exact[Action.parse(a)][0] <= hi for a, (lo, hi, _b) in rows(page.analysis.view.value).items())


def test_forty_fives_values_say_what_they_assume():
    page = WhatIf("forty-fives", seed=3)
    page.wait()
    assert page.hand.config.players > 2 and not page.hand.config.has_partners
    assert "every other player plays against them" in page.analysis.view.value
    partners = WhatIf("forty-fives-partners", seed=3)
    partners.wait()
    assert "solver-assumption" not in partners.analysis.view.value
    assert "worth to Player 1 and Player 3" in partners.analysis.view.value or \
        "worth to Player 2 and Player 4" in partners.analysis.view.value


def test_two_lines_are_valued_for_one_player_read_as_cards_and_can_be_gone_back_to():
    """What if Player 2 had led the J♥? Both lines valued for the player who led, in the cards played."""
    page = WhatIf(text=ISSUE)
    page.wait()
    hand = page.hand
    leader = hand.to_act
    click(page.table, Action.parse("play AC"))
    page.keep("A")
    assert page.line_seat == leader                       # the player who just played asks the question
    assert page.take_back()
    click(page.table, Action.parse("play JH"))
    page.keep("B")
    page.wait()
    html = page.lines_view.value
    text = re.sub("<[^>]+>", "|", html).replace("&#x27;", "'")
    side = f"Player {leader % 2 + 1} and Player {leader % 2 + 3}"           # the leader's side, named by its players
    # issue 32: in the hand's score (7♥ worth 200, the defenders 10 a trick), with the tricks it comes from
    assert f"+180 points (8 tricks) for {side}" in text and f"+170 points (7 tricks) for {side}" in text
    assert "Played: A♣" not in text and "then: A♣" in text and "then: J♥" in text      # the cards, not 'play AC'
    assert "play AC" not in html and "bid 7H" not in html
    assert "Both lines: Bid 7 hearts, Pass, Pass, Pass, Discard J♠" in text
    assert page.back_buttons["A"].layout.display != "none"
    page.back_buttons["A"].click()
    assert page.hand.trick.cards[0].code == "AC" and set(page.lines) == {"A", "B"}
    page.seat_picker.value = (leader + 1) % 4             # the other side's point of view: both lines again
    page.wait()
    text = re.sub("<[^>]+>", "|", page.lines_view.value).replace("&#x27;", "'")
    other = f"Player {(leader + 1) % 2 + 1} and Player {(leader + 1) % 2 + 3}"
    assert f"−180 points (2 tricks) for {other}" in text and f"−170 points (3 tricks) for {other}" in text


def test_the_game_menu_deals_the_chosen_game_at_once():
    page = WhatIf("forty-fives", seed=1)
    page.wait()
    page.keep("A")
    page.game_picker.value = "sixty-six"
    assert page.hand.config.game == "sixty-six" and page.table.hand is page.hand
    assert page.text.value.startswith("game: sixty-six") and not page.lines


def test_an_ending_typed_in_is_set_up_valued_and_shared_in_its_short_form():
    ending = (Path(__file__).parents[2] / "tests/data/solver/five-hundred-ending.txt").read_text().strip()
    page = WhatIf("forty-fives")
    assert page.load(ending)
    page.wait()
    assert page.hand.from_ending and page.hand.to_act == 3
    assert rows(page.analysis.view.value) and "data-state='done'" in page.analysis.status.value
    shown = page.text.value
    # the page writes the ending with the suit symbols (issue 35): the same lines as the canonical text read back
    assert set(ending.splitlines()) <= set(format_position(parse_position(shown)).splitlines())
    assert page.short.value == compact_text(page.hand)
    assert page.address_state() == {"position": page.short.value}
    other = WhatIf(text=page.short.value)                  # the link's position
    assert other.short.value == page.short.value and [set(h) for h in other.hand.hands] == \
        [set(h) for h in page.hand.hands] and other.hand.from_ending
    assert not page.table_box.children                     # no double-dummy table without the deal
    assert not page.load(ending.replace("won: 2 3 1 1", "won: 2 3 1 0"))
    assert "adding up to 7" in page.message.value and page.text.value == shown
    assert "How to write a position" in page.notation.value and "An ending" in page.notation.value


def test_the_double_dummy_table_of_a_dealt_hand():
    page = WhatIf("five-hundred", seed=5)
    view = page.table_box.children[0]
    view.run(wait=True)
    html = view.output.value
    assert "data-state='done'" in html and html.count("<td") == 20 and "No trumps" in html
    assert view.bar.value == view.bar.max == 20 and view.bar.description == "20 of 20"
    from atout.solver.table import double_dummy, par

    core = double_dummy(page.hand)
    assert {k: (v.lo, v.hi) for k, v in view.table.cells.items()} == {k: (v.lo, v.hi) for k, v in core.cells.items()}
    first = re.search(r"<tr data-strain='S'>(.*?)</tr>", html).group(1)
    assert re.findall(r"<td data-column='\d' data-lo='(\d+)'", first) == [str(core.value(core.strains[0], c).lo)
                                                                          for c in range(4)]
    found = par(page.hand, core)                            # issue 32: par, where the game has contracts
    assert f"Par, both sides bidding with every hand known: {found.call[:-1]}" in html and \
        f"by Player {found.contractor + 1}" in html
    # issue 32: each cell in the hand's score, with the highest contract its tricks make
    for column in range(4):
        tricks = core.value(core.strains[0], column).lo
        cell = re.search(rf"<td data-column='{column}'.*?</td>", first).group(0)
        if tricks < 6:
            assert "no contract" in cell and f"{tricks} tricks" in cell
        else:
            contract = page.hand.config.calls[f"{tricks}S"]
            assert f"{tricks} tricks: {tricks}♠" in cell
            assert f"data-score='{contract.value - 10 * (10 - tricks)}'" in cell or tricks == 10


def _first_lead_rows(html: str) -> dict[str, tuple[int, int, bool]]:
    """Sixty-Six's table's rows: choice -> (proven at least, proven at most, marked best)."""
    found = re.findall(r"<tr class='atout-dd-choice( atout-best)?' data-action='([^']+)' data-lo='(-?\d+)' "
                       r"data-hi='(-?\d+)'", html)
    return {action: (int(lo), int(hi), bool(best)) for best, action, lo, hi in found}


def test_sixty_six_s_table_is_its_first_leader_s_choices_in_game_points():
    """Issue 32: the double-dummy table for Sixty-Six, on the page: each choice of the first leader (closing, a
    marriage, each card) with the game points it wins for the leader, both players perfect."""
    from atout import units
    from atout.sixty_six.open_search import first_lead_table

    page = WhatIf("sixty-six", seed=9)
    page.hand.apply(page.hand.legal_actions()[-1])          # a card led since: the table stays the first lead's
    [view] = page.table_box.children
    view.run(wait=True)
    html = view.output.value
    core = first_lead_table(page.hand)
    first = package_of("sixty-six").new_hand("sixty-six", seed=9)
    assert "data-state='done'" in html and core.complete
    shown = _first_lead_rows(html)
    assert {a: (lo, hi) for a, (lo, hi, _best) in shown.items()} == {str(a): (v, v) for a, v in core.values.items()}
    assert set(shown) == {str(a) for a in first.legal_actions()} and "close" in shown
    top = max(core.values.values())
    assert {a for a, (lo, _hi, best) in shown.items() if best} == {str(a) for a, v in core.values.items() if v == top}
    assert f"Game points for Player {first.to_act + 1}" in html and core.leader == first.to_act
    winner = first.to_act if top > 0 else 1 - first.to_act
    assert f"playing their best, Player {winner + 1} wins {units.amount('game points', abs(top)).render()}." in html
    assert view.bar.value == view.bar.max == len(shown)


def test_sixty_six_s_table_stopped_by_its_time_shows_bounds_never_a_value_it_did_not_prove():
    from atout.sixty_six.open_search import first_lead_table
    from atout.widgets.tableview import FirstLeadView

    page = WhatIf("sixty-six", seed=9)
    view = FirstLeadView(page.hand, budget_s=0)
    view.run(wait=True)
    html = view.output.value
    assert "data-state='stopped'" in html and "Stopped after 0 seconds, the time it is given" in html
    assert "data-testid='dd-value'" not in html and "atout-best" not in html
    core = first_lead_table(page.hand)
    shown = _first_lead_rows(html)
    assert set(shown) == {str(a) for a in core.values}
    assert all(lo <= core.values[next(a for a in core.values if str(a) == name)] <= hi
               for name, (lo, hi, _best) in shown.items())
    assert any(lo < hi for lo, hi, _best in shown.values()) and "not known yet" in html
    view.run(wait=True)                                     # asked again: the same budget, from the start
    assert view.output.value == html


@pytest.mark.parametrize("game", [next(g.id for g in GAMES.values() if g.family is f) for f in FAMILY_LIST])
def test_the_page_speaks_french(game, monkeypatch):
    from atout.widgets.language import set_page_language

    page = WhatIf(game, seed=2)
    page.wait()
    page.keep("A")
    shown, hand = compact_text(page.hand), page.hand
    try:
        set_page_language("fr")
        assert page.deal_button.description != "New deal"
        assert "How to write a position" not in page.notation.value
        # the same position and lines, in French (the game menu's new names once dealt a new hand)
        assert page.hand is hand and compact_text(page.hand) == shown and set(page.lines) == {"A"}
        assert page.game_picker.value == game and "Cinq cents" in dict(page.game_picker.options).keys()
    finally:
        set_page_language("en")


def test_the_kitty_phase_hand_is_in_core_s_order_with_the_kitty_marked():
    """The 13 cards of the kitty phase are readable: in core's order for the trump, the kitty's cards among them
    (marked), not after them, and the kitty not shown a second time."""
    from atout.widgets.table import sorted_hand

    text = "\n".join(line for line in ISSUE.splitlines() if not line.startswith("actions"))
    page = WhatIf(text=text + "\nactions: bid 7H, bid pass, bid pass, bid pass")
    seat = page.table.state["seats"][1]
    assert seat["count"] == 13 and sorted(seat["from_kitty"]) == ["5H", "6H", "9S"]
    assert seat["cards"] == [c.code for c in sorted_hand(list(page.hand.hands[1]), "five-hundred", "H")]
    assert page.table.state["kitty"] == 0


# --- hand evaluation ---------------------------------------------------------------------------------------

def five_hundred_after_the_kitty(seed: int = 3):
    hand = package_of("five-hundred").new_hand("five-hundred", seed=seed)
    for action in ("bid 7H", "bid pass", "bid pass", "bid pass"):
        hand.apply(action)
    for card in list(hand.hands[hand.to_act])[:3]:
        hand.apply(f"discard {card.code}")
    return hand


def test_evaluation_any_player_a_sensible_target_and_the_chart(monkeypatch):
    import atout.widgets.evaluation as module
    from atout.widgets.evaluation import EvaluationView

    hand = five_hundred_after_the_kitty()
    view = EvaluationView(hand, samples=12)
    contractor = hand.contractor
    assert view.seat == contractor and view.target.value == 7               # the contract, by default
    assert view.target.description == "Target (tricks)" and "over many deals" in view.heading.value
    assert [value for _label, value in view.seat_picker.options] == [0, 1, 2, 3]
    view.seat_picker.value = (contractor + 1) % 4                           # a defender: setting it
    assert view.target.value == 4
    monkeypatch.setattr(module, "SHOW_EVERY_S", 0.0)
    shown = []
    view.output.observe(lambda change: shown.append(change["new"]), names="value")
    view.run(wait=True)
    assert view.result.samples == 12 and view.result.seat == (contractor + 1) % 4
    assert view.bar.value == 12 and view.bar.description == "12 of 12"
    assert any("data-state='running'" in html and "so far" in html for html in shown)     # streamed as it goes
    html = view.output.value
    assert "data-state='done'" in html and "4 tricks or more in" in html
    # issue 32: the average in the hand's score too (the defenders' 10 a trick, the contract set or made)
    defenders = (contractor + 1) % 2
    said = html.replace("&#x27;", "'")
    assert f"For Player {defenders + 1} and Player {defenders + 3}, their score in this hand less" in said
    assert "points on average" in html and view.result.scores == [view.result.scorer(v) for v in view.result.values]
    chart = re.search(r"<svg.*</svg>", html).group(0)
    assert "atout-target-line" in chart and "target 4" in chart and ">deals<" in chart and ">tricks<" in chart
    counts = view.result.distribution
    for value, count in counts.items():                     # each bar's value along the bottom, its count above
        assert f">{count}</text>" in chart and f">{value}</text>" in chart
    view.target.value = 9                                   # typed: another player keeps it
    view.seat_picker.value = contractor
    assert view.target.value == 9


def test_a_new_run_clears_the_previous_result_and_shows_the_time_left(monkeypatch):
    import threading

    import atout.widgets.evaluation as module
    from atout.widgets.evaluation import EvaluationView

    view = EvaluationView(five_hundred_after_the_kitty(), samples=10)
    view.run(wait=True)
    assert "evaluation-result" in view.output.value
    gate = threading.Event()
    real = module.evaluate

    def held(*args, **kwargs):
        gate.wait()
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "evaluate", held)
    view.run()
    assert view.output.value == "" and view.result is None and view.bar.value == 0    # cleared at the start
    assert view.bar.description == "0 of 10"
    view._started -= 6.0                                       # six seconds in, three deals of ten done
    view._progress(3, 10)
    assert view.bar.description == "3 of 10, about 14 s left"
    gate.set()
    view.wait()
    assert view.result.samples == 10


def test_the_editor_shows_an_ending_as_the_cards_still_held():
    ending = ("game: five-hundred\ncontract: 1 7H\nseat 0: AD KS 9D\nseat 1: 4H JH AC\nseat 2: 8S KC AH\n"
              "seat 3: 10D AS JK\ntrick: 3\nwon: 2 3 1 1")
    page = WhatIf("five-hundred", seed=1)
    page.text.value = ending                                  # typed: the editor follows
    editor = page.editor
    assert [value for _label, value in editor.place_picker.options] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert "(3 cards)" in editor.summary.value and "kitty" not in editor.summary.value
    assert editor.contract_box.layout.display == "none"
    assert "Player 4" in editor.summary.value and "Seat" not in editor.summary.value
    editor.toggle("JK")                                       # a card back to the deck: seat 3 a card short
    assert not editor.use() and "as many cards as the others" in editor.message.value
    editor.place_picker.value = "seat 3"
    editor.toggle("JK")
    assert editor.use() and page.hand.from_ending and page.hand.to_act == 3


@pytest.mark.parametrize("game", available_games())
def test_an_ending_in_the_help_s_format_is_set_up_in_every_game(game):
    """Issue 32: an ending typed as the page's help writes it (the cards held, ``trick:`` and ``won:`` lines) is set
    up in every game: the table shows it and the solver values it. Forty-Fives and Sixty-Six used to fail inside the
    family's deal packets (an ending has no deal), leaving the previous deal's values on the page."""
    from tests.core.test_endings import ending_of, trick_hands
    from tests.core.test_solver_reference import sixty_six_strict

    if family_of(game).id == "sixty-six":
        hand = next(h for h in (sixty_six_strict(seed) for seed in range(20)) if h is not None and not h.is_over)
    else:
        hand = next(iter(trick_hands(game, range(40), 3)))
    text = format_position(ending_of(hand))
    assert "\ntrick: " in text and "\nwon: " in text
    page = WhatIf(game, seed=2)
    page.wait()
    assert page.load(text)
    page.wait()
    assert page.hand.from_ending and page.table.hand is page.hand and page.stage.children == (page.table,)
    assert page.hand.deal_packets() == [] and not page.message.value
    assert rows(page.analysis.view.value) and "data-state='done'" in page.analysis.status.value


def visible(html: str) -> str:
    return re.sub("<[^>]+>", "|", html).replace("&#x27;", "'")


def test_partnership_forty_fives_is_valued_as_the_hand_is_scored():
    """Issue 32: a card worth 20 trick points to a side scores it 15 under net scoring (20 against the other side's
    5): the table, the cards and the best line's worth say +15, with the 20 trick points beside it."""
    page = WhatIf("forty-fives-partners", seed=3)
    page.wait()
    found, scored = rows(page.analysis.view.value), scores(page.analysis.view.value)
    assert found and all(scored[a] == (2 * lo - 25, 2 * hi - 25) for a, (lo, hi, _b) in found.items())
    twenty = [a for a, (lo, _hi, _b) in found.items() if lo == 20]
    assert twenty
    text = visible(page.analysis.view.value)
    assert "their score in this hand less the other side's" in text
    card = Action.parse(twenty[0]).card
    assert page.table.card_values[card.code]["text"] == "+15"
    assert page.table.card_values[card.code]["label"] == "worth +15 points (20 trick points)"


def test_misere_values_are_the_contract_s_result_for_the_side_named():
    """Issue 32: misère values were labelled as tricks the side to act takes (10 for a contractor who takes none).
    Now they are the contract's result, +250 or −250, turned round for the defenders, and say so."""
    from tests.core.test_solver_reference import random_position

    for seed in range(200):
        hand = random_position("five-hundred", seed, 3, misere=True)
        if hand is not None and hand.contract.misere and not hand.is_over:
            break
    else:
        raise AssertionError("no misère in 200 deals")
    page = WhatIf(text=compact_text(hand))
    page.wait()
    value = hand.contract.value
    scored = scores(page.analysis.view.value)
    assert scored and {lo for lo, _hi in scored.values()} <= {value, -value}
    text = visible(page.analysis.view.value)
    contractor = f"Player {hand.contractor + 1}"
    if hand.to_act % 2 == hand.contractor % 2:
        assert f"the misère's result: +{value} points if {contractor} takes no trick" in text
        assert all((lo == value) == (raw == 10) for (raw, _h, _b), (lo, _) in zip(
            rows(page.analysis.view.value).values(), scored.values(), strict=True))
    else:
        assert f"the misère's result turned round: +{value} points if {contractor} takes a trick" in text
    assert "|Tricks|" not in text and " tricks)" not in text          # no count of tricks said to be the side's


def test_a_misere_evaluation_says_whose_tricks_it_counts():
    """Issue 32: a misère's evaluation said "7.5 tricks on average" and "10 tricks or more" for the contractor's
    side, which takes none of them: the count is the defenders' tricks (for the defenders, the contractor's). Each
    sentence, the target and the chart now say whose tricks they count, in English and in French."""
    from atout.i18n import decimal
    from atout.widgets.evaluation import EvaluationView
    from atout.widgets.language import set_page_language
    from tests.core.test_solver_reference import random_position

    for seed in range(200):
        hand = random_position("five-hundred", seed, 3, misere=True)
        if hand is not None and hand.contract.misere and not hand.is_over:
            break
    else:
        raise AssertionError("no misère in 200 deals")
    contractor = f"Player {hand.contractor + 1}"
    view = EvaluationView(hand, seat=hand.contractor, samples=10)
    assert view.target.description == "Target (tricks the defenders take)"
    view.run(wait=True)
    text = unescape(view.output.value)
    taken = sum(hand.tricks_won) - hand.tricks_won[hand.contractor]       # the defenders' tricks so far
    assert f"Over 10 deals: the defenders take {decimal(view.result.mean, 'en')} tricks on average" in text
    assert min(view.result.values) >= taken
    assert f"The defenders take {view.target.value} tricks or more in" in text and ">tricks the defenders take<" in text
    view.seat_picker.value = (hand.contractor + 1) % 4                      # a defender
    assert view.target.description == f"Target (tricks {contractor} takes)"
    view.run(wait=True)
    text = unescape(view.output.value)
    assert f"Over 10 deals: {contractor} takes {decimal(view.result.mean, 'en')} tricks on average" in text
    assert min(view.result.values) >= hand.tricks_won[hand.contractor]
    assert f"{contractor} takes 1 trick or more in" in text
    try:
        set_page_language("fr")
        french = unescape(view.output.value).replace("\u202f", " ").replace("\xa0", " ")
        mean = decimal(view.result.mean, "fr")
        assert f"Sur 10 donnes : le joueur {hand.contractor + 1} fait {mean} levées en moyenne" in french
        assert f"Joueur {hand.contractor + 1} fait 1 levée ou plus dans" in french
    finally:
        set_page_language("en")


def test_the_evaluation_writes_its_numbers_as_the_page_s_language_does():
    """The French page said « Sur 12 donnes : 7.5 levées en moyenne (95% entre 6.9 et 8.1) », with English decimal
    points; French writes « 7,5 »."""
    from atout.widgets.evaluation import EvaluationView
    from atout.widgets.language import set_page_language

    view = EvaluationView(five_hundred_after_the_kitty(), samples=12)
    view.run(wait=True)
    try:
        set_page_language("fr")
        french = unescape(view.output.value).replace("\xa0", " ").replace("\u202f", " ")
    finally:
        set_page_language("en")
    number = r"\d+(,\d)?"
    assert re.search(rf"Sur 12 donnes : {number} levées en moyenne \(95% entre {number} et {number}\)", french), french


def test_when_every_choice_scores_the_same_none_is_marked_best():
    """Issue 32: a hopeless "Declare 66" (6 points) was marked best because every choice lost 3 game points."""
    page = WhatIf(text="game: sixty-six\ndealer: 0\ntrump: S\nseat 0: QH 10H KD 9H\nseat 1: KH JD 10D AD\n"
                       "trick: 1\nwon: 1 1\npoints: 13 6\nmarriages: 0 0\nclosed: 1 0 0")
    page.wait()
    found = rows(page.analysis.view.value)
    assert "declare" in found and len(found) == 5 and {lo for lo, _h, _b in found.values()} == {-3}
    assert not any(best for _lo, _hi, best in found.values())
    assert not any(mark["best"] for mark in page.table.card_values.values())
    assert "Every choice is worth the same here" in visible(page.analysis.view.value)


def test_the_best_line_is_shown_whole_trick_by_trick():
    """Issue 32: the best line stopped after 16 cards. A whole Five Hundred deal's line: ten tricks, every card,
    each trick's winner."""
    page = WhatIf(text=ISSUE)
    page.wait()
    line = page.analysis.solution.line
    assert len(line) == 40
    shown = re.search(r"data-testid='best-line'>(.*?)</div>", page.analysis.view.value).group(1)
    items = re.findall(r"<li>(.*?)</li>", shown)
    assert len(items) == 10 and all(item.startswith(f"Trick {n}:") for n, item in enumerate(items, start=1))
    assert all(" wins it)" in item for item in items)
    assert sum(item.count("Player ") - 1 for item in items) == 40      # each card with its player, and the winner
    assert "…" not in shown


SPOIL_FIVE_AT_TRICK_3 = "s5.0.SJ5H3DACJ-S9HK92C7-ST7H6D53-SK6H5CK6-S8H7D6CQ3.uD4.a9S-5D-6S-8S-r3H-5S-TS-KS-6D-AD-2H"


@pytest.mark.parametrize(("lang", "heading", "best", "other"), [
    ("en", "Worth (counters)", "worth 4 counters (3 tricks), the best", "worth −2 counters (2 tricks)"),
    ("fr", "Valeur (jetons)", "vaut 4 jetons (3 levées), la meilleure", "vaut −2 jetons (2 levées)"),
    ("ja", "価値（チップ）", "価値：チップ4枚（3トリック）（最善）", "価値：チップ−2枚（2トリック）"),
])
def test_spoil_five_is_valued_in_the_counters_its_pool_pays(lang, heading, best, other):
    """Spoil Five pays counters from the pool, never points: the What-if page said "worth 4 points (3 tricks)" of
    the card that takes the pool of 6 counters (net 4 to Player 1, who staked 2 as the dealer)."""
    from atout.widgets.language import set_page_language

    try:
        set_page_language(lang)
        page = WhatIf(text=SPOIL_FIVE_AT_TRICK_3)
        page.wait()
        marks, html = page.table.card_values, unescape(page.analysis.view.value)
    finally:
        set_page_language("en")
    assert marks["4D"]["label"] == best and marks["JC"]["label"] == other and marks["JS"]["label"] == other
    assert heading in html
