"""The languages Atout speaks, as data: each is a message catalogue (``atout/locale/<code>/LC_MESSAGES/atout.po``)
and a grammar module here (``en.py``, ``fr.py``…) whose ``GRAMMAR`` says what a catalogue cannot: the forms a name
takes in a sentence (French articles and their contractions), how text is set (French spaces before : ; ! ?), how a
typed text is quoted back, the letters cards are written and typed with. Code asks the reader's grammar
(``grammar(lang)``) and never branches on a language's name; adding a language is a catalogue, a grammar module and
lesson files (README, "Adding a language").

>>> LANGUAGES[0], grammar("fr").autonym, grammar("en").quote("hold")
('en', 'Français', '“hold”')
>>> grammar("en").sentences("Scores after 2 hands: 10", "The game is won at 61."), grammar("ja").sentences("A", "B")
('Scores after 2 hands: 10. The game is won at 61.', 'A。B。')
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from functools import cache

# Ranks as core numbers them (atout.cards: J=11, Q=12, K=13, A=14) and suits by index (clubs, diamonds, hearts,
# spades), so that a grammar needs nothing from core.
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUIT_SYMBOLS = "♣♦♥♠"


class Grammar:
    """A language's grammar, as far as Atout's sentences need one. This base is a language whose names take one
    form, quoted with curly quotes, set with ordinary spaces (English); a language overrides what differs."""

    code: str = ""
    autonym: str = ""                     # the language's name in itself, as the language switch shows it
    specs: tuple[str, ...] = ()           # the forms its catalogue may ask of a name ({card:le}), besides "label"
    article_spec: str = ""                # the spec of a name with its article, as it stands alone in a list
    rank_letters: dict[int, str] = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}    # printed: "Q♠", « D♠ »
    typed_ranks: dict[str, int] = {"J": JACK, "Q": QUEEN, "K": KING, "A": ACE, "T": 10}   # upper case
    typed_suits: dict[str, int] = {"C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES}
    example_card: str = "AS"              # a card typed with this language's letters, for messages
    suit_first: tuple[str, ...] = ()      # what may stand between a suit typed before its rank and the rank
    # How sentences and lists made of several catalogue messages are set (a message is translated whole, but a
    # page may put two of them one after the other, or list names it has no sentence for).
    full_stop: str = "."                  # ends a sentence written without one
    sentence_ends: tuple[str, ...] = (".", "!", "?", "…")   # what already ends one
    between_sentences: str = " "
    list_separator: str = ", "            # between items read one by one, without "and" (a line of play, names)
    before_aside: str = " "               # before a remark in brackets after a sentence: "… (the hint's choice…)"

    def typography(self, text: str) -> str:
        """``text`` set as the language sets it (each catalogue message once, and a lesson's own text)."""
        return text

    def quote(self, text: str) -> str:
        """What a reader typed or chose, quoted back."""
        return f"“{text}”"

    def ended(self, sentence: str) -> str:
        """``sentence`` with the language's full stop, unless it already ends as a sentence ends."""
        return sentence if not sentence or sentence.endswith(self.sentence_ends) else sentence + self.full_stop

    def sentences(self, *sentences: str, end_last: bool = True) -> str:
        """Sentences one after the other, each ended (empty ones left out): "A. B.", 「A。B。」; with ``end_last``
        false the last is left as it is ("A. B"), for a text whose reader ends it (a quiz's feedback)."""
        said = [s for s in sentences if s]
        return self.between_sentences.join([*(self.ended(s) for s in said[:-1]),
                                            *(self.ended(s) if end_last else s for s in said[-1:])])

    def series(self, items: Iterable[str]) -> str:
        """Items read one by one, without "and": "K♣, 4♣", 「K♣、4♣」."""
        return self.list_separator.join(items)

    def aside(self, sentence: str, remark: str) -> str:
        """A sentence followed by a remark in brackets (the brackets are the remark's, in its catalogue)."""
        return sentence + self.before_aside + remark

    def forms(self, name: str, bare: str | None = None) -> dict[str, str]:
        """The forms ``name`` (a person, a side, a card with its article) takes in a sentence, by format spec;
        ``bare`` is the form without a spec where it differs (a card's "7♦" beside « le 7♦ »)."""
        return {**dict.fromkeys(self.specs, name), "": name if bare is None else bare, "label": self.label(name)}

    def label(self, name: str) -> str:
        """A name as a label or a choice shows it: with a capital ("Player 2", "You")."""
        return name[:1].upper() + name[1:]

    def card_forms(self, short: str, rank: int) -> dict[str, str]:
        """A card of ``rank`` written ``short`` ("7♦") in a sentence."""
        return self.forms(short)

    def noun_forms(self, name: str, feminine: bool = False) -> dict[str, str]:
        """A common noun used as a name in a sentence (a Five Hundred call: "misère")."""
        return self.forms(name)

    def invariable(self, name: str) -> dict[str, str]:
        """A name that takes no article in any form (a numbered bid: "with 7 no trumps", « avec 7 sans-atout »)."""
        return dict.fromkeys(("", *self.specs), name)


@cache
def grammar(code: str) -> Grammar:
    """The grammar of the language ``code`` (one of ``LANGUAGES``)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
    found: Grammar = importlib.import_module(f"{__name__}.{code}").GRAMMAR
    return found


def _languages() -> tuple[str, ...]:
    """Every grammar module here, English (the source language) first."""
    codes = sorted(module.name for module in pkgutil.iter_modules(__path__) if not module.name.startswith("_"))
    return ("en", *(code for code in codes if code != "en"))


LANGUAGES: tuple[str, ...] = _languages()
