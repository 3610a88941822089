"""The Play and What-if pages, driven as the browser would."""

import re
from html import escape, unescape

import pytest

from atout.cards import Card
from atout.engine import Action
from atout.games import available_games, package_of
from atout.review import review_hand
from atout.widgets.play import PlayGame
from atout.widgets.whatif import WhatIf
from tests.registry import one_game_of_each_kind


def _click(table, action: Action) -> None:
    message = ({"type": "play", "card": action.card.code} if action.kind == "play" and action.card is not None
               and action.value is None else {"type": "action", "action": str(action)})
    table._handle_custom_msg(message, [])


@pytest.mark.parametrize("game", one_game_of_each_kind())
def test_a_hand_against_the_computer_is_scored_and_reviewed(game):
    page = PlayGame(game, seed=5)
    for _ in range(400):
        if page.game.completed_hands or page.game.is_over:
            break
        assert page.game.hand.to_act == 0            # the computer answers at once
        _click(page.table, page.game.hand.legal_actions()[-1])
    assert page.game.completed_hands, "the hand never finished"
    assert "Review" in page.review_button.description
    review = page.review()
    assert "hand-review" in page.review_view.value and "data-testid='review-checked'" in page.review_view.value
    for r in review.exact:
        assert r.lost >= 0 and (r.lost == 0) == (r.made == r.best or r.lost == 0)
    # core's sentences for the learner, each with its rule id beside it (a mark whose hover states the rule)
    assert page.log_view.value.count("<li>") >= 3 and 'class="atout-rule-id" data-rule="' in page.log_view.value
    assert "Seat " not in page.log_view.value


def test_the_hint_is_a_legal_action_from_what_the_learner_sees():
    page = PlayGame("forty-fives", seed=2)
    while page.game.hand.to_act != 0:
        _click(page.table, page.game.hand.legal_actions()[0])
    text = page.hint()
    assert "expert" in text.lower() and "atout-hint-text" in page.hint_view.value


def _play_to_the_end_of_a_hand(page) -> None:
    hands = len(page.game.completed_hands)
    for _ in range(400):
        if len(page.game.completed_hands) > hands:
            return
        assert page.table.hand.to_act == 0            # the computer answers at once
        _click(page.table, page.table.hand.legal_actions()[-1])
    raise AssertionError("the hand never finished")


@pytest.mark.parametrize("game", available_games())
def test_the_end_of_a_hand_waits_for_the_learner_with_the_score_and_its_working(game):
    page = PlayGame(game, seed=5)
    _play_to_the_end_of_a_hand(page)
    finished = page.game.completed_hands[-1]
    state = page.table.state
    assert state["over"] and page.table.hand.shown is finished            # the finished hand stays on the table
    view = finished.table_view(0)
    if view.last_trick:          # (a Sixty-Six hand declared shows no trick)
        assert [(p["seat"], p["card"]) for p in state["trick"]["plays"]] == [(s, c.code) for s, c in view.last_trick]
        assert [p["seat"] for p in state["trick"]["plays"] if p["won"]] == [view.last_trick_winner]
    assert len(page.game.hand.history) <= 1        # the next hand is dealt, and nobody has acted in it yet
    assert "Hand 1 is over" in page.status.value and page.hand_end.layout.display == ""
    score = next(e for e in finished.events[-1].flatten() if e.kind == "score").explanation
    shown = page.hand_end_text.value
    assert escape(score.render("en", 0)) in shown and f'data-rule="{score.rule}"' in shown     # core's working
    assert "The game&#x27;s score:" in shown and page.next_hand_button.description == "Next hand"
    # The game's score names each player or side as the table above it does, and writes a loss with a minus sign.
    line = unescape(re.search(r"<p class='atout-game-score'>(.*?)</p>", shown).group(1))
    names = [score["label"] for score in state["scores"]]
    assert line == "The game's score: " + " · ".join(
        f"{name}: {'−' if score < 0 else ''}{abs(score)}" for name, score in zip(names, page.game.scores, strict=True))
    changes = []           # in the order the page is sent them, and draws them
    page.hand_end_text.observe(lambda change: changes.append(("end", change.new)), "value")
    page.status.observe(lambda change: changes.append(("status", change.new)), "value")
    page.table.observe(lambda change: changes.append(("table", change.new["over"])), "state")
    page.next_hand_button.click()
    assert page.table.hand.shown is page.game.hand and not page.table.state["over"]
    assert page.hand_end.layout.display == "none" and "Hand 2: you play" in page.status.value
    # The hand's end is gone before the table shows the next hand and the status names it (a browser test saw
    # "Hand 2" beside the end of hand 1).
    assert changes[0] == ("end", ""), changes[:3]
    assert ("table", False) in changes and any(kind == "status" and "Hand 2" in new for kind, new in changes)
    assert page.table.state["to_act"] == 0 or page.game.hand.is_over    # the computer played up to the learner


