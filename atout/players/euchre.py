"""Computer players for Euchre.

* ``beginner`` orders up or names the suit it holds three trumps of or more (the bowers counted), never goes
  alone, discards its lowest card, wins a trick with its highest card when it can and otherwise plays its lowest.
* ``club`` counts the tricks its hand is worth in each suit (the bowers and the ace of trumps, trump length, side
  aces, a void beside trumps; a partner worth about one trick, the up-card taken by its own side worth more), makes
  trumps when it counts three, goes alone with the right bower and four tricks of its own, discards to void a short
  suit, leads trumps as a maker, plays second hand low, wins cheaply and spends nothing on a partner's trick.
* ``expert`` makes trumps like the club player; in play it deals the unseen cards many times consistently with what
  its seat knows (the cards played, the voids shown, the up-card in the dealer's hand) and picks the card that does
  best on average with the exact solver (five tricks: every decision of the play is solved).
"""

from __future__ import annotations

from typing import Any

from atout.cards import ACE, KING, Card, Suit
from atout.engine import Action, Phase
from atout.euchre import ranking
from atout.euchre.config import DECK
from atout.euchre.ranking import TABLES
from atout.euchre.scoring import TRICKS, hand_points
from atout.players.base import Knowledge, Player, card_of, solved_choice
from atout.solver.euchre import EuchrePosition
from atout.trick_play import trick_seats

SEATS = 4


def _order(leader: int, count: int, out: int | None) -> list[int]:
    """The seats that played a trick of ``count`` cards from ``leader``, skipping a partner sitting out."""
    return trick_seats(leader, count, SEATS, out)


def knowledge(view: dict) -> Knowledge:
    """What the seat of ``view`` knows during play, from its view alone: the cards played, the voids shown, the
    up-card (in the dealer's hand once taken up, out of play once turned down) and its own discard."""
    seat, trump, out, dealer = view["seat"], view["trump"], view["sitting_out"], view["dealer"]
    t = TABLES[trump]
    mine = list(view["hand"])
    played: list[tuple[int, Card]] = []
    for leader, cards, _ in view["tricks"]:
        played += list(zip(_order(leader, len(cards), out), cards, strict=True))
    played += list(zip(view["trick_seats"], view["trick"], strict=True))
    seen = set(mine) | {c for _, c in played}
    if view["discard"] is not None:
        seen.add(view["discard"])
    up = view["up_card"]
    # the up-card lies on the table until the maker has said whether to go alone: only then may the dealer take it
    taken_up = not view["turned_down"] and dealer != out and view["phase"] not in (Phase.BID.value, Phase.TRUMP.value)
    if up is not None:
        seen.add(up)
    unseen = [c for c in DECK if c not in seen]
    sizes = {s: view["hand_sizes"][s] for s in range(SEATS) if s != seat and s != out}
    know = Knowledge(seat, mine, unseen, sizes, played=played)
    if up is not None and taken_up and dealer != seat and up not in {c for _, c in played}:
        know.unseen.append(up)
        know.known[dealer] = [up]
    for leader, cards, _ in [*view["tricks"], *([(view["leader"], view["trick"], None)] if view["trick"] else [])]:
        know.forbid_voids(_order(leader, len(cards), out), cards, t.suit_of[cards[0].index], t.suit_of, DECK)
    return know


# --- making trumps ---------------------------------------------------------------------------------------------------

def suit_tricks(cards: list[Card], trump: Suit) -> float:
    """The tricks a hand is likely to take with ``trump`` trumps, its own cards alone."""
    t = TABLES[trump]
    trumps = [c for c in cards if t.is_trump[c.index]]
    tricks = 0.0
    if t.right_bower in trumps:
        tricks += 1.0
    if t.left_bower in trumps:
        tricks += 0.8 if t.right_bower in trumps else 0.6
    if Card.of(ACE, trump) in trumps:
        tricks += 0.6
    tricks += max(0, len(trumps) - 2) * 0.6
    for suit in Suit:
        if suit is trump:
            continue
        side = [c for c in cards if t.suit_of[c.index] is suit]
        if Card.of(ACE, suit) in side:
            tricks += 0.8 if len(side) <= 2 else 0.5
        elif Card.of(KING, suit) in side and len(side) >= 2:
            tricks += 0.3
        if not side and trumps:
            tricks += 0.3
    return tricks


def with_up_card(view: dict, trump: Suit) -> list[Card]:
    """The seat's cards as they would be with ``trump`` trumps: the dealer adds the up-card (and would discard)."""
    cards = list(view["hand"])
    up = view["up_card"]
    if view["phase"] == Phase.BID.value and view["seat"] == view["dealer"] and up is not None:
        t = TABLES[trump]
        cards = sorted(cards + [up], key=lambda c: (t.is_trump[c.index], t.power[c.index]))[1:]
    return cards


