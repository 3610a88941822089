"""An independent oracle for Five Hundred, written from the rules file alone.

Source: ``tests/data/rules/five-hundred.md`` (a copy of the normative rules). This module never
imports ``atout.five_hundred``: it works on plain card strings in the canonical notation of the
rules README (``"JH"``, ``"10C"``, ``"JK"``) and plain call strings (``"7NT"``), so that a test
comparing the engine with it compares two readings of the rules, not the engine with itself.

A strain is a suit letter ``C D H S`` or ``"NT"``. Every function names the rule id it implements.
"""

from __future__ import annotations

from collections.abc import Sequence

SUITS = "CDHS"
RED = "DH"
JOKER = "JK"
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
NT = "NT"
STRAINS = ("S", "C", "D", "H", "NT")


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str | None:
    return None if card == JOKER else card[-1]


# --- 500.deck ---------------------------------------------------------------------------------

def _ranks(suit: str) -> list[str]:
    """A K Q J 10 9 8 7 6 5 of each suit, and the 4 in the red suits."""
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5"]
    return ranks + ["4"] if suit in RED else ranks


DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in _ranks(s)) + (JOKER,)
assert len(DECK) == 43


# --- 500.rank.* -------------------------------------------------------------------------------

def left_bower(trump: str) -> str | None:
    return None if trump == NT else "J" + SAME_COLOUR[trump]


def trump_order(trump: str) -> list[str]:
    """500.rank.trump: joker, right bower, left bower, A K Q 10 9 8 7 6 5 (4 in red); in NT the joker alone."""
    if trump == NT:
        return [JOKER]                                                  # 500.rank.no-trump
    rest = [r + trump for r in _ranks(trump) if r != "J"]
    return [JOKER, "J" + trump, left_bower(trump)] + rest


def plain_order(suit: str, trump: str) -> list[str]:
    """500.rank.plain / 500.rank.no-trump: A K Q J 10 … down; the left bower's suit has no jack."""
    return [r + suit for r in _ranks(suit) if r + suit != left_bower(trump)]


def is_trump(card: str, trump: str) -> bool:
    return card in trump_order(trump)


def counts_as(card: str, trump: str) -> str | None:
    """The suit a card belongs to for following: the left bower and the joker are trumps
    (500.rank.left-bower, 500.rank.joker); in NT the joker belongs to no suit."""
    if trump != NT and is_trump(card, trump):
        return trump
    return suit_of(card)


# --- 500.trick.winner, 500.follow.*, 500.joker.no-trump ------------------------------------------

def led(plays: Sequence[str], trump: str, joker_suit: str | None = None) -> str:
    first = plays[0]
    if first == JOKER and trump == NT:
        if joker_suit is None:
            raise ValueError("the joker led in no trumps must name a suit")
        return joker_suit
    return counts_as(first, trump)


def trick_winner(plays: Sequence[str], trump: str, joker_suit: str | None = None) -> int:
    """500.trick.winner: the highest trump (the joker highest), otherwise the highest card of the suit led."""
    trumps = [i for i, c in enumerate(plays) if is_trump(c, trump)]
    if trumps:
        order = trump_order(trump)
        return min(trumps, key=lambda i: order.index(plays[i]))
    suit = led(plays, trump, joker_suit)
    order = plain_order(suit, trump)
    followers = [i for i, c in enumerate(plays) if c in order]
    return min(followers, key=lambda i: order.index(plays[i]))


def legal(hand: Sequence[str], plays: Sequence[str], trump: str, joker_suit: str | None = None) -> list[str]:
    """500.follow.suit and 500.joker.no-trump: follow the suit led if you can, otherwise play anything.

    In no trumps the joker is not a card of any suit: it may be played when leading or when you
    cannot follow, and it is never forced.
    """
    if not plays:
        return list(hand)
    suit = led(plays, trump, joker_suit)
    same = [c for c in hand if counts_as(c, trump) == suit]
    return same or list(hand)


def joker_names(trump: str, shown_out: set[str]) -> list[str]:
    """500.joker.no-trump: leading the joker in NT, any suit its leader has not shown out of."""
    if trump != NT:
        return []
    return [s for s in SUITS if s not in shown_out]


# --- 500.deal -------------------------------------------------------------------------------

