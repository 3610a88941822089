"""Computer players for Five Hundred.

* ``beginner`` bids six in its longest suit with three trumps or more, discards its lowest cards, wins a
  trick with its highest card when it can and otherwise plays its lowest.
* ``club`` counts likely tricks for every strain (the joker and the bowers, trump length, side aces and
  guarded kings, ruffing values; a partner is worth about two tricks, the kitty half of one), bids the
  cheapest call of its best strain up to that count, raises a partner's suit with support, bids no trumps
  only with stoppers in three suits or more (never just because it holds the joker), and misère only with
  a hand of low cards and no ace, joker or bower. It discards to void short suits, draws trumps with
  master trumps, cashes side aces, plays second hand low, wins cheaply, ducks under a partner's winner,
  keeps the joker for a trick worth it, and in misère plays its highest losing card.
* ``expert`` bids and discards like the club player; in play, once few enough tricks remain for the exact
  solver to be quick (``solve_from`` tricks), it deals the unseen cards many times consistently with what
  its seat knows (cards played, voids shown, the contract's trumps mostly with the contractor) and picks
  the card that does best on average; before that it plays like the club player.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from atout.cards import ACE, JACK, JOKER, KING, QUEEN, Card, Suit
from atout.engine import Action, Phase
from atout.five_hundred import ranking
from atout.five_hundred.config import DECK, Strain
from atout.five_hundred.ranking import TABLES
from atout.five_hundred.scoring import DEFENDER_TRICK, contract_points
from atout.players.base import Knowledge, Player, card_of, solved_choice
from atout.solver.five_hundred import FiveHundredPosition
from atout.trick_play import trick_seats

PLAYERS_AT_TABLE = 4


def _order(leader: int, count: int, out: int | None) -> list[int]:
    """The seats that played a trick of ``count`` cards from ``leader``, skipping a partner sitting out."""
    return trick_seats(leader, count, PLAYERS_AT_TABLE, out)


def _tricks_with_named(view: dict) -> list[tuple[int, list[Card], Suit | None]]:
    """Every trick so far (the current one last) with the suit a led joker named: named aloud, so public."""
    out = [(leader, list(cards), named)
           for (leader, cards, _), named in zip(view["tricks"], view["joker_suits"], strict=True)]
    if view["trick"]:
        out.append((view["leader"], list(view["trick"]), view["joker_suit"]))
    return out


def knowledge(view: dict) -> Knowledge:
    """What the seat of ``view`` knows during play, from its view alone (the auction, the tricks, its own
    kitty)."""
    seat = view["seat"]
    trump = view["trump"]
    t = TABLES[trump]
    out = view["sitting_out"]
    mine = list(view["hand"])
    played: list[tuple[int, Card]] = []
    for leader, cards, _ in view["tricks"]:
        played += list(zip(_order(leader, len(cards), out), cards, strict=True))
    played += list(zip(view["trick_seats"], view["trick"], strict=True))
    seen = set(mine) | {c for _, c in played}
    if view["discards"]:
        seen |= set(view["discards"])
    exposed = view["exposed"]
    contractor = view["contractor"]
    if exposed is not None:
        seen |= set(exposed)
    unseen = [c for c in DECK if c not in seen]
    sizes = {s: view["hand_sizes"][s] for s in range(PLAYERS_AT_TABLE) if s != seat and s != out}
    know = Knowledge(seat, mine, unseen, sizes, played=played)
    if exposed is not None and contractor != seat:
        know.unseen += list(exposed)                    # open misère: the contractor's cards, face up
        know.known[contractor] = list(exposed)
    # Voids shown (500.follow.suit): a player who did not follow the suit led holds none of it.
    for leader, cards, named in _tricks_with_named(view):
        lead = t.suit_of[cards[0].index]
        know.forbid_voids(_order(leader, len(cards), out), cards, named if lead is None else lead, t.suit_of, DECK)
    # The contractor named these trumps after taking the kitty: it most likely kept a good many of them.
    contract = view["contract_terms"]
    if trump is not None and contractor is not None and contractor != seat and not contract.misere:
        trumps = frozenset(c for c in DECK if t.is_trump[c.index])
        held_out = sum(1 for c in unseen if c in trumps)
        played_by_c = sum(1 for s, c in played if s == contractor and c in trumps)
        want = min(held_out, sizes.get(contractor, 0), max(0, min(5, contract.tricks - 2) - played_by_c))
        if want:
            know.at_least.append((contractor, trumps, want))
    return know


# --- hand evaluation ------------------------------------------------------------------------------------------

# Tricks a suit's honours are worth, as (an ace, the king with it, the queen with both, a guarded king): a side suit
# beside trumps (where the queen is not counted), and a suit in no trumps.
SIDE_SUIT_HONOURS = (0.9, 0.7, 0.0, 0.4)
NO_TRUMP_HONOURS = (1.0, 0.9, 0.7, 0.5)


def honour_tricks(tricks: float, ranks: Iterable[int], length: int, worth: tuple[float, float, float, float]) -> float:
    """``tricks`` plus what a suit's honours (its ``ranks``, ``length`` cards) are worth, valued as ``worth`` says."""
    ranks = set(ranks)
    ace, king_with_ace, queen_with_both, guarded_king = worth
    if ACE in ranks:
        tricks += ace
        if KING in ranks:
            tricks += king_with_ace
            if queen_with_both and QUEEN in ranks:
                tricks += queen_with_both
    elif KING in ranks and length >= 2:
        tricks += guarded_king
    return tricks


