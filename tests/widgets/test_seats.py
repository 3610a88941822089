"""Players are people: every seat a widget names is "Player N" (from 1) or "You", from one function, and the French
sentences that carry a name never put it after a preposition that would need an article ("À Joueur 0 de parler")."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from atout.i18n import LOCALE_DIR
from atout.widgets.seats import player_label, side_label

WIDGETS = Path(__file__).resolve().parents[2] / "atout" / "widgets"
# The widgets that name seats through ``player_label`` (the other pages follow with the wording of issue 14).
NAMING = ("table.py", "stepper.py", "bidding.py", "classroom.py", "play.py", "seats.py")
PLACEHOLDERS = r"seat|player|other|who|winner|bidder|dealer|holder|leader|contractor|partner|players"
# French "à", "de", "par"... before a player's name need an article with "joueur 2" ("au joueur 2", "du joueur 2");
# a name is written where it stands alone ("À jouer : Joueur 2", "Joueur 2 reçoit …").
PREPOSITIONS = r"à|de|du|au|aux|des|par|pour|avec|chez|sur|d'|l'"
BEFORE_A_NAME = re.compile(rf"(?i)(?<![\w'’])({PREPOSITIONS})\s*\{{({PLACEHOLDERS})\}}")


def test_players_are_numbered_from_one_and_the_learner_is_you():
    assert [player_label(seat).render("en") for seat in range(4)] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert player_label(2, you=2).render("en") == "You" and player_label(2, you=0).render("en") == "Player 3"
    assert player_label(0, you=0).render("fr") == "Vous" and player_label(5).render("fr") == "Joueur 6"
    assert side_label([0, 2]).render("en") == "Player 1 and Player 3"
    assert side_label([0, 2], you=0).render("fr") == "Vous et Joueur 3"


def test_the_widgets_name_seats_through_one_function():
    for name in NAMING:
        source = (WIDGETS / name).read_text(encoding="utf-8")
        assert "seat_name(" not in source, f"{name} names a seat without player_label"
        assert not re.search(r"""Text\(\s*["']Seat \{""", source), f"{name} writes 'Seat N'"


def test_no_french_sentence_puts_a_players_name_after_a_preposition():
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "atout.po").open("rb") as fh:
        catalogue = read_po(fh, locale="fr")
    wrong = []
    for message in catalogue:
        if not message.id:
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        wrong += [(message.id, text) for text in texts if text and BEFORE_A_NAME.search(text)]
    assert not wrong, "\n".join(f"{msgid!r}: {text!r}" for msgid, text in wrong)
