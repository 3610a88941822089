"""An independent oracle for the Forty-Fives family, written from the rules file alone.

Source: ``tests/data/rules/forty-fives.md`` (a copy of the normative rules). This module never
imports ``atout.forty_fives``: it works on plain card strings in the canonical notation of the
rules README (``"5H"``, ``"10C"``, ``"AH"``), so that a test comparing the engine with it
compares two readings of the rules, not the engine with itself.

Every function names the rule id it implements. Hands and tricks are lists of card strings;
seats are integers ``0 … n-1`` clockwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUITS = "CDHS"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
ACE_OF_HEARTS = "AH"
RED = "DH"

PRESETS = ("forty-fives", "forty-fives-partners", "auction-forty-fives")

# The option defaults of each preset, as the rules file states them.
DEFAULTS = {
    "forty-fives": {"must_follow_suit": False, "ace_of_hearts_led": True},
    "forty-fives-partners": {"must_follow_suit": False, "ace_of_hearts_led": False},
    "auction-forty-fives": {"must_follow_suit": False, "ace_of_hearts_led": False},
}


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


# --- 45.rank.* -------------------------------------------------------------------------------

# The rules' own listing ("So: ♦ trump: 5 J A♥ A K Q 10 9 8 7 6 4 3 2 …"), rank by rank.
_TRUMP_RANKS_RED = "5 J AH A K Q 10 9 8 7 6 4 3 2".split()      # 45.rank.red-trumps
_TRUMP_RANKS_BLACK = "5 J AH A K Q 2 3 4 6 7 8 9 10".split()    # 45.rank.black-trumps
_PLAIN_RED = "K Q J 10 9 8 7 6 5 4 3 2 A".split()               # 45.rank.plain-red
_PLAIN_BLACK = "K Q J A 2 3 4 5 6 7 8 9 10".split()             # 45.rank.plain-black


def trump_order(trump: str) -> list[str]:
    """45.rank.trump: the trumps, highest first (13 when hearts are trump, else 14)."""
    ranks = _TRUMP_RANKS_RED if trump in RED else _TRUMP_RANKS_BLACK
    out = []
    for r in ranks:
        card = ACE_OF_HEARTS if r == "AH" else r + trump
        if card not in out:          # hearts trump: "A♥" and "A" are the same card, third
            out.append(card)
    return out


def plain_order(suit: str, trump: str) -> list[str]:
    """45.rank.plain: a non-trump suit, highest first (never the A♥, which is always a trump)."""
    if suit == trump:
        raise ValueError("the trump suit is not a plain suit")
    ranks = _PLAIN_RED if suit in RED else _PLAIN_BLACK
    return [r + suit for r in ranks if r + suit != ACE_OF_HEARTS]


_TRUMP_INDEX = {t: {c: i for i, c in enumerate(trump_order(t))} for t in SUITS}
_PLAIN_INDEX = {t: {c: i for s in SUITS if s != t for i, c in enumerate(plain_order(s, t))} for t in SUITS}


def is_trump(card: str, trump: str) -> bool:
    """The trump suit's cards, and the A♥ whatever the trump suit (45.rank.ace-of-hearts)."""
    return card in _TRUMP_INDEX[trump]


def follows_as(card: str, trump: str) -> str:
    """45.trick.led-suit: the suit a card counts as: trumps (A♥ included) count as the trump suit."""
    return trump if is_trump(card, trump) else suit_of(card)


def trump_strength(card: str, trump: str) -> int:
    """0 for the 5 of trumps, 1 for the jack, … (lower is stronger)."""
    return _TRUMP_INDEX[trump][card]


# --- 45.trick.winner ---------------------------------------------------------------------------

def trick_winner(plays: Sequence[str], trump: str) -> int:
    """Index in ``plays`` of the winner: the highest trump, else the highest card of the suit led."""
    trumps = [i for i, c in enumerate(plays) if is_trump(c, trump)]
    if trumps:
        return min(trumps, key=lambda i: _TRUMP_INDEX[trump][plays[i]])
    led = suit_of(plays[0])
    following = [i for i, c in enumerate(plays) if suit_of(c) == led]
    return min(following, key=lambda i: _PLAIN_INDEX[trump][plays[i]])


