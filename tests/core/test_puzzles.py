"""Puzzles made by the solver (``atout.puzzles``): one answer proven by the solver, its proof in the hand's score, the
themes the solver's lines show, a text format that round-trips, a build that is the same from the same seed, and the
set shipped with Atout re-solved (a sample here; ``atout puzzles check`` solves them all)."""

import random
from collections import Counter
from dataclasses import replace

import pytest

from atout.cli import main
from atout.engine import Action
from atout.games import available_games
from atout.position import hand_from_text
from atout.puzzles import (
    THEMES,
    Choice,
    PuzzleError,
    build_puzzles,
    check_puzzle,
    format_puzzles,
    packaged_puzzles,
    parse_puzzles,
    proof,
    puzzle_at,
)
from atout.solver import solve
from atout.solver.scoring import scorer

# Trumps (spades) led with the 2; Player 2 holds the 5 of trumps, which may be reneged against a lower trump led,
# and 3♦. Reneging lets partner's Q♠ win this trick and keeps the 5 to win the last; following wins one trick only.
RENEGE = "game: forty-fives-partners\ntrump: S\nseat 0: 4D\nseat 1: 5S 3D\nseat 2: 3S KD\nseat 3: QS 7D\n" \
         "trick: 0 2S\nwon: 1 1 1 0"
# Positions met in club players' hands (``atout puzzles build``), each with the theme the solver's line shows.
DUCK_ENDPLAY = ("45.0.SQ6HT95-STH4D8C98-H6DJ42CA-SKJDK9CQ.uDQ.a9C-AC-QC-5H-JS-QS-8D", "play 6H")
UNBLOCK = ("45p.0.S9HTDT5CQ-SAK6H9CJ-SJ8D2C92-S7H8D3C73.uH5.a6S", "play JS")
COUNTING = ("66.0.SQHA9D9CKT-SAJ9HQTCA.uC9.sTDQCJDKDQDJHTSJCADKHKS.a9S-QS-w-9H-QH-w-JS-9D-w-JD-KD-w-JH-QD-w-TD-JC-w-AC-"
            "9C-AS-TS-KS-KC-TC-QC-AH-KH", "play AD")
PLAIN = ("45.0.SJH94D3C8-HQD8CAQ2-SKQTH2DK-S7H3D6CT5.uHA.ar3D-2C-2H-3H-4H-JS", "play QH")
# Sixty-Six, the stock open with 5 cards face down: Player 1, on lead, closes; in each of the 120 orders the stock's
# cards could lie in, closing is the one best choice (valued by the whole-hand search).
CLOSING = ("66.0.STHKQJDJCJ-SAKJHT9DQ.uDK.sTD9DQSTCAD9C9SACKCAHQC.a9H-JH-w-mKH-QH-TH-w-x9D-mKD-QD-TD-w", "close")
# Met in a club players' hand, 3 cards face down: closing is the one best choice in the order they lie in (the old
# shipped set had it as a puzzle), but in other orders drawing does as well: the learner, who sees no order, could not
# tell.
CLOSING_BY_ORDER = "66.0.SJ9HQTDACK-SAKQTHKDK.uDJ.sJHQD9C9HTCJCTDAHQCAC9D.amKS-KS-9S-w-JH-QH-w-9C-9H-w-JS-QS-w-JC-KC"


def each_stock_order(text):
    """The position ``text`` (a Sixty-Six short form) once for each order of its stock's face-down cards, rewritten
    in its own text (the dealt order first), each read afresh as an engine hand."""
    from itertools import permutations

    hand = hand_from_text(text)
    fields = text.split(".")
    at = next(i for i, f in enumerate(fields) if f.startswith("s"))
    cards = [fields[at][1 + 2 * k:3 + 2 * k] for k in range(11)]
    drawn = hand.next_card - 13
    for order in permutations(cards[drawn:]):
        yield hand_from_text(".".join([*fields[:at], "s" + "".join(cards[:drawn] + list(order)), *fields[at + 1:]]))