def test_the_end_of_the_game_is_announced_and_a_new_game_starts_when_asked():
    page = PlayGame("forty-fives", seed=3, target=25)
    for _ in range(20):
        _play_to_the_end_of_a_hand(page)
        if page.game.is_over:
            break
        page.next_hand()
    assert page.game.is_over
    shown = page.hand_end_text.value
    assert "The game is over" in shown and page.next_hand_button.description == "New game"
    assert "The game is over" in page.status.value
    page.next_hand_button.click()
    assert not page.game.is_over and page.game.completed_hands == [] and page.hand_end.layout.display == "none"


def test_the_hint_says_why_and_marks_its_card_until_somebody_plays():
    from atout.hints import reason

    page = PlayGame("forty-fives", seed=2)
    said = []
    for _ in range(30):
        hand = page.table.hand
        if hand.is_over:
            break
        text = page.hint()
        action = page.hints[page.hand_number][len(hand.history)]
        why = reason(hand.shown, 0, action)
        if why is not None:
            said.append(why)
            assert text == f"The expert computer, seeing only your cards, would play {action.card.render('en')}: " \
                           f"{why.render('en', 0)}"
        assert page.table.card_values[action.card.code]["best"]          # the card is marked on the table
        _click(page.table, action)
        assert page.table.card_values == {}
    assert said       # the hint said why at least once in a hand


def test_the_review_names_the_trick_stays_with_its_hand_and_earlier_reviews_open():
    page = PlayGame("forty-fives", seed=5)
    _play_to_the_end_of_a_hand(page)
    page.review()
    assert "Review of hand 1" in page.review_view.value and page.earlier_reviews.value == ""
    page.next_hand()
    assert page.review_view.value == ""            # not shown under the next hand as if it were its review
    assert "<details" in page.earlier_reviews.value and "Review of hand 1</summary>" in page.earlier_reviews.value
    _play_to_the_end_of_a_hand(page)
    page.review()
    assert "Review of hand 2" in page.review_view.value and "Review of hand 1" in page.earlier_reviews.value
    assert "Review of hand 2" not in page.earlier_reviews.value


def test_a_review_line_names_its_trick_and_says_why_it_disagrees_with_the_hint():
    from atout.review import ExactReview, HandReview
    from atout.widgets.play import _review_text

    mistake = ExactReview(9, 3, Action("play", Card.parse("7C")), Action("play", Card.parse("QS")), 10, "points")
    fine = ExactReview(13, 4, Action("play", Card.parse("AS")), Action("play", Card.parse("AS")), 0, "points")
    review = HandReview(0, exact=[mistake, fine])
    plain = _review_text(review)
    assert "Trick 3: Q♠ instead of 7♣ would have been worth 10 more points to your side" in plain
    assert "hint" not in plain and "Checked exactly by the solver, which sees every hand: 2 of your decisions " \
        "(tricks 3 to 4)" in plain
    hinted = _review_text(review, {9: mistake.made})
    assert "(the hint&#x27;s choice: the hint sees only your cards, the review sees every hand)" in hinted


