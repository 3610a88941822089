"""The solver's compact card layout: one bit per card, ordered so that bit position *is* trick-taking power.

Each strain (a family and its trump) gets a ``Layout``. A card's bit lives in a block: blocks 0-3 are the
plain suits (clubs, diamonds, hearts, spades, by ``Suit``), block 4 holds the trumps (the whole trump suit
plus the cards the family makes trumps: the A♥ in Forty-Fives, the left bower and the joker in Five
Hundred; only the joker in no trumps). Inside a block, a higher bit beats a lower one, and block 4 sits
above the others, so the winner of a trick is simply the highest bit among the cards that followed the led
block or trumped.

The top bit of every block, and in Forty-Fives one bit between the renegable trumps (5, J, A♥) and the
rest, is a *barrier*: no card lives there. Equivalent-card merging treats barriers as cards held by somebody
else, so two cards are merged only when they are adjacent in power, in the same block and (Forty-Fives)
in the same renege class, which is exactly when swapping them changes nothing now or later.

Forty-Fives and Five Hundred pack their blocks tightly (a block as wide as its cards and its barriers, an
empty block no bits at all), so that every hand fits in 63 bits: a machine word for the compiled search.
Sixty-Six keeps 16 bits a block (``BLOCK``, ``TRUMPS``), which its own search counts on.
"""

from __future__ import annotations

from collections.abc import Iterable

from atout.cards import CARDS, Card, Suit
from atout.ranking import PowerTables

TRUMP_BLOCK = 4
BLOCK_BITS = 16
BLOCK = tuple(((1 << 15) - 1) << (BLOCK_BITS * b) for b in range(5))    # the card bits of each block
TRUMPS = BLOCK[TRUMP_BLOCK]
TOP_BARRIERS = sum(1 << (BLOCK_BITS * b + 15) for b in range(5))


def power_blocks(tables: PowerTables) -> dict[int, list[Card]]:
    """The blocks of a strain from its ranking tables (``atout.ranking.PowerTables``): each plain suit's cards and
    the trumps, highest first."""
    blocks = {int(s): list(cards) for s, cards in tables.plain.items()}
    blocks[TRUMP_BLOCK] = list(tables.order)
    return blocks


class Layout:
    """Where each card of a strain lives, and the masks the search needs."""

    __slots__ = ("reneging", "trump", "pos", "card", "barriers", "renegable", "ren_above", "points",
                 "aoh_pos", "hearts_block", "block", "trumps", "block_of", "base", "size", "segments", "bits")

    def __init__(self, trump: Suit | None, blocks: dict[int, list[Card]], gap_after: int = 0,
                 renegable: tuple[Card, ...] = (), points: dict[Card, int] | None = None,
                 compact: bool = True, reneging: bool = False) -> None:
        """``blocks`` lists each block's cards, highest first; ``gap_after`` puts a barrier below that many
        top trumps (Forty-Fives' renegable ones); ``compact`` packs the blocks (else 16 bits each); ``reneging``:
        the family follows as Forty-Fives does (a plain lead may be trumped at will, a trump lead calls for a trump
        but the top ones may be reneged, the A♥ led by option), else suit is followed where it can be."""
        self.reneging = reneging
        self.trump = trump
        self.pos: list[int] = [-1] * len(CARDS)          # by Card.index: its bit position, -1 if not in the deck
        self.card: list[Card | None] = [None] * (5 * BLOCK_BITS)
        self.block = [0] * 5                             # the card bits of each block
        self.base = [0] * 5                              # the lowest bit of each block
        self.size = [0] * 5                              # bits of each block, its barriers included
        self.block_of = [-1] * (5 * BLOCK_BITS)          # the block of each bit
        self.segments: list[tuple[int, int]] = []        # (lowest bit, mask): the runs of bits between barriers
        barriers = 0
        base = 0
        for block in range(5):
            cards = blocks.get(block, [])
            gap = gap_after if block == TRUMP_BLOCK else 0
            size = (len(cards) + 1 + (1 if gap else 0)) if compact else BLOCK_BITS
            if not compact and len(cards) + (1 if gap else 0) > BLOCK_BITS - 1:
                raise ValueError(f"block {block} has {len(cards)} cards: at most {BLOCK_BITS - 1} fit")
            if compact and not cards:
                size = 0
            self.base[block], self.size[block] = base, size
            if size:
                barriers |= 1 << (base + size - 1)
                slots = list(range(base + size - 2, base - 1, -1))     # higher cards get higher bits
                if gap:
                    barriers |= 1 << slots[gap]
                    del slots[gap]
                for card, p in zip(cards, slots, strict=False):
                    self.pos[card.index] = p
                    self.card[p] = card
                    self.block[block] |= 1 << p
                for p in range(base, base + size):
                    self.block_of[p] = block
                top = base + size - 1                  # the segments: between the block's barriers
                low = base
                if gap:
                    g = slots[gap - 1] - 1             # the barrier below the renegable trumps
                    self.segments.append((low, (1 << (g - low)) - 1))
                    low = g + 1
                self.segments.append((low, (1 << (top - low)) - 1))
            base += size
        if compact and base > 63:
            raise ValueError(f"a layout of {base} bits does not fit a machine word")
        self.bits = base
        self.trumps = self.block[TRUMP_BLOCK]
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

    def mask(self, cards: Iterable[Card]) -> int:
        """The bits of some cards."""
        pos = self.pos
        m = 0
        for c in cards:
            m |= 1 << pos[c.index]
        return m

    def cards(self, mask: int) -> list[Card]:
        """The cards of a mask, highest bit first."""
        out: list[Card] = []
        card = self.card
        while mask:
            top = mask.bit_length() - 1
            found = card[top]
            assert found is not None, f"bit {top} of the mask holds no card"
            out.append(found)
            mask ^= 1 << top
        return out

    def block_of_suit(self, suit: Suit | None) -> int:
        return TRUMP_BLOCK if suit is None or suit is self.trump else int(suit)
