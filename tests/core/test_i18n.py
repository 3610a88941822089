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
    lang = path.parent.parent.name if path != POT else None
    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


def _key(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _messages(path: Path) -> dict[str, object]:
    return {_key(m): m for m in _read(path) if m.id}


FRENCH_MESSAGES = _messages(FRENCH)
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT_LANGUAGE]
CATALOGUES = {lang: _messages(LOCALE / lang / "LC_MESSAGES" / "atout.po") for lang in TRANSLATED}
TEMPLATE_IDS = sorted(_messages(POT))


def _forms(message) -> list[tuple[str, str]]:
    """(source, translation) pairs: one for a plain message, one per form for a plural one."""
    if isinstance(message.id, str):
        return [(message.id, message.string)]
    singular, plural = message.id[0], message.id[1]
    if len(message.string) == 1:        # one form for every number (Japanese): the plural's words, {n} and all
        return [(plural, message.string[0])]
    return [(singular if i == 0 else plural, s) for i, s in enumerate(message.string)]


def _translated_forms(msgid: str, lang: str = "fr") -> list[tuple[str, str]]:
    """The (source, translation) pairs of a message of ``lang``'s catalogue that have a translation."""
    return [(source, translation) for source, translation in _forms(CATALOGUES[lang][msgid]) if translation]


def _fields(text: str) -> set[str]:
    """The names of the ``{placeholders}`` of a format string (``{{`` and ``}}`` are literal braces)."""
    return {field for _literal, field, _spec, _conv in string.Formatter().parse(text) if field is not None}


def _suits(text: str) -> Counter:
    return Counter(c for c in text if c in SUIT_SYMBOLS)


def test_the_template_is_not_empty():
    assert len(TEMPLATE_IDS) > 100


# Each check below goes through every message and lists all that fail it. They were a test per message (4,617 in all):
# pytest's own work for each took longer than the checks, 14.7 s of a worker's time against well under a second.

