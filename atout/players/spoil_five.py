"""Computer players for Spoil Five.

* ``beginner`` follows the two rules a new player is taught: win the trick with your highest card if you can,
  otherwise play your lowest; rob giving the lowest card; stop and take the pool at three tricks, never jinx.
* ``club`` plays the Forty-Fives club player's cards (core's Fives ranking: lead master trumps, take a trick with the
  cheapest sure winner), and jinxes only when every card it still holds is a trump nobody can beat.
* ``expert`` deals the unseen cards many times consistently with what its seat knows (cards played, voids and reneges
  shown, the announced ace holder, who robbed), plays each of its cards out to the end of the hand on every deal with
  club players at every seat, and picks the card that wins the most counters on average (the pool is what a hand is
  played for, and the others play for themselves, not as one side against it: the exact solver's paranoid search
  for tricks played worse than the club player, measured); it jinxes when the solver, on the samples, makes all five
  tricks likely enough to be worth more than the pool in hand.
"""

from __future__ import annotations

import time
from typing import Any

from atout.cards import ACE, FULL_DECK, Card, Suit
from atout.engine import Action, Ending, Phase
from atout.fives_ranking import TABLES, legal_plays, trick_winner
from atout.players.base import Knowledge, Player, best_on_average, card_of, sampled_deals
from atout.solver import solve
from atout.solver.spoil_five import SpoilFivePosition
from atout.spoil_five.hand import SpoilFiveHand

KEEP = Action("keep")
JINX = Action("jinx")
STOP = Action("stop")
WIN = 3                 # the tricks that win the pool (s5.score.three-tricks)


def knowledge(view: dict) -> Knowledge:
    """What the seat of ``view`` knows during play, from its view alone."""
    seat = view["seat"]
    n = len(view["hand_sizes"])
    trump = view["trump"]
    mine = list(view["hand"])
    played: list[tuple[int, Card]] = []
    for leader, cards, _ in view["tricks"]:
        played += [((leader + i) % n, c) for i, c in enumerate(cards)]
    if view["trick"]:
        played += [((view["leader"] + i) % n, c) for i, c in enumerate(view["trick"])]
    seen = set(mine) | {c for _, c in played} | set(view["own_discards"])
    turn_up = view["turn_up"]
    if turn_up is not None:
        seen.add(turn_up)
    unseen = [c for c in FULL_DECK if c not in seen]
    know = Knowledge(seat, mine, unseen, {s: view["hand_sizes"][s] for s in range(n) if s != seat}, played=played)
    ace = Card.of(ACE, trump)
    played_cards = {c for _, c in played}
    holder = view["announced_ace_holder"]
    if holder is not None and holder != seat and ace not in played_cards:
        know.known.setdefault(holder, []).append(ace)
    robber, turned = view["robbed_by"], view["turned_card"]
    if (robber is not None and robber != seat and turned is not None and turned not in played_cards
            and turned not in know.known.get(robber, [])):
        know.known.setdefault(robber, []).append(turned)
    # s5.rob.ace-holder: who played in trick 1 while the turned card still lay there did not hold the ace of trumps
    if turn_up is not None and not view["tricks"] and holder is None and turned is not None and turned.rank != ACE:
        for s, _ in played:
            if s != seat:
                know.forbid(s, [ace])
    # Voids and reneges shown in play (s5.follow.*): a card held beside the one played would have made it illegal.
    config = view["config"]
    tricks = list(view["tricks"]) + ([(view["leader"], view["trick"], None)] if view["trick"] else [])
    for leader, cards, _ in tricks:
        for i, c in enumerate(cards[1:], start=1):
            s = (leader + i) % n
            if s != seat:
                know.forbid(s, [x for x in unseen if c not in legal_plays([x, c], cards[:i], trump,
                                                                           config.must_follow_suit)])
    return know