def suit_tricks(cards: list[Card], trump: Suit) -> float:
    """Likely tricks from this hand alone with ``trump`` as trumps."""
    t = TABLES[trump]
    trumps = [c for c in cards if t.is_trump[c.index]]
    order = t.order
    tricks = 0.0
    places = sorted(order.index(c) for c in trumps)
    weights = (1.0, 1.0, 0.85, 0.75, 0.5, 0.3)
    for i, place in enumerate(places):
        if place < len(weights):
            # a top trump counts fully; lower honours need company to survive
            w = weights[place]
            if place >= 4 and len(trumps) < 3 + (place - 4):
                w *= 0.5
            tricks += w
        elif i >= 3:
            tricks += 0.5
    if len(trumps) >= 4:
        tricks += 0.4 * (len(trumps) - 3)
    for s in Suit:
        if s is trump:
            continue
        side = [c for c in cards if t.suit_of[c.index] is s]
        tricks = honour_tricks(tricks, (c.rank for c in side), len(side), SIDE_SUIT_HONOURS)
        if len(trumps) >= 4:
            tricks += 0.6 if not side else 0.3 if len(side) == 1 else 0.0
    return tricks


def no_trump_tricks(cards: list[Card]) -> tuple[float, int]:
    """Likely tricks in no trumps, and how many suits are stopped (an ace, a guarded king, Q-x-x)."""
    tricks = 1.0 if JOKER in cards else 0.0
    stopped = 0
    for s in Suit:
        side = sorted((c for c in cards if c.suit is s), key=lambda c: -c.rank)
        ranks = [c.rank for c in side]
        tricks = honour_tricks(tricks, ranks, len(side), NO_TRUMP_HONOURS)
        if ACE in ranks or (KING in ranks and len(side) >= 2) or (QUEEN in ranks and len(side) >= 3):
            stopped += 1
        if len(side) >= 5 and (ACE in ranks or KING in ranks):
            tricks += 0.6 * (len(side) - 4)
    return tricks, stopped


def misere_hand(cards: list[Card]) -> bool:
    """A genuinely low hand: no joker, no ace or jack, at most one king or queen, a low card in every suit."""
    if JOKER in cards or any(c.rank in (ACE, JACK) for c in cards):
        return False
    if sum(1 for c in cards if c.rank in (KING, QUEEN)) > 1:
        return False
    low = sum(1 for c in cards if c.rank <= 8)
    suits_low = all(any(c.rank <= 7 for c in cards if c.suit is s) or not any(c.suit is s for c in cards)
                    for s in Suit)
    return low >= 7 and suits_low


def strain_estimates(cards: list[Card], partner_calls: list[str]) -> dict[str, float]:
    """Likely tricks for the partnership in each strain: this hand, about two from partner, half a trick
    from the kitty; a partner's suit bid adds a trick in that suit."""
    out: dict[str, float] = {}
    partner_suits = {c[-1] for c in partner_calls if c[-1] in "SCDH" and not c.endswith("NT")}
    for s in Suit:
        est = suit_tricks(cards, s) + 2.0 + 0.5
        if s.letter in partner_suits:
            est += 1.0
        out[s.letter] = est
    nt, stopped = no_trump_tricks(cards)
    out["NT"] = (nt + 2.0 + 0.5) if stopped >= 3 else 0.0
    return out


