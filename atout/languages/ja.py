"""Japanese: no articles, so a name takes one form wherever it stands (a particle after it is the catalogue's own
word); quotes 「」; cards written with the letters Japanese players read on the cards (A K Q J) and the suit symbols;
the terms chosen are kept in docs/glossary-ja.md.

>>> GRAMMAR.quote("ホールド"), GRAMMAR.forms("プレイヤー2")["label"], GRAMMAR.series(["K♣", "4♣"])
('「ホールド」', 'プレイヤー2', 'K♣、4♣')
"""

from atout.languages import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES, Grammar


class Japanese(Grammar):
    code = "ja"
    autonym = "日本語"
    # Japanese sets sentences and asides without spaces, ends them with 。 and lists with 、.
    full_stop = "。"
    sentence_ends = ("。", "！", "？", "!", "?", "…")
    between_sentences = ""
    list_separator = "、"
    before_aside = ""
    # Typed: the letters printed on the cards (A K Q J, English suit letters) or the cards' names, the suit first
    # as Japanese says it: 「ハートのK」, 「スペードのエース」, or without の.
    typed_ranks = {**Grammar.typed_ranks, "エース": ACE, "キング": KING, "クイーン": QUEEN, "ジャック": JACK}
    typed_suits = {**Grammar.typed_suits, "クラブ": CLUBS, "ダイヤ": DIAMONDS, "ダイヤモンド": DIAMONDS,
                   "ハート": HEARTS, "スペード": SPADES}
    suit_first = ("の", "")

    def quote(self, text: str) -> str:
        return f"「{text}」"


GRAMMAR = Japanese()
