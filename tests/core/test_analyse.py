"""Many positions at once (``atout analyse``): each registered game's positions in, each one's values out in the
hand's score, the double-dummy table and Five Hundred's par with ``--table``; a bad position is said and the rest
go on."""

import json

import pytest

from atout.analyse import analyse_text, positions_in
from atout.cards import Suit
from atout.cli import main
from atout.games import available_games, family_of
from atout.position import compact_text, format_position
from atout.solver import Value, solve
from atout.solver.scoring import scorer
from atout.solver.table import DoubleDummyTable, double_dummy, par
from tests.core.test_endings import ending_of
from tests.core.test_solver_reference import random_position, sixty_six_strict


def in_play(game, seeds):
    for seed in seeds:
        hand = sixty_six_strict(seed) if family_of(game).id == "sixty-six" else random_position(game, seed, 2)
        if hand is not None and not hand.is_over:
            yield hand


@pytest.mark.parametrize("game", available_games())
def test_each_position_s_values_are_the_solver_s_in_the_hand_s_score(game):
    hands = list(in_play(game, range(30)))[:3]
    assert hands
    # one a line (the short form), then the longer form of an ending, after a blank line
    text = "\n".join(compact_text(h) for h in hands) + "\n\n" + format_position(ending_of(hands[0])) + "\n"
    out = list(analyse_text(text))
    assert [o["n"] for o in out] == [1, 2, 3, 4] and not any("error" in o for o in out)
    for result, hand in zip(out, [*hands, hands[0]], strict=True):
        solution, score = solve(hand), scorer(hand, hand.to_act)
        assert result["to_act"] == hand.to_act and result["unit"] == score.unit and result["exact"]
        assert {v["action"]: (v["score"], v["count"]) for v in result["values"]} == \
            {str(a): (score(lo), lo) for a, (lo, _hi) in solution.bounds.items()}
        assert [step["action"] for step in result["line"]] == [str(a) for a in solution.line]
        assert hand.to_act in result["side"]


def test_a_bad_position_is_said_and_the_rest_go_on(tmp_path, capsys):
    hand = next(in_play("five-hundred", range(30)))
    path = tmp_path / "session.txt"
    path.write_text("# Tuesday's deals\n500.0.SAKZ\n" + compact_text(hand) + "\n", encoding="utf-8")
    assert main(["analyse", str(path)]) == 1                   # one position could not be analysed
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["n"] for line in lines] == [1, 2]
    assert "is not a hand" in lines[0]["error"] and lines[1]["position"] == compact_text(hand)
    assert main(["analyse", str(tmp_path / "missing.txt")]) == 2


def test_the_table_and_par_of_dealt_hands():
    from atout.games import package_of

    hand = package_of("five-hundred").new_hand("five-hundred", seed=0)
    [result] = analyse_text(compact_text(hand), table=True)
    assert "at the bidding" in result["why"]                        # not in play yet: the table, no values
    table = double_dummy(hand)
    cells = {(c["strain"], c["column"]): c for c in result["table"]["cells"]}
    for (strain, column), value in table.cells.items():
        cell = cells[("NT" if strain is None else strain.letter, column)]
        assert cell["count"] == value.lo and cell["score"] == table.scores[(strain, column)].lo
    found = par(hand, table)
    assert result["par"] == {"call": found.call, "contractor": found.contractor, "score": found.score}


def test_par_is_the_contract_neither_side_outbids_profitably():
    """Players 1 and 3 make 8 hearts, Players 2 and 4 7 spades: 8♥ by Player 1 stands (280: 300, less the
    defenders' 20); 9♠ by the others would cost them 370 against the 280 they lose letting 8♥ play."""
    from atout.games import package_of

    hand = package_of("five-hundred").new_hand("five-hundred", seed=0)
    table = DoubleDummyTable("five-hundred", [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None],
                             [0, 1, 2, 3], "contractor", "tricks")
    for strain in table.strains:
        for seat in table.columns:
            tricks = 8 if (strain is Suit.HEARTS and seat == 0) else 7 if (strain is Suit.SPADES and seat % 2) else 3
            table.cells[(strain, seat)] = Value(seat, tricks, tricks, "tricks")
    found = par(hand, table)
    assert (found.call, found.contractor, found.score) == ("8H", 0, 280)