def test_review_finds_a_play_below_the_best():
    from atout.forty_fives import FortyFivesHand
    from atout.solver import solve

    worst = None
    for seed in range(40):
        hand = FortyFivesHand.new("forty-fives", seed=seed, players=3)
        worst = _play_one_mistake(hand, solve)
        if worst is not None:
            break
    assert worst is not None
    review = review_hand(hand, 0)
    assert any(r.made == worst and r.lost > 0 for r in review.exact)


def test_the_sixty_six_review_says_what_it_checked_and_never_claims_the_rest():
    """Issue 32: « Le solveur, qui voit toutes les mains, ne trouve aucun coup meilleur que les vôtres dans cette
    donne » after hands whose open-stock decisions it never looked at. The review of the issue's kind of hand (a
    marriage given up, 66 declared with 11 points) names both, with their cost and error bar, and says how each
    decision was checked, in English and in French."""
    from atout.position import hand_from_text
    from atout.widgets.language import set_page_language
    from atout.widgets.play import _review_text
    from tests.core.test_review import SIXTY_SIX_BLUNDERS

    review = review_hand(hand_from_text(SIXTY_SIX_BLUNDERS), 0, seed=1, played_out_s=600, max_deals=60)
    text = _review_text(review).replace("&#x27;", "'")
    lead = next(r for r in review.played_out if str(r.made) == "play QS")
    # the best first lead keeps the marriage: declared now, or a low lead keeping it for later (test_review)
    assert re.search(r"Trick 1: “(Declare the marriage in spades|Play [^QK”][^”]*)” instead of “Play Q♠” was worth "
                     r"about \d\.\d more game points, ± \d\.\d \(over \d+ deals of the cards you could not see\)",
                     text)
    assert f"about {lead.gain:.1f} more game points" in text
    assert re.search(r"Trick 5: “Play [^”]+” instead of “Declare 66” was worth about [23]\.\d more game points", text)
    assert "Checked by sampling while the stock was open" in text and "8 of your decisions (tricks 1 to 5)" in text
    assert "finds no better play" not in text and "Checked exactly" not in text
    try:
        set_page_language("fr")
        french = _review_text(review).replace("&#x27;", "'").replace("\u202f", " ").replace("\xa0", " ")
    finally:
        set_page_language("en")
    assert "ne trouve aucun coup meilleur" not in french and "Levée 1 :" in french and "points de partie" in french


def test_a_sampled_decision_played_out_on_too_few_deals_is_not_judged_and_not_claimed():
    """Issue 32: the review said sampling found none of the open-stock decisions clearly worse after decisions that
    had been played out on too few deals (in the time allowed) for any to be judged. Those are now said to be not
    judged, and no sentence claims anything of them, in English and in French."""
    from atout.position import hand_from_text
    from atout.review import MIN_DEALS
    from atout.widgets.language import set_page_language
    from atout.widgets.play import _review_text
    from tests.core.test_review import SIXTY_SIX_BLUNDERS

    review = review_hand(hand_from_text(SIXTY_SIX_BLUNDERS), 0, seed=1, played_out_s=600, max_deals=MIN_DEALS - 1)
    assert review.played_out and all(r.deals == MIN_DEALS - 1 for r in review.played_out)
    text = unescape(_review_text(review))
    assert ("Not judged: 8 of your decisions while the stock was open (tricks 1 to 5): at most 7 deals could be "
            "played in the time allowed for each, too few to say whether another choice was better") in text
    assert "Checked by sampling" not in text and "finds none" not in text and "instead of" not in text
    try:
        set_page_language("fr")
        french = unescape(_review_text(review))
    finally:
        set_page_language("en")
    assert "Non jugées" in french and "Not judged" not in french and "aucune" not in french