@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    problems = []
    for msgid in TEMPLATE_IDS:
        message = CATALOGUES[lang].get(msgid)
        if message is None:
            problems.append(f"{msgid!r} is in atout.pot but not in the {lang} catalogue: run make i18n")
        elif message.fuzzy:
            problems.append(f"{msgid!r} is fuzzy in the {lang} catalogue")
        elif not all(translation for _source, translation in _forms(message)):
            problems.append(f"{msgid!r} has no {lang} translation")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang):
    problems = [f"{msgid!r}: the {lang} {translation!r} has placeholders {sorted(_fields(translation))}, "
                f"the English {sorted(_fields(source))}"
                for msgid in sorted(CATALOGUES[lang]) for source, translation in _translated_forms(msgid, lang)
                if _fields(translation) != _fields(source)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_rule_ids_and_suit_symbols(lang):
    problems = [f"{msgid!r}: the {lang} {translation!r} has the rule ids {RULE_ID.findall(translation)} and the suit "
                f"symbols {dict(_suits(translation))}, the English {RULE_ID.findall(source)} and {dict(_suits(source))}"
                for msgid in sorted(CATALOGUES[lang]) for source, translation in _translated_forms(msgid, lang)
                if RULE_ID.findall(translation) != RULE_ID.findall(source) or _suits(translation) != _suits(source)]
    assert not problems, "\n".join(problems)


def _said_again(text: str) -> int:
    """How many times over ``text`` is one piece of itself (1 for a text said once)."""
    return max((k for k in range(2, 17) if len(text) % k == 0 and text == text[:len(text) // k] * k), default=1)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_is_its_own_text_said_again(lang):
    """Three French messages read their sentence eight times over (« …pas {seed}une graine est… »): a merge glued
    the translation to itself; no placeholder check sees it, since the same names come back."""
    problems = [f"{msgid!r}: the {lang} translation is one sentence said {_said_again(translation)} times: "
                f"{translation[:80]!r}…"
                for msgid in sorted(CATALOGUES[lang]) for _source, translation in _translated_forms(msgid, lang)
                if _said_again(translation) > 1]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_template_renders_in_each_language(lang):
    """Formatting a template with its own fields never raises (no stray braces, no form its grammar lacks)."""
    for msgid in CATALOGUES[lang]:
        for source, translation in _translated_forms(msgid, lang):
            if _fields(source):   # a person takes the forms a translation may ask for ({seat:à}, {seat:de})
                translation.format(**{name: i18n._Worded(i18n._forms("le joueur 2", lang)) for name in _fields(source)})


# An ordinary space where French wants one that does not break: before : ; ! ? and », after «.
LOOSE_FRENCH_SPACE = re.compile(r" [:;!?»]|« ")


def test_every_french_message_is_rendered_with_non_breaking_spaces_before_its_marks():
    """Every msgstr of the catalogue, as a page renders it (its fields filled), has no ordinary space before : ; ! ?
    or » nor after «: the spacing is the rendering's, so the catalogue's translators write plain spaces."""
    fr = i18n.translations("fr")
    loose = []
    for message in FRENCH_MESSAGES.values():
        if isinstance(message.id, str):
            templates = [fr.gettext(message.id)]
        else:
            templates = [fr.ngettext(message.id[0], message.id[1], n) for n in (1, 2)]
        for template in templates:
            fields = _fields(template)
            text = template.format(**{name: i18n._Worded(i18n._forms("le joueur 2", "fr")) for name in fields}) \
                if fields else template.replace("{{", "{").replace("}}", "}")
            if LOOSE_FRENCH_SPACE.search(text):
                loose.append(text)
    assert not loose, f"{len(loose)} French messages with an ordinary space before a mark, e.g. {loose[:3]}"
    assert any("\u00a0:" in fr.gettext(m) for m in FRENCH_MESSAGES if isinstance(m, str))     # the marks are there


def test_french_spacing_leaves_values_put_into_a_sentence_as_they_are():
    """Only the catalogue's own spaces change: a time, an address, a card or what a player typed, put into a French
    sentence as a value, is never touched; and the English sentence keeps its spaces."""
    with i18n.language("fr"):
        said = i18n.Text("The address asks for the language “{lang}”: the pages are in {languages}.",
                         lang="x ?y", languages=["10:30", "a.ipynb?b=c"]).render()
    assert "x ?y" in said and "10:30" in said and "a.ipynb?b=c" in said and "\u00a0:" in said
    assert i18n.grammar("fr").typography("déjà\u00a0: «\u00a0ok\u00a0»") == "déjà\u00a0: «\u00a0ok\u00a0»"
    assert i18n.Text("Seat {seat} : ok ?", seat=1).render("en") == "Seat 1 : ok ?"


# --- real renders through the engine ------------------------------------------------------------

def test_card_names_in_french():
    assert Card.parse("QH").name("fr") == "dame de cœur"
    assert Card.parse("10S").name("fr") == "dix de pique"
    assert Card.parse("AC").name("fr") == "as de trèfle"
    assert Card.parse("JK").name("fr") == "le joker"
    assert Card.parse("KD").render("fr") == "R♦"
    assert Suit.HEARTS.render("fr") == "cœur"


def test_every_card_takes_its_article_in_a_french_sentence():
    """« le 7♦ », « la D♠ », « l'A♠ », « le joker », and after « de » and « à »: « du 7♦ », « de la D♠ », « à l'A♠ »,
    « au joker »; in English the card alone, the joker as "the joker", and in French « le joker » even without a form
    asked (« La réponse : le joker », « votre main : le joker, 5♠ et 7♥ »: a word, not a symbol)."""
    from atout.cards import CARDS, JOKER

    expected = {"l'": ("l'", "de l'", "à l'"), "la ": ("la ", "de la ", "à la "), "le ": ("le ", "du ", "au ")}
    for card in CARDS:
        short = "joker" if card is JOKER else card.render("fr")
        article = {14: "l'", 12: "la "}.get(card.rank, "le ")
        said = i18n.Text("{a} / {a:le} / {a:de} / {a:à}", a=card).render("fr")
        the, of, to = expected[article]
        alone = "Le joker" if card is JOKER else short
        assert said == f"{alone} / {the}{short} / {of}{short} / {to}{short}", said
        english = i18n.Text("You hold {card}", card=card).render("en")
        assert english == ("You hold the joker" if card is JOKER else f"You hold {card.render('en')}"), english
    assert i18n.Text("{card}", card=JOKER).render("fr") == "Joker"      # alone, a card is a label
    assert i18n.Text("La réponse : {answer}", answer=JOKER).render("fr") == "La réponse\u00a0: le joker"
    hand = [Card.parse(c) for c in ("AS", "QH", "7D")] + [JOKER]
    assert (i18n.Text("vous avez {cards:le}", cards=hand).render("fr")
            == "vous avez l'A♠, la D♥, le 7♦ et le joker")
    assert (i18n.Text("x {cards:de}", cards=i18n.OneOf(hand)).render("fr")
            == "x de l'A♠, de la D♥, du 7♦ ou du joker")


def test_a_form_asked_of_a_value_that_has_none_writes_the_value():
    """A translation asking the article of a card given as text writes the text: a sentence, never an error."""
    with i18n.language("fr"):
        assert i18n._FORMATTER.format("jouez {card:le}", card="7D") == "jouez 7D"
    with pytest.raises(ValueError, match="no form 'xx'"):
        i18n.Text("{seat:xx}", seat=i18n.Person(1)).render("fr")


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
    assert answer["error"] == "'X' n'est pas une couleur\u00a0: écrivez C, D, H ou S (ou ♣ ♦ ♥ ♠)"


def test_forty_fives_trick_explained_in_french():
    query = {"kind": "trick", "game": "forty-fives", "trump": "S", "plays": ["JS", "5S", "AH"]}
    with i18n.language("fr"):
        answer = judge(query)
    assert answer["winner"] == 1
    assert answer["explanation"] == "Le 5♠ bat le V♠, car le 5 d'atout est la carte la plus forte"
    assert answer["rule"] == answer["beats"]["AH"]["rule"] == "45.rank.five-of-trumps"
    # the same query in English is unchanged by the French catalogue
    with i18n.language("en"):
        assert judge(query)["explanation"].startswith("5♠ beats J♠: the 5 of trumps")


def test_forty_fives_renege_in_french():
    query = {"kind": "legal", "game": "forty-fives", "trump": "C", "plays": ["3C"], "hand": ["5C", "JC", "3D"]}
    with i18n.language("fr"):
        answer = judge(query)
    assert answer["rule"] == "45.follow.renege"
    assert "retenir (garder) le 5♣ et le V♣" in answer["explanation"] and "renon" not in answer["explanation"]
    assert "(45." not in answer["explanation"]


def test_five_hundred_left_bower_in_french():
    query = {"kind": "trick", "game": "five-hundred", "trump": "H", "plays": ["AH", "JD", "KH", "QS"]}
    with i18n.language("fr"):
        answer = judge(query)
    assert answer["explanation"].startswith("Le V♦ bat l'A♥, car le V♦ est le valet gauche quand l'atout est cœur")


def test_sixty_six_strict_play_in_french():
    query = {"kind": "legal", "game": "sixty-six", "trump": "H", "plays": ["QS"], "hand": ["KS", "AS", "9D"],
             "phase": "strict"}
    with i18n.language("fr"):
        answer = judge(query)
    assert answer["explanation"] == ("Une fois le talon épuisé ou fermé, vous devez fournir et monter\u00a0: "
                                     "vous avez le R♠ et l'A♠, de quoi battre la D♠")


def test_engine_events_in_french():
    from atout.games import package_of

    hand = package_of("forty-fives").new_hand("forty-fives", seed=3)
    deal = hand.events[0]
    turn_up = deal.consequences[0]
    card = hand.turn_up
    with i18n.language("fr"):
        assert deal.explanation.render() == ("Le joueur 1 distribue\u00a0: un paquet de 3 cartes à chaque joueur en "
                                             "commençant par sa gauche, puis un paquet de 2")
        assert deal.explanation.render(viewer=0).startswith("Vous distribuez\u00a0: un paquet de 3 cartes")
        assert turn_up.explanation.render() == (f"La retourne est {card.sentence_forms('fr')['le']}\u00a0: l'atout est "
                                                f"{card.suit.render('fr')}")


def test_plural_forms_in_french():
    fr = i18n.translations("fr")
    assert fr.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 carte"
    assert fr.ngettext("{n} card", "{n} cards", 0).format(n=0) == "0 carte"
    assert fr.ngettext("{n} card", "{n} cards", 5).format(n=5) == "5 cartes"


def test_no_code_branches_on_a_languages_name_outside_its_grammar_module():
    """Languages are data: what differs between them is asked of the reader's grammar (``atout.languages``), so a
    comparison of a language with a code written out ("fr", "en"…) belongs in no other module."""
    import re
    from pathlib import Path

    import atout
    from atout.languages import LANGUAGES

    codes = "|".join(LANGUAGES)
    branch = re.compile(rf"""(==|!=|\bin)\s*\(?\s*["']({codes})["']|["']({codes})["']\s*(==|!=)""")
    root = Path(atout.__file__).parent
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}"
             for path in sorted(root.rglob("*.py")) if "languages" not in path.relative_to(root).parts
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if branch.search(line) and not line.lstrip().startswith((">>>", "..."))]
    assert not found, "\n".join(found)


def test_every_language_has_a_grammar_and_a_catalogue_and_names_itself():
    from atout.languages import LANGUAGES, grammar

    assert LANGUAGES[0] == i18n.DEFAULT_LANGUAGE
    for code in LANGUAGES:
        assert grammar(code).code == code and grammar(code).autonym
        if code != i18n.DEFAULT_LANGUAGE:
            assert (i18n.LOCALE_DIR / code / "LC_MESSAGES" / "atout.po").exists(), code
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        grammar("xx")


def test_a_negative_count_is_written_with_a_minus_sign_in_every_language():
    """A score lost in a sentence ("−5 points", a puzzle's proof) is written as ``signed`` writes scores, never with a
    hyphen ("-5 points")."""
    from atout.i18n import LANGUAGES, Plural

    for lang in LANGUAGES:
        written = Plural("{n} point", "{n} points", -5).render(lang)
        assert "\u22125" in written and "-5" not in written, (lang, written)


def test_a_negative_count_takes_the_noun_of_the_count_lost():
    """A score lost reads as the score won would: "−1 game point" and "−2 game points" in English, « −2 points de
    partie » in French, whose plural rule (n > 1) would give the singular to every negative count."""
    from atout.i18n import Plural

    def written(n: int, lang: str) -> str:
        return Plural("{n} game point", "{n} game points", n).render(lang)

    assert written(-1, "en") == "\u22121 game point"
    assert written(-2, "en") == "\u22122 game points"
    assert written(-2, "fr") == written(2, "fr").replace("2", "\u22122")
    assert written(-1, "fr") == written(1, "fr").replace("1", "\u22121")
    assert written(2, "fr") != written(1, "fr").replace("1", "2")     # French has a plural of its own
