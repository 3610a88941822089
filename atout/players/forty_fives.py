"""Computer players for the Forty-Fives presets (turned-up trump, partnerships, the auction).

* ``beginner`` follows two rules a new player is taught: win the trick with your highest card if you can,
  otherwise play your lowest; bid only with two of the three top trumps.
* ``club`` plays as a good club player: it bids from the trumps it would keep (the 5, the jack, the A♥
  and the ace are tricks, length wins tricks after the draw), holds as dealer when the hand is worth the
  bid, robs giving its lowest plain card, leads its master trumps to draw the others (the lowest of the
  master run first, so the 5 comes last) and a plain king only once no trump is out, takes a trick when it
  can with its cheapest sure winner (every trick is worth the same 5 points and anyone may trump, so
  "second hand low" loses points here: measured), never trumps or spends the 5 on a trick its partner
  already holds, and discards its lowest plain cards.
* ``expert`` bids like the club player with a trick more boldness (calibrated by simulation: the club
  player's bids are made 98% of the time, too cautious to win the auction often); for every play and rob
  it deals the unseen cards many times consistently with what its seat knows (cards played, voids shown,
  the announced ace holder, who robbed, how many cards each player drew), solves each deal exactly and
  picks the action that does best on average; in the auction, defenders solve together against the
  bidder and count what setting the bid is worth. Each player alone (no partners, no auction), the solver
  plays it against all the others together, which undersells tricks they would contest among themselves:
  there it keeps the club player's card unless the samples find one better by half a trick or more.
"""

from __future__ import annotations

import time
from typing import Any

from atout.cards import ACE, FULL_DECK, Card, Suit
from atout.engine import Action, Phase
from atout.forty_fives import ranking
from atout.forty_fives.config import bid_level
from atout.forty_fives.ranking import TABLES, legal_plays
from atout.players.base import Knowledge, Player, average_values, best_on_average, card_of, sampled_deals
from atout.ranking import TRUMP_POWER
from atout.solver import solve
from atout.solver.forty_fives import FortyFivesPosition

KEEP = Action("keep")
# How much better (in points, 5 a trick) the expert's sampled best must be than the club player's card when each plays
# alone (see ``Expert.play``).
PARANOID_MARGIN = 2.5


# --- reading the table ----------------------------------------------------------------------------------

def knowledge(view: dict) -> Knowledge:
    """What the seat of ``view`` knows during play, from its view alone (the tricks, who robbed, the announced
    ace holder, how many cards each player drew in the auction game)."""
    seat = view["seat"]
    n = len(view["hand_sizes"])
    trump = view["trump"]
    t = TABLES[trump]
    mine = list(view["hand"])
    played: list[tuple[int, Card]] = []
    for leader, cards, _ in view["tricks"]:
        played += [((leader + i) % n, c) for i, c in enumerate(cards)]
    if view["trick"]:
        played += [((view["leader"] + i) % n, c) for i, c in enumerate(view["trick"])]
    seen = set(mine) | {c for _, c in played} | set(view["own_discards"])
    if view["kitty"]:
        seen |= set(view["kitty"])
    turn_up = view["turn_up"]
    if turn_up is not None:
        seen.add(turn_up)             # on the table (or coming to the dealer after trick 1)
    unseen = [c for c in FULL_DECK if c not in seen]
    sizes = {s: view["hand_sizes"][s] for s in range(n) if s != seat}
    know = Knowledge(seat, mine, unseen, sizes, played=played)
    ace = Card.of(ACE, trump)
    holder = view["announced_ace_holder"]
    played_cards = {c for _, c in played}
    if holder is not None and holder != seat and ace not in played_cards:
        know.known.setdefault(holder, []).append(ace)
    robber = view["robbed_by"]                         # public: the whole table sees the turned card taken
    turned = view["turned_card"]
    if (robber is not None and robber != seat and turned is not None and turned not in played_cards
            and turn_up is None and turned not in know.known.get(robber, [])):
        know.known.setdefault(robber, []).append(turned)
    # 45.rob.ace-holder: players who played in trick 1 while the turned card still lay there did not hold the
    # ace of trumps (its holder is offered the rob at their first turn, and would have robbed or announced).
    if turn_up is not None and not view["tricks"] and holder is None and turned is not None and turned.rank != ACE:
        for s, _ in played:
            if s != seat:
                know.forbid(s, [ace])
    # Voids and reneges shown in play (45.follow.*), asked of the rule itself: a card the player cannot hold is one
    # that, held beside the card it played, would have made that card illegal (the rules only ever oblige a player
    # for what it holds, so one card is enough to tell).
    tricks = list(view["tricks"]) + ([(view["leader"], view["trick"], None)] if view["trick"] else [])
    config = view["config"]
    for leader, cards, _ in tricks:
        for i, c in enumerate(cards[1:], start=1):
            s = (leader + i) % n
            if s == seat:
                continue
            before = cards[:i]
            know.forbid(s, [x for x in unseen if c not in legal_plays([x, c], before, trump, config.must_follow_suit,
                                                                       config.ace_of_hearts_led)])
    # Auction: the cards each player kept before the draw (5 less what it drew). When they were its trumps (the
    # seed's discards), it still holds those it has not played; with free_discard they say nothing.
    drawn = view["drawn"]
    if config.keeps_only_trumps and drawn is not None:
        trumps = frozenset(x for x in FULL_DECK if t.is_trump[x.index])
        for s, count in enumerate(drawn):
            if s == seat:
                continue
            kept = 5 - count
            gone = sum(1 for who, c in played if who == s and t.is_trump[c.index])
            if kept - gone > 0:
                know.at_least.append((s, trumps, kept - gone))
    return know