def test_the_review_names_the_decisions_before_the_play_once_in_the_reader_s_language():
    """A Five Hundred contractor's three discards were each listed as "Not checked: trick 1, …: The solver works on
    the play phase: this hand is in its kitty phase", in English on the French page (the reason was rendered when
    the review was made). Now one line names them, made before the play, and says why, in the page's language."""
    from atout.players import make_player, play_hand
    from atout.widgets.language import set_page_language
    from atout.widgets.play import _review_text

    for seed in range(30):
        hand = package_of("five-hundred").new_hand("five-hundred", seed=seed)
        play_hand(hand, [make_player("five-hundred", "club", seed=s) for s in range(4)])
        if hand.contractor == 0:
            break
    else:
        raise AssertionError("no Five Hundred hand bought by seat 0 in 30 deals")
    review = review_hand(hand, 0, budget_s=30, calls_s=0.2, seed=1)
    discards = [a.card.render("en") for a in hand.history if a.kind == "discard"]
    text = unescape(_review_text(review))
    assert text.count("Not checked") == 1 and "trick 1, Discard" not in text
    assert (f"Not checked, made before the play: Discard {discards[0]}, Discard {discards[1]}, and Discard "
            f"{discards[2]} (the solver starts at the first lead, and the sampler checks only the calls)") in text
    try:
        set_page_language("fr")
        french = unescape(_review_text(review))
    finally:
        set_page_language("en")
    assert "Non vérifié" in french and "solver" not in french and "phase" not in french


def test_a_player_alone_is_told_what_a_play_cost_them_not_their_side():
    """Forty-Fives played each for oneself: the review said a better card "would have been worth 5 more points to
    your side" to a player who has no side; it is worth them more."""
    from atout.players import make_player, play_hand
    from atout.widgets.play import _review_text

    for seed in range(40):
        hand = package_of("forty-fives").new_hand("forty-fives", seed=seed)
        play_hand(hand, [make_player("forty-fives", "beginner" if s == 0 else "club", seed=s)
                         for s in range(len(hand.hands))])
        review = review_hand(hand, 0, budget_s=30, seed=1)
        if review.mistakes:
            break
    else:
        raise AssertionError("no mistake by the beginner in 40 hands of Forty-Fives")
    text = unescape(_review_text(review))
    assert "more points to you," in text and "to your side" not in text
    assert "it counts what you make for sure when every other player plays against you" in text


def test_the_play_page_reviews_a_sixty_six_hand_by_what_it_checked():
    page = PlayGame("sixty-six", seed=5)
    _play_to_the_end_of_a_hand(page)
    review = page.review()
    html = page.review_view.value
    assert "data-testid='review-checked'" in html and "data-testid='review-found'" in html
    if review.played_out:
        assert "Checked by sampling while the stock was open" in html
    if review.exact:
        assert "Checked exactly by the solver" in html
    assert "in this hand." not in html        # no claim about the whole hand


def _play_one_mistake(hand, solve):
    """Play the hand out perfectly but for one of seat 0's plays below the best, if there is one."""
    worst = None
    while not hand.is_over:
        if hand.to_act == 0 and hand.phase.value == "play" and worst is None:
            solution = solve(hand)
            worse = [a for a, v in solution.values.items() if v < solution.value]
            if worse:
                worst = worse[0]
                hand.apply(worst)
                continue
        hand.apply(solve(hand).best)
    return worst


def test_what_if_compares_two_lines_and_refuses_a_bad_position():
    page = WhatIf("forty-fives", seed=2)
    page.wait()
    assert "data-testid='solver'" in page.analysis.view.value
    first = page.hand.legal_actions()
    _click(page.table, first[0])
    page.keep("A")
    assert page.take_back()
    _click(page.table, first[-1])
    page.keep("B")
    page.wait()
    assert "branch-A" in page.lines_view.value and "branch-B" in page.lines_view.value
    text = page.text.value
    shown = page.table
    assert page.load(text) and page.text.value == text                   # the position round-trips
    assert page.table is not shown and shown.comm is None                # the table it replaced is closed
    before = page.text.value
    assert not page.load("game: forty-fives\nseat 0: 1H")
    assert "1H&#x27; is not a card" in page.message.value and page.text.value == before