def test_a_puzzle_is_the_one_action_the_solver_proves_best_with_every_value_in_the_hand_s_score():
    hand = hand_from_text(PLAIN[0])
    puzzle = puzzle_at(hand)
    assert puzzle is not None and str(puzzle.answer) == PLAIN[1] and puzzle.seat == hand.to_act
    solution, score = solve(hand), scorer(hand, hand.to_act)
    assert {c.action: (c.score, c.count) for c in puzzle.choices} == {
        a: (score(lo), lo) for a, (lo, _hi) in solution.bounds.items()}
    assert [c.action for c in puzzle.choices if c.score == puzzle.best.score] == [puzzle.answer]
    assert puzzle.line[0] == puzzle.answer and puzzle.themes == ()


def test_a_position_where_two_actions_tie_for_best_is_no_puzzle():
    hand = hand_from_text(PLAIN[0])
    hand.apply(PLAIN[1])
    ties = hand
    while not ties.is_over:          # play on along the club players' choices until a position with a tie
        solution = solve(ties)
        best = [a for a, v in solution.values.items() if v == solution.value]
        if len(best) > 1 and len(ties.legal_actions()) >= 3:
            assert puzzle_at(ties) is None
            return
        ties.apply(solution.line[0])
    pytest.fail("no tied position met")


@pytest.mark.parametrize(("text", "answer", "themes"), [
    (RENEGE, "play 3D", ("renege",)),
    (*DUCK_ENDPLAY, ("duck", "endplay")),
    (*UNBLOCK, ("unblock",)),
    (*COUNTING, ("counting",)),
    (*CLOSING, ("closing",)),
    (*PLAIN, ()),
])
def test_each_theme_is_found_where_the_solver_s_line_shows_it_and_only_there(text, answer, themes):
    puzzle = puzzle_at(hand_from_text(text))
    assert puzzle is not None and str(puzzle.answer) == answer
    assert puzzle.themes == themes


def test_closing_at_the_right_moment_holds_whatever_order_the_stock_s_cards_lie_in():
    """Issue 32: Sixty-Six's open stock, where closing (or not) is the one best choice. The page shows both hands and
    the turned trump, never the stock's order: the answer is the one best choice in every order of the face-down cards
    (each searched afresh here, the order rewritten in the position's text), each value the least that choice gets
    over the orders, and the proof says so."""
    from atout.solver.sixty_six import whole_hand_values

    hand = hand_from_text(CLOSING[0])
    assert hand.stock_open and not hand.is_strict and hand.face_down == 5
    puzzle = puzzle_at(hand)
    assert puzzle is not None and str(puzzle.answer) == "close" and puzzle.themes == ("closing",)
    each = [whole_hand_values(h) for h in each_stock_order(CLOSING[0])]
    assert len(each) == 120 and each[0] == whole_hand_values(hand)
    for values in each:
        top = max(values.values())
        assert [a for a, v in values.items() if v == top] == [puzzle.answer]
    assert {c.action: (c.score, c.count) for c in puzzle.choices} == {
        a: (min(v[a] for v in each),) * 2 for a in each[0]}
    assert [c.action for c in puzzle.choices if c.score == puzzle.best.score] == [puzzle.answer]
    assert puzzle.line == (puzzle.answer,) and check_puzzle(puzzle) == []
    said = [line.render("en") for line in proof(puzzle, partners=False)]
    assert said[:3] == [
        "Whatever order the stock's face-down cards lie in, only closing the stock keeps the best result: at least 1 "
        "game point.",
        "Otherwise, 10♣, 10♠, A♦, J♣, J♦ or K♥: at least −1 game point, and worse than closing the stock in every "
        "order.",
        "Otherwise, declaring 66: at least −2 game points, and worse than closing the stock in every order."]
    for played in ("play JD", "close"):         # a choice where closing is not legal is no closing puzzle
        later = hand.copy()
        later.apply(played)
        while not later.is_over and not any(a.kind == "close" for a in later.legal_actions()):
            found = puzzle_at(later)
            assert found is None or "closing" not in found.themes
            later.apply(later.legal_actions()[0])


