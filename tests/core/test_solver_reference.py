"""Shared by the solver and player tests: random positions, and plain brute-force minimax references.

The references use only the families' rule functions (``ranking.legal_plays``, ``trick_winner``, the
scoring modules) on card lists: no pruning, no table, no bitmasks — nothing shared with the solver's code.
"""

from __future__ import annotations

import random

from atout.cards import JOKER, KING, QUEEN, Card, Suit
from atout.engine import Action, Phase
from atout.family_contract import Capability
from atout.games import family_of, package_of


def random_position(game: str, seed: int, tricks_left: int | None = None, **options):
    """A hand of ``game`` played at random into its play phase, then on until ``tricks_left`` remain.

    Returns None when the deal is thrown in (everybody passed) or over before that point.
    """
    fam = package_of(game)
    fam_info = family_of(game)     # its declared parts: only a family with an auction has bids to keep sensible
    hand = fam.new_hand(game, seed=seed, **options)
    rng = random.Random(seed * 7919 + 1)
    total = type(hand).TRICKS      # the tricks of a hand played out, as its family declares them
    while not hand.is_over:
        if hand.phase is Phase.PLAY:
            done = len(hand.tricks)
            if tricks_left is None or total - done <= tricks_left:
                return hand
        actions = hand.legal_actions()
        if hand.phase is Phase.BID and fam_info.has(Capability.AUCTION):
            actions = _sensible_bids(hand, actions, rng)
        hand.apply(rng.choice(actions))
    return None


def _sensible_bids(hand, actions, rng):
    """Random auctions mostly pass, so that hands reach the play phase without absurd contracts."""
    passes = [a for a in actions if a.value == "pass"]
    bids = [a for a in actions if a.value != "pass"]
    if not bids:
        return actions
    misere = [a for a in bids if a.value in ("misere", "open-misere")]
    if misere and rng.random() < 0.3:
        return misere
    if hand.auction.high_bidder is None:
        return bids[:3] if rng.random() < 0.7 else actions
    return passes if passes and rng.random() < 0.8 else actions


def sixty_six_strict(seed: int, close: bool = False, **options):
    """A Sixty-Six hand played at random until the stock is exhausted (or closed at the first chance)."""
    fam = package_of("sixty-six")
    hand = fam.new_hand("sixty-six", seed=seed, **options)
    rng = random.Random(seed)
    while not hand.is_over and not (hand.is_strict and not hand.draw_pending):
        actions = hand.legal_actions()
        if close and any(a.kind == "close" for a in actions):
            hand.apply(Action("close"))
            continue
        plain = [a for a in actions if a.kind != "declare"]
        hand.apply(rng.choice(plain or actions))
    return None if hand.is_over else hand


# --- Forty-Fives -----------------------------------------------------------------------------------------

def brute_forty_fives(hand, sides: list[int] | None = None) -> dict[Action, int]:
    """Every legal play's value (trick points, best card included) for the side to act, by plain minimax.

    The hand must be past its first trick (no rob still possible, no card still to come into a hand).
    ``sides`` overrides who plays with whom (a side number per seat).
    """
    from atout.forty_fives import ranking
    from atout.forty_fives.ranking import TABLES

    config, trump, n = hand.config, hand.trump, hand.n
    power = TABLES[trump].power
    root = hand.to_act
    side_of = sides.__getitem__ if sides is not None else config.side_of
    side = side_of(root)
    bonus_counts = config.game == "forty-fives" or config.auction
    owner: dict[Card, int] = {}
    for t in hand.tricks:
        for i, c in enumerate(t.cards):
            owner[c] = (t.leader + i) % n
    for i, c in enumerate(hand.trick.cards):
        owner[c] = (hand.trick.leader + i) % n
    won = sum(5 for t in hand.tricks if side_of(t.winner) == side)
    hands = [list(h) for h in hand.hands]

    def finish() -> int:
        best = max(owner, key=lambda c: power[c.index])
        return 5 if bonus_counts and power[best.index] > 100 and side_of(owner[best]) == side else 0

    def value(leader: int, trick: list[Card]) -> int:
        seat = (leader + len(trick)) % n
        if not hands[seat] and not trick:
            return finish()
        legal = ranking.legal_plays(hands[seat], trick, trump, config.must_follow_suit, config.ace_of_hearts_led)
        results = [after(leader, trick, seat, c) for c in legal]
        return max(results) if side_of(seat) == side else min(results)

    def after(leader: int, trick: list[Card], seat: int, card: Card) -> int:
        hands[seat].remove(card)
        owner[card] = seat
        plays = trick + [card]
        try:
            if len(plays) < n:
                return value(leader, plays)
            winner = (leader + ranking.trick_winner(plays, trump)) % n
            gain = 5 if side_of(winner) == side else 0
            return gain + value(winner, [])
        finally:
            hands[seat].append(card)
            del owner[card]

    trick = list(hand.trick.cards)
    return {Action("play", c): won + after(hand.trick.leader, trick, root, c)
            for c in ranking.legal_plays(hands[root], trick, trump, config.must_follow_suit,
                                         config.ace_of_hearts_led)}