@pytest.mark.parametrize("change, message", [
    (("players=3", "players=3.0"), "option players of forty-fives cannot be 3.0"),
    (("players=3", "players=" + "7" * 5000), "a number has at most 18 digits"),
    (("players=3", "players=" + "[" * 3000), "a value is a number, a word or true or false"),
    (("dealer: 0", "dealer: 9"), "the dealer is a seat from 0 to 2, not 9"),
    (("dealer: 0", "dealer: 0\nturn-up: 2C"), "&#x27;turn-up&#x27; is given twice"),
])
def test_what_if_shows_why_a_position_is_refused_and_keeps_the_one_shown(change, message):
    """These did nothing and said nothing (issue 12): the page says why, and the hand on the table stays."""
    from atout.position import position_text

    page = WhatIf(text=position_text(package_of("forty-fives").new_hand("forty-fives", seed=4, players=3)))
    hand, shown = page.hand, page.text.value
    assert not page.load(shown.replace(*change))
    assert "data-testid='position-error'" in page.message.value and message in page.message.value
    assert page.hand is hand and position_text(page.hand, "en") == shown     # the page writes A♠, not AS


def test_evaluation_view_runs_stops_and_draws_the_distribution():
    from atout.position import hand_from_text
    from atout.widgets.evaluation import EvaluationView
    from tests.core.test_evaluate import TOP_TRUMPS

    view = EvaluationView(hand_from_text(TOP_TRUMPS), samples=12, target=25)
    view.run(wait=True)
    assert view.bar.value == 12 and view.result.values == [25] * 12
    assert "evaluation-result" in view.output.value and "<svg" in view.output.value
    assert "25 points or more in 100% of the deals" in view.output.value
    view.stop()
    view.run(wait=True)     # a stop asked before a run does not carry over
    assert view.result.samples == 12 and not view.result.stopped


def test_the_whatif_page_evaluates_a_sixty_six_hand_while_the_stock_is_open():
    from atout.widgets.whatif import WhatIf

    page = WhatIf(game="sixty-six", seed=1)
    assert page.hand.stock_open
    view = page.evaluation_box.children[0]
    assert view.target.value == 1          # by default: how often the hand is won (1 game point or more)
    view.samples.value = 20
    view.run(wait=True)
    assert view.bar.value == 20 and view.result.samples == 20 and set(view.result.values) <= {-3, -2, -1, 1, 2, 3}
    assert "game points on average" in view.output.value and "<svg" in view.output.value
    won = sum(v >= 1 for v in view.result.values) * 100 // 20
    assert f"1 game point or more in {won}% of the deals" in view.output.value
    assert "role='alert'" not in view.output.value


def test_evaluation_view_says_why_a_position_cannot_be_evaluated():
    from atout.games import package_of
    from atout.widgets.evaluation import EvaluationView

    view = EvaluationView(package_of("five-hundred").new_hand("five-hundred", seed=1))
    view.run(wait=True)
    assert "role='alert'" in view.output.value and "during play" in view.output.value
    assert not view.start_button.disabled and view.stop_button.disabled


def _click_card(editor, code: str) -> None:
    editor.deck._handle_custom_msg({"type": "toggle", "card": code}, [])     # what deck.js sends on a click


def _placements(position) -> list:
    """Where each card of ``position`` goes, as (place, card), in the position's order."""
    places = [(f"seat {s}", cards) for s, cards in position.hands.items()] + list(position.piles.items())
    return [(place, card) for place, cards in places for card in cards]


def _click_into_place(editor, placements) -> None:
    """Choose each card's place, then click the card, as a user does."""
    for place, card in placements:
        editor.place_picker.value = place
        _click_card(editor, card.code)


