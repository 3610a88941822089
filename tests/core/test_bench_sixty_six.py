"""``atout bench whole-hand`` reaches, in Sixty-Six, each point of the open stock it times, values what it times as
the search does, and keeps a stopped search out of its figures."""

import json

from atout.cli import main
from atout.sixty_six.bench_whole_hand import POINTS, positions_of
from atout.sixty_six.open_search import for_seat, from_hand, new_search


def test_each_point_is_a_first_lead_with_that_many_face_down_cards():
    for seed in range(3):
        found = positions_of(seed)
        assert set(found) == set(POINTS), seed
        for k, hand in found.items():
            assert hand.face_down == k and hand.stock_open and not hand.trick and not hand.draw_pending


def test_the_figures_come_from_the_search_and_a_stopped_search_is_not_counted(capsys):
    assert main(["bench", "whole-hand", "--positions", "1", "--seconds", "0.3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["whole_hand"]["sixty-six"]
    assert figures["deals"] == 1 and figures["budget_s"] == 0.3
    timed = {name: rows for name, rows in figures["positions"].items() if rows}
    assert len(timed) + figures["stopped"] >= len(POINTS)      # each point either timed or said to be stopped
    for k in POINTS[1:]:       # the later points (the deal's own search may take seconds)
        for row in figures["positions"][f"{k} face down"]:
            hand = positions_of(row["seed"])[k]
            assert row["value"] == for_seat(new_search(from_hand(hand)).value(), hand.to_act, hand.carry)
            assert figures["points"][f"{k} face down"]["solved"] == 1
