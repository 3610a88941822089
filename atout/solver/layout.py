"""The solver's compact card layout: one bit per card, ordered so that bit position *is* trick-taking power.

Each strain (a family and its trump) gets a ``Layout``. A card's bit lives in a 16-bit block: blocks 0-3
are the plain suits (clubs, diamonds, hearts, spades, by ``Suit``), block 4 holds the trumps (the whole
trump suit plus the cards the family makes trumps: the A♥ in Forty-Fives, the left bower and the joker in
Five Hundred; only the joker in no trumps). Inside a block, a higher bit beats a lower one, and block 4
sits above the others, so the winner of a trick is simply the highest bit among the cards that followed
the led block or trumped.

Bit 15 of every block, and in Forty-Fives one bit between the renegable trumps (5, J, A♥) and the rest,
is a *barrier*: no card lives there. Equivalent-card merging treats barriers as cards held by somebody
else, so two cards are merged only when they are adjacent in power, in the same block and (Forty-Fives)
in the same renege class, which is exactly when swapping them changes nothing now or later.
"""

from __future__ import annotations

from functools import cache

from atout.cards import CARDS, Card, Suit

TRUMP_BLOCK = 4
BLOCK_BITS = 16
BLOCK = tuple(((1 << 15) - 1) << (BLOCK_BITS * b) for b in range(5))    # the card bits of each block
TRUMPS = BLOCK[TRUMP_BLOCK]
TOP_BARRIERS = sum(1 << (BLOCK_BITS * b + 15) for b in range(5))


class Layout:
    """Where each card of a strain lives, and the masks the search needs."""

    __slots__ = ("family", "trump", "pos", "card", "barriers", "renegable", "ren_above", "points",
                 "aoh_pos", "hearts_block")

    def __init__(self, family: str, trump: Suit | None, blocks: dict[int, list[Card]], gap_after: int = 0,
                 renegable: tuple[Card, ...] = (), points: dict[Card, int] | None = None) -> None:
        """``blocks`` lists each block's cards, highest first; ``gap_after`` puts a barrier below that many
        top trumps (Forty-Fives' renegable ones)."""
        self.family = family
        self.trump = trump
        self.pos: list[int] = [-1] * len(CARDS)          # by Card.index: its bit position, -1 if not in the deck
        self.card: list[Card | None] = [None] * (5 * BLOCK_BITS)
        barriers = TOP_BARRIERS
        for block, cards in blocks.items():
            base = BLOCK_BITS * block
            slots = list(range(14, -1, -1))            # bit 15 is the barrier; higher cards get higher bits
            if gap_after and block == TRUMP_BLOCK:
                barriers |= 1 << (base + slots[gap_after])
                del slots[gap_after]
            if len(cards) > len(slots):
                raise ValueError(f"block {block} has {len(cards)} cards: at most {len(slots)} fit")
            for card, slot in zip(cards, slots, strict=False):
                p = base + slot
                self.pos[card.index] = p
                self.card[p] = card
        self.barriers = barriers
        self.renegable = sum(1 << self.pos[c.index] for c in renegable)
        # For a trump led at bit p: the renegable trumps above it, which need not be played (45.follow.renege).
        self.ren_above = [0] * (5 * BLOCK_BITS)
        for p in range(5 * BLOCK_BITS):
            self.ren_above[p] = self.renegable & ~((1 << (p + 1)) - 1)
        self.points = [0] * (5 * BLOCK_BITS)
        for card, value in (points or {}).items():
            self.points[self.pos[card.index]] = value
        ace_of_hearts = Card.of(14, Suit.HEARTS)
        self.aoh_pos = self.pos[ace_of_hearts.index]
        self.hearts_block = int(Suit.HEARTS) if trump is not Suit.HEARTS else TRUMP_BLOCK

    def mask(self, cards) -> int:
        """The bits of some cards."""
        pos = self.pos
        m = 0
        for c in cards:
            m |= 1 << pos[c.index]
        return m

    def cards(self, mask: int) -> list[Card]:
        """The cards of a mask, highest bit first."""
        out = []
        card = self.card
        while mask:
            top = mask.bit_length() - 1
            out.append(card[top])
            mask ^= 1 << top
        return out

    def block_of_suit(self, suit: Suit | None) -> int:
        return TRUMP_BLOCK if suit is None or suit is self.trump else int(suit)


@cache
def forty_fives(trump: Suit) -> Layout:
    from atout.forty_fives.ranking import TABLES

    t = TABLES[trump]
    blocks = {int(s): list(cards) for s, cards in t.plain.items()}
    blocks[TRUMP_BLOCK] = list(t.order)
    return Layout("forty_fives", trump, blocks, gap_after=len(t.top), renegable=t.top)


@cache
def five_hundred(trump: Suit | None) -> Layout:
    from atout.five_hundred.ranking import TABLES

    t = TABLES[trump]
    blocks = {int(s): list(cards) for s, cards in t.plain.items()}
    blocks[TRUMP_BLOCK] = list(t.order)
    return Layout("five_hundred", trump, blocks)


@cache
def sixty_six(trump: Suit) -> Layout:
    from atout.sixty_six.ranking import POINTS, suit_order

    blocks = {int(s): suit_order(s) for s in Suit if s is not trump}
    blocks[TRUMP_BLOCK] = suit_order(trump)
    points = {c: POINTS[c.index] for cards in blocks.values() for c in cards}
    return Layout("sixty_six", trump, blocks, points=points)