def deal(order: Sequence[str], dealer: int) -> dict:
    """3 to each player clockwise from the dealer's left, 3 to the kitty, 4 to each, 3 to each."""
    hands: list[list[str]] = [[] for _ in range(4)]
    kitty: list[str] = []
    cards = list(order)
    seats = [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    for seat in seats:
        hands[seat] += [cards.pop(0) for _ in range(3)]
    kitty += [cards.pop(0) for _ in range(3)]
    for size in (4, 3):
        for seat in seats:
            hands[seat] += [cards.pop(0) for _ in range(size)]
    assert not cards
    return {"hands": hands, "kitty": kitty}


# --- 500.bid.* ----------------------------------------------------------------------------------

SEED_STRAINS = ("C", "D", "H", "S", "NT")   # the seed's order NT ♠ ♥ ♦ ♣ (highest first), read lowest first


def bids(strain_order: str = "avondale", misere: bool = False) -> list[str]:
    """500.bid.order and 500.bid.misere: every call but pass, lowest first."""
    strains = STRAINS if strain_order == "avondale" else SEED_STRAINS
    out = []
    for n in range(6, 11):
        for i, strain in enumerate(strains):
            out.append(f"{n}{strain}")
            if misere and n == 8 and i == 0:
                out.append("misere")              # between 8♠ and 8♣ (Avondale)
            if misere and n == 10 and i == 2:
                out.append("open-misere")         # between 10♦ and 10♥ (Avondale)
    return out


def bid_value(call: str, strain_order: str = "avondale") -> int:
    """500.score.table: 6 tricks ♠ 40, ♣ 60, ♦ 80, ♥ 100, NT 120 (by place in the order), +100 a trick."""
    if call == "misere":
        return 250
    if call == "open-misere":
        return 500
    strains = STRAINS if strain_order == "avondale" else SEED_STRAINS
    tricks, strain = (int(call[:2]), call[2:]) if call.startswith("10") else (int(call[0]), call[1:])
    return 40 + 20 * strains.index(strain) + 100 * (tricks - 6)


def auction(dealer: int, calls: Sequence[str], strain_order: str = "avondale", misere: bool = False,
            single_round: bool = False) -> dict:
    """500.bid.pass / 500.bid.higher / 500.bid.all-pass: replays calls; returns the next state.

    Raises ``ValueError`` on an illegal call.
    """
    ladder = bids(strain_order, misere)
    passed: set[int] = set()
    high = -1
    high_seat = None
    seven_made = False
    seat = (dealer + 1) % 4
    made_calls = 0

    def allowed() -> list[str]:
        above = ladder[high + 1:]
        return ["pass"] + [c for c in above if c != "misere" or seven_made]

    def finished() -> bool:
        if single_round:
            return made_calls == 4
        return len(passed) == 4 or (high_seat is not None and len(passed) == 3 and high_seat not in passed)

    for call in calls:
        if finished():
            raise ValueError("the auction is over")
        if call not in allowed():
            raise ValueError(f"{call} not allowed")
        made_calls += 1
        if call == "pass":
            passed.add(seat)
        else:
            high, high_seat = ladder.index(call), seat
            if call[0].isdigit() and int(call[:-1] if not call.endswith("NT") else call[:-2]) >= 7:
                seven_made = True
        if not finished():
            seat = (seat + 1) % 4
            while not single_round and seat in passed:
                seat = (seat + 1) % 4
    if finished():
        return {"over": True, "winner": high_seat, "bid": ladder[high] if high >= 0 else None}
    return {"to_act": seat, "legal": allowed()}


# --- 500.score.* ------------------------------------------------------------------------------

def score(contract: str, contractor: int, tricks_won: Sequence[int], scores_before: Sequence[int],
          strain_order: str = "avondale", must_bid_to_win: bool = False, target: int = 500) -> list[int]:
    """500.score.contract, .slam, .defenders (and the misère values): the scores after the hand, per side."""
    value = bid_value(contract, strain_order)
    after = list(scores_before)
    taken = tricks_won[contractor]
    if contract in ("misere", "open-misere"):
        after[contractor] += value if taken == 0 else -value
    else:
        needed = int(contract[:-2] if contract.endswith("NT") else contract[:-1])
        if taken < needed:
            after[contractor] -= value
        elif taken == 10 and value < 250:
            after[contractor] += 250
        else:
            after[contractor] += value
    other = 1 - contractor
    gained = 10 * tricks_won[other]
    if must_bid_to_win:
        gained = max(0, min(gained, target - 10 - scores_before[other]))
    after[other] += gained
    return after