# --- 45.follow.* -------------------------------------------------------------------------------

def renegable(card: str, led: str, trump: str) -> bool:
    """45.follow.renege: the 5, the jack and the A♥ may be withheld against a lower trump led."""
    top = (_TRUMP_INDEX[trump].get(card, 99) < 3)   # 5 of trumps, jack of trumps, A♥
    return top and is_trump(led, trump) and trump_strength(card, trump) < trump_strength(led, trump)


def legal_plays(hand: Sequence[str], plays: Sequence[str], trump: str, must_follow_suit: bool = False,
                ace_of_hearts_led: bool = False) -> list[str]:
    """The cards of ``hand`` that may be played to the trick ``plays`` so far, in hand order."""
    hand = list(hand)
    if not plays:
        return hand                       # the leader may lead anything
    led = plays[0]
    if not is_trump(led, trump):
        # 45.follow.plain-lead: follow suit or trump; A♥ is not a heart for following.
        suit = suit_of(led)
        follow = [c for c in hand if suit_of(c) == suit and not is_trump(c, trump)]
        if not follow:
            return hand
        if must_follow_suit:
            return follow                  # option must_follow_suit: the seed's "always follow suit"
        return [c for c in hand if c in follow or is_trump(c, trump)]
    # 45.follow.trump-lead and 45.follow.renege.
    trumps = [c for c in hand if is_trump(c, trump)]
    if any(not renegable(c, led, trump) for c in trumps):
        return trumps
    if ace_of_hearts_led and led == ACE_OF_HEARTS and trump != "H":
        # 45.follow.ace-of-hearts-led: hearts or renegable trumps (here every trump held), if any.
        allowed = [c for c in hand if suit_of(c) == "H" or is_trump(c, trump)]
        if allowed:
            return allowed
    return hand


def options_for(preset: str, **given) -> dict:
    return {**DEFAULTS[preset], **given}


# --- 45.deal.* ---------------------------------------------------------------------------------

def deal(order: Sequence[str], players: int, dealer: int, auction: bool = False, kitty: int = 4) -> dict:
    """45.deal.packets, 45.deal.turn-up, 45.deal.kitty: who gets which cards of a deck order.

    Returns ``hands`` (by seat), ``kitty``, ``turn_up`` (None in the auction) and ``stock``.
    The kitty split is only defined by the rules for 4 (2 + 2) and 0.
    """
    if auction and kitty not in (0, 4):
        raise ValueError("the rules define the kitty packets for a kitty of 4 (2 + 2) or none")
    seats = [(dealer + 1 + i) % players for i in range(players)]   # dealer's left first, dealer last
    hands: list[list[str]] = [[] for _ in range(players)]
    kit: list[str] = []
    pos = 0
    for packet in (3, 2):
        for seat in seats:
            hands[seat] += order[pos:pos + packet]
            pos += packet
        if auction and kitty:
            kit += order[pos:pos + 2]
            pos += 2
    turn_up = None
    if not auction:
        turn_up = order[pos]
        pos += 1
    return {"hands": hands, "kitty": kit, "turn_up": turn_up, "stock": list(order[pos:])}


def stack_deck(players: int, dealer: int, hands: dict[int, Sequence[str]], turn_up: str | None = None,
               kitty: Sequence[str] = (), auction: bool = False, stock: Sequence[str] = ()) -> list[str]:
    """The inverse of ``deal``: a deck order that deals these hands (other cards fill the gaps).

    Seats missing from ``hands`` get arbitrary unused cards; ``stock`` gives the first stock cards.
    """
    used = [c for h in hands.values() for c in h] + list(kitty) + list(stock) + ([turn_up] if turn_up else [])
    if len(set(used)) != len(used):
        raise ValueError("a card is used twice")
    spare = iter([c for c in DECK if c not in used])
    full = {s: list(hands.get(s, ())) for s in range(players)}
    for s in range(players):
        if len(full[s]) > 5:
            raise ValueError("a hand has five cards")
        while len(full[s]) < 5:
            full[s].append(next(spare))
    kit = list(kitty)
    if auction:
        while len(kit) < 4:
            kit.append(next(spare))
    seats = [(dealer + 1 + i) % players for i in range(players)]
    order: list[str] = []
    for start, packet in ((0, 3), (3, 2)):
        for seat in seats:
            order += full[seat][start:start + packet]
        if auction:
            order += kit[:2] if start == 0 else kit[2:]
    if not auction:
        order.append(turn_up if turn_up else next(spare))
    order += list(stock)
    order += list(spare)
    assert sorted(order) == sorted(DECK)
    return order