def test_positions_are_split_at_blank_lines_and_short_forms_one_a_line():
    text = "# comment\n45.0.SAK\n500.1.SQ\n\ngame: sixty-six\ndealer: 0\n\n\n66.0.SA\n"
    assert list(positions_in(text)) == ["45.0.SAK", "500.1.SQ", "game: sixty-six\ndealer: 0", "66.0.SA"]



def test_the_help_gives_the_format_and_its_examples_are_read(capsys):
    """The format was documented only in the module's source ("see atout/analyse.py"), which an installed Atout's
    user does not read: ``atout analyse --help`` gives it, in and out, and each example it shows is analysed."""
    with pytest.raises(SystemExit):
        main(["analyse", "--help"])
    shown = capsys.readouterr().out
    for said in ("one position a line", "ending at a blank line", "one JSON object a line", "to_act", "whose",
                 "values", "line", "par", '"error"', "Exit status"):
        assert said in shown, said
    fmt = shown[shown.index("In: "):]
    examples = [line.strip() for line in fmt.splitlines() if line.startswith("      ")]
    short = [e for e in examples if ":" not in e]
    long = "\n".join(e for e in examples if ":" in e)
    assert len(short) == 2 and long.startswith("game: ")
    results = list(analyse_text("\n".join(short) + "\n\n" + long + "\n"))
    assert len(results) == 3 and all("error" not in r and r["values"] for r in results), results


def _bidder_wins(hand, bidder, trump):
    """The hand as the rules leave it once ``bidder`` has won the auction at the lowest bid and named ``trump``
    (the dealer, who may not open, holds the bid of the player on their left): the kitty, discards and draw done."""
    from atout.engine import Action, Phase

    played = hand.copy()
    lowest = hand.config.bid_values[0]
    opener = (hand.dealer + 1) % hand.n
    while played.phase is Phase.BID:
        legal = {a.value for a in played.legal_actions()}
        seat = played.to_act
        if seat == bidder:
            call = "hold" if "hold" in legal else lowest
        else:
            call = lowest if seat == opener and bidder == hand.dealer and lowest in legal else "pass"
        played.apply(Action("bid", None, call))
    played.apply(Action("trump", None, trump))
    return played


@pytest.mark.parametrize("partners", [False, True])
def test_auction_forty_fives_has_a_table_of_bidders_after_the_draw_and_a_par(partners):
    """The auction game's table valued the five cards as dealt, which are not the cards played once the bidder has
    taken the kitty and everyone has discarded and drawn, and it had no par. Each cell is now the bidder's (their
    side's) points with the cards the rules leave once they win the auction and name that suit; par is the highest
    bid a player makes for sure (each alone), or what two sides bid against each other (partners)."""
    from atout.forty_fives.config import bid_level
    from atout.games import package_of
    from atout.solver import solve_value
    from atout.solver.forty_fives import table_scorer

    hand = package_of("auction-forty-fives").new_hand("auction-forty-fives", seed=1, partners=partners)
    table = double_dummy(hand)
    assert table.by == "bidder" and table.complete and table.columns == [0, 1, 2, 3]
    for (trump, bidder), value in table.cells.items():
        assert value == solve_value(_bidder_wins(hand, bidder, trump), bidder), (trump, bidder)
    found = par(hand, table)
    assert found is not None and found.call is not None and found.trump is not None
    cell = table.scores[(found.trump, found.contractor)]
    if not partners:
        made = {seat: max((bid_level(table.scores[(s, seat)].call) for s in table.strains
                           if table.scores[(s, seat)].call is not None), default=0) for seat in table.columns}
        assert bid_level(found.call) == max(made.values()) == made[found.contractor]
        assert found.score == cell.lo                   # what the bidder scores, alone
    else:
        score = table_scorer(table, found.trump, found.contractor, found.call)(table.value(found.trump,
                                                                                          found.contractor).lo)
        assert found.score == score
    [result] = analyse_text(compact_text(hand), table=True)
    assert result["par"] == {"call": found.call, "contractor": found.contractor, "score": found.score,
                             "trump": found.trump.letter}
