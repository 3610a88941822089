"""Sixty-Six ranking, tricks, legality and scoring, swept exhaustively against the independent oracle,
through the engine's functions and through the referee."""

from itertools import combinations

import pytest

from atout.cards import Card, Suit, parse_cards
from atout.errors import ConfigError
from atout.referee import judge
from atout.rulebook import RULES
from atout.sixty_six import ranking, scoring
from atout.sixty_six.config import DECK as SIXTY_SIX_DECK
from tests.core import sixty_six_oracle as oracle

CODES = oracle.deck()
SUIT_LETTERS = "CDHS"


def test_the_oracle_deck_is_the_engine_deck():
    assert sorted(CODES) == sorted(c.code for c in SIXTY_SIX_DECK)


@pytest.mark.parametrize("trump", SUIT_LETTERS)
def test_every_two_card_trick_against_the_oracle(trump):
    suit = Suit.parse(trump)
    for lead in CODES:
        for second in CODES:
            if lead == second:
                continue
            want = oracle.trick_winner(lead, second, trump)
            plays = parse_cards([lead, second])
            assert ranking.trick_winner(plays, suit) == want, (lead, second, trump)
            why = ranking.explain_trick(plays, suit)
            assert why.rule in RULES and plays[want].render("en") in why.render("en")


@pytest.mark.parametrize("trump", SUIT_LETTERS)
def test_every_two_card_trick_through_the_referee(trump):
    for lead, second in combinations(CODES, 2):
        for plays in ([lead, second], [second, lead]):
            got = judge({"kind": "trick", "game": "sixty-six", "trump": trump, "plays": plays})
            assert got["winner"] == oracle.trick_winner(plays[0], plays[1], trump), (plays, got)
            assert got["rule"] in RULES


def _small_hands(led: str):
    rest = [c for c in CODES if c != led]
    for size in (1, 2, 3):
        yield from combinations(rest, size)


@pytest.mark.parametrize("trump", SUIT_LETTERS)
def test_legality_for_every_led_card_and_small_hands(trump):
    suit = Suit.parse(trump)
    checked = 0
    for led in CODES:
        lead_cards = parse_cards([led])
        for hand in _small_hands(led):
            cards = parse_cards(hand)
            for phase in ("open", "strict"):
                want = oracle.legal(list(hand), led, trump, phase)
                got = [c.code for c in ranking.legal_plays(cards, lead_cards, suit, phase)]
                assert got == want, (trump, led, hand, phase)
                checked += 1
    assert checked == 24 * (23 + 253 + 1771) * 2


@pytest.mark.parametrize("trump", SUIT_LETTERS)
def test_legality_of_six_card_hands_through_the_referee(trump):
    # Fewer cases than the engine sweep, but whole six-card hands and the referee's JSON path.
    for i, led in enumerate(CODES):
        rest = [c for c in CODES if c != led]
        for start in range(0, 23, 3):
            hand = [rest[(start + k * (i + 1)) % 23] for k in range(6)]
            hand = list(dict.fromkeys(hand))
            for phase in ("open", "strict"):
                got = judge({"kind": "legal", "game": "sixty-six", "trump": trump, "phase": phase, "hand": hand,
                             "plays": [led]})
                assert got["legal"] == oracle.legal(hand, led, trump, phase), (led, hand, phase, got)
                assert got["rule"] in RULES


def test_the_leader_may_lead_anything_in_both_phases():
    for phase in ("open", "strict"):
        got = judge({"kind": "legal", "game": "sixty-six", "trump": "S", "phase": phase, "hand": ["9H", "AS", "KD"],
                     "plays": []})
        assert got["legal"] == ["9H", "AS", "KD"]


@pytest.mark.parametrize("trump", SUIT_LETTERS)
def test_rank_answers_the_oracle_order(trump):
    got = judge({"kind": "rank", "game": "sixty-six", "trump": trump})
    assert got["trump"] == [r + trump for r in oracle.RANKS]
    assert sorted(got["plain"]) == [s for s in SUIT_LETTERS if s != trump]
    for s, cards in got["plain"].items():
        assert cards == [r + s for r in oracle.RANKS]