# --- a45.bid.* ---------------------------------------------------------------------------------

BIDS = ("5", "10", "15", "20", "25", "30", "30-for-60", "60-for-120")   # a45.bid.values, lowest first


def bid_values(min_bid: int = 5) -> tuple[str, ...]:
    return tuple(b for b in BIDS if b.endswith("-for-60") or b.endswith("-for-120") or int(b) >= min_bid)


def auction(calls: Iterable[str], players: int, dealer: int, min_bid: int = 5, dealer_forced: bool = False) -> dict:
    """Run the calls of an auction (a45.bid.order, a45.bid.hold, a45.bid.all-pass).

    Returns ``{"over": True, "winner": seat or None, "bid": call or None}`` or
    ``{"over": False, "to_act": seat, "legal": [calls]}``; raises ``ValueError`` on an illegal call.
    """
    values = bid_values(min_bid)
    passed = [False] * players
    high: str | None = None
    high_bidder: int | None = None
    seat = (dealer + 1) % players          # bidding starts left of the dealer
    over = False

    def legal_for(s: int) -> list[str]:
        if s == dealer:
            if high is None:               # the dealer never opens
                return [values[0]] if dealer_forced else ["pass"]
            return ["pass", "hold"]        # never higher: hold at the same level
        above = values if high is None else values[values.index(high) + 1:]
        return ["pass", *above]

    for call in calls:
        if over:
            raise ValueError("the auction is over")
        if call not in legal_for(seat):
            raise ValueError(f"seat {seat} may not call {call}")
        if call == "pass":
            passed[seat] = True
        elif call == "hold":
            high_bidder = seat
        else:
            high, high_bidder = call, seat
        still_in = [s for s in range(players) if not passed[s]]
        if not still_in or still_in == [high_bidder]:
            over = True
            break
        seat = (seat + 1) % players
        while passed[seat]:
            seat = (seat + 1) % players
    if over:
        return {"over": True, "winner": high_bidder, "bid": high if high_bidder is not None else None}
    return {"over": False, "to_act": seat, "legal": legal_for(seat)}


# --- 45.rob.* ------------------------------------------------------------------------------------

def rob_rights(hands: Sequence[Sequence[str]], turn_up: str, dealer: int,
               dealer_rob: str) -> list[tuple[str, list[str]]]:
    """Per seat: may it rob the turned card ("must", "may" or "no"), and the cards it may give up for it.

    45.rob.dealer-ace: a turned ace (the A♥ too: hearts are then trumps) is robbed by the dealer, who discards any
    one card; the option dealer_rob says whether the dealer must or may. 45.rob.ace-holder: otherwise the player
    dealt the ace of trumps may exchange one card for the turned card (reading: one of their other cards: the ace
    is what lets them rob, so it is never the card given up); nobody else robs.
    """
    rights: list[tuple[str, list[str]]] = [("no", []) for _ in hands]
    if rank_of(turn_up) == "A":
        rights[dealer] = (dealer_rob, list(hands[dealer]))
        return rights
    ace = "A" + suit_of(turn_up)
    for seat, hand in enumerate(hands):
        if ace in hand:
            rights[seat] = ("may", [c for c in hand if c != ace])
    return rights


# --- a45.trump.name, a45.discard.*, a45.draw -----------------------------------------------------