def estimate(view: dict, trump: Suit) -> float:
    """The tricks the seat's side may take with ``trump`` trumps: its own and about one from the partner; the up-card
    in an opponent's hand costs some."""
    tricks = suit_tricks(with_up_card(view, trump), trump) + 1.0
    up = view["up_card"]
    if view["phase"] == Phase.BID.value and up is not None:
        dealer_side = view["dealer"] % 2 == view["seat"] % 2
        tricks += 0.3 if dealer_side else -0.4
    return tricks


def club_make(view: dict, legal: list[Action], boldness: float = 0.0) -> Action:
    """Order up or name the best suit when the side counts three tricks; else pass (a stuck dealer names its best)."""
    options = [a for a in legal if a.kind in ("order", "name")]
    if not options:
        return legal[0]

    def suit_of(action: Action) -> Suit:
        if action.kind == "order":
            assert view["up_card"] is not None and view["up_card"].suit is not None, "an up-card has a suit"
            return view["up_card"].suit
        assert isinstance(action.value, Suit), "a suit named"
        return action.value

    best = max(options, key=lambda a: estimate(view, suit_of(a)))
    if estimate(view, suit_of(best)) + boldness >= 3.0 or not any(a.kind == "pass" for a in legal):
        return best
    return Action("pass")


def club_alone(view: dict) -> Action:
    """Go alone with the right bower and four tricks of the seat's own."""
    trump = view["trump"]
    cards = list(view["hand"])
    if view["phase"] == Phase.BID.value and view["seat"] == view["dealer"]:
        cards = with_up_card(view, trump)
    if TABLES[trump].right_bower in cards and suit_tricks(cards, trump) >= 4.0:
        return Action("alone")
    return Action("with-partner")


def club_discard(view: dict, legal: list[Action]) -> Action:
    """Keep the trumps; void the shortest side suit without an ace, else throw the lowest card."""
    t = TABLES[view["trump"]]
    cards = [card_of(a) for a in legal]
    side = [c for c in cards if not t.is_trump[c.index]]
    if not side:
        return Action("discard", min(cards, key=lambda c: t.power[c.index]))
    by_suit: dict[Any, list[Card]] = {}
    for c in side:
        by_suit.setdefault(t.suit_of[c.index], []).append(c)
    singles = [cs[0] for cs in by_suit.values() if len(cs) == 1 and cs[0].rank != ACE]
    if singles:
        return Action("discard", min(singles, key=lambda c: t.power[c.index]))
    return Action("discard", min(side, key=lambda c: t.power[c.index]))


# --- the play ---------------------------------------------------------------------------------------------------

def club_card(view: dict, legal: list[Action], know: Knowledge) -> Action:
    seat, trump = view["seat"], view["trump"]
    t = TABLES[trump]
    power = t.power
    trick, seats = list(view["trick"]), list(view["trick_seats"])
    cards = [card_of(a) for a in legal]
    players = 3 if view["sitting_out"] is not None else 4
    still_to_play = players - len(trick) - 1

    def keep(c: Card) -> tuple[bool, int]:
        return (t.is_trump[c.index], power[c.index])

    if not trick:
        trumps = [c for c in cards if t.is_trump[c.index]]
        makers = view["maker"] is not None and view["maker"] % 2 == seat % 2
        if makers and trumps and (t.right_bower in trumps or len(trumps) >= 2):
            return Action("play", max(trumps, key=keep))
        aces = [c for c in cards if c.rank == ACE and not t.is_trump[c.index]]
        if aces:
            return Action("play", aces[0])
        side = [c for c in cards if not t.is_trump[c.index]]
        return Action("play", min(side or cards, key=keep))
    win_i = ranking.trick_winner(trick, trump)
    win_card, win_seat = trick[win_i], seats[win_i]
    lead = ranking.led_suit(trick, trump)

    def beats(c: Card, plays: list[Card]) -> bool:
        return ranking.trick_winner(plays + [c], trump) == len(plays)

    def safe(c: Card) -> bool:
        plays = trick + [c]
        return still_to_play == 0 or not any(beats(x, plays) for x in know.unseen
                                             if t.suit_of[x.index] is lead or t.is_trump[x.index])

    winners = [c for c in cards if beats(c, trick)]
    losers = [c for c in cards if c not in winners]
    if win_seat % 2 == seat % 2 and (safe(win_card) or still_to_play == 0):
        return Action("play", min(losers or cards, key=keep))
    if winners:
        cheapest = min(winners, key=keep)
        if safe(cheapest) or len(trick) >= 2:
            return Action("play", cheapest)
        if len(trick) == 1 and losers:
            return Action("play", min(losers, key=keep))          # second hand low
        return Action("play", cheapest)
    return Action("play", min(cards, key=keep))