# --- Five Hundred ----------------------------------------------------------------------------------------

def brute_five_hundred(hand) -> dict[Action, int]:
    """Every legal play's value (tricks for the side to act; in misère, tricks going its way) by minimax."""
    from atout.five_hundred import ranking

    trump = hand.trump
    root = hand.to_act
    out = hand.sitting_out
    misere = hand.contract.misere
    c_side = hand.contractor % 2
    players = [s for s in range(4) if s != out]

    def counts(winner: int) -> int:
        if not misere:
            return 1 if winner % 2 == root % 2 else 0
        if root % 2 == c_side:
            return 1 if winner % 2 != c_side else 0
        return 1 if winner % 2 == c_side else 0

    def next_seat(s: int) -> int:
        i = players.index(s)
        return players[(i + 1) % len(players)]

    hands = [list(h) for h in hand.hands]
    shown = list(hand.shown_out)
    won = sum(counts(t.winner) for t in hand.tricks)

    def options(seat: int, trick: list[Card], joker_suit):
        if not trick and trump is None and JOKER in hands[seat]:
            named = ranking.joker_lead_suits(None, ranking.suits_of_mask(shown[seat]))
            plays = [(c, None) for c in hands[seat] if c is not JOKER] + [(JOKER, s) for s in named]
            return plays
        return [(c, None) for c in ranking.legal_plays(hands[seat], trick, trump, joker_suit)]

    def value(seat: int, trick: list[Card], seats: list[int], joker_suit) -> int:
        if not trick and not hands[seat]:
            return 0
        results = [after(seat, trick, seats, joker_suit, c, named) for c, named in options(seat, trick, joker_suit)]
        return max(results) if seat % 2 == root % 2 else min(results)

    def after(seat, trick, seats, joker_suit, card, named) -> int:
        lead_suit = None
        if trick:
            lead_suit = ranking.led_suit(trick, trump, joker_suit)
        hands[seat].remove(card)
        saved = shown[seat]
        if trick and ranking.effective_suit(card, trump) is not lead_suit:
            shown[seat] |= 1 << lead_suit
        if not trick:
            joker_suit = named
        plays, who = trick + [card], seats + [seat]
        try:
            if len(plays) < len(players):
                return value(next_seat(seat), plays, who, joker_suit)
            winner = who[ranking.trick_winner(plays, trump, joker_suit)]
            return counts(winner) + value(winner, [], [], None)
        finally:
            hands[seat].append(card)
            shown[seat] = saved

    trick = hand.trick
    out_values: dict[Action, int] = {}
    for c, named in options(root, list(trick.cards), trick.joker_suit):
        action = Action("play", c, named)
        out_values[action] = won + after(root, list(trick.cards), list(trick.seats), trick.joker_suit, c, named)
    return out_values


# --- Sixty-Six -------------------------------------------------------------------------------------------