def exchange(hands: Sequence[Sequence[str]], kitty: Sequence[str], stock: Sequence[str], bidder: int, trump: str,
             dealer: int, kitty_in_place: bool = False) -> tuple[list[list[str]], list[str]]:
    """The automatic discards and the draw; returns the hands (as lists, any order) and the stock left."""
    n = len(hands)
    new = [list(h) for h in hands]
    new[bidder] = list(kitty) if kitty_in_place else new[bidder] + list(kitty)
    for seat in range(n):
        trumps = [c for c in new[seat] if is_trump(c, trump)]           # a45.discard.others
        if seat == bidder:                                               # a45.discard.bidder
            trumps = sorted(trumps, key=lambda c: trump_strength(c, trump))[:5]
        new[seat] = trumps
    return draw(new, stock, dealer)


def draw(hands: Sequence[Sequence[str]], stock: Sequence[str], dealer: int) -> tuple[list[list[str]], list[str]]:
    """a45.draw: from the dealer's left, dealer last, each hand is brought back to five from the stock."""
    n = len(hands)
    new = [list(h) for h in hands]
    rest = list(stock)
    for i in range(n):
        seat = (dealer + 1 + i) % n
        need = 5 - len(new[seat])
        new[seat] += rest[:need]
        rest = rest[need:]
    return new, rest


# --- scoring -----------------------------------------------------------------------------------

def trick_winners(tricks: Sequence[tuple[int, Sequence[str]]], trump: str, players: int) -> list[int]:
    return [(leader + trick_winner(plays, trump)) % players for leader, plays in tricks]


def best_card_trick(tricks: Sequence[tuple[int, Sequence[str]]], trump: str) -> int | None:
    """45.score.best-card: the index of the trick holding the highest trump played in the hand."""
    best: tuple[int, int] | None = None
    for i, (_, plays) in enumerate(tricks):
        for c in plays:
            if is_trump(c, trump) and (best is None or trump_strength(c, trump) < best[0]):
                best = (trump_strength(c, trump), i)
    return None if best is None else best[1]


def side_of(seat: int, partners: bool) -> int:
    return seat % 2 if partners else seat


def points_taken(tricks, trump: str, players: int, best_bonus: bool) -> list[int]:
    """5 a trick to its winner, and 5 more for the trick with the best card (when ``best_bonus``)."""
    winners = trick_winners(tricks, trump, players)
    points = [0] * players
    for w in winners:
        points[w] += 5
    best = best_card_trick(tricks, trump)
    if best_bonus and best is not None:
        points[winners[best]] += 5
    return points


def score_forty_fives(tricks, trump: str, players: int) -> list[int]:
    """45.score.tricks and 45.score.best-card: points per player."""
    return points_taken(tricks, trump, players, best_bonus=True)


def score_partners(tricks, trump: str, players: int, scoring: str = "net") -> list[int]:
    """45.score.partners: points per side (sides = seat mod 2)."""
    side_tricks = [0, 0]
    for w in trick_winners(tricks, trump, players):
        side_tricks[w % 2] += 1
    if scoring == "net":
        return [max(0, 5 * side_tricks[s] - 5 * side_tricks[1 - s]) for s in (0, 1)]
    return [10 if t == 5 else 5 if t in (3, 4) else 0 for t in side_tricks]


def bid_points(bid: str) -> int:
    return {"30-for-60": 30, "60-for-120": 60}.get(bid) or int(bid)


def score_auction(tricks, trump: str, players: int, bidder: int, bid: str, scores_before: Sequence[int],
                  partners: bool = False) -> tuple[list[int], bool]:
    """a45.score.*: the change of each player's (or side's) score, and whether the bid was made."""
    sides = 2 if partners else players
    per_seat = points_taken(tricks, trump, players, best_bonus=True)      # a45.score.tricks
    taken = [0] * sides
    side_tricks = [0] * sides
    for seat, w in enumerate(per_seat):
        taken[side_of(seat, partners)] += w
    for w in trick_winners(tricks, trump, players):
        side_tricks[side_of(w, partners)] += 1
    mine = side_of(bidder, partners)
    change = list(taken)
    if bid == "30-for-60":
        made = side_tricks[mine] == 5
        change[mine] = 60 if made else -30
    elif bid == "60-for-120":
        made = side_tricks[mine] == 5
        change[mine] = 120 if made else -60
    else:
        made = taken[mine] >= int(bid)
        change[mine] = taken[mine] if made else -int(bid)
    for side in range(sides):                                             # a45.score.over-100
        if side != mine and scores_before[side] >= 100:
            change[side] = 0
    return change, made