class EuchrePlayer(Player):
    game_family = "euchre"
    boldness = 0.0

    def decide(self, view: dict, legal: list[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if kinds & {"alone", "with-partner"}:
            return self.alone(view, legal)
        if kinds & {"pass", "order", "name"}:
            return self.make(view, legal)
        if "discard" in kinds:
            return self.discard(view, legal)
        return self.play(view, legal)

    def make(self, view: dict, legal: list[Action]) -> Action:
        return club_make(view, legal, self.boldness)

    def alone(self, view: dict, legal: list[Action]) -> Action:
        choice = club_alone(view)
        return choice if choice in legal else legal[0]

    def discard(self, view: dict, legal: list[Action]) -> Action:
        return club_discard(view, legal)

    def play(self, view: dict, legal: list[Action]) -> Action:
        return club_card(view, legal, knowledge(view))


class Beginner(EuchrePlayer):
    level = "beginner"

    def make(self, view: dict, legal: list[Action]) -> Action:
        for action in legal:
            if action.kind in ("order", "name"):
                suit = view["up_card"].suit if action.kind == "order" else action.value
                t = TABLES[suit]
                if sum(1 for c in with_up_card(view, suit) if t.is_trump[c.index]) >= 3:
                    return action
        return legal[0] if legal[0].kind != "pass" or len(legal) == 1 else Action("pass")

    def alone(self, view: dict, legal: list[Action]) -> Action:
        return Action("with-partner") if Action("with-partner") in legal else legal[0]

    def discard(self, view: dict, legal: list[Action]) -> Action:
        t = TABLES[view["trump"]]
        return min(legal, key=lambda a: (t.is_trump[card_of(a).index], t.power[card_of(a).index]))

    def play(self, view: dict, legal: list[Action]) -> Action:
        trump = view["trump"]
        t = TABLES[trump]
        trick = list(view["trick"])
        if not trick:
            return max(legal, key=lambda a: t.power[card_of(a).index])
        winners = [a for a in legal if ranking.trick_winner(trick + [card_of(a)], trump) == len(trick)]
        if winners:
            return max(winners, key=lambda a: t.power[card_of(a).index])
        return min(legal, key=lambda a: t.power[card_of(a).index])


class Club(EuchrePlayer):
    level = "club"


class Expert(EuchrePlayer):
    """Club making; sampled exact solving for every card it plays."""

    level = "expert"
    boldness = 0.2

    def __init__(self, seed: int | None = None, samples: int = 16, budget_s: float = 1.0, **options: Any) -> None:
        super().__init__(seed, **options)
        self.samples = samples
        self.budget_s = budget_s

    def play(self, view: dict, legal: list[Action]) -> Action:
        know = knowledge(view)
        alone, makers = bool(view["alone"]), view["maker"] % 2 == view["seat"] % 2
        return solved_choice(self.rng, know, self.samples, self.budget_s, legal,
                             lambda dealt: _position(view, dealt), lambda value: margin(alone, makers, value),
                             lambda actions: club_card(view, actions, know))


def margin(alone: bool, makers: bool, value: int) -> int:
    """What a solver value (the tricks the seat's side takes) is worth: its points less the other side's."""
    taken = value if makers else TRICKS - value
    ours, theirs = hand_points(alone, taken)
    return ours - theirs if makers else theirs - ours


def _position(view: dict, dealt: dict[int, list[Card]]) -> EuchrePosition:
    """The play position of one guess at the other hands, from the seat's ``view`` (whoever is to act)."""
    seat, out, trump = view["seat"], view["sitting_out"], view["trump"]
    hands = [list(view["hand"]) if s == seat else ([] if s == out else list(dealt.get(s, []))) for s in range(SEATS)]
    trick, seats = list(view["trick"]), list(view["trick_seats"])
    lead = ranking.led_suit(trick, trump) if trick else None
    tricks = [(leader, list(cards), winner) for leader, cards, winner in view["tricks"]]
    won = [0] * SEATS
    for _, _, winner in tricks:
        won[winner] += 1
    to_act = view["to_act"] if view["to_act"] is not None else seat
    return EuchrePosition(view["config"], trump, view["maker"], bool(view["alone"]), hands, to_act,
                          view["leader"] if view["leader"] is not None else to_act, trick, seats, lead, tricks, won,
                          out)


position = _position   # public name: the play position of one guess at the unseen cards (atout.evaluate uses it)
PLAYERS = {"beginner": Beginner, "club": Club, "expert": Expert}