def test_card_points_add_up_to_120():
    assert sum(ranking.POINTS[c.index] for c in SIXTY_SIX_DECK) == 120
    for card in SIXTY_SIX_DECK:
        assert ranking.POINTS[card.index] == oracle.VALUE[oracle.rank(card.code)]


# --- traps -------------------------------------------------------------------------------------

def test_trap_the_ten_beats_the_king():
    plays = parse_cards("KS 10S")
    assert ranking.trick_winner(plays, Suit.HEARTS) == 1
    why = ranking.explain_trick(plays, Suit.HEARTS)
    assert why.render("en") == "10♠ beats K♠: the ten ranks above the king" and why.rule == "66.rank"
    got = judge({"kind": "trick", "game": "sixty-six", "trump": "C", "plays": ["10D", "KD"]})
    assert got["winner"] == 0 and got["rule"] == "66.rank"


def test_trap_strict_phase_demands_heading_not_just_following():
    hand = parse_cards("9S QS AS KD")
    lead = parse_cards("JS")
    assert ranking.legal_plays(hand, lead, Suit.HEARTS, "strict") == parse_cards("QS AS")
    assert ranking.legal_plays(hand, lead, Suit.HEARTS, "open") == hand
    why = ranking.explain_illegal(Card.parse("9S"), hand, lead, Suit.HEARTS)
    assert why.rule == "66.strict.follow" and "head" in why.render("en") and "Q♠" in why.render("en")


def test_trap_strict_phase_demands_a_trump_when_void():
    hand = parse_cards("9C AD QH")
    assert ranking.legal_plays(hand, parse_cards("KS"), Suit.HEARTS, "strict") == parse_cards("QH")
    assert "trump" in ranking.explain_illegal(Card.parse("AD"), hand, parse_cards("KS"), Suit.HEARTS).render("en")


def test_trap_trumps_led_must_be_headed_too():
    hand = parse_cards("9H AH 10S")
    assert ranking.legal_plays(hand, parse_cards("KH"), Suit.HEARTS, "strict") == parse_cards("AH")


def test_bad_phase_is_a_narrow_error():
    with pytest.raises(ConfigError, match="open .* or strict"):
        ranking.legal_plays(parse_cards("AS"), parse_cards("KS"), Suit.HEARTS, "closed")


# --- scoring -----------------------------------------------------------------------------------

POINT_VALUES = (0, 20, 32, 33, 40, 65, 66, 70, 90, 120)
TRICK_VALUES = ((0, 3), (3, 0), (1, 4), (5, 1), (2, 2), (6, 6), (0, 0))


def test_declare_scoring_against_the_oracle():
    for by in (0, 1):
        for a in POINT_VALUES:
            for b in POINT_VALUES:
                for tricks in TRICK_VALUES:
                    want = oracle.declare_points(by, [a, b], list(tricks))
                    assert list(scoring.declare(by, [a, b], tricks).game_points) == want
                    got = judge({"kind": "score", "game": "sixty-six", "event": "declare", "by": by, "points": [a, b],
                                 "tricks": list(tricks)})
                    assert got["game_points"] == want, (by, a, b, tricks, got)
                    assert got["rule"] in ("66.game-points", "66.declare.wrong")


def test_close_failed_scoring_against_the_oracle():
    for by in (0, 1):
        for tricks in ((0, 0), (1, 0), (0, 1), (3, 2), (6, 0), (0, 6)):
            want = oracle.close_failed_points(by, list(tricks))
            got = judge({"kind": "score", "game": "sixty-six", "event": "close-failed", "by": by,
                         "tricks_at_close": list(tricks)})
            assert got["game_points"] == want and got["rule"] == "66.close.failed"


