"""Cards, suits, ranks and decks, in the notation of the rules files.

Cards are written rank then suit; parsing accepts ``T`` for ten, suit symbols and any case;
printing is canonical, so parse and print round-trip:

>>> Card.parse("10h"), Card.parse("T♥"), Card.parse("jk")
(Card('10H'), Card('10H'), Card('JK'))
>>> str(Card.parse("qs"))
'QS'
>>> Card.parse("1H")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
atout.errors.CardParseError: '1H' is not a card: write a rank (A K Q J 10 9 8 7 6 5 4 3 2, or T for ten) then ...
>>> len(FULL_DECK), FULL_DECK.cards[:3], Deck("3-card", [JOKER, Card.parse("2C"), Card.parse("AC")]).cards
(52, (Card('AC'), Card('KC'), Card('QC')), (Card('AC'), Card('2C'), Card('JK')))

Cards are interned: there is exactly one object per card, so ``is`` and ``==`` agree.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Callable, Iterable, Iterator

from atout.errors import AmbiguousCardError, CardNotInDeckError, CardParseError, DuplicateCardError, quote
from atout.i18n import DEFAULT_LANGUAGE, N_, OneOf, Text, _, get_language, grammar
from atout.languages import SUIT_SYMBOLS


class Suit(enum.IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (the left bower's suit in Five Hundred)."""
        return _PARTNER_SUIT[self]

    def render(self, lang: str | None = None) -> str:
        """The suit's name in the page language, plural as in "hearts were led"."""
        return _(_SUIT_NAMES[self], lang)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``C D H S``, the symbols, or the English names, any case.

        >>> Suit.parse("h"), Suit.parse("♠")
        (<Suit.HEARTS: 2>, <Suit.SPADES: 3>)
        """
        key = text.strip().upper() if isinstance(text, str) and len(text) <= MAX_TEXT else None
        if key in _SUIT_BY_TEXT:
            return _SUIT_BY_TEXT[key]
        raise CardParseError(
            Text("{text} is not a suit: write C, D, H or S (or ♣ ♦ ♥ ♠)", text=quote(text))
        )


_PARTNER_SUIT = {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS, Suit.DIAMONDS: Suit.HEARTS,
                 Suit.HEARTS: Suit.DIAMONDS}
_SUIT_NAMES = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"),
               Suit.SPADES: N_("spades")}
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_BY_TEXT[_s.letter] = _s
    _SUIT_BY_TEXT[_s.symbol] = _s
    _SUIT_BY_TEXT[_s.name] = _s
for _sym, _s in (("♧", Suit.CLUBS), ("♢", Suit.DIAMONDS), ("♡", Suit.HEARTS), ("♤", Suit.SPADES)):
    _SUIT_BY_TEXT[_sym] = _s
_SUIT_BY_SYMBOL = {text: suit for text, suit in _SUIT_BY_TEXT.items() if not text.isalpha()}


MAX_TEXT = 16   # the longest card or suit text accepted, with spaces around it ("  10♥ "): a page may send more

# Ranks are numbers: 2..10, J=11, Q=12, K=13, A=14; the joker has rank 0 and no suit.
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS: tuple[int, ...] = tuple(range(2, 15))
_RANK_TEXT = {**{r: str(r) for r in range(2, 11)}, JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_BY_TEXT = {v: k for k, v in _RANK_TEXT.items()} | {"T": 10}
_RANK_NAMES = {
    2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"),
    8: N_("eight"), 9: N_("nine"), 10: N_("ten"), JACK: N_("jack"), QUEEN: N_("queen"),
    KING: N_("king"), ACE: N_("ace"),
}
_CARD_NAME = {
    Suit.CLUBS: N_("{rank} of clubs"), Suit.DIAMONDS: N_("{rank} of diamonds"),
    Suit.HEARTS: N_("{rank} of hearts"), Suit.SPADES: N_("{rank} of spades"),
}

NOT_A_CARD = N_(
    "{text} is not a card: write a rank (A K Q J 10 9 8 7 6 5 4 3 2, or T for ten) then a suit "
    "(C D H S or ♣ ♦ ♥ ♠), as in 10H or AS; JK is the joker"
)


class Card:
    """One playing card. Use ``Card.parse`` or ``Card.of``; never construct directly."""

    __slots__ = ("index", "rank", "suit", "code")

    index: int
    rank: int
    suit: Suit | None
    code: str

    def __new__(cls, *_args: object) -> Card:  # pragma: no cover - guarded
        raise TypeError("use Card.parse('QH') or Card.of(rank, suit)")

    @classmethod
    def _make(cls, index: int, rank: int, suit: Suit | None) -> Card:
        card = object.__new__(cls)
        card.index = index
        card.rank = rank
        card.suit = suit
        card.code = "JK" if suit is None else _RANK_TEXT[rank] + suit.letter
        return card

    @staticmethod
    def of(rank: int, suit: Suit) -> Card:
        """The card of ``rank`` (2 to 14, the ace) in ``suit``; anything else is refused (index arithmetic alone
        made ``Card.of(15, CLUBS)`` the 2♦ and ``Card.of(1, CLUBS)`` the joker).

        >>> Card.of(14, Suit.SPADES)
        Card('AS')
        """
        if rank not in _RANK_TEXT or type(rank) is not int or not isinstance(suit, Suit):
            raise CardParseError(Text("no card has rank {rank} and suit {suit}: the ranks are 2 to 14 (J=11, Q=12, "
                                      "K=13, A=14) and the suit is one of C, D, H and S",
                                      rank=quote(rank), suit=suit.letter if isinstance(suit, Suit) else quote(suit)))
        return CARDS[suit * 13 + rank - 2]

    @staticmethod
    def parse(text: object) -> Card:
        """Parse a card, accepting any case, ``T`` for ten and suit symbols (anything but a card's text, as read
        from a page or a query, is refused with a ``CardParseError`` naming it)."""
        if isinstance(text, Card):
            return text
        if isinstance(text, str) and len(text) <= MAX_TEXT:     # a longer text is no card: refused unread
            card = _CARD_BY_TEXT.get(text.strip().upper())
            if card is not None:
                return card
        raise CardParseError(Text(NOT_A_CARD, text=quote(text)))

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    def render(self, lang: str | None = None) -> str:
        """Short form for sentences: rank letter in the page language and the suit symbol."""
        lang = lang or get_language()
        if self.suit is None:
            return _("Joker", lang)
        return grammar(lang).rank_letters.get(self.rank, _RANK_TEXT[self.rank]) + self.suit.symbol

    def sentence_forms(self, lang: str | None = None) -> dict[str, str]:
        """How the card is written inside a sentence (``atout.i18n``): "7♦" alone, and the forms a French sentence
        asks for with a spec: ``{card:le}`` "le 7♦", "la D♠", "l'A♠", "le joker"; ``{card:de}`` "du 7♦", "de la
        D♠", "de l'A♠"; ``{card:à}`` "au 7♦", "à l'A♠". The joker is "the joker", « le joker », in running text.

        >>> JOKER.sentence_forms("en")[""], CARDS[51].sentence_forms("fr")["de"], CARDS[49].sentence_forms("fr")["à"]
        ('the joker', "de l'A♠", 'à la D♠')
        """
        lang = lang or get_language()
        if self.suit is None:     # a word, not a symbol: the joker keeps its article alone too (« votre main : le
            return grammar(lang).forms(self.name(lang))       # joker, 5♠ et 7♥ », « La réponse : le joker »)
        return grammar(lang).card_forms(self.render(lang), self.rank)

    def name(self, lang: str | None = None) -> str:
        """Full name for screen readers: "queen of hearts", "dame de cœur"."""
        if self.suit is None:
            return _("the joker", lang)
        return _(_CARD_NAME[self.suit], lang).format(rank=_(_RANK_NAMES[self.rank], lang))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def _repr_svg_(self) -> str:
        from atout.svg import card_svg

        return card_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()


CARDS: tuple[Card, ...] = tuple(
    Card._make(s * 13 + r - 2, r, Suit(s)) for s in range(4) for r in RANKS
) + (Card._make(52, 0, None),)
JOKER = CARDS[52]

_CARD_BY_TEXT: dict[str, Card] = {"JK": JOKER, "JOKER": JOKER}
for _c in CARDS[:52]:
    for _rt in [_RANK_TEXT[_c.rank]] + (["T"] if _c.rank == 10 else []):
        for _st, _su in _SUIT_BY_TEXT.items():
            if _su == _c.suit and _st not in Suit.__members__:
                _CARD_BY_TEXT[_rt + _st] = _c


class Deck:
    """The cards a game uses, in a fixed order (suits C D H S, ranks high to low, joker last). Each family defines
    its own (its config's ``DECK``: the registry's ``Family.deck``); the full 52 cards are here."""

    def __init__(self, name: str, cards: Iterable[Card]) -> None:
        self.name = name
        self.cards: tuple[Card, ...] = tuple(sorted(cards, key=lambda c: (c.suit if c.suit is not None else 4,
                                                                          -c.rank)))
        self._members = frozenset(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self._members

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} cards)"

    def parse(self, text: object) -> Card:
        """Parse a card and check that this deck has it."""
        card = Card.parse(text)
        if card not in self._members:
            raise CardNotInDeckError(
                Text("{card} is not in the {deck} deck", card=card, deck=Text(self.name))
            )
        return card

    def parse_many(self, texts: Iterable[str | Card], what: str = "cards") -> list[Card]:
        """Parse several cards of this deck, refusing the same card twice."""
        cards = [self.parse(t) for t in texts]
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise DuplicateCardError(Text("{card} appears twice; each card exists once in the deck",
                                              card=card))
            seen.add(card)
        return cards


FULL_DECK = Deck(N_("52-card"), CARDS[:52])


def shuffled(cards: Iterable[Card], seed: int | None) -> tuple[Card, ...]:
    """The cards in the order a shuffle seeded with ``seed`` leaves them (the same seed, the same order).

    One 256-bit random number is unpacked into a Fisher-Yates shuffle: 52! < 2**226, so every order
    of a 52-card deck is reachable, and it is several times faster than ``random.shuffle``.

    >>> shuffled(FULL_DECK, 3) == shuffled(FULL_DECK, 3)
    True
    """
    import random

    order = list(cards)
    x = random.Random(seed).getrandbits(256 + 64)
    for i in range(len(order) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


_SUIT_INDEX_BY_SYMBOL = {symbol: index for index, symbol in enumerate(SUIT_SYMBOLS)}


def read_card(text: object, lang: str | None = None) -> Card:
    """A card as a reader of ``lang`` types it: with their language's letters (in French R D V for roi, dame, valet,
    and T K C P for trèfle, carreau, cœur, pique; in Japanese the cards' names too, suit first as Japanese says it,
    「ハートのK」), with English letters where they cannot be read otherwise, or with the suit's symbol; letters and
    digits typed full width (ＫＳ, １０♠) as narrow ones. A text that reads as two cards is refused with both
    readings, never guessed; the notation of files, addresses and the referee stays ``Card.parse``'s.

    >>> read_card("RC", "fr"), read_card("10♣", "fr"), read_card("KC", "fr"), read_card("ah", "en")
    (Card('KH'), Card('10C'), Card('KC'), Card('AH'))
    >>> read_card("ハートのK", "ja"), read_card("スペードのエース", "ja"), read_card("１０♦", "ja")
    (Card('KH'), Card('AS'), Card('10D'))
    >>> read_card("AC", "fr")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    atout.errors.AmbiguousCardError: 'AC' reads as two cards: A♥ or A♣; write the suit as a symbol (♣ ♦ ♥ ♠)
    """
    lang = lang or get_language()
    if isinstance(text, Card):
        return text
    key = _typed_key(text)
    if key in ("JK", "JOKER", JOKER.render(lang).upper()):
        return JOKER
    readings: list[Card] = []
    for reader in dict.fromkeys((lang, DEFAULT_LANGUAGE)):    # each reading in one language's letters throughout
        letters = grammar(reader)
        ranks = {**{str(r): r for r in range(2, 11)}, **letters.typed_ranks}
        suits = {**letters.typed_suits, **_SUIT_INDEX_BY_SYMBOL}
        for rank_text, rank in ranks.items():
            if key is not None and key.startswith(rank_text) and key[len(rank_text):] in suits:
                readings.append(Card.of(rank, Suit(suits[key[len(rank_text):]])))
        for suit_text, suit in letters.typed_suits.items():     # the suit first: 「ハートのK」
            for joiner in letters.suit_first:
                head = suit_text + joiner
                if key is not None and key.startswith(head) and key[len(head):] in ranks:
                    readings.append(Card.of(ranks[key[len(head):]], Suit(suit)))
    readings = list(dict.fromkeys(readings))
    if len(readings) == 1:
        return readings[0]
    if readings:
        raise AmbiguousCardError(Text("{text} reads as two cards: {cards}; write the suit as a symbol (♣ ♦ ♥ ♠)",
                                      text=quote(text), cards=OneOf(readings)))
    letters = grammar(lang)
    raise CardParseError(Text("{text} is not a card: write a rank ({ranks} or 10 to 2) then a suit ({suits} or "
                              "♣ ♦ ♥ ♠), as in {example}", text=quote(text),
                              ranks=" ".join(letters.typed_ranks), suits=" ".join(letters.typed_suits),
                              example=letters.example_card))


def typed_text(card: Card, lang: str | None = None) -> str:
    """How a reader of ``lang`` may type ``card`` with letters, for an example ("AD"; in French « AK », as de carreau),
    or as the page writes it with its symbol where those letters would read as two cards (« 10♥ »: « 10C » is the
    ten of cœur or of clubs).

    >>> typed_text(Card.parse("AD"), "fr"), typed_text(Card.parse("10H"), "fr"), typed_text(Card.parse("10H"), "en")
    ('AK', '10♥', '10H')
    """
    lang = lang or get_language()
    if card.is_joker:
        return "JK"
    letters = grammar(lang)
    rank = str(card.rank) if card.rank <= 10 else next(t for t, r in letters.typed_ranks.items() if r == card.rank)
    suit = next(text for text, suit in letters.typed_suits.items() if suit == card.suit)
    try:
        if read_card(rank + suit, lang) is card:
            return rank + suit
    except CardParseError:
        pass
    return card.render(lang)


def read_suit(text: object, lang: str | None = None) -> Suit:
    """A suit as a reader of ``lang`` types it (``read_card``'s letters: « C » is cœur in French, so a French reader's
    « C » is refused as hearts or clubs, never guessed), or its symbol.

    >>> read_suit("P", "fr"), read_suit("♥", "ja"), read_suit("ハート", "ja"), read_suit("h", "en")
    (<Suit.SPADES: 3>, <Suit.HEARTS: 2>, <Suit.HEARTS: 2>, <Suit.HEARTS: 2>)
    """
    lang = lang or get_language()
    key = _typed_key(text)
    readings = list(dict.fromkeys(Suit(suits[key]) for suits in (
        *(grammar(reader).typed_suits for reader in (lang, DEFAULT_LANGUAGE)), _SUIT_INDEX_BY_SYMBOL)
        if key in suits))
    if len(readings) == 1:
        return readings[0]
    if readings:
        raise AmbiguousCardError(Text("{text} reads as two suits: {suits}; write the suit as a symbol (♣ ♦ ♥ ♠)",
                                      text=quote(text), suits=OneOf(s.symbol for s in readings)))
    raise CardParseError(Text("{text} is not a suit: write {suits} or ♣ ♦ ♥ ♠", text=quote(text),
                              suits=OneOf(grammar(lang).typed_suits)))


def _typed_key(text: object) -> str | None:
    """A card or suit as typed, ready to look up: full-width letters and digits made narrow (NFKC, as an input
    method may type them), spaces around taken off, in capitals; None for what cannot be one."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    return unicodedata.normalize("NFKC", text).strip().upper()


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse cards separated by spaces or commas, or an iterable of card texts.

    >>> parse_cards("5H jh, T♣")
    [Card('5H'), Card('JH'), Card('10C')]
    """
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    elif isinstance(text, bytes | bytearray) or not isinstance(text, Iterable):
        raise CardParseError(Text("cards are text such as '5H JH 10C', or a list of cards, not {what}",
                                  what=quote(text)))
    return [Card.parse(t) for t in text]


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of several cards, space separated (round-trips with ``parse_cards``)."""
    return " ".join(c.code for c in cards)
