"""French: articles and their contractions after « à » and « de », the spaces French sets before : ; ! ? and inside
« », quotes « », and the card letters of French players (R D V for roi, dame, valet; T K C P for trèfle, carreau,
cœur, pique, as French bridge writes them).

>>> f = GRAMMAR
>>> f.forms("le joueur 2")["à"], f.card_forms("A♠", 14)["de"], f.card_forms("D♠", 12)["à"], f.label("les joueurs 2")
('au joueur 2', "de l'A♠", 'à la D♠', 'Joueurs 2')
>>> f.typography("Au joueur 2 de jouer : il a « passé » ! Et vous ?") == (
...     "Au joueur 2 de jouer\\u00a0: il a «\\u00a0passé\\u00a0»\\u202f! Et vous\\u202f?")
True
>>> f.typography("À 10:30, voir course.ipynb?lesson=45-trumps")
'À 10:30, voir course.ipynb?lesson=45-trumps'
"""

from atout.languages import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES, Grammar

NBSP, NNBSP = "\u00a0", "\u202f"
# A non-breaking space before a colon and inside « », a narrow one before ; ! ? (where the text has an ordinary space
# there): a line never starts with one of them. Where there is no space, none is added ("10:30", "?lang=fr").
SPACES = ((" :", NBSP + ":"), (" ;", NNBSP + ";"), (" !", NNBSP + "!"), (" ?", NNBSP + "?"),
          ("« ", "«" + NBSP), (" »", NBSP + "»"))
# Each article, and what it becomes after « à » and after « de »: the one place where « à le » becomes « au ».
CONTRACTIONS = (("le ", "au ", "du "), ("les ", "aux ", "des "), ("la ", "à la ", "de la "), ("l'", "à l'", "de l'"))
# The article of a card's name: l'as, la dame, le roi, le valet, le 7.
CARD_ARTICLE = {ACE: "l'", QUEEN: "la "}


class French(Grammar):
    code = "fr"
    autonym = "Français"
    specs = ("le", "à", "de")
    article_spec = "le"
    rank_letters = {JACK: "V", QUEEN: "D", KING: "R", ACE: "A"}
    typed_ranks = {"V": JACK, "D": QUEEN, "R": KING, "A": ACE}
    typed_suits = {"T": CLUBS, "K": DIAMONDS, "C": HEARTS, "P": SPADES}
    example_card = "RC"

    def typography(self, text: str) -> str:
        for plain, spaced in SPACES:
            text = text.replace(plain, spaced)
        return text

    def quote(self, text: str) -> str:
        return f"«{NBSP}{text}{NBSP}»"

    def forms(self, name: str, bare: str | None = None) -> dict[str, str]:
        for article, to, of in CONTRACTIONS:
            if name.startswith(article):
                rest = name[len(article):]
                return {"": name if bare is None else bare, "le": name, "à": to + rest, "de": of + rest,
                        "label": self.label(name)}
        return {"": name if bare is None else bare, "le": name, "à": "à " + name, "de": "de " + name,
                "label": self.label(name)}

    def label(self, name: str) -> str:
        """Without the article a sentence needs: « Joueur 2 », « Camp des joueurs 1 et 3 »."""
        for article in ("le ", "les "):
            name = name.removeprefix(article)
        return name[:1].upper() + name[1:]

    def card_forms(self, short: str, rank: int) -> dict[str, str]:
        return self.forms(CARD_ARTICLE.get(rank, "le ") + short, bare=short)

    def noun_forms(self, name: str, feminine: bool = False) -> dict[str, str]:
        """« avec la misère », « la misère ouverte »; bare, « misère »."""
        return self.forms(("la " if feminine else "le ") + name, bare=name)


GRAMMAR = French()