def club_bid(view: dict, legal: list[Action], boldness: float = 0.0) -> Action:
    seat = view["seat"]
    cards = view["hand"]
    calls = [(s, c) for s, c in view["calls"]]
    partner = (seat + 2) % PLAYERS_AT_TABLE
    partner_calls = [c for s, c in calls if s == partner and c != "pass"]
    est = strain_estimates(cards, partner_calls)
    options = {a.value: a for a in legal}
    if "misere" in options and misere_hand(cards) and max(est.values()) < 7.5:
        return options["misere"]
    best_strain = max(est, key=lambda k: est[k])
    limit = est[best_strain] + boldness
    for a in legal:
        if a.value in ("pass", "misere", "open-misere"):
            continue
        tricks = int(a.value[:-2] if a.value.endswith("NT") else a.value[:-1])
        strain = "NT" if a.value.endswith("NT") else a.value[-1]
        if strain == best_strain and tricks <= limit:
            return a
    return options["pass"]


def beginner_bid(view: dict, legal: list[Action]) -> Action:
    cards = view["hand"]
    options = {a.value: a for a in legal}
    longest = max(Suit, key=lambda s: sum(1 for c in cards if c.suit is s))
    if sum(1 for c in cards if c.suit is longest) >= 4:
        call = f"6{Strain(longest.letter).letter}"
        if call in options:
            return options[call]
    return options["pass"]


def club_discard(view: dict, legal: list[Action]) -> Action:
    """Keep trumps, the joker and aces; throw the lowest card of the shortest side suit (to void it)."""
    trump = view["trump"]
    t = TABLES[trump]
    cards = [card_of(a) for a in legal]
    misere = view["contract_terms"].misere

    def keep_score(c: Card) -> tuple:
        if misere:
            return (-c.rank if c is not JOKER else -100,)     # misère: throw the high cards
        if c is JOKER or t.is_trump[c.index]:
            return (3, t.power[c.index])
        side = [x for x in cards if t.suit_of[x.index] is t.suit_of[c.index]]
        return (2 if c.rank == ACE else 1 if c.rank == KING and len(side) > 1 else 0, len(side), t.power[c.index])

    worst = min(cards, key=keep_score)
    return Action("discard", worst)


# --- play ---------------------------------------------------------------------------------------------------

def club_card(view: dict, legal: list[Action], know: Knowledge) -> Action:
    seat = view["seat"]
    trump = view["trump"]
    t = TABLES[trump]
    power = t.power
    contract = view["contract"] or ""
    misere = contract.startswith(("misere", "open"))
    contractor = view["contractor"]
    out = view["sitting_out"]
    trick = list(view["trick"])
    seats = list(view["trick_seats"])
    joker_suit = view["joker_suit"]
    cards = [card_of(a) for a in legal]
    joker_leads = [a for a in legal if a.card is JOKER and a.value is not None]

    def keep(c: Card) -> tuple:
        return (c is JOKER, t.is_trump[c.index], power[c.index])

    players = 3 if out is not None else 4
    still_to_play = players - len(trick) - 1
    if misere:
        return _misere_card(view, seat, legal, know, trick, seats, contractor)
    if not trick:
        card = _club_lead(view, seat, cards, know)
        if card is JOKER and joker_leads:
            return max(joker_leads, key=lambda a: sum(1 for c in cards if c.suit is a.value))
        return Action("play", card)
    win_i = ranking.trick_winner(trick, trump, joker_suit)
    win_card, win_seat = trick[win_i], seats[win_i]
    partner_winning = win_seat % 2 == seat % 2
    lead = ranking.led_suit(trick, trump, joker_suit)

    def beats(c: Card, plays: list[Card]) -> bool:
        return ranking.trick_winner(plays + [c], trump, joker_suit) == len(plays)

    def safe(c: Card) -> bool:
        if still_to_play == 0:
            return True
        plays = trick + [c]
        return not any(beats(x, plays) for x in know.unseen if t.suit_of[x.index] is lead or t.is_trump[x.index])

    winners = [c for c in cards if beats(c, trick)]
    losers = [c for c in cards if c not in winners]
    if partner_winning and (still_to_play == 0 or safe(win_card) or any(not t.is_trump[c.index] for c in losers)):
        return Action("play", min(losers or cards, key=keep))     # the partner's trick: spend nothing on it
    if winners:
        non_joker = [c for c in winners if c is not JOKER] or winners
        cheapest = min(non_joker, key=keep)
        if still_to_play == 0 or safe(cheapest):
            return Action("play", cheapest)
        masters = [c for c in non_joker if safe(c)]
        if masters and len(trick) >= 2:
            return Action("play", min(masters, key=keep))
        if len(trick) == 1 and losers:
            return Action("play", min(losers, key=keep))      # second hand low
        if JOKER in winners and any(t.is_trump[c.index] and power[c.index] >= power[win_card.index] for c in trick):
            return Action("play", JOKER)                       # the joker captures a bower
        return Action("play", max(non_joker, key=keep) if not t.is_trump[cheapest.index] else cheapest)
    return Action("play", min(cards, key=keep))


