"""Widget tests. ``fake_french`` stands in for the French catalogue (still untranslated), so that a test of
the language switch fails when a widget does not redraw in the page language."""

import gettext

import atout.cards
import atout.i18n

FRENCH = {
    "queen": "dame", "five": "cinq", "ten": "dix", "{rank} of hearts": "{rank} de cœur",
    "{rank} of diamonds": "{rank} de carreau", "{rank} of spades": "{rank} de pique",
    "{rank} of clubs": "{rank} de trèfle", "Trumps": "Atouts", "Seat {n}": "Place {n}",
    "Player {n}": "Joueur {n}", "You": "Vous", "Trick": "Levée",
    "{n} card": "{n} carte", "{n} cards": "{n} cartes", "face-down card": "carte face cachée",
}


class FakeFrench(gettext.NullTranslations):
    def gettext(self, message):
        return FRENCH.get(message, message)

    def ngettext(self, singular, plural, n):
        message = singular if n == 1 else plural
        return FRENCH.get(message, message)


def fake_french(monkeypatch) -> None:
    """Make ``fr`` answer from ``FRENCH`` for the rest of the test."""
    real = atout.i18n.translations
    monkeypatch.setattr(atout.i18n, "translations", lambda lang: FakeFrench() if lang == "fr" else real(lang))


CARD_CODES = frozenset(card.code for card in atout.cards.CARDS)


def shown_codes(state) -> set[str]:
    """Every card a table's ``state`` names, wherever it is (hands, trick, piles, legal cards...)."""
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, str) and value in CARD_CODES:
            found.add(value)

    walk(state)
    return found


def sorted_codes(cards) -> list[str]:
    """The codes of ``cards`` in the deck's own order (never the order they were dealt in)."""
    return [card.code for card in sorted(cards, key=lambda card: card.index)]