def _power(trump: Suit):
    power = TABLES[trump].power
    return lambda c: power[c.index]


def _keep_value(trump: Suit):
    """How much a card is worth keeping: trumps by power, then plain cards by power."""
    t = TABLES[trump]
    return lambda c: (t.is_trump[c.index], t.power[c.index])


def _winner_if(plays: list[Card], card: Card, trump: Suit) -> bool:
    return ranking.trick_winner(plays + [card], trump) == len(plays)


# --- bidding (Auction Forty-Fives) -----------------------------------------------------------------------

TRUMP_TRICKS = {0: 1.0, 1: 0.95, 2: 0.85, 3: 0.75, 4: 0.55, 5: 0.4}   # by place in the trump order


def suit_strength(cards: list[Card], trump: Suit) -> float:
    """Expected tricks with ``trump`` as trumps: top trumps by place, length (the draw brings cards to a
    hand that kept trumps, and long trumps win the last tricks)."""
    t = TABLES[trump]
    mine = sorted((c for c in cards if t.is_trump[c.index]), key=lambda c: -t.power[c.index])
    tricks = 0.0
    for c in mine:
        place = t.order.index(c)
        tricks += TRUMP_TRICKS.get(place, 0.25)
    tricks += 0.3 * max(0, len(mine) - 2)
    return tricks


def club_bid(view: dict, legal: list[Action], margin: float = 0.0) -> Action:
    cards = view["hand"]
    best = max(Suit, key=lambda s: suit_strength(cards, s))
    tricks = suit_strength(cards, best) + 0.6 + margin         # the kitty and the draw bring more
    has_five = Card.of(5, best) in cards
    points = 5 * tricks + (5 if has_five else 2)
    calls = {a.value: a for a in legal}
    if "hold" in calls:
        # a45.bid.hold: the dealer takes the standing bid at the same level when the hand is worth it
        standing = max((bid_level(c) for _, c in view["calls"] if c not in ("pass", "hold")), default=0)
        return calls["hold"] if points >= standing + 2 else calls["pass"]
    bids = [a for a in legal if a.value not in ("pass", "hold")]
    if tricks >= 4.6 and "30-for-60" in calls and sum(TABLES[best].is_trump[c.index] for c in cards) >= 4:
        return calls["30-for-60"]
    affordable = [a for a in bids if bid_level(a.value) <= 30 and bid_level(a.value) + 3 <= points]
    if affordable:
        return affordable[0]      # just enough: the cheapest call above the standing bid
    return calls.get("pass", legal[0])


def beginner_bid(view: dict, legal: list[Action]) -> Action:
    cards = view["hand"]
    calls = {a.value: a for a in legal}
    for s in Suit:
        top = [c for c in cards if c in TABLES[s].top]
        if len(top) >= 2:
            if "hold" in calls:
                return calls["hold"]
            bids = [a for a in legal if a.value not in ("pass", "hold")]
            if bids and bid_level(bids[0].value) <= 20:
                return bids[0]
    return calls.get("pass", legal[0])