def _club_lead(view: dict, seat: int, cards: list[Card], know: Knowledge) -> Card:
    trump = view["trump"]
    t = TABLES[trump]
    power = t.power
    contractor_side = view["contractor"] % 2 == seat % 2
    unseen_trumps = [c for c in know.unseen if t.is_trump[c.index]]
    top_out = max((power[c.index] for c in unseen_trumps), default=0)
    trumps = sorted((c for c in cards if t.is_trump[c.index]), key=lambda c: -power[c.index])
    side = [c for c in cards if not t.is_trump[c.index]]
    if trump is not None and trumps and contractor_side and unseen_trumps:
        masters = [c for c in trumps if power[c.index] > top_out]
        if masters:
            return min(masters, key=lambda c: power[c.index])      # draw trumps, the top one kept for last
        if len(trumps) >= 4:
            return trumps[-1]
    masters = []
    for c in side:
        suit = t.suit_of[c.index]
        if not any(t.suit_of[x.index] is suit and power[x.index] > power[c.index] for x in know.unseen):
            masters.append(c)
    if masters:
        return max(masters, key=lambda c: power[c.index])
    if side:
        by_suit: dict[Suit | None, list[Card]] = {}   # by the suit each card follows as
        for c in side:
            by_suit.setdefault(t.suit_of[c.index], []).append(c)
        if not contractor_side:
            # defenders lead a short suit (a ruff to come) rather than into the contractor's length
            suit = min(by_suit, key=lambda s: len(by_suit[s]))
        else:
            suit = max(by_suit, key=lambda s: len(by_suit[s]))
        return min(by_suit[suit], key=lambda c: power[c.index])
    return trumps[-1] if trumps else cards[0]


def _misere_card(view: dict, seat: int, legal: list[Action], know: Knowledge, trick: list[Card], seats: list[int],
                 contractor: int) -> Action:
    """Misère: the contractor plays its highest card that still loses; defenders try to make it win."""
    trump = None
    t = TABLES[trump]
    joker_suit = view["joker_suit"]
    cards = [card_of(a) for a in legal]
    playing_misere = seat == contractor
    if not trick:
        plays = [a for a in legal if a.value is None] or legal
        if playing_misere:
            return min(plays, key=lambda a: t.power[card_of(a).index] if a.card is not JOKER else 1000)
        # defenders lead low in a suit the contractor may still hold
        return min(plays, key=lambda a: t.power[card_of(a).index] if a.card is not JOKER else 1000)
    if playing_misere:
        losing = [c for c in cards if ranking.trick_winner(trick + [c], trump, joker_suit) != len(trick)]
        if losing:
            return Action("play", max(losing, key=lambda c: t.power[c.index]))
        return Action("play", min(cards, key=lambda c: t.power[c.index]))
    # a defender: if the contractor has played and is winning, stay under; otherwise play low
    win_i = ranking.trick_winner(trick, trump, joker_suit)
    if seats[win_i] == contractor:
        under = [c for c in cards if ranking.trick_winner(trick + [c], trump, joker_suit) != len(trick)]
        if under:
            return Action("play", max(under, key=lambda c: t.power[c.index]))
    return Action("play", min(cards, key=lambda c: t.power[c.index] if c is not JOKER else 1000))


# --- the players ----------------------------------------------------------------------------------------------

class FiveHundredPlayer(Player):
    game_family = "five_hundred"

    def decide(self, view: dict, legal: list[Action]) -> Action:
        phase = Phase(view["phase"])
        if phase is Phase.BID:
            return self.bid(view, legal)
        if phase is Phase.KITTY:
            return self.discard(view, legal)
        return self.play(view, legal)

    def bid(self, view: dict, legal: list[Action]) -> Action:
        return club_bid(view, legal)

    def discard(self, view: dict, legal: list[Action]) -> Action:
        return club_discard(view, legal)

    def play(self, view: dict, legal: list[Action]) -> Action:
        return club_card(view, legal, knowledge(view))


