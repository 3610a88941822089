"""What the second independent read of the catalogue (issue 14) found unclear or clumsy, asked again in the case
that showed it: each sentence now says what the learner needs (whose points are whose, why 3 game points, …)."""

from __future__ import annotations

import re

from atout.games import GAMES
from atout.i18n import language
from atout.referee import judge
from tests.registry import games_offering

FAILED_CLOSE = {"kind": "score", "game": "sixty-six", "event": "closed", "closer": 1, "by": 1, "points": [44, 41],
                "tricks": [3, 3], "tricks_at_close": [0, 2]}


def test_sixty_six_points_say_whose_they_are():
    """EN UNCLEAR 6: "(44–41)" was in seat order with nothing saying so."""
    for viewer, said in ((None, "(44 for Player 1 and 41 for Player 2)"), (0, "(44 for you and 41 for Player 2)")):
        text = judge(FAILED_CLOSE, viewer)["explanation"]
        assert said in text and "44–41" not in text, text
    with language("fr"):
        text = judge(FAILED_CLOSE, 1)["explanation"]
    assert "(44 pour le joueur 1 et 41 pour vous)" in text, text


def test_three_game_points_say_why():
    """EN UNCLEAR 5: a failed close or a wrong declaration giving 3 game points says it is because the scorer had
    won no trick (when the stock was closed); 2 needs no reason."""
    text = judge(FAILED_CLOSE)["explanation"]
    assert text.endswith("Player 1 scores 3 game points, as they had won no trick when the stock was closed"), text
    assert judge(FAILED_CLOSE, 0)["explanation"].endswith(
        "you score 3 game points, as you had won no trick when the stock was closed")
    two = judge({**FAILED_CLOSE, "tricks_at_close": [1, 2]})["explanation"]
    assert two.endswith("Player 1 scores 2 game points"), two
    wrong = {"kind": "score", "game": "sixty-six", "event": "declare", "by": 0, "points": [21, 0],
             "tricks": [2, 0]}
    answer = judge(wrong)
    assert answer["rule"] == "66.declare.wrong" and answer["game_points"] == [0, 3]
    assert answer["explanation"].endswith("Player 2 scores 3 game points, as they had won no trick"), answer
    with language("fr"):
        fr = judge(wrong, 1)["explanation"]
    assert fr.endswith("vous marquez 3 points de partie, car vous n'aviez remporté aucune levée"), fr


def test_the_lone_player_over_66_is_said_to_have_66_or_more():
    """EN STYLE 7: the rule's words, "66 or more" (66.no-declaration)."""
    query = {"kind": "score", "game": "sixty-six", "event": "no-declaration", "points": [89, 41], "tricks": [8, 4],
             "last_trick": 0}
    text = judge(query)["explanation"]
    assert "Player 1 alone has 66 or more (89 for Player 1 and 41 for Player 2)" in text, text


def _dealer_turn(game: str, seed: int, first: str, **options):
    from atout.games import package_of

    hand = package_of(game).new_hand(game, seed=seed, **options)
    hand.apply(hand.legal_actions()[0] if first == "*rob" else first)
    while hand.to_act != hand.dealer:
        hand.apply(hand.legal_actions()[0])
    return hand


def test_the_dealer_who_robbed_the_turned_ace_is_not_said_to_decide():
    """EN UNCLEAR 7: in forty-fives the dealer must rob a turned ace, so "decides about the turned ace" taught a
    choice; the refusal now says what was done, robbed or kept."""
    robbed = _dealer_turn("forty-fives", 30, "*rob", players=3)
    text = robbed.explain_illegal("rob " + robbed.hands[robbed.dealer][0].code).text.render("en")
    assert text == "Player 1, the dealer, has already robbed the turned ace: it is robbed once, before the first " \
                   "lead", text
    kept = _dealer_turn("forty-fives-partners", 73, "keep")
    text = kept.explain_illegal("rob 8H").text.render("en", 0)
    assert text == "You, the dealer, kept the hand as dealt before the first lead: the turned ace can no longer be " \
                   "robbed", text