def brute_sixty_six(hand) -> dict[Action, int]:
    """Every legal action's value in game points for the player to act (negative: the opponent's), by
    minimax over the strict phase with the scoring module's functions."""
    from atout.sixty_six import ranking, scoring

    trump = hand.trump
    root = hand.to_act
    config = hand.config
    closer, at_close, carry = hand.closer, hand.tricks_at_close, hand.carry
    hands = [list(h) for h in hand.hands]
    cp, tw, mp = list(hand.card_points), list(hand.tricks_won), list(hand.marriage_points)

    def signed(score) -> int:
        if score.carried:
            return 0
        score = scoring.with_carry(score, carry)
        gp = score.game_points
        return gp[root] - gp[1 - root]

    def points() -> list[int]:
        return [cp[s] + (mp[s] if tw[s] else 0) for s in (0, 1)]

    def declaration(by: int, pts: list[int]):
        """66.declare with 66.close.failed: a closer short of 66, or an opponent of the closer who reached it."""
        reached = pts[by] >= 66
        if closer is not None and ((by == closer) != reached):
            return scoring.close_failed(closer, at_close)
        return scoring.declare(by, pts, tw)

    def moves(seat: int, lead: Card | None, married):
        if lead is not None:
            return [Action("play", c) for c in ranking.legal_plays(hands[seat], [lead], trump, "strict")]
        if married is not None:
            return [Action("declare")] + [Action("play", c) for c in hands[seat]
                                          if c.suit is married and c.rank in (KING, QUEEN)]
        out = []
        if config.strict_marriages:
            out += [Action("marriage", c) for c in hands[seat]
                    if c.rank == KING and Card.of(QUEEN, c.suit) in hands[seat]]
        if tw[seat]:
            out.append(Action("declare"))
        return out + [Action("play", c) for c in hands[seat]]

    def value(seat: int, lead: Card | None, married) -> int:
        results = [after(seat, lead, married, a) for a in moves(seat, lead, married)]
        return max(results) if seat == root else min(results)

    def after(seat: int, lead: Card | None, married, action: Action) -> int:
        if action.kind == "declare":
            return signed(declaration(seat, points()))
        if action.kind == "marriage":
            value_m = 40 if action.card.suit is trump else 20
            mp[seat] += value_m
            try:
                return value(seat, None, action.card.suit)
            finally:
                mp[seat] -= value_m
        card = action.card
        hands[seat].remove(card)
        try:
            if lead is None:
                return value(1 - seat, card, None)
            winner = 1 - seat if ranking.trick_winner([lead, card], trump) == 0 else seat
            gained = ranking.card_points([lead, card])
            cp[winner] += gained
            tw[winner] += 1
            try:
                if not hands[seat]:
                    pts = points()
                    if closer is None:
                        pts[winner] += 10
                        return signed(scoring.no_declaration(pts, tw, winner, config.tie_carries))
                    if pts[winner] >= 66:
                        return signed(declaration(winner, pts))
                    return signed(scoring.close_failed(closer, at_close))
                return value(winner, None, None)
            finally:
                cp[winner] -= gained
                tw[winner] -= 1
        finally:
            hands[seat].append(card)

    lead = hand.trick[0] if hand.trick else None
    married = hand.married if hand.stage >= 3 else None
    return {a: after(root, lead, married, a) for a in moves(root, lead, married)}



def dds_five_hundred(hand) -> dict[Action, int]:
    """Every legal play's value (tricks for the side to act, already won included) by DDS, the bridge
    double-dummy solver (C++, through ``endplay``): nothing shared with Atout's solver.

    A Five Hundred hand in a trump suit with four players is a bridge deal in disguise: each card's
    effective suit is its bridge suit (the bowers and the joker in the trump suit, 13 cards: A down to 2),
    its place in that suit's order its rank, and following and winning tricks are bridge's rules. No
    trumps (the joker's own rules) and misère (a player sits out) are not."""
    from endplay import dds
    from endplay.types import Card as BridgeCard
    from endplay.types import Deal, Denom, Player

    from atout.five_hundred import ranking

    trump = hand.trump
    assert trump is not None and hand.sitting_out is None, "only trump contracts with four players"
    letter = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}

    def bridge(card: Card) -> tuple[str, str]:
        suit = ranking.effective_suit(card, trump)
        order = ranking.trump_order(trump) if suit is trump else ranking.plain_order(suit, trump)
        return letter[suit], "AKQJT98765432"[order.index(card)]

    trick = hand.trick
    holdings = [list(h) for h in hand.hands]
    for seat, card in zip(trick.seats, trick.cards, strict=True):
        holdings[seat].append(card)            # the deal as the trick began, then the trick played in DDS
    pbn = []
    for cards in holdings:
        suits = {s: [] for s in "SHDC"}
        for card in cards:
            suit, rank = bridge(card)
            suits[suit].append(rank)
        pbn.append(".".join("".join(sorted(r, key="AKQJT98765432".index)) for r in suits.values()))
    denom = {Suit.SPADES: Denom.spades, Suit.HEARTS: Denom.hearts, Suit.DIAMONDS: Denom.diamonds,
             Suit.CLUBS: Denom.clubs}[trump]
    deal = Deal("N:" + " ".join(pbn), first=Player(trick.leader), trump=denom)
    for card in trick.cards:
        deal.play(BridgeCard("".join(bridge(card))))
    by_bridge = {bridge(c): c for c in hand.hands[hand.to_act]}
    won = sum(1 for t in hand.tricks if t.winner % 2 == hand.to_act % 2)
    values = {}
    for card, tricks in dds.solve_board(deal):
        key = (card.suit.name[0].upper(), card.rank.name[1])
        values[Action("play", by_bridge[key])] = won + tricks
    return values