@pytest.mark.parametrize("game", one_game_of_each_kind())
def test_what_if_hands_clicked_into_place_become_the_position(game):
    from atout.games import package_of
    from atout.position import position_of, position_text

    page = WhatIf(game, seed=2)
    editor = page.editor
    assert editor.deck.where and set(editor.deck.where) <= {c.code for c in editor.deck.deck}   # shows the deal
    editor.clear_button.click()
    assert not editor.deck.where and "seat" not in page.text.value                           # every card back
    target = package_of(game).new_hand(game, seed=17, dealer=1)      # another deal, laid out by core
    expected = position_text(target)
    editor.dealer_picker.value = 1
    placements = _placements(position_of(target))
    last = max(i for i, (place, _card) in enumerate(placements) if place.startswith("seat "))
    missing = placements.pop(last)          # a hand one card short (a stock may be left out: not a pile's card)
    _click_into_place(editor, placements)
    before = position_text(page.hand)
    editor.use_button.click()
    assert "role='alert'" in editor.message.value and "the position gives" in editor.message.value   # core's reason
    assert position_text(page.hand) == before                             # the current position is unchanged
    _click_into_place(editor, [missing])
    assert page.text.value == position_text(target, "en")                 # the text follows the clicks
    editor.use_button.click()
    assert editor.message.value == "" and position_text(page.hand) == expected
    page.wait()
    assert page.hand.hands == target.hands and "atout-solver" in page.analysis.view.value


def test_a_card_clicked_again_goes_back_and_the_text_drives_the_editor():
    from atout.games import package_of
    from atout.position import position_of, position_text

    page = WhatIf("forty-fives", seed=2)
    editor = page.editor
    seat_one = page.hand.hands[1]
    _click_card(editor, seat_one[0].code)
    assert seat_one[0].code not in editor.deck.where
    assert "seat 1: " + " ".join(c.render("en") for c in seat_one[1:]) in page.text.value.splitlines()
    editor.place_picker.value = "turn-up"
    _click_card(editor, seat_one[0].code)
    assert editor.deck.where[seat_one[0].code]["place"] == "turn-up"
    other = package_of("forty-fives").new_hand("forty-fives", seed=8, players=3)
    page.text.value = position_text(other)                                # typed or pasted
    placed = {c.code: f"seat {s}" for s, cards in position_of(other).hands.items() for c in cards}
    placed[other.turned_card.code] = "turn-up"
    assert {code: where["place"] for code, where in editor.deck.where.items()} == placed
    assert [opt[1] for opt in editor.place_picker.options] == ["seat 0", "seat 1", "seat 2", "turn-up"]
    assert "(5 of 5 cards)" in editor.summary.value and "(1 of 1 card)" in editor.summary.value
    page.text.value = "game: forty-fives\nseat 0: 1H"                     # unreadable: the editor stays
    assert {code: where["place"] for code, where in editor.deck.where.items()} == placed


@pytest.mark.parametrize("game, dealer, bidder, call, trump, phase", [
    ("five-hundred", 0, 2, "7H", "", "kitty"),
    ("auction-forty-fives", 3, 1, "20", "S", "play"),
])
def test_what_if_contract_set_in_the_editor(game, dealer, bidder, call, trump, phase):
    from atout.engine import call_written

    page = WhatIf(game, seed=4)
    editor = page.editor
    assert editor.contract_box.layout.display != "none"
    editor.dealer_picker.value = dealer
    editor.bidder_picker.value = bidder
    editor.call_picker.value = call
    editor.trump_picker.value = trump
    actions = page.text.value.splitlines()[-1]
    said = f"bid {call_written(call, 'en')}"                 # as the page writes a call: "bid 7♥"
    assert actions.startswith("actions: ") and said in actions and actions.count("bid pass") == 3
    editor.use_button.click()
    assert page.hand.table_view(None).contract == (bidder, call) and page.hand.phase.value == phase
    if trump:
        assert page.hand.trump.letter == trump
    editor.bidder_picker.value = dealer          # the dealer may not open the auction in Auction Forty-Fives
    if game == "auction-forty-fives":
        assert "The dealer never opens the bidding" in editor.message.value
        assert said in page.text.value                                     # the refused contract changed nothing
        assert editor.bidder_picker.value == bidder                       # and the picker says so
        editor.dealer_picker.value = bidder      # the bidder made dealer: refused too, the pickers put back
        assert "The dealer never opens the bidding" in editor.message.value
        assert (editor.dealer_picker.value, editor.bidder_picker.value) == (dealer, bidder)
        assert f"dealer: {dealer}" in page.text.value