def position(view: dict, dealt: dict[int, list[Card]]) -> SpoilFivePosition:
    """The play position of one guess at the other hands, from the seat's ``view`` (whoever is to act)."""
    seat = view["seat"]
    n = len(view["hand_sizes"])
    hands = [list(view["hand"]) if s == seat else list(dealt.get(s, [])) for s in range(n)]
    trump = view["trump"]
    rob = None
    turn_up = view["turn_up"]
    if (turn_up is not None and not view["tricks"] and turn_up.rank != ACE and view["announced_ace_holder"] is None
            and view["robbed_by"] is None):
        ace = Card.of(ACE, trump)
        holder = next((s for s in range(n) if ace in hands[s]), None)
        if holder is not None:
            rob = (holder, turn_up)
    rob_now = rob is not None and rob[0] == seat == view["to_act"] and any(a.startswith("rob") for a in view["legal"])
    to_act = view["to_act"] if view["to_act"] is not None else seat
    leader = view["leader"] if view["leader"] is not None else to_act
    return SpoilFivePosition(view["config"], trump, hands, to_act, leader, list(view["trick"]),
                             [(ld, list(cards), w) for ld, cards, w in view["tricks"]], rob, rob_now)


def _power(trump: Suit):
    power = TABLES[trump].power
    return lambda c: power[c.index]


def _keep_value(trump: Suit):
    t = TABLES[trump]
    return lambda c: (t.is_trump[c.index], t.power[c.index])


def _winner_if(plays: list[Card], card: Card, trump: Suit) -> bool:
    return trick_winner(plays + [card], trump) == len(plays)


class SpoilFivePlayer(Player):
    game_family = "spoil_five"

    def decide(self, view: dict, legal: list[Action]) -> Action:
        if JINX in legal:
            return self.jinx(view, legal)
        if Phase(view["phase"]) is Phase.ROB or any(a.kind in ("rob", "keep") for a in legal):
            return self.rob(view, legal)
        return self.play(view, legal)

    def rob(self, view: dict, legal: list[Action]) -> Action:
        """Rob, giving the least useful card (the lowest plain card)."""
        robs = [a for a in legal if a.kind == "rob"]
        if not robs:
            return legal[0]
        return min(robs, key=lambda a: _keep_value(view["trump"])(card_of(a)))

    def jinx(self, view: dict, legal: list[Action]) -> Action:
        return STOP

    def play(self, view: dict, legal: list[Action]) -> Action:   # pragma: no cover - abstract
        raise NotImplementedError


class Beginner(SpoilFivePlayer):
    level = "beginner"

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


class Club(SpoilFivePlayer):
    level = "club"

    def jinx(self, view: dict, legal: list[Action]) -> Action:
        """Jinx only with nothing but unbeatable trumps left."""
        t = TABLES[view["trump"]]
        know = knowledge(view)
        top_out = max((t.power[c.index] for c in know.unseen if t.is_trump[c.index]), default=0)
        sure = all(t.is_trump[c.index] and t.power[c.index] > top_out for c in view["hand"])
        return JINX if sure else STOP

    def play(self, view: dict, legal: list[Action]) -> Action:
        return Action("play", club_card(view, [card_of(a) for a in legal], knowledge(view)))


def club_card(view: dict, cards: list[Card], know: Knowledge) -> Card:
    """The club player's card: master trumps led, the cheapest sure winner taken, the lowest card thrown."""
    trump = view["trump"]
    t = TABLES[trump]
    power, keep = _power(trump), _keep_value(trump)
    top_out = max((t.power[c.index] for c in know.unseen if t.is_trump[c.index]), default=0)
    trick = list(view["trick"])
    if not trick:
        trumps = sorted((c for c in cards if t.is_trump[c.index]), key=power, reverse=True)
        plain = [c for c in cards if not t.is_trump[c.index]]
        if trumps and t.power[trumps[0].index] > top_out:
            return min((c for c in trumps if t.power[c.index] > top_out), key=power)
        if plain:
            return max(plain, key=power) if not top_out else min(plain, key=power)
        return min(trumps, key=power)
    n = len(view["hand_sizes"])
    still_to_play = n - len(trick) - 1
    lead_suit = t.suit_of[trick[0].index]
    winners = [c for c in cards if _winner_if(trick, c, trump)]

    def safe(card: Card) -> bool:
        if still_to_play == 0:
            return True
        plays = trick + [card]
        return not any(_winner_if(plays, c, trump) for c in know.unseen
                       if t.is_trump[c.index] or t.suit_of[c.index] == lead_suit)

    if winners:
        masters = [c for c in winners if safe(c)]
        return min(masters, key=power) if masters else min(winners, key=power)
    return min(cards, key=keep)


