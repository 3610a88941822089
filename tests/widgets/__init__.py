"""Widget tests. ``fake_french`` stands in for the French catalogue (still untranslated), so that a test of
the language switch fails when a widget does not redraw in the page language."""

import gettext

import atout.i18n

FRENCH = {
    "queen": "dame", "five": "cinq", "ten": "dix", "{rank} of hearts": "{rank} de cœur",
    "{rank} of diamonds": "{rank} de carreau", "{rank} of spades": "{rank} de pique",
    "{rank} of clubs": "{rank} de trèfle", "Trumps": "Atouts", "Seat {n}": "Place {n}", "Trick": "Levée",
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