def test_score_choices_say_whose_each_number_is():
    """EN UNCLEAR 8: "−160 – −10" read as a subtraction, and nothing said whose number came first."""
    from atout.lessons import load_lessons

    seen = {}
    for lesson in load_lessons():
        for question in lesson.questions():
            if question.kind == "score" and (question.game != "sixty-six" or "3 – 0" in question.choices):
                seen.setdefault(question.game, question)
    five_hundred = seen["five-hundred"]
    labels = [five_hundred.label(c) for c in five_hundred.choices]
    # asked as an onlooker, as the prompts name the players (Five Hundred's fifth read, EN UNCLEAR 13)
    assert all(" for Players 1 and 3 and " in label and label.endswith(" for Players 2 and 4") for label in labels), \
        labels
    assert not any(" – " in label for label in labels), labels
    assert five_hundred.answer_text(five_hundred.answer).startswith("The answer: “")
    sixty_six = seen["sixty-six"]
    assert sixty_six.label("3 – 0") == "3 for Player 1 and 0 for Player 2"
    assert sixty_six.label("3 – 0", "fr") == "3 au joueur 1 et 0 au joueur 2"
    auction = seen["auction-forty-fives"]
    negative = next(c for c in auction.choices if "−" in c)
    assert "−" in auction.label(negative) and auction.label(negative).count(" for ") == 4


def test_a_refused_action_is_said_in_words_not_in_the_notation():
    """EN UNCLEAR 9: "'play JK H' is not allowed during the bidding" quoted the rules' notation."""
    from atout.games import package_of

    hand = package_of("five-hundred").new_hand("five-hundred", seed=1)
    said = {action: hand.explain_illegal(action).text for action in ("play JK H", "discard JK", "deal AS")}
    assert said["play JK H"].render("en").startswith("Playing the joker naming hearts is not allowed during the "
                                                     "bidding: Player 2 must bid or pass")
    assert said["discard JK"].render("en").startswith("Discarding the joker is not allowed during the bidding")
    with language("fr"):
        fr = said["play JK H"].render()
    assert fr.startswith("Jouer le joker en désignant cœur n'est pas permis pendant les enchères"), fr
    sixty_six = package_of("sixty-six").new_hand("sixty-six", seed=0)
    for action in ("play 10S", "play 10C", "draw"):
        sixty_six.apply(action)
    keep = sixty_six.explain_illegal("keep").text.render("en", 0)
    assert keep.startswith("Keeping the hand as dealt, a move in "), keep
    named, rest = keep.removeprefix("Keeping the hand as dealt, a move ").split(", is not part of Sixty-Six: ", 1)
    assert rest.startswith("you may"), keep
    assert re.split(", and |, | and ", named) == [f"in {GAMES[g].title}" for g in games_offering("keep")], keep
    bid = judge({"kind": "bids", "game": "auction-forty-fives", "dealer": 0, "calls": ["6S"]})["error"]
    assert "“6 spades” is not a bid: the calls are pass" in bid and "'6S' is not" not in bid, bid
    hold = hand.explain_illegal("bid hold").text.render("en")
    assert hold.startswith("“Hold” is not a call in Five Hundred"), hold


def test_five_hundred_trumps_below_the_five_run_as_the_suit_has_them():
    """EN UNCLEAR 10: "A K Q 10 9 8 7 6 5 (4)" left the "(4)" unexplained whatever the trump suit."""
    from atout.cards import Card, Suit
    from atout.five_hundred.ranking import explain_beats
    from atout.rulebook import rule

    black = explain_beats(Card.parse("AS"), Card.parse("KS"), Suit.SPADES, Suit.SPADES).text.render("en")
    red = explain_beats(Card.parse("5H"), Card.parse("4H"), Suit.HEARTS, Suit.HEARTS).text.render("en")
    assert black.endswith("trumps run A K Q 10 9 8 7 6 5") and "(4)" not in black, black
    assert red.endswith("trumps run A K Q 10 9 8 7 6 5 4"), red
    for rule_id in ("500.rank.trump", "500.rank.plain"):
        statement = rule(rule_id).statement.render("en")
        assert "(4)" not in statement and "the 4 in hearts and diamonds" in statement, statement