def test_every_shipped_closing_puzzle_holds_whatever_order_the_stock_s_cards_lie_in():
    """The learner sees no stock order: each shipped closing puzzle's answer is the one best choice in every order of
    its face-down cards, each order rewritten in the position's text and searched afresh."""
    from atout.solver.sixty_six import whole_hand_values

    closing = [p for p in packaged_puzzles() if "closing" in p.themes]
    assert closing
    for puzzle in closing:
        assert puzzle.hand().face_down <= 5, puzzle.id
        for hand in each_stock_order(puzzle.position):
            values = whole_hand_values(hand)
            top = max(values.values())
            assert [a for a, v in values.items() if v == top] == [puzzle.answer], puzzle.id
            assert all(values[c.action] >= c.score for c in puzzle.choices), puzzle.id


def test_a_closing_position_whose_best_choice_depends_on_the_stock_s_order_is_no_puzzle():
    """In the order the stock's cards lie in, closing is the one best choice; in another order of the same face-down
    cards drawing does as well (each order searched afresh): a learner who cannot see the order could not work the
    answer out, so it is no puzzle."""
    from atout.solver.sixty_six import whole_hand_values

    hand = hand_from_text(CLOSING_BY_ORDER)
    assert hand.face_down == 3 and any(a.kind == "close" for a in hand.legal_actions())
    bests = []
    for each in each_stock_order(CLOSING_BY_ORDER):
        values = whole_hand_values(each)
        bests.append(sorted(str(a) for a, v in values.items() if v == max(values.values())))
    assert bests[0] == ["close"] and ["close", "draw"] in bests
    assert puzzle_at(hand) is None


def test_a_stock_with_more_than_five_cards_face_down_gives_no_closing_puzzle():
    """5,040 orders and more are not searched: such a position is left, even where closing is the one best choice in
    the order the cards were dealt in (the old shipped set had this one as a puzzle)."""
    hand = hand_from_text("66.0.SQHQJDTCKQ-SAKHKDA9CA.uHT.sJC9HTSKD9CAHTC9SQDJSJD.a9D-TD-w-mKC-QC-AC-w-x9H")
    assert hand.face_down == 7 and any(a.kind == "close" for a in hand.legal_actions())
    assert puzzle_at(hand) is None


def test_counting_is_not_claimed_far_from_66():
    # The same kind of Sixty-Six position earlier in the hand: declaring is wrong there too, but with too few points
    # to be tempting, it is no lesson in counting.
    built = [p for p in build_puzzles(5, seed=11, games=["sixty-six"])]
    for puzzle in built:
        hand = puzzle.hand()
        points = hand.card_points[puzzle.seat] + hand.marriage_points[puzzle.seat]
        declare_loses = any(c.action == Action("declare") and c.score < puzzle.best.score for c in puzzle.choices)
        assert ("counting" in puzzle.themes) == (puzzle.answer == Action("declare") or (declare_loses and points >= 50))


def test_the_proof_says_what_the_answer_gets_and_what_each_other_action_loses():
    puzzle = puzzle_at(hand_from_text(RENEGE))
    en = [line.render("en") for line in proof(puzzle, partners=True)]
    assert en[0] == "Only 3♦ keeps the best result: 5 points."
    assert en[1] == "Otherwise, 5♠: \u22125 points, 10 points less."
    assert "your side scores in this hand less what the other side scores" in en[2]
    fr = [line.render("fr") for line in proof(puzzle, partners=True)]
    assert fr != en and "3♦" in fr[0]