def name_trump(view: dict, legal: list[Action]) -> Action:
    cards = view["hand"]
    options = [a for a in legal if a.kind == "trump"]
    return max(options, key=lambda a: suit_strength(cards, a.value))


# --- the players ------------------------------------------------------------------------------------------

class FortyFivesPlayer(Player):
    game_family = "forty_fives"

    def decide(self, view: dict, legal: list[Action]) -> Action:
        phase = Phase(view["phase"])
        if phase is Phase.BID:
            return self.bid(view, legal)
        if phase is Phase.TRUMP:
            return name_trump(view, legal)
        if phase is Phase.ROB or legal[0].kind in ("rob", "keep") or legal[-1].kind == "keep":
            return self.rob(view, legal)
        if phase is Phase.DISCARD:
            return self.discard(view, legal)
        return self.play(view, legal)

    def bid(self, view: dict, legal: list[Action]) -> Action:
        return club_bid(view, legal)

    def rob(self, view: dict, legal: list[Action]) -> Action:
        """Rob, giving the least useful card (the lowest plain card)."""
        robs = [a for a in legal if a.kind == "rob"]
        if not robs:
            return legal[0]
        trump = view["trump"]
        return min(robs, key=lambda a: _keep_value(trump)(card_of(a)))

    def discard(self, view: dict, legal: list[Action]) -> Action:
        """free_discard: throw the plain cards, keep the trumps, then finish."""
        trump = view["trump"]
        t = TABLES[trump]
        plain = [a for a in legal if a.kind == "discard" and not t.is_trump[card_of(a).index]]
        if plain:
            return min(plain, key=lambda a: t.power[card_of(a).index])
        done = [a for a in legal if a.kind == "done"]
        return done[0] if done else min(legal, key=lambda a: t.power[card_of(a).index] if a.card else 0)

    def play(self, view: dict, legal: list[Action]) -> Action:   # pragma: no cover - abstract
        raise NotImplementedError


class Beginner(FortyFivesPlayer):
    level = "beginner"

    def bid(self, view: dict, legal: list[Action]) -> Action:
        return beginner_bid(view, legal)

    def play(self, view: dict, legal: list[Action]) -> Action:
        trump = view["trump"]
        power = _power(trump)
        cards = [card_of(a) for a in legal]
        trick = list(view["trick"])
        if not trick:
            return Action("play", max(cards, key=power))
        winners = [c for c in cards if _winner_if(trick, c, trump)]
        if winners:
            return Action("play", max(winners, key=power))
        return Action("play", min(cards, key=_keep_value(trump)))


class Club(FortyFivesPlayer):
    level = "club"

    def play(self, view: dict, legal: list[Action]) -> Action:
        know = knowledge(view)
        return Action("play", club_card(view["config"], view["trump"], view["seat"], view, [card_of(a) for a in legal],
                                        know))


def club_card(config: Any, trump: Suit, seat: int, view: dict, cards: list[Card], know: Knowledge) -> Card:
    t = TABLES[trump]
    n = len(view["hand_sizes"])
    power = _power(trump)
    keep = _keep_value(trump)
    unseen_trumps = [c for c in know.unseen if t.is_trump[c.index]]
    top_out = max((t.power[c.index] for c in unseen_trumps), default=0)
    trick = list(view["trick"])
    if not trick:
        return _club_lead(trump, cards, know, top_out)
    leader = view["leader"]
    seats = [(leader + i) % n for i in range(len(trick))]
    win_i = ranking.trick_winner(trick, trump)
    win_card, win_seat = trick[win_i], seats[win_i]
    partner_winning = config.has_partners and win_seat != seat and config.side_of(win_seat) == config.side_of(seat)
    still_to_play = n - len(trick) - 1
    winners = [c for c in cards if _winner_if(trick, c, trump)]
    losers = [c for c in cards if c not in winners]
    lead_suit = t.suit_of[trick[0].index]

    def safe(card: Card) -> bool:
        """No unseen card could beat ``card`` in this trick (or nobody is left to play)."""
        if still_to_play == 0:
            return True
        plays = trick + [card]
        return not any(_winner_if(plays, c, trump) for c in know.unseen
                       if t.is_trump[c.index] or t.suit_of[c.index] == lead_suit)

    plain_losers = [c for c in losers if not t.is_trump[c.index]]
    if partner_winning and (still_to_play == 0 or safe(win_card) or plain_losers):
        # the trick is the partner's: spend nothing, never a trump over it (nor the 5 under it)
        return min(losers or cards, key=keep)
    if winners:
        cheapest = min(winners, key=power)
        if still_to_play == 0 or safe(cheapest):
            return cheapest
        masters = [c for c in winners if safe(c)]
        if masters and (len(trick) >= 2 or t.is_trump[trick[-1].index] or _is_big(trick, trump)):
            return min(masters, key=power)
        # No "second hand low" here: every trick is worth the same 5 points, and any later player may trump
        # whatever it holds, so a trick that can be taken now is taken (measured: ducking loses points).
        return max(winners, key=power) if not t.is_trump[max(winners, key=power).index] else cheapest
    return min(cards, key=keep)