def test_the_catalogue_keeps_choices_with_commas_apart():
    """EN UNCLEAR 12: "You, the dealer, Player 2, Player 3, Nobody" read as five choices or as four."""
    from atout.catalogue import _question
    from atout.lessons import load_lessons

    rob = next(q for lesson in load_lessons() for q in lesson.questions()
               if q.kind == "rob" and any("the dealer" in q.label(c) for c in q.choices))
    choices = next(s for s in _question("case", rob) if s.case.endswith("the choices"))
    labels = [rob.label(c) for c in rob.choices]
    assert choices.text["en"] == " · ".join(labels) and any(", " in label for label in labels), choices.text


def test_style_points_of_the_second_read():
    """EN STYLE 2–6, 10–12 (and FR STYLE 11, 12): one marriage is singular; "all five tricks", not "5 of the 5";
    no "0 cards from the stock" nor "Kept: no card"; no "0 × 10 = 0"; the hold names its bid; the trump reminder
    only where the hand holds a bower or the joker; the first hand's totals are not said twice; misère is "a
    contract that must lose every trick"."""
    from atout.engine import Event
    from atout.games import package_of
    from atout.sixty_six.explain import explain_event

    counted = explain_event(Event("marriage-counts", 1, None, 20, None)).text
    assert counted.render("en") == "Player 2 has won a first trick: the 20 points of their marriage now count"

    plays = [["5S", "2H", "3H", "4H"], ["JS", "5H", "6H", "7H"], ["AH", "8H", "9H", "10H"], ["AS", "2C", "3C", "4C"],
             ["KS", "5C", "6C", "7C"]]
    all_five = {"kind": "score", "game": "forty-fives-partners", "options": {"scoring": "tricks"}, "trump": "S",
                "players": 4, "tricks": [{"leader": 0, "plays": p} for p in plays]}
    text = judge(all_five, 0)["explanation"]
    assert text.startswith("Your side took all five tricks: 5 points for 3 or 4 tricks, 10 for all five, so 10"), text
    with language("fr"):
        fr = judge(all_five, 0)["explanation"]
    assert fr.startswith("Votre camp a fait les cinq levées\u00a0: "), fr

    full = judge({"kind": "discards", "game": "auction-forty-fives", "trump": "D", "bidder": True,
                  "hand": ["KD", "2D", "AH", "3D", "5D"], "kitty": ["JD", "4D", "6D", "7C"]})["explanation"]
    assert full.endswith("; the hand already has five cards, so nothing is drawn") and "0 cards" not in full, full
    empty = judge({"kind": "discards", "game": "auction-forty-fives", "trump": "D", "bidder": True,
                   "hand": ["KC", "2C", "3H", "3C", "5C"], "kitty": ["4C", "6C", "7C", "8C"]})["explanation"]
    assert empty.startswith("Kept: none; thrown away: K♣"), empty

    slam = judge({"kind": "score", "game": "five-hundred", "contract": "7H", "contractor": 0, "tricks_won": [10, 0],
                  "scores_before": [0, 0]},
                 0)["explanation"]
    assert "; Players 2 and 4 took no trick; " in slam and "0 × 10" not in slam, slam
    misere = judge({"kind": "score", "game": "five-hundred", "options": {"misere": True}, "contract": "open-misere",
                    "contractor": 0, "tricks_won": [6, 4],
                    "scores_before": [0, 0]})["explanation"]
    assert "took 6 tricks in open misère, a contract that must lose every trick: −500" in misere, misere

    auction = package_of("auction-forty-fives").new_hand("auction-forty-fives", seed=1)
    events = [auction.apply(call) for call in ("bid 15", "bid pass", "bid pass", "bid hold")]
    assert events[-1].explanation.text.render("en") == "Player 1, the dealer, holds: they take the standing bid of " \
                                                       "15 at the same level"

    from atout.cards import Card, Suit, parse_cards
    from atout.five_hundred.ranking import explain_illegal
    plain = explain_illegal(Card.parse("KD"), parse_cards("9S KD 5C"), parse_cards("AS"), Suit.SPADES)
    assert plain.text.render("en") == "Trumps were led; you hold 9♠, so you must play it"
    bower = explain_illegal(Card.parse("KD"), parse_cards("JC KD 5H"), parse_cards("AS"), Suit.SPADES)
    assert "(the left bower is a trump)" in bower.text.render("en")     # the reminder names only what is held
    led = explain_illegal(Card.parse("KC"), parse_cards("JK KC 5H"), parse_cards("JC"), Suit.SPADES)
    assert led.rule == "500.rank.left-bower" and led.text.render("en").startswith(
        "J♣ is the left bower, a trump: trumps were led, and you hold the joker (the joker is a trump)")

    first = judge({"kind": "score", "game": "forty-fives", "trump": "S", "players": 3,
                   "tricks": [{"leader": 0, "plays": ["5S", "2S", "3S"]}, {"leader": 0, "plays": ["KH", "QH", "2H"]},
                              {"leader": 0, "plays": ["4C", "5C", "6C"]}, {"leader": 2, "plays": ["7D", "8D", "9D"]},
                              {"leader": 2, "plays": ["KD", "QD", "JD"]}]})["explanation"]
    assert "totals now" not in first, first