def test_the_text_format_round_trips_and_a_bad_line_is_named():
    puzzles = [puzzle_at(hand_from_text(t)) for t in (RENEGE, DUCK_ENDPLAY[0], COUNTING[0])]
    text = format_puzzles(puzzles)
    assert parse_puzzles(text) == puzzles
    assert format_puzzles(parse_puzzles(text)) == text
    with pytest.raises(PuzzleError, match="puzzle 1: values is not a puzzle's line|puzzle 1: .*not a puzzle's line"):
        parse_puzzles(text.replace("values:", "valeurs:", 1))
    with pytest.raises(PuzzleError, match="unknown theme"):
        parse_puzzles(text.replace("themes: renege", "themes: squeeze", 1))
    with pytest.raises(PuzzleError, match="each value is an action, its score and its count"):
        parse_puzzles(text.replace("play 3D 5 15", "play 3D five 15", 1))


def test_a_puzzle_that_no_longer_holds_is_found_out():
    puzzle = puzzle_at(hand_from_text(RENEGE))
    assert check_puzzle(puzzle) == []
    other = next(c for c in puzzle.choices if c.action != puzzle.answer)
    assert check_puzzle(replace(puzzle, answer=other.action)) != []
    tampered = tuple(Choice(c.action, c.score + 5, c.count) if c == other else c for c in puzzle.choices)
    assert "the solver's values differ" in check_puzzle(replace(puzzle, choices=tampered))
    assert check_puzzle(replace(puzzle, themes=())) != []


def test_the_build_is_the_same_from_the_same_seed_and_takes_every_registered_game():
    games = available_games()
    first = build_puzzles(len(games), seed=3)
    assert first == build_puzzles(len(games), seed=3)
    assert Counter(p.game for p in first) == {game: 1 for game in games}
    assert first != build_puzzles(len(games), seed=4)


def test_atout_puzzles_build_writes_the_set_and_check_solves_it_again(tmp_path, capsys):
    out = tmp_path / "puzzles.txt"
    assert main(["puzzles", "build", "--count", "2", "--seed", "5", "--games", "forty-fives", "--out", str(out)]) == 0
    assert "2 puzzles in" in capsys.readouterr().err
    assert main(["puzzles", "check", str(out)]) == 0
    assert "2 of 2 puzzles hold" in capsys.readouterr().out
    first, second = parse_puzzles(out.read_text())
    wrong = next(c.action for c in first.choices if c.action != first.answer)
    out.write_text(format_puzzles([replace(first, answer=wrong), second]))
    assert main(["puzzles", "check", str(out)]) == 1
    assert f"puzzle {first.id} (forty-fives): the solver's answer is {first.answer}" in capsys.readouterr().out
    assert main(["puzzles", "build", "--count", "1", "--games", "bridge"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_the_shipped_set_has_200_puzzles_and_more_across_every_game_and_a_sample_still_holds():
    puzzles = packaged_puzzles()
    assert len(puzzles) >= 200 and len({p.id for p in puzzles}) == len(puzzles)
    assert set(Counter(p.game for p in puzzles)) == set(available_games())
    assert all(t in THEMES for p in puzzles for t in p.themes)
    sample = random.Random(32).sample(puzzles, 8)       # the whole set: atout puzzles check
    assert {p.id: check_puzzle(p) for p in sample} == {p.id: [] for p in sample}


def test_a_hand_gives_a_theme_besides_closing_before_closing_alone():
    """Closing puzzles arise in most hands of Sixty-Six: a hand's counting puzzle is kept before its closing one, even
    with fewer choices and the club player right there (else the shipped set kept 7 counting puzzles of 50)."""
    from atout.puzzles import _preference

    closing = next(p for p in packaged_puzzles() if p.themes == ("closing",) and p.club != p.answer)
    counting = replace(closing, themes=("counting",), choices=closing.choices[:2], club=closing.answer)
    assert max([closing, counting], key=_preference) is counting
    assert max([closing, replace(counting, themes=())], key=_preference) is closing
    kept = Counter(t for p in packaged_puzzles() if p.game == "sixty-six" for t in p.themes)
    assert kept["closing"] >= 10 and kept["counting"] >= 10, kept
