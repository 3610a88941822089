"""The French catalogue: complete, faithful to every msgid's placeholders, and used by the engine.

``make i18n`` extracts the messages into ``atout/locale/atout.pot`` and merges them into the
French ``.po``; these tests read both files as committed, so a message added without its
translation (or left fuzzy) fails here.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from atout import i18n
from atout.cards import Card, Suit
from atout.errors import CardParseError
from atout.referee import judge

LOCALE = Path(i18n.__file__).parent / "locale"
POT = LOCALE / "atout.pot"
FRENCH = LOCALE / "fr" / "LC_MESSAGES" / "atout.po"

RULE_ID = re.compile(r"\b(?:45|a45|500|66)\.[a-z0-9-]+(?:\.[a-z0-9-]+)*")
SUIT_SYMBOLS = "♠♥♦♣"


def _read(path: Path):
    with path.open("rb") as fh:
        return read_po(fh, locale="fr" if path == FRENCH else None)


def _key(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _messages(path: Path) -> dict[str, object]:
    return {_key(m): m for m in _read(path) if m.id}


FRENCH_MESSAGES = _messages(FRENCH)
TEMPLATE_IDS = sorted(_messages(POT))


def _forms(message) -> list[tuple[str, str]]:
    """(source, translation) pairs: one for a plain message, one per form for a plural one."""
    if isinstance(message.id, str):
        return [(message.id, message.string)]
    singular, plural = message.id[0], message.id[1]
    return [(singular if i == 0 else plural, s) for i, s in enumerate(message.string)]


def _translated_forms(msgid: str) -> list[tuple[str, str]]:
    """The (source, translation) pairs of a French message that have a translation."""
    return [(source, translation) for source, translation in _forms(FRENCH_MESSAGES[msgid]) if translation]


def _fields(text: str) -> set[str]:
    """The names of the ``{placeholders}`` of a format string (``{{`` and ``}}`` are literal braces)."""
    return {field for _literal, field, _spec, _conv in string.Formatter().parse(text) if field is not None}


def test_the_template_is_not_empty():
    assert len(TEMPLATE_IDS) > 100


@pytest.mark.parametrize("msgid", TEMPLATE_IDS)
def test_every_message_is_translated(msgid):
    message = FRENCH_MESSAGES.get(msgid)
    assert message is not None, f"{msgid!r} is in atout.pot but not in the French catalogue: run make i18n"
    assert not message.fuzzy, f"{msgid!r} is fuzzy in the French catalogue"
    for _source, translation in _forms(message):
        assert translation, f"{msgid!r} has no French translation"


@pytest.mark.parametrize("msgid", sorted(FRENCH_MESSAGES))
def test_translations_keep_the_placeholders(msgid):
    for source, translation in _translated_forms(msgid):
        assert _fields(translation) == _fields(source), (
            f"{msgid!r}: the French {translation!r} has placeholders {sorted(_fields(translation))}, "
            f"the English {sorted(_fields(source))}")


@pytest.mark.parametrize("msgid", sorted(FRENCH_MESSAGES))
def test_translations_keep_rule_ids_and_suit_symbols(msgid):
    for source, translation in _translated_forms(msgid):
        assert RULE_ID.findall(translation) == RULE_ID.findall(source), msgid
        assert (Counter(c for c in translation if c in SUIT_SYMBOLS)
                == Counter(c for c in source if c in SUIT_SYMBOLS)), msgid


def test_every_template_renders_in_french():
    """Formatting a French template with its own fields never raises (no stray braces)."""
    for msgid in FRENCH_MESSAGES:
        for source, translation in _translated_forms(msgid):
            if _fields(source):   # a person takes the forms a translation may ask for ({seat:à}, {seat:de})
                translation.format(**{name: i18n._Worded(i18n._forms("le joueur 2", "fr")) for name in _fields(source)})


# --- real renders through the engine ------------------------------------------------------------

def test_card_names_in_french():
    assert Card.parse("QH").name("fr") == "dame de cœur"
    assert Card.parse("10S").name("fr") == "dix de pique"
    assert Card.parse("AC").name("fr") == "as de trèfle"
    assert Card.parse("JK").name("fr") == "le joker"
    assert Card.parse("KD").render("fr") == "R♦"
    assert Suit.HEARTS.render("fr") == "cœur"


def test_card_parse_error_in_french():
    with i18n.language("fr"), pytest.raises(CardParseError) as info:
        Card.parse("1H")
    with i18n.language("fr"):
        text = str(info.value)
    assert text.startswith("'1H' n'est pas une carte")
    assert "JK est le joker" in text


def test_referee_error_in_french():
    with i18n.language("fr"):
        answer = judge({"kind": "trick", "game": "forty-fives", "trump": "X", "plays": ["KH"]})
    assert answer["error"] == "'X' n'est pas une couleur : écrivez C, D, H ou S (ou ♣ ♦ ♥ ♠)"


def test_forty_fives_trick_explained_in_french():
    query = {"kind": "trick", "game": "forty-fives", "trump": "S", "plays": ["JS", "5S", "AH"]}
    with i18n.language("fr"):
        answer = judge(query)
    assert answer["winner"] == 1
    assert answer["explanation"] == "5♠ bat V♠ : le 5 d'atout est la carte la plus forte"
    assert answer["rule"] == answer["beats"]["AH"]["rule"] == "45.rank.five-of-trumps"
    # the same query in English is unchanged by the French catalogue
    with i18n.language("en"):
        assert judge(query)["explanation"].startswith("5♠ beats J♠: the 5 of trumps")


def test_forty_fives_renege_in_french():
    query = {"kind": "legal", "game": "forty-fives", "trump": "C", "plays": ["3C"], "hand": ["5C", "JC", "3D"]}
    with i18n.language("fr"):
        answer = judge(query)
    assert answer["rule"] == "45.follow.renege"
    assert "retenir (garder) 5♣ et V♣" in answer["explanation"] and "renon" not in answer["explanation"]
    assert "(45." not in answer["explanation"]


def test_five_hundred_left_bower_in_french():
    query = {"kind": "trick", "game": "five-hundred", "trump": "H", "plays": ["AH", "JD", "KH", "QS"]}
    with i18n.language("fr"):
        answer = judge(query)
    assert answer["explanation"].startswith("V♦ bat A♥ : V♦ est le valet gauche quand l'atout est cœur")


def test_sixty_six_strict_play_in_french():
    query = {"kind": "legal", "game": "sixty-six", "trump": "H", "plays": ["QS"], "hand": ["KS", "AS", "9D"],
             "phase": "strict"}
    with i18n.language("fr"):
        answer = judge(query)
    assert answer["explanation"] == ("Une fois le talon épuisé ou fermé, vous devez fournir et monter : "
                                     "vous avez R♠ et A♠, de quoi battre D♠")


def test_engine_events_in_french():
    from atout.games import family

    hand = family("forty-fives").new_hand("forty-fives", seed=3)
    deal = hand.events[0]
    turn_up = deal.consequences[0]
    card = hand.turn_up
    with i18n.language("fr"):
        assert deal.explanation.render() == ("Le joueur 1 distribue : un paquet de 3 cartes à chaque joueur en "
                                             "commençant par sa gauche, puis un paquet de 2")
        assert deal.explanation.render(viewer=0).startswith("Vous distribuez : un paquet de 3 cartes")
        assert turn_up.explanation.render() == (f"La retourne est {card.render('fr')} : l'atout est "
                                                f"{card.suit.render('fr')}")


def test_plural_forms_in_french():
    fr = i18n.translations("fr")
    assert fr.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 carte"
    assert fr.ngettext("{n} card", "{n} cards", 0).format(n=0) == "0 carte"
    assert fr.ngettext("{n} card", "{n} cards", 5).format(n=5) == "5 cartes"