def _is_big(trick: list[Card], trump: Suit) -> bool:
    """A trick worth fighting for: a top trump in it (the best card's bonus may be at stake)."""
    t = TABLES[trump]
    return any(t.is_trump[c.index] and t.power[c.index] >= TRUMP_POWER + len(t.order) - 3 for c in trick)


def _club_lead(trump: Suit, cards: list[Card], know: Knowledge, top_out: int) -> Card:
    t = TABLES[trump]
    power = _power(trump)
    trumps = sorted((c for c in cards if t.is_trump[c.index]), key=power, reverse=True)
    plain = [c for c in cards if not t.is_trump[c.index]]
    if trumps and t.power[trumps[0].index] > top_out and (top_out or not plain):
        # master trumps: lead them to draw the others' trumps, the lowest of the master run first, the 5 last
        masters = [c for c in trumps if t.power[c.index] > top_out]
        return min(masters, key=power)
    plain_masters = []
    for c in plain:
        suit = t.suit_of[c.index]
        higher_out = [x for x in know.unseen if t.suit_of[x.index] == suit and not t.is_trump[x.index]
                      and t.power[x.index] > t.power[c.index]]
        if not higher_out:
            plain_masters.append(c)
    if plain_masters and not top_out:
        # a plain king is a winner only once nobody can trump it (45.follow.plain-lead lets anyone trump)
        return max(plain_masters, key=power)
    if plain:
        # lead low from the longest plain suit (a king there may win later)
        by_suit: dict[Suit | None, list[Card]] = {}   # by the suit each card follows as
        for c in plain:
            by_suit.setdefault(t.suit_of[c.index], []).append(c)
        longest = max(by_suit.values(), key=len)
        return min(longest, key=power)
    return min(trumps, key=power)


class Expert(FortyFivesPlayer):
    """Sampling with the exact solver: ``samples`` deals per decision, within ``budget_s`` seconds."""

    level = "expert"
    # The auction: the club estimate bid about a trick more boldly. Measured by simulation (benchmarks, club
    # against club with only this margin changed, 8,000 hands on two seeds): +0.5 trick gains 1.6 points a
    # hand, +1 trick 3.2, +1.5 3.0, +2 2.0, +3 0.7; the club player is sound but timid (98% of its bids made).
    BID_MARGIN = 1.0

    def bid(self, view: dict, legal: list[Action]) -> Action:
        return club_bid(view, legal, margin=self.BID_MARGIN)

    def __init__(self, seed: int | None = None, samples: int = 24, budget_s: float = 1.0, **options: Any) -> None:
        super().__init__(seed, **options)
        self.samples = samples
        self.budget_s = budget_s

    def rob(self, view: dict, legal: list[Action]) -> Action:
        if view["phase"] == Phase.ROB.value:
            return super().rob(view, legal)         # the dealer's rob comes before any play: take the ace
        return self.play(view, legal)

    def play(self, view: dict, legal: list[Action]) -> Action:
        know = knowledge(view)
        seat = view["seat"]
        config, bidder, bid = view["config"], view["bidder"], view["bid"]
        defending = config.auction and not config.has_partners and seat != bidder
        deadline = time.perf_counter() + self.budget_s
        samples: list[dict[Action, int]] = []
        for dealt in sampled_deals(self.rng, know, self.samples, deadline):
            pos = _position(view, dealt)
            if defending:
                # everyone against the bidder: setting the bid is what a defender plays for
                pos.sides = [0 if s == bidder else 1 for s in range(config.players)]
            values = solve(pos, line=False).values
            if defending:
                total = 30 if _trump_in_play(pos) else 25
                values = {a: 3 * -bid_score(config, bidder, bid, bidder, total - v) + v for a, v in values.items()}
            elif config.auction:
                values = {a: bid_score(config, bidder, bid, seat, v) for a, v in values.items()}
            samples.append(values)
        if not samples:
            return Club().decide(view, legal)
        best = best_on_average(samples, legal)
        if not config.has_partners and not config.auction and config.players > 2 and all(
                a.kind == "play" for a in legal):
            # Each player alone: the solver plays this seat against all the others together (paranoid), which they
            # are not, so its values undersell what a trick contested between them is worth: the club player's card
            # stands unless the samples find a card clearly better.
            means = average_values(samples, legal)
            own = Action("play", club_card(config, view["trump"], seat, view, [card_of(a) for a in legal], know))
            if own in means and means[best[0]] - means[own] < PARANOID_MARGIN:
                return own
        if len(best) > 1 and all(a.kind == "play" for a in best):
            # equal on average: let the club player's judgement break the tie
            club = club_card(config, view["trump"], seat, view, [card_of(a) for a in best], know)
            return Action("play", club)
        return best[0]