def test_a_card_refused_as_bad_input_keeps_its_french_article():
    """A refusal given the card's code string instead of the card wrote « 2S ne fait pas partie du jeu » bare: each
    one now gets the card, « le 2♠ », « l'A♠ »."""
    import pytest

    from atout.cards import FULL_DECK
    from atout.errors import AtoutError
    from atout.position import hand_from_text
    from atout.sixty_six.config import DECK as SIXTY_SIX_DECK

    with language("fr"):
        assert judge({"kind": "trick", "game": "sixty-six", "trump": "D", "plays": ["2S", "AS"]})["error"] == \
            "Le 2♠ ne fait pas partie du jeu de 24 cartes"
        assert judge({"kind": "trick", "game": "forty-fives", "trump": "D", "plays": ["AS", "AS", "KS"]})["error"] \
            == "L'A♠ apparaît deux fois dans la requête\u202f; chaque carte n'existe qu'une fois"
        with pytest.raises(AtoutError) as twice:
            FULL_DECK.parse_many(["AS", "AS"])
        assert str(twice.value).startswith("L'A♠ apparaît deux fois\u202f; chaque carte"), twice.value
        with pytest.raises(AtoutError) as outside:
            SIXTY_SIX_DECK.parse("2S")
        assert str(outside.value).startswith("Le 2♠ ne fait pas partie du jeu de 24 cartes"), outside.value
        text = "game: sixty-six\ndealer: 0\ntrump: C\nseat 0: QS JD 9S 2D\nseat 1: AC JH KC AH\ntrick: 0\nwon: 3 5\n" \
               "points: 25 59\nmarriages: 0 0"
        with pytest.raises(AtoutError) as position:
            hand_from_text(text)
        assert "le 2♦" in str(position.value).lower() and "2D" not in str(position.value), position.value
        with pytest.raises(AtoutError) as repeated:
            hand_from_text(text.replace("2D", "QS"))
        assert str(repeated.value).startswith("La D♠ figure deux fois"), repeated.value
        with pytest.raises(AtoutError) as both:
            hand_from_text(text.replace("2D", "QS").replace("AH", "AC"))
        assert str(both.value).startswith("L'A♣ et la D♠ figurent deux fois"), both.value


