"""What the reads of the fifth catalogue (issue 14) found clumsy or unclear, asked again in the case that showed it."""

from __future__ import annotations

import re

from atout.games import GAMES
from atout.i18n import language
from tests.lessons.test_special_quizzes import lesson_with
from tests.registry import games_offering


def test_who_may_rob_names_every_player_one_way():
    """FR STYLE 1: the dealer's choice read « Le joueur 1 (le donneur) » beside « Joueur 3 »."""
    question = lesson_with("forty-fives", 'kind = "rob"\nask = "who"\nturn_up = "AS"\nseat = 1').questions()[0]
    with language("fr"):
        labels = [question.label(choice) for choice in question.choices]
        feedback = question.check("2").answer
    assert labels == ["Joueur 1 (le donneur)", "Vous", "Joueur 3", "Personne"], labels
    assert "La réponse\u00a0: «\u00a0Joueur 1 (le donneur)\u00a0»" in feedback, feedback
    assert [question.label(choice) for choice in question.choices] == [
        "Player 1, the dealer", "You", "Player 3", "Nobody"]


def test_sixty_six_names_its_turned_up_trump_one_way():
    """FR STYLE 4: the card under the stock was « la retourne », « la carte retournée », « l'atout retourné », « la
    carte d'atout »; EN "the turned-up trump", "the turned-up card", "the turned trump", "the trump card"."""
    import tomllib
    from importlib.resources import files

    from atout.rulebook import rule

    folder = files("atout") / "data" / "lessons" / "sixty-six"
    texts = {"en": [], "fr": []}

    def collect(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in texts and isinstance(item, str):
                    texts[key].append(item)
                else:
                    collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    for path in folder.iterdir():
        if path.name.endswith(".toml"):
            collect(tomllib.loads(path.read_text(encoding="utf-8")))
    texts["en"].append(rule("66.trump").statement.render("en"))
    texts["fr"].append(rule("66.trump").statement.render("fr"))
    assert len(texts["fr"]) > 50 and any("la retourne" in t for t in texts["fr"])
    for text in texts["fr"]:
        for other in ("atout retourné", "carte retournée,", "carte retournée.", "carte d'atout", "retourné dessous"):
            assert other not in text, text
    for text in texts["en"]:
        for other in ("turned-up card", "turned trump", "trump card", "turned up under"):
            assert other not in text, text


def test_the_hold_refused_is_quoted_in_sentence_case():
    """FR STYLE 5, EN UNCLEAR 11: "Bidding Hold is not allowed", « Annoncer Je tiens n'est pas permis »."""
    from atout.games import package_of

    hand = package_of("forty-fives").new_hand("forty-fives", seed=0, players=3)
    refused = hand.explain_illegal("bid hold").text
    en, fr = refused.render("en"), refused.render("fr")
    assert en.startswith("Calling “Hold”, a move in Auction Forty-Fives, is not part of Forty-Fives"), en
    assert fr.startswith("Annoncer «\u00a0Je tiens\u00a0», un coup qui se joue au Quarante-cinq aux enchères, ne "
                         "fait pas partie du Quarante-cinq"), fr


def test_the_minus_target_loss_is_said_plainly_in_french():
    """FR STYLE 6: « un camp dont le score tombe à l'opposé du but »."""
    from atout.house_rules import said

    text = said("five-hundred", "must_bid_to_win", True).render("fr")
    assert "opposé" not in text and "un camp perd quand son score tombe au total de la partie compté en moins" \
        "\u00a0: −500 dans une partie en 500" in text, text


def test_the_rulebook_says_66_or_more_for_the_lone_player():
    """FR STYLE 7: « un joueur qui est seul à avoir 66 »: the rule is 66 or more (a lone player at 89 wins too)."""
    from atout.rulebook import rule

    statement = rule("66.no-declaration").statement
    assert "a player who alone has 66 or more (with the 10 for the last trick)" in statement.render("en")
    assert "un joueur qui, seul, a 66 points ou plus (avec les 10 de dernière levée)" in statement.render("fr")


def test_a_forty_fives_hand_is_said_to_give_25_when_no_trump_is_played():
    """EN UNCLEAR 8: "30 points a hand" (Auction Forty-Fives) is true only when a trump is played: with none, no
    best card, and the tricks make 25 (45.score.best-card, a45.score.tricks)."""
    from atout.referee import judge
    from atout.rulebook import rule

    plain = [["KC", "8C", "2C", "6C"], ["QC", "7C", "3C", "9C"], ["JC", "4C", "5C", "10C"], ["KS", "8S", "2S", "6S"],
             ["QS", "7S", "3S", "9S"]]
    answer = judge({"kind": "score", "game": "auction-forty-fives", "trump": "H", "players": 4, "bidder": 1,
                    "bid": "15", "scores_before": [0, 0, 0, 0],
                    "tricks": [{"leader": 2, "plays": plays} for plays in plain]})
    assert answer["points"] == [0, -15, 25, 0], answer          # 25 taken by Player 3, 15 lost by the bidder
    assert rule("a45.score.tricks").statement.render("en").endswith("when no trump is played, nobody gets them.")
    assert rule("45.score.best-card").statement.render("fr").endswith("si aucun atout n'est joué, aucune levée ne "
                                                                      "vaut 10.")
    from atout.lessons import load_lessons

    scoring = next(lesson for lesson in load_lessons() if lesson.id == "45-auction-scoring")
    step = next(s for s in scoring.steps if s.get("rule") == "a45.score.tricks")
    assert "30 points, or 25 when no trump is played" in step["text"]["en"], step["text"]["en"]
    assert "30 points, ou 25 si aucun atout n'est joué" in step["text"]["fr"], step["text"]["fr"]


MISERE_MADE = ["bid 7S", "bid misere", "bid pass", "bid pass", "bid pass", "discard 4D", "discard 5C", "discard 5H",
               "play 6H", "play AH", "play KH", "play AD", "play 9D", "play 7D", "play KS", "play 10S", "play 6S",
               "play QD", "play 6D", "play 8D", "play JD", "play 5D", "play 6C", "play 10H", "play JH", "play 9C",
               "play JK C", "play QC", "play 10C", "play AC", "play KC", "play 7C", "play JC", "play JS", "play 9H",
               "play 4H", "play QS", "play 5S"]


def test_a_misere_scored_names_the_contractor_who_played_it_alone():
    """EN UNCLEAR 9: "Players 1 and 3 took 6 tricks in open misère": in misère the contractor's partner lays their
    cards aside, so the sentence names who played; the points still go to the side."""
    from atout.games import package_of
    from atout.referee import judge

    hand = package_of("five-hundred").new_hand("five-hundred", seed=52, misere=True)
    for action in MISERE_MADE:
        event = hand.apply(action)
    assert hand.contractor == 2 and hand.result.made
    score = next(e for e in event.flatten() if e.kind == "score").explanation.text
    assert score.render("en").startswith("Player 3 made misère alone, taking no trick: +250 for Players 1 and 3;")
    assert score.render("en", 0).startswith("Player 3 made misère alone, taking no trick: +250 for your side;")
    assert score.render("en", 2).startswith("You made misère alone, taking no trick: +250 for your side;")
    assert score.render("fr", 2).startswith("Vous avez réussi seul la misère sans faire aucune levée\u00a0: +250 pour "
                                            "votre camp\u202f;"), score.render("fr", 2)
    lost = judge({"kind": "score", "game": "five-hundred", "options": {"misere": True}, "contract": "misere",
                  "contractor": 0, "tricks_won": [3, 7], "scores_before": [0, 0]}, 0)["explanation"]
    assert lost.startswith("The contractor of your side, playing alone, took 3 tricks in misère"), lost


def test_another_game_s_action_is_said_to_be_no_part_of_this_game():
    """EN UNCLEAR 10: "Giving up 8♦ for the turned card is not allowed during the bidding" in Five Hundred, which has
    no turned card, taught that it is allowed at another moment; an action of the game at the wrong moment is still
    said to be ill-timed."""
    from atout.games import package_of

    def refusal(game, action, **options):
        hand = package_of(game).new_hand(game, seed=1, **options)
        return hand.explain_illegal(action).text.render("en", hand.to_act)

    # the game whose move it is is named, so "not part of" is never read as "no game has it" (sixth read)
    # said as the move is where it is played, not with the card tried (Sixty-Six has no 8♦: eighth read)
    def moved_in(said, move, kind, rest):
        """``said`` names as the games where ``move`` is made those found offering ``kind`` by playing each
        registered game, in the registry's order, then goes on with ``rest``."""
        named, after = said.removeprefix(f"{move}, a move ").split(", is not part of ", 1)
        assert re.split(", and |, | and ", named) == [f"in {GAMES[g].title}" for g in games_offering(kind)], said
        assert after.startswith(rest), said

    moved_in(refusal("five-hundred", "rob 8D"), "Giving up a card for the turned card", "rob",
             "Five Hundred: you must bid or pass")
    assert refusal("five-hundred", "exchange 8D").startswith("Exchanging the 9 of trumps for the turned-up trump, a "
                                                             "move in Sixty-Six, is not part")   # not the robbing games
    # exchanging for the turned card is how Forty-Fives robs, and giving one up is how Sixty-Six exchanges its 9:
    # ill-timed there, never "not part of" the game (seventh read, FALSE 1-3)
    assert refusal("forty-fives", "exchange 7H").startswith("Exchanging 7♥ for the turned-up trump is not allowed "
                                                            "during the play")
    assert refusal("sixty-six", "rob KD").startswith("Giving up K♦ for the turned card is not allowed now")
    assert refusal("five-hundred", "bid hold").startswith("“Hold” is not a call in Five Hundred")   # its bidding's
    assert refusal("five-hundred", "kitty").startswith(
        "Taking the kitty in place of the hand, a move in Auction Forty-Fives, is not part of Five")
    assert refusal("forty-fives", "close") == (
        "Closing the stock, a move in Sixty-Six, is not part of Forty-Fives: you may only play a card")
    moved_in(refusal("auction-forty-fives", "keep"), "Keeping the hand as dealt", "keep",
             "Auction Forty-Fives: you may only bid or pass")
    assert refusal("auction-forty-fives", "play 5H").startswith("Playing 5♥ is not allowed during the bidding")
    assert refusal("sixty-six", "bid 20").startswith(
        "Bidding 20, a move in Auction Forty-Fives, is not part of Sixty-Six: you may")
    assert refusal("sixty-six", "deal").startswith("Dealing the cards is not allowed now: you may")
    hand = package_of("auction-forty-fives").new_hand("auction-forty-fives", seed=1, min_bid=15)
    hand.apply("bid 15")
    assert hand.explain_illegal("trump H").text.render("fr").startswith(
        "Choisir cœur comme atout n'est pas permis pendant les enchères")
    assert hand.explain_illegal("exchange 9H").text.render("fr").startswith(
        "Échanger le 9 d'atout contre la retourne, un coup qui se joue au Soixante-six, ne fait pas partie du "
        "Quarante-cinq aux enchères")


def test_the_closing_rule_says_there_is_no_10_for_the_last_trick():
    """EN UNCLEAR 12: the engine said "there is no 10 for the last trick" after closing, the rule 66.close did not;
    66.last-trick said "when the stock ran out" without "not when it was closed"."""
    from atout.rulebook import rule

    assert "the strict rules apply, there is no 10 for the last trick, and the closer wins only by declaring 66" in \
        rule("66.close").statement.render("en")
    assert "la dernière levée ne rapporte pas 10, et celui qui a fermé" in rule("66.close").statement.render("fr")
    assert rule("66.last-trick").statement.render("en") == ("When the stock ran out (not when it was closed), the "
                                                            "winner of the last trick scores 10.")


def test_a_scoring_question_names_the_sides_as_its_prompt_does():
    """EN UNCLEAR 13: the prompt said "Players 1 and 3" (« les joueurs 1 et 3 ») and its choices "your side" (« votre
    camp »): a scoring question is asked as an onlooker unless it names the seat it calls "you" (viewer)."""
    from atout.lessons import load_lessons

    lesson = next(lesson for lesson in load_lessons() if lesson.id == "500-scoring")
    question = next(q for q in lesson.questions() if q.kind == "score")
    assert "Players 1 and 3" in question.prompt["en"] and "joueurs 1 et 3" in question.prompt["fr"]
    for lang, ours in (("en", "for Players 1 and 3"), ("fr", "au camp des joueurs 1 et 3")):
        labels = [question.label(c, lang) for c in question.choices]
        assert all(ours in label for label in labels), labels
        assert not any("your side" in label or "votre camp" in label for label in labels), labels
    assert question.check(question.answer[0]).text.startswith("Players 1 and 3 made 8 spades")
    declared = next(lesson for lesson in load_lessons() if lesson.id == "66-declaring")
    yours = next(q for i in range(len(declared.steps)) for q in declared.step_questions(i)
                 if q.kind == "score" and "You declare" in q.prompt["en"])
    assert yours.viewer == 0 and yours.label(yours.answer[0]).endswith(" for you and 0 for Player 2")


def test_a_refused_call_on_the_stream_lists_the_calls_in_words():
    """EN UNCLEAR 14: "the calls allowed were pass, 6C, …" and « : La misère » after a colon."""
    from atout.i18n import language
    from atout.referee import judge

    query = {"kind": "bids", "game": "five-hundred", "dealer": 0, "calls": ["misere"], "options": {"misere": True}}
    error = judge(query)["error"]
    assert ("Player 2 may not call misère: misère may be called only once a bid of 7 tricks or more has been made"
            in error)
    assert error.endswith("the calls allowed were “Pass”, 6 spades, 6 clubs, 6 diamonds, 6 hearts, 6 no trumps, "
                          "7 spades, 7 clubs, 7 diamonds, 7 hearts, 7 no trumps, 8 spades, 8 clubs, 8 diamonds, "
                          "8 hearts, 8 no trumps, 9 spades, 9 clubs, 9 diamonds, 9 hearts, 9 no trumps, 10 spades, "
                          "10 clubs, 10 diamonds, open misère, 10 hearts, or 10 no trumps"), error
    with language("fr"):
        fr = judge(query)["error"]
    assert "le joueur 2 ne peut pas annoncer la misère\u00a0: la misère ne peut être annoncée" in fr, fr
    assert "les annonces permises étaient «\u00a0Passe\u00a0», 6 piques, 6 trèfles" in fr and "6C" not in fr, fr
    auction = judge({"kind": "bids", "game": "auction-forty-fives", "dealer": 0,
                     "calls": ["15", "pass", "pass", "30-for-60"]})["error"]
    assert auction.endswith("Player 1 may not call 30 for 60: the dealer does not bid a number: with 15 standing, "
                            "the dealer may only hold (take the bid at 15) or pass; the calls allowed were “Pass” or "
                            "“Hold”"), auction