def test_the_editor_has_no_contract_where_the_deal_sets_the_hand():
    page = WhatIf("sixty-six", seed=1)
    assert page.editor.contract_box.layout.display == "none"
    assert [opt[1] for opt in page.editor.place_picker.options] == ["seat 0", "seat 1", "turn-up", "stock"]
    assert all(b.description for b in (page.editor.use_button, page.editor.clear_button))   # accessible names


def test_the_review_flags_a_pass_with_a_strong_hand():
    from atout.cards import Suit
    from atout.forty_fives.ranking import TABLES
    from atout.games import package_of

    def strong(cards) -> bool:      # three of the four top trumps of a suit, whatever the others hold
        return any(sum(c in TABLES[s].order[:4] for c in cards) >= 3 for s in Suit)

    game = "auction-forty-fives"
    seed = next(s for s in range(500) if strong(package_of(game).new_game(game, seed=s).hand.hands[0]))
    page = PlayGame(game, seed=seed)
    assert strong(page.game.hand.hands[0])
    while not page.game.completed_hands:
        legal = page.game.hand.legal_actions()
        _click(page.table, next((a for a in legal if a.kind == "bid" and a.value == "pass"), legal[0]))
    page.review()
    worse = [r for r in page.call_reviews if r.clearly_worse]
    assert worse and all(str(r.made) == "bid pass" for r in worse)
    assert "data-testid='call-review'" in page.review_view.value
    assert "instead of “Pass” was worth about +" in page.review_view.value and " ± " in page.review_view.value


def test_the_review_of_a_game_without_an_auction_has_no_calls():
    page = PlayGame("forty-fives", seed=5)
    while not page.game.completed_hands:
        _click(page.table, page.game.hand.legal_actions()[0])
    page.review()
    assert page.call_reviews == [] and "call-review" not in page.review_view.value


def test_the_editor_speaks_the_page_language():
    from atout.widgets.language import set_page_language

    page = WhatIf("five-hundred", seed=1)
    editor = page.editor
    code = next(iter(editor.deck.where))
    try:
        set_page_language("fr")
        assert [label for label, _ in editor.place_picker.options][-1] == "le chien"
        assert editor.use_button.description == "Utiliser cette position"
        assert editor.deck.where[code]["label"].startswith("Joueur ")
        assert "de" in editor.deck.rows[0]["cards"][0]["name"] and "sur 10 cartes" in editor.summary.value
    finally:
        set_page_language("en")
    assert editor.use_button.description == "Use this position"


def test_the_call_review_says_when_too_few_deals_were_played_to_judge():
    from atout.engine import Action
    from atout.review import MIN_DEALS, CallReview
    from atout.widgets.play import _calls_text

    made, other = Action.parse("bid pass"), Action.parse("bid 20")
    few = CallReview(index=1, made=made, values={made: [0.0] * (MIN_DEALS - 1), other: [30.0] * (MIN_DEALS - 1)})
    assert not few.clearly_worse
    assert f"Too few deals could be played in the time allowed ({MIN_DEALS - 1})" in _calls_text([few])
    enough = CallReview(index=1, made=made, values={made: [0.0, 5.0] * MIN_DEALS, other: [0.0, 5.0] * MIN_DEALS})
    assert "none of your calls clearly worse" in _calls_text([enough]) and "Too few" not in _calls_text([enough])


def test_a_game_restored_at_the_end_of_a_hand_waits_there_again():
    page = PlayGame("forty-fives", seed=5)
    _play_to_the_end_of_a_hand(page)
    again = PlayGame("forty-fives", seed=5, game_seed=page.game_seed, moves=page.moves())
    assert again.hand_view.waiting and again.table.state["over"] and again.moves() == page.moves()
    assert again.hand_end_text.value == page.hand_end_text.value          # the same score and working