def test_players_listed_each_take_the_form_asked():
    """« rien n'est ajouté au joueur 2 et au joueur 3 », not « à le joueur 2 et le joueur 3 » nor « le joueur 2 et
    le joueur 3 » where the sentence asks for « au »: a list of players takes the form for each player."""
    from atout.i18n import OneOf, Person, Side, Text

    listed = Text("{who} x", who=[Person(1), Person(2)])
    with language("fr"):
        assert Text("{n} {who:à}", n=5, who=[Person(0), Person(2)]).render(viewer=0) == "5 à vous et au joueur 3"
        assert Text("{n} {who:de}", n=5, who=[Person(1), Side(1)]).render() == \
            "5 du joueur 2 et du camp des joueurs 2 et 4"
        assert Text("{n} {who:à}", n=5, who=OneOf([Person(1), Person(2)])).render() == "5 au joueur 2 ou au joueur 3"
        assert listed.render() == "Le joueur 2 et le joueur 3 x"
    assert listed.render("en", 1) == "You and Player 3 x"
    query = {"kind": "score", "game": "auction-forty-fives", "trump": "S", "players": 3, "bidder": 0, "bid": "15",
             "scores_before": [40, 100, 105],
             "tricks": [{"leader": 1, "plays": ["5S", "2S", "3D"]}, {"leader": 1, "plays": ["KH", "QH", "2H"]},
                        {"leader": 1, "plays": ["4C", "5C", "6C"]}, {"leader": 0, "plays": ["7D", "8D", "9D"]},
                        {"leader": 2, "plays": ["KD", "QD", "JD"]}]}
    with language("fr"):
        text = judge(query)["explanation"]
    assert "rien n'est ajouté au joueur 2 et au joueur 3\u00a0: avec 100 points ou plus" in text, text


def test_french_style_points_of_the_second_read():
    """FR STYLE 1, 4, 5, 6, 8, 10, 17, 23, 29: a reason after « car », not a chain of colons; a trump lead said one
    way (« On a entamé atout »); « l'atout le plus fort », never « plus haut » (the 3♣ outranks the 7♣); « puis vous
    piochez à votre tour », « vous revient »; the table is told who holds the ace; « retenir » only for a trump."""
    from atout.cards import Card, Suit, parse_cards
    from atout.engine import Event
    from atout.five_hundred.ranking import explain_illegal as illegal_500
    from atout.forty_fives import ranking as ranking_45
    from atout.i18n import Person, Text
    from atout.sixty_six.explain import explain_event

    with language("fr"):
        trick = judge({"kind": "trick", "game": "five-hundred", "trump": "S", "plays": ["10S", "JC", "AS", "KS"]})
        assert trick["explanation"].startswith("Le V♣ bat l'A♠, car le V♣ est le valet gauche"), trick
        plain = illegal_500(Card.parse("KD"), parse_cards("9S KD 5C"), parse_cards("AS"), Suit.SPADES).text.render()
        assert plain.startswith("On a entamé atout\u202f; vous avez le 9♠\u00a0: vous devez donc jouer"), plain
        led = ranking_45.explain_illegal(Card.parse("KH"), parse_cards("KH 9C"), parse_cards("3C"), Suit.CLUBS)
        assert led.text.render().startswith("On a entamé atout"), led.text.render()
        assert Text("{card} is your highest trump", card=Card.parse("3C")).render() == \
            "Le 3♣ est votre atout le plus fort"
        draw = explain_event(Event("draw", 1, None, None, None)).text
        assert draw.render("fr", 0).endswith("puis vous piochez à votre tour"), draw.render("fr", 0)
        assert draw.render("fr", 1).endswith("puis le joueur 1 pioche à son tour")
        last = explain_event(Event("draw", 1, None, Card.parse("AC"), None)).text
        assert last.render("fr", 0).endswith("et la retourne, l'A♣, vous revient"), last.render("fr", 0)
        kept = Text("{seat} keeps their hand and is announced as holding {card}", seat=Person(0),
                    card=Card.parse("AH")).render()
        assert kept == "Le joueur 1 garde sa main\u202f; on annonce qu'il a l'A♥", kept
        assert "retenue" not in Text("Misère is not played at this table: it is a house rule, and it is off "
                                     "here").render()
        follow = Text("{lead} were led: you may follow suit or play a trump, even when you could follow",
                      lead=Suit.CLUBS).render()
        assert follow.endswith("ou couper même si vous avez du trèfle"), follow
    assert draw.render("en", 0).endswith("then you draw") and draw.render("en", 1).endswith("then Player 1 draws")
