"""The Five Hundred auction (500.bid.*), against the oracle and through the referee."""

import random

import pytest

from atout.errors import ConfigError, IllegalActionError, NotationError
from atout.five_hundred import make_config
from atout.five_hundred.bidding import Auction, parse_call
from atout.referee import judge
from tests.core import oracle_500 as oracle

AVONDALE = ["6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D", "7H", "7NT", "8S", "8C", "8D", "8H", "8NT",
            "9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT"]


def test_trap_the_bid_table_order():
    """Spades are the lowest strain and no trumps the highest, whatever bridge players expect."""
    config = make_config("five-hundred")
    assert [c.call for c in config.ladder] == AVONDALE
    assert [c.value for c in config.ladder[:5]] == [40, 60, 80, 100, 120]
    assert config.contract("7C").value == 160 and config.contract("10NT").value == 520
    seed = make_config("five-hundred", strain_order="seed")
    assert [c.call for c in seed.ladder[:5]] == ["6C", "6D", "6H", "6S", "6NT"]
    assert [c.value for c in seed.ladder[:5]] == [40, 60, 80, 100, 120]    # values follow the places


@pytest.mark.parametrize("order", ["avondale", "seed"])
@pytest.mark.parametrize("misere", [False, True])
def test_ladder_and_values_match_the_oracle(order, misere):
    config = make_config("five-hundred", strain_order=order, misere=misere)
    assert [c.call for c in config.ladder] == oracle.bids(order, misere)
    for contract in config.ladder:
        assert contract.value == oracle.bid_value(contract.call, order)


def test_misere_places():
    calls = [c.call for c in make_config("five-hundred", misere=True).ladder]
    assert calls[calls.index("misere") - 1:calls.index("misere") + 2] == ["8S", "misere", "8C"]
    assert calls[calls.index("open-misere") - 1:calls.index("open-misere") + 2] == ["10D", "open-misere", "10H"]


def test_misere_waits_for_a_seven_bid_but_open_misere_does_not():
    config = make_config("five-hundred", misere=True)
    a = Auction(config, dealer=0)
    assert "misere" not in a.legal() and "open-misere" in a.legal()
    a.call("6S")
    assert "misere" not in a.legal()
    with pytest.raises(IllegalActionError) as err:
        a.call("misere")
    assert err.value.rule == "500.bid.misere"
    a.call("7S")
    assert "misere" in a.legal()
    a.call("misere")
    assert a.legal()[:2] == ["pass", "8C"]        # misère is beaten by 8♣, not by 8♠


def test_misere_needs_the_option():
    a = Auction(make_config("five-hundred"), dealer=0)
    with pytest.raises(IllegalActionError) as err:
        a.call("open-misere")
    assert err.value.rule == "500.bid.misere" and "a house rule, and it is off here" in str(err.value)
    assert "option" not in err.value.message.render("en")


def test_pass_is_final_and_the_last_bidder_wins():
    a = Auction(make_config("five-hundred"), dealer=2)
    for call in ["pass", "6H", "7S", "pass"]:        # seats 3, 0, 1, 2
        a.call(call)
    assert a.to_act == 0                          # seat 3 passed: skipped
    a.call("8NT")
    assert a.to_act == 1
    a.call("pass")
    assert a.over and a.winner == 0 and a.bid == "8NT"


def test_an_illegal_call_changes_nothing():
    a = Auction(make_config("five-hundred"), dealer=0)
    a.call("7H")
    before = (a.high, a.to_act, list(a.calls), list(a.passed))
    for bad in ["7D", "7H", "6NT", "11S", "hold"]:
        with pytest.raises(IllegalActionError) as err:
            a.call(bad)
        assert err.value.rule in ("500.bid.higher", "500.bid.shape")
    assert (a.high, a.to_act, list(a.calls), list(a.passed)) == before


def test_all_pass_throws_in():
    a = Auction(make_config("five-hundred"), dealer=1)
    for _ in range(4):
        a.call("pass")
    assert a.over and a.winner is None and a.bid is None


def test_single_round_each_player_calls_once():
    a = Auction(make_config("five-hundred", single_round=True), dealer=0)
    for call in ["6S", "pass", "7D", "pass"]:
        a.call(call)
    assert a.over and a.winner == 3 and a.bid == "7D"
    b = Auction(make_config("five-hundred"), dealer=0)
    for call in ["6S", "pass", "7D", "pass"]:
        b.call(call)
    assert not b.over and b.to_act == 1             # Australian: seat 1 may bid again


def test_calls_parse_in_any_case():
    assert [parse_call(t) for t in ["Pass", "7nt", "10♥", "6n", "open-misère"]] == [
        "pass", "7NT", "10H", "6NT", "open-misere"]
    with pytest.raises(NotationError):
        parse_call("5S")


@pytest.mark.parametrize("options", [{}, {"misere": True}, {"single_round": True}, {"strain_order": "seed"},
                                     {"misere": True, "strain_order": "seed", "single_round": True}])
def test_random_auctions_match_the_oracle_through_the_referee(options):
    rng = random.Random(str(options))
    for _ in range(150):
        dealer = rng.randrange(4)
        calls: list[str] = []
        state = oracle.auction(dealer, calls, **options)
        while not state.get("over") and rng.random() < 0.9:
            pick = rng.random()
            call = "pass" if pick < 0.35 else rng.choice(state["legal"])
            calls.append(call)
            state = oracle.auction(dealer, calls, **options)
        got = judge({"kind": "bids", "game": "five-hundred", "dealer": dealer, "calls": calls, "options": options})
        for key, want in state.items():
            assert got[key] == want, (calls, got, state)


def test_referee_refuses_an_illegal_call_and_names_what_was_allowed():
    got = judge({"kind": "bids", "game": "five-hundred", "dealer": 0, "calls": ["7H", "7D"]})
    assert "error" in got and "7 no trumps" in got["error"]        # the calls allowed, in words
    got = judge({"kind": "bids", "game": "five-hundred", "dealer": 0, "calls": ["misere"]})
    assert "error" in got and "misere" in got["error"]
    got = judge({"kind": "bids", "game": "five-hundred", "dealer": 0, "calls": ["6S", "misere", "7S", "misere"],
                 "options": {"misere": True}})
    assert "error" in got                              # misère is below 7S
    got = judge({"kind": "bids", "game": "five-hundred", "dealer": 0,
                 "calls": ["pass", "pass", "pass", "pass", "6S"]})
    assert "error" in got and "over" in got["error"]


def test_unknown_options_are_refused():
    with pytest.raises(ConfigError):
        make_config("five-hundred", strain_order="bridge")
    with pytest.raises(ConfigError):
        make_config("five-hundred", players=3)
    with pytest.raises(ConfigError):
        make_config("five-hundred", misere=1)
    got = judge({"kind": "rank", "game": "five-hundred", "trump": "H", "options": {"partners": True}})
    assert "unknown option 'partners'" in got["error"] and "strain_order" in got["error"]