class Expert(SpoilFivePlayer):
    """Sampling with the exact solver: ``samples`` deals per decision, within ``budget_s`` seconds."""

    level = "expert"

    def __init__(self, seed: int | None = None, samples: int = 16, budget_s: float = 1.0, **options: Any) -> None:
        super().__init__(seed, **options)
        self.samples = samples
        self.budget_s = budget_s

    def jinx(self, view: dict, legal: list[Action]) -> Action:
        """Jinx when the chance of all five, times what a jinx wins, beats the pool in hand."""
        know = knowledge(view)
        deadline = time.perf_counter() + self.budget_s
        config, n = view["config"], len(view["hand_sizes"])
        fives, total = 0, 0
        for dealt in sampled_deals(self.rng, know, self.samples, deadline):
            pos = position(view, dealt)
            pos.to_act = pos.leader = view["seat"]
            fives += solve(pos, line=False).value == 5
            total += 1
        if not total:
            return Club().decide(view, legal)
        pool = view["pool"]
        return JINX if fives / total * (pool + config.stake * (n - 1)) > pool else STOP

    def play(self, view: dict, legal: list[Action]) -> Action:
        """Each card played out to the end of the hand by club players on every sampled deal: the card that wins the
        most counters on average (the pool, not tricks, is what a hand is played for; a jinx under way is solved)."""
        if view["jinxed"] is not None:
            return self._solved(view, legal)
        know = knowledge(view)
        seat = view["seat"]
        deadline = time.perf_counter() + self.budget_s
        samples: list[dict[Action, float]] = []
        club = Club()
        for dealt in sampled_deals(self.rng, know, self.samples, deadline):
            start = _ending_hand(view, dealt)
            values: dict[Action, float] = {}
            for action in legal:
                hand = start.copy()
                hand.apply(action)
                while hand.to_act is not None:
                    hand.apply(club.act(hand, hand.to_act))
                values[action] = hand.returns()[seat]
            samples.append(values)
        if not samples:
            return Club().decide(view, legal)
        best = best_on_average(samples, legal)
        if len(best) > 1 and all(a.kind == "play" for a in best):
            return Action("play", club_card(view, [card_of(a) for a in best], know))
        return best[0]

    def _solved(self, view: dict, legal: list[Action]) -> Action:
        know = knowledge(view)
        deadline = time.perf_counter() + self.budget_s
        samples: list[dict[Action, int]] = []
        for dealt in sampled_deals(self.rng, know, self.samples, deadline):
            samples.append(solve(position(view, dealt), line=False).values)
        if not samples:
            return Club().decide(view, legal)
        return best_on_average(samples, legal)[0]


def _ending_hand(view: dict, dealt: dict[int, list[Card]]) -> SpoilFiveHand:
    """The hand of one guess at the unseen cards, taken up where the seat of ``view`` stands (``Ending``)."""
    seat, n = view["seat"], len(view["hand_sizes"])
    hands = tuple(tuple(view["hand"]) if s == seat else tuple(dealt.get(s, ())) for s in range(n))
    trick = tuple(view["trick"])
    leader = view["leader"] if view["leader"] is not None else view["to_act"]
    ending = Ending(hands, leader, trick, tuple(view["tricks_won"]), trump=view["trump"])
    hand = SpoilFiveHand(view["config"], view["dealer"])
    hand.apply(Action("ending", None, ending))
    return hand


PLAYERS = {"beginner": Beginner, "club": Club, "expert": Expert}