# --- 45.game.target, a45.game.target --------------------------------------------------------------

def game_winner(scores: Sequence[int], target: int, auction: bool = False, bidder_side: int | None = None,
                made: bool = False) -> int | None:
    """Who wins after a hand, or None when another hand is played."""
    reached = [s for s, v in enumerate(scores) if v >= target]
    if not reached:
        return None
    if auction and made and bidder_side in reached:
        return bidder_side
    top = max(scores[s] for s in reached)
    leaders = [s for s in reached if scores[s] == top]
    return leaders[0] if len(leaders) == 1 else None


# --- which rule decides (for checking the engine's explanations) ------------------------------------

def rank_rule(card: str, trump: str) -> str:
    """The 45.rank.* rule that gives a trump its place."""
    if card == ACE_OF_HEARTS:
        return "45.rank.ace-of-hearts"
    if card == "5" + trump:
        return "45.rank.five-of-trumps"
    if card == "J" + trump:
        return "45.rank.jack-of-trumps"
    if rank_of(card) in ("A", "K", "Q"):
        return "45.rank.ace-of-trumps"
    return "45.rank.red-trumps" if trump in RED else "45.rank.black-trumps"


def deciding_rule(winner: str, other: str, trump: str, led: str) -> str:
    """The rule that makes ``winner`` beat ``other`` in a trick where suit ``led`` was led."""
    if is_trump(winner, trump) and is_trump(other, trump):
        return rank_rule(winner, trump)
    if is_trump(winner, trump):
        # A♥ over a heart: the A♥ is a trump, not a heart (45.rank.ace-of-hearts); else any trump wins.
        return "45.rank.ace-of-hearts" if winner == ACE_OF_HEARTS and suit_of(other) == "H" else "45.trick.winner"
    if follows_as(other, trump) != led:
        return "45.trick.winner"            # the other card neither follows nor trumps
    return "45.rank.plain-red" if suit_of(winner) in RED else "45.rank.plain-black"


def illegal_rule(hand: Sequence[str], plays: Sequence[str], trump: str, must_follow_suit: bool = False,
                 ace_of_hearts_led: bool = False) -> str:
    """The rule that forbids the cards of ``hand`` outside ``legal_plays`` (assuming there are some)."""
    led = plays[0]
    if not is_trump(led, trump):
        return "45.follow.plain-lead"   # the house rule must_follow_suit is an option of this rule
    trumps = [c for c in hand if is_trump(c, trump)]
    forced = [c for c in trumps if not renegable(c, led, trump)]
    if not forced:
        return "45.follow.ace-of-hearts-led"
    if any(trump_strength(c, trump) < 3 for c in trumps):
        return "45.follow.renege"           # the hand holds a 5, jack or A♥ of trumps: reneging is in play
    return "45.follow.trump-lead"


def legal_rule(hand: Sequence[str], plays: Sequence[str], trump: str, must_follow_suit: bool = False,
               ace_of_hearts_led: bool = False) -> str:
    """The rule that says why the cards ``legal_plays`` allows are allowed (most telling when all are)."""
    if not plays:
        return "45.trick.led-suit"
    led = plays[0]
    if not is_trump(led, trump):
        return "45.follow.plain-lead"   # with or without the house rule must_follow_suit (an option of it)
    trumps = [c for c in hand if is_trump(c, trump)]
    if any(not renegable(c, led, trump) for c in trumps):
        return "45.follow.trump-lead"
    # With the A♥ led (its option on) and a heart in hand, the hearts rule limits the cards even when a top trump
    # may be held back: it decides, and "you may renege and play any card" would be false.
    if ace_of_hearts_led and led == ACE_OF_HEARTS and trump != "H" and any(suit_of(c) == "H" for c in hand):
        return "45.follow.ace-of-hearts-led"
    if trumps:
        return "45.follow.renege"
    return "45.follow.trump-lead"