@pytest.mark.parametrize("tie_carries", [False, True])
def test_no_declaration_scoring_against_the_oracle(tie_carries):
    for a in (55, 60, 64, 65, 66, 70, 75, 86, 100, 130):
        for b in (0, 30, 33, 44, 55, 60, 65, 66, 80, 120):
            for tricks in ((6, 6), (12, 0), (0, 12), (7, 5), (11, 1)):
                for last in (0, 1):
                    want = oracle.no_declaration_points([a, b], list(tricks), last, tie_carries)
                    got = judge({"kind": "score", "game": "sixty-six", "event": "no-declaration", "points": [a, b],
                                 "tricks": list(tricks), "last_trick": last,
                                 "options": {"tie_carries": tie_carries}})
                    assert got["game_points"] == want, (a, b, tricks, last, tie_carries, got)
                    assert got.get("carried", 0) == (1 if tie_carries and want == [0, 0] else 0)


def test_game_points_table_by_hand():
    # The table of 66.game-points, written out: opponent at 33+, at 32 or fewer with a trick, with no trick.
    assert scoring.declare(0, [66, 33], [3, 2]).game_points == (1, 0)
    assert scoring.declare(0, [66, 32], [3, 2]).game_points == (2, 0)
    assert scoring.declare(1, [0, 70], [0, 5]).game_points == (0, 3)
    assert scoring.declare(0, [65, 10], [5, 1]).game_points == (0, 2)      # 66.declare.wrong
    assert scoring.declare(0, [65, 0], [6, 0]).game_points == (0, 3)
    assert scoring.set_winner([6, 7], 7) == 1 and scoring.set_winner([6, 9], 10) is None


# --- referee errors ----------------------------------------------------------------------------

@pytest.mark.parametrize("query, words", [
    ({"kind": "bids", "game": "sixty-six", "players": 2, "dealer": 0, "calls": []}, "no bidding"),
    ({"kind": "trick", "game": "sixty-six", "trump": "H", "plays": ["AS"]}, "exactly 2 cards"),
    ({"kind": "trick", "game": "sixty-six", "trump": "H", "plays": ["AS", "10S", "KS"]}, "exactly 2 cards"),
    ({"kind": "trick", "game": "sixty-six", "trump": "H", "plays": ["8S", "10S"]}, "8♠ is not in the 24-card deck"),
    ({"kind": "trick", "game": "sixty-six", "trump": "H", "plays": ["JK", "10S"]}, "not in the 24-card deck"),
    ({"kind": "trick", "game": "sixty-six", "trump": "NT", "plays": ["AS", "10S"]}, "not a suit"),
    ({"kind": "trick", "game": "sixty-six", "trump": "H", "plays": ["AS", "AS"]}, "appears twice"),
    ({"kind": "legal", "game": "sixty-six", "trump": "H", "hand": ["AS"], "plays": ["KS"]}, "phase"),
    ({"kind": "legal", "game": "sixty-six", "trump": "H", "phase": "closed", "hand": ["AS"], "plays": []}, "strict"),
    ({"kind": "legal", "game": "sixty-six", "trump": "H", "phase": "open", "hand": ["AS"], "plays": ["KS", "QS"]},
     "at most 1 card"),
    ({"kind": "legal", "game": "sixty-six", "trump": "H", "phase": "open", "hand": ["AS", "KS"], "plays": ["KS"]},
     "appears twice"),
    ({"kind": "legal", "game": "sixty-six", "trump": "H", "phase": "open", "hand": [], "plays": ["KS"]}, "1 to 6"),
    ({"kind": "score", "game": "sixty-six", "event": "bonus"}, "declare, close-failed, no-declaration"),
    ({"kind": "score", "game": "sixty-six", "event": "declare", "by": 2, "points": [66, 0], "tricks": [1, 0]}, "by"),
    ({"kind": "score", "game": "sixty-six", "event": "no-declaration", "points": [65, 65], "tricks": [6, 5],
      "last_trick": 0}, "exactly 12"),
    ({"kind": "score", "game": "sixty-six", "event": "close-failed", "by": 0, "tricks_at_close": [5, 4]},
     "at most 6"),
    ({"kind": "rank", "game": "sixty-six", "trump": "S", "options": {"target": 45}}, "7, 10"),
    ({"kind": "rank", "game": "sixty-six", "trump": "S", "options": {"must_follow_suit": True}}, "strict_marriages"),
])
def test_referee_errors_name_the_problem(query, words):
    got = judge(query)
    assert "error" in got and words in got["error"], got