def test_the_log_names_the_cards_the_learner_draws_and_never_the_others():
    """A seat's own view (issue 31): the Play page's log says what the learner drew from the stock, as their table
    shows it, and only counts (or says nothing of) what the computer drew face down."""
    page = PlayGame("sixty-six", seed=3)
    for _ in range(40):
        if any(e.kind == "draw" for event in page.game.hand.events for e in event.flatten()):
            break
        _click(page.table, page.game.hand.legal_actions()[-1])
    draw = next(e for event in page.game.hand.events for e in event.flatten() if e.kind == "draw")
    mine, theirs = (draw.cards if draw.seat == 0 else draw.cards[::-1])
    said = next(line for line in re.findall(r"<li>(.*?)</li>", unescape(page.log_view.value), re.S)
                if "draw" in line)
    assert mine.render("en") in said, said
    assert theirs.render("en") not in said or theirs == draw.data, said      # (the turned-up trump lay face up)


KATAKANA_SUITS = {"♣": "クラブ", "♦": "ダイヤ", "♥": "ハート", "♠": "スペード"}


def _retyped(text: str, write) -> str:
    """``text`` with each card of its seat lines written by ``write`` (a card → how a reader types it)."""
    from atout.cards import read_card
    from atout.errors import CardParseError

    lines = []
    for line in text.splitlines():
        if line.startswith("seat "):
            key, cards = line.split(": ")
            words = []
            for word in cards.split():
                try:
                    card = read_card(word)
                except CardParseError:
                    words.append(word)
                else:
                    words.append(write(card))
            line = f"{key}: {' '.join(words)}"
        lines.append(line)
    return "\n".join(lines)


def test_the_whatif_text_is_written_and_read_with_the_readers_letters_and_an_ambiguous_card_is_refused():
    """Issue 35: the text box read only English letters, so a French reader's « RC » (roi de cœur) was refused and
    « AC » (as de cœur) was read as the ace of clubs. The page writes the position with the reader's letters and the
    suit symbols, reads what the reader types in their letters, Japanese card names too, and refuses a card that
    reads two ways with both readings; the address's canonical notation stays canonical."""
    from atout.cards import typed_text
    from atout.position import position_text
    from atout.widgets.language import set_page_language

    dealt = package_of("five-hundred").new_hand("five-hundred", seed=3)
    canonical = position_text(dealt)
    assert " AC " in canonical or " AH " in canonical     # a card the two languages' letters read differently
    try:
        set_page_language("fr")
        page = WhatIf(text=canonical)                      # as the page's address gives it: canonical
        assert position_text(page.hand) == canonical
        shown = page.text.value
        assert " R♥" in shown or " R♠" in shown or " R♣" in shown or " R♦" in shown
        assert "KH" not in shown and "AC" not in shown
        french = _retyped(shown, lambda card: typed_text(card, "fr"))
        assert "RC" in french or "DC" in french or "VC" in french     # roi, dame or valet de cœur in letters
        assert page.load(french) and position_text(page.hand) == canonical
        hand, before = page.hand, page.text.value
        ace = next(c for c in ("A♥", "A♣") if c in before)
        assert not page.load(before.replace(ace, "AC", 1))
        assert "AC" in page.message.value and "A♥ ou A♣" in page.message.value
        assert page.hand is hand and page.text.value == before
        set_page_language("ja")
        assert page.text.value == position_text(dealt, "ja")     # the text follows the page's language
        japanese = _retyped(page.text.value, lambda card: card.render("ja") if card.is_joker else
                            KATAKANA_SUITS[card.suit.symbol] + "の" + card.render("ja")[:-1])
        assert "ハートの" in japanese
        assert page.load(japanese) and position_text(page.hand) == canonical
        fullwidth = _retyped(page.text.value, lambda card: card.render("ja").translate(
            {ord(c): ord(c) + 0xFEE0 for c in "0123456789AKQJ"}))
        assert "Ａ" in fullwidth and page.load(fullwidth) and position_text(page.hand) == canonical
    finally:
        set_page_language("en")
    assert page.text.value == position_text(dealt, "en")