def contract_score(hand: Any, seat: int, taken: int) -> int:
    """Auction: what the solver's trick points are worth to the side of ``seat`` (a45.score.bidder): the
    bidder's side scores them only if they make the bid, and loses the bid otherwise, so the samples are
    averaged in score, which makes the bidder play to make its contract."""
    view = hand.view(seat)
    return bid_score(view["config"], view["bidder"], view["bid"], seat, taken)


def bid_score(config: Any, bidder: int, bid: str, seat: int, taken: int) -> int:
    """``contract_score`` from the public facts: the rules, the bidder and its bid."""
    if config.side_of(seat) != config.side_of(bidder):
        return taken
    level = bid_level(bid)
    if level > 30:
        value = 60 if level == 31 else 120
        return value if taken >= 25 else -value // 2
    return taken if taken >= level else -level


def _trump_in_play(pos: FortyFivesPosition) -> bool:
    """Whether any trump will be played this hand (else no best-card bonus: 45.score.best-card)."""
    t = TABLES[pos.trump]
    cards = [c for h in pos.hands for c in h] + pos.trick + [c for _, cs, _ in pos.tricks for c in cs]
    return any(t.is_trump[c.index] for c in cards)


def _position(view: dict, dealt: dict[int, list[Card]]) -> FortyFivesPosition:
    """The play position of one guess at the other hands, from the seat's ``view`` (whoever is to act)."""
    seat = view["seat"]
    n = len(view["hand_sizes"])
    hands = [list(view["hand"]) if s == seat else list(dealt.get(s, [])) for s in range(n)]
    trump = view["trump"]
    pending = None
    if view["turn_up_after_trick"] is not None:
        pending = (view["turn_up_after_trick"], view["turn_up"])
    rob = None
    rob_now = False
    turn_up = view["turn_up"]
    if (turn_up is not None and pending is None and not view["tricks"] and turn_up.rank != ACE
            and view["announced_ace_holder"] is None and view["robbed_by"] is None):
        ace = Card.of(ACE, trump)
        holder = next((s for s in range(n) if ace in hands[s]), None)
        if holder is not None:
            rob = (holder, turn_up)
            rob_now = holder == seat == view["to_act"] and str(KEEP) in view["legal"]
    trick = list(view["trick"])
    to_act = view["to_act"] if view["to_act"] is not None else seat     # the evaluation may ask for any seat
    leader = view["leader"] if view["leader"] is not None else to_act
    return FortyFivesPosition(view["config"], trump, hands, to_act, leader, trick,
                              [(ld, list(cards), w) for ld, cards, w in view["tricks"]], pending, rob, rob_now)


position = _position   # public name: the play position of one guess at the unseen cards (atout.evaluate uses it)
PLAYERS = {"beginner": Beginner, "club": Club, "expert": Expert}