class Beginner(FiveHundredPlayer):
    level = "beginner"

    def bid(self, view: dict, legal: list[Action]) -> Action:
        return beginner_bid(view, legal)

    def discard(self, view: dict, legal: list[Action]) -> Action:
        t = TABLES[view["trump"]]
        return min(legal, key=lambda a: (t.is_trump[card_of(a).index], card_of(a).rank))

    def play(self, view: dict, legal: list[Action]) -> Action:
        trump = view["trump"]
        t = TABLES[trump]
        trick = list(view["trick"])
        plays = [a for a in legal if a.value is None] or legal
        if not trick:
            return max(plays, key=lambda a: t.power[card_of(a).index])
        winners = [a for a in plays
                   if ranking.trick_winner(trick + [card_of(a)], trump, view["joker_suit"]) == len(trick)]
        if winners:
            return max(winners, key=lambda a: t.power[card_of(a).index])
        return min(plays, key=lambda a: t.power[card_of(a).index])


class Club(FiveHundredPlayer):
    level = "club"


class Expert(FiveHundredPlayer):
    """Club bidding and discards; sampled exact solving once ``solve_from`` tricks or fewer remain."""

    level = "expert"

    def __init__(self, seed: int | None = None, samples: int = 12, budget_s: float = 1.5, solve_from: int = 6,
                 **options: Any) -> None:
        super().__init__(seed, **options)
        self.samples = samples
        self.budget_s = budget_s
        self.solve_from = solve_from

    def play(self, view: dict, legal: list[Action]) -> Action:
        know = knowledge(view)
        if 10 - len(view["tricks"]) > self.solve_from:
            return club_card(view, legal, know)
        contract, contracting = view["contract_terms"], view["seat"] % 2 == view["contractor"] % 2
        return solved_choice(self.rng, know, self.samples, self.budget_s, legal,
                             lambda dealt: _position(view, dealt), lambda value: margin(contract, contracting, value),
                             lambda actions: club_card(view, actions, know))


def margin(contract: Any, contracting: bool, value: int) -> int:
    """What a solver value (tricks the side gets; in misère, tricks going its way) is worth in the score: the
    side's points minus the other side's (500.score.contract, 500.score.slam, 500.score.defenders). Making
    or setting a contract is what counts, so samples are averaged in points, not tricks."""
    if contract.misere:
        taken = 10 - value if contracting else value       # tricks the contractor took
        points = contract.value if taken == 0 else -contract.value
        diff = points - DEFENDER_TRICK * (10 - taken)
        return diff if contracting else -diff
    taken = value if contracting else 10 - value
    points = contract_points(contract, taken)[0]
    diff = points - DEFENDER_TRICK * (10 - taken)
    return diff if contracting else -diff


def _position(view: dict, dealt: dict[int, list[Card]]) -> FiveHundredPosition:
    """The play position of one guess at the other hands, from the seat's ``view`` (whoever is to act)."""
    seat = view["seat"]
    out = view["sitting_out"]
    hands = [list(view["hand"]) if s == seat else ([] if s == out else list(dealt.get(s, [])))
             for s in range(PLAYERS_AT_TABLE)]
    trick = list(view["trick"])
    seats = list(view["trick_seats"])
    trump = view["trump"]
    lead = None
    if trick:
        lead = ranking.led_suit(trick, trump, view["joker_suit"])
    tricks = [(leader, list(cards), winner) for leader, cards, winner in view["tricks"]]
    won = [0] * PLAYERS_AT_TABLE
    for _, _, winner in tricks:
        won[winner] += 1
    shown = [0] * PLAYERS_AT_TABLE
    if trump is None:
        t = TABLES[None]
        for leader, cards, named in _tricks_with_named(view):
            led = t.suit_of[cards[0].index]
            led = named if led is None else led
            if led is None:
                continue
            for s, c in zip(_order(leader, len(cards), out)[1:], cards[1:], strict=True):
                if t.suit_of[c.index] is not led:
                    shown[s] |= 1 << led
    contract = view["contract_terms"]
    to_act = view["to_act"] if view["to_act"] is not None else seat     # the evaluation may ask for any seat
    return FiveHundredPosition(view["config"], trump, view["contractor"], contract.misere, hands, to_act,
                               view["leader"] if view["leader"] is not None else to_act, trick, seats, lead, tricks,
                               won, shown, out, contract.tricks)


position = _position   # public name: the play position of one guess at the unseen cards (atout.evaluate uses it)
PLAYERS = {"beginner": Beginner, "club": Club, "expert": Expert}
