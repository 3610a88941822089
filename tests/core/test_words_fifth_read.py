"""What the reads of the fifth catalogue (issue 14) found clumsy or unclear, asked again in the case that showed it."""

from __future__ import annotations

from atout.i18n import language
from tests.lessons.test_special_quizzes import lesson_with


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
