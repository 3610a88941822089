"""Computer players for Sixty-Six.

* ``beginner`` exchanges the nine, shows every marriage, declares as soon as it counts 66, never closes,
  leads its highest card and wins a trick with its highest card when it can.
* ``club`` counts both players' points (a good player remembers them), exchanges the nine, shows marriages
  (the trump marriage first), declares at 66, closes when its points and sure winners reach 70, leads low
  plain cards while the stock is open; following while it is open, it takes the trick whenever losing it would
  bring the opponent to 66, takes a led card with the suit's lowest winner (keeping a marriage it holds),
  trumps an ace or ten led (or when its cheapest discard would be one) and a king or queen led with a low
  trump, else gives its cheapest card; once the stock is gone it draws trumps with its masters and wins
  cheaply.
* ``expert`` plays like the club player early in the open stock, except that it decides to close by solving
  the closed game on deals of the unseen cards; once five cards or fewer lie face down it deals guesses at the
  other hand and the stock's order (``deal_hidden``, what the seat has seen kept), solves each whole with the
  open-stock search (``atout.sixty_six.open_search``) and takes the choice of the best mean; once the stock is
  exhausted it knows both hands (the unseen cards are all the opponent's) and plays perfectly with the solver;
  after a close it samples the opponent's hand and solves each deal.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from atout.cards import ACE, KING, QUEEN, Card, Suit
from atout.engine import Action
from atout.players.base import Knowledge, Player, best_on_average, card_of, deal_unseen, sampled_deals
from atout.sixty_six.config import DECK
from atout.sixty_six.ranking import POINTS, STRENGTH
from atout.solver import solve
from atout.solver.sixty_six import SixtySixPosition

CLOSE = Action("close")
DRAW = Action("draw")
DECLARE = Action("declare")
TARGET = 66
# The expert solves whole guesses at the open stock once this many cards or fewer lie face down in it: from the
# fifth a guess is solved in about 0.04 s (median; 0.3 s at most over 8 positions), from the seventh in 0.4 s.
OPEN_SEARCH_FROM = 5


class Table:
    """What one seat knows in Sixty-Six, read from its view (which holds every trick it saw played)."""

    def __init__(self, view: dict) -> None:
        self.view = view
        seat = view["seat"]
        self.seat, self.opp = seat, 1 - seat
        self.config = view["config"]
        self.trump: Suit = view["trump"]
        self.mine: list[Card] = list(view["hand"])
        self.tricks = list(view["tricks"])
        self.trick: list[Card] = list(view["trick"])
        self.points = [0, 0]
        self.won = [0, 0]
        for trick in self.tricks:
            self.points[trick.winner] += POINTS[trick.cards[0].index] + POINTS[trick.cards[1].index]
            self.won[trick.winner] += 1
        self.marriages = [0, 0]
        for s, _, value in view["marriages"]:
            self.marriages[s] += value
        self.played = {c for t in self.tricks for c in t.cards} | set(self.trick)
        self.stock_open = not view["strict"]
        self.trump_card: Card | None = view["trump_card"]
        self.closer: int | None = view["closed_by"]
        self.closed = self.closer is not None
        self.tricks_at_close = view["tricks_at_close"] or (0, 0)
        self.married: Suit | None = view["married"]     # declared on this lead: its king or queen is led
        self.face_down: int = view["face_down"]
        self.carry: int = view["carry"]

    def counted(self, s: int) -> int:
        """66.marriage.pending: marriages count once their player has won a trick."""
        return self.points[s] + (self.marriages[s] if self.won[s] else 0)

    def knowledge(self) -> Knowledge:
        view = self.view
        seen = set(self.mine) | self.played
        if self.trump_card is not None:
            seen.add(self.trump_card)             # under the stock (face up, or turned down but known)
        unseen = [c for c in DECK if c not in seen]
        know = Knowledge(self.seat, self.mine, unseen, {self.opp: view["hand_sizes"][self.opp]})
        opp = self.opp
        known: list[Card] = []
        for s, suit, _ in view["marriages"]:
            if s == opp:
                for c in (Card.of(KING, suit), Card.of(QUEEN, suit)):
                    if c not in self.played and c not in self.mine:
                        known.append(c)
        if view["exchanged_by"] == opp and view["turned_card"] not in self.played:
            known.append(view["turned_card"])
        if known:
            know.known[opp] = [c for c in dict.fromkeys(known) if c in unseen]
        # 66.strict.follow: in strict tricks, following low means no higher card; not following, a void.
        strict_from = 6 if view["closed_by"] is None else sum(self.tricks_at_close)
        for i, trick in enumerate(self.tricks):
            if i < strict_from or trick.leader == opp:
                continue
            lead, reply = trick.cards
            if reply.suit is lead.suit:
                if STRENGTH[reply.index] < STRENGTH[lead.index]:
                    know.forbid(opp, [c for c in DECK if c.suit is lead.suit
                                      and STRENGTH[c.index] > STRENGTH[lead.index]])
            else:
                know.forbid(opp, [c for c in DECK if c.suit is lead.suit])
                if reply.suit is not self.trump:
                    know.forbid(opp, [c for c in DECK if c.suit is self.trump])
        return know


def knowledge(view: dict) -> Knowledge:
    """What the seat of ``view`` knows of the cards it cannot see (as every family's players module says it)."""
    return Table(view).knowledge()


def _lowest(cards: list[Card], trump: Suit) -> Card:
    """The card cheapest to give: fewest points, plain before trumps."""
    return min(cards, key=lambda c: (c.suit is trump, POINTS[c.index], STRENGTH[c.index]))


def _beats(lead: Card, card: Card, trump: Suit) -> bool:
    if card.suit is lead.suit:
        return STRENGTH[card.index] > STRENGTH[lead.index]
    return card.suit is trump


class SixtySixPlayer(Player):
    game_family = "sixty_six"

    def decide(self, view: dict, legal: list[Action]) -> Action:
        return self.decide_at(Table(view), legal)

    def decide_at(self, table: Table, legal: list[Action]) -> Action:
        """The decision from what the seat knows (``table``, read once from its view)."""
        seat = table.seat
        kinds = {a.kind for a in legal}
        if "draw" in kinds:
            return CLOSE if self.should_close(table, legal) else DRAW
        if DECLARE in legal and table.counted(seat) >= TARGET:
            return DECLARE                              # 66.declare: stop the play and count
        if table.trick:
            return self.follow(table, legal)
        exchange = [a for a in legal if a.kind == "exchange"]
        if exchange:
            return exchange[0]                          # 66.exchange-nine: the turned trump is worth more
        if CLOSE in legal and self.should_close(table, legal):
            return CLOSE
        marriages = [a for a in legal if a.kind == "marriage"]
        if marriages:
            return max(marriages, key=lambda a: card_of(a).suit is table.trump)
        return self.lead(table, legal)

    def should_close(self, table: Table, legal: list[Action]) -> bool:
        return False

    def follow(self, table: Table, legal: list[Action]) -> Action:   # pragma: no cover
        raise NotImplementedError

    def lead(self, table: Table, legal: list[Action]) -> Action:   # pragma: no cover
        raise NotImplementedError


class Beginner(SixtySixPlayer):
    level = "beginner"

    def follow(self, table: Table, legal: list[Action]) -> Action:
        lead = table.trick[0]
        cards = [card_of(a) for a in legal]
        winners = [c for c in cards if _beats(lead, c, table.trump)]
        if winners:
            return Action("play", max(winners, key=lambda c: STRENGTH[c.index]))
        return Action("play", min(cards, key=lambda c: STRENGTH[c.index]))

    def lead(self, table: Table, legal: list[Action]) -> Action:
        plays = [a for a in legal if a.kind == "play"]
        return max(plays, key=lambda a: (STRENGTH[card_of(a).index], POINTS[card_of(a).index]))


class Club(SixtySixPlayer):
    level = "club"

    def should_close(self, table: Table, legal: list[Action]) -> bool:
        """Close when the points in hand and the sure winners reach 66 with a margin."""
        return table.counted(table.seat) + _sure_points(table) >= 70

    def follow(self, table: Table, legal: list[Action]) -> Action:
        trump = table.trump
        lead = table.trick[0]
        cards = [card_of(a) for a in legal]
        winners = [c for c in cards if _beats(lead, c, trump)]
        if not table.stock_open:
            if winners:
                return Action("play", min(winners, key=lambda c: (c.suit is trump, STRENGTH[c.index])))
            return Action("play", _lowest(cards, trump))
        value = POINTS[lead.index]
        given = POINTS[_lowest(cards, trump).index]           # what losing the trick cheapest gives away
        if winners and table.points[table.opp] + table.marriages[table.opp] + value + given >= TARGET:
            # 66.declare: the trick would bring the opponent to 66 (its marriages count once it wins one)
            return Action("play", min(winners, key=lambda c: (POINTS[c.index], c.suit is trump)))
        if winners and table.points[table.seat] + table.marriages[table.seat] + value + min(
                POINTS[c.index] for c in winners) >= TARGET:
            return Action("play", min(winners, key=lambda c: (c.suit is trump, POINTS[c.index])))
        keep = [c for c in winners if not _breaks_marriage(table, c)]
        same = [c for c in keep if c.suit is lead.suit]
        if same:
            # the suit's lowest winner takes the trick: its points are safe now, and the winner draws first
            return Action("play", min(same, key=lambda c: STRENGTH[c.index]))
        trumps = [c for c in keep if c.suit is trump and lead.suit is not trump]
        if trumps and (value >= 10 or given >= 10):
            # an ace or ten led, or nothing to give but an ace or ten: a trump is cheaper
            return Action("play", min(trumps, key=lambda c: (POINTS[c.index], STRENGTH[c.index])))
        low = [c for c in trumps if POINTS[c.index] <= 3]
        if low and value >= 3:
            # a king or queen led: a low trump (9, jack, queen) takes its points
            return Action("play", min(low, key=lambda c: (POINTS[c.index], STRENGTH[c.index])))
        return Action("play", _lowest(cards, trump))

    def lead(self, table: Table, legal: list[Action]) -> Action:
        trump = table.trump
        plays = [card_of(a) for a in legal if a.kind == "play"]
        if table.married is not None:
            return _marriage_lead(table, plays)
        unseen = [c for c in DECK if c not in table.played and c not in table.mine]
        if not table.stock_open:
            # strict: draw trumps with masters, then cash masters, else lead low
            masters = [c for c in plays if not any(u.suit is c.suit and STRENGTH[u.index] > STRENGTH[c.index]
                                                  for u in unseen)]
            trumps = [c for c in masters if c.suit is trump]
            if trumps and any(u.suit is trump for u in unseen):
                return Action("play", max(trumps, key=lambda c: STRENGTH[c.index]))
            if masters:
                return Action("play", max(masters, key=lambda c: POINTS[c.index]))
            return Action("play", _lowest(plays, trump))
        plain = [c for c in plays if c.suit is not trump]
        low = [c for c in plain if POINTS[c.index] <= 3]
        if low:
            return Action("play", min(low, key=lambda c: (POINTS[c.index], STRENGTH[c.index])))
        if plain:
            return Action("play", min(plain, key=lambda c: POINTS[c.index]))
        return Action("play", _lowest(plays, trump))


def _breaks_marriage(table: Table, card: Card) -> bool:
    """Whether playing ``card`` gives up a marriage the seat holds (its king or queen, with the other in hand)."""
    assert card.suit is not None, "Sixty-Six is played without the joker"
    pair = {KING: QUEEN, QUEEN: KING}.get(card.rank)
    return pair is not None and Card.of(pair, card.suit) in table.mine


def _marriage_lead(table: Table, plays: list[Card]) -> Action:
    """After a marriage, lead the king once the ace and ten of its suit are gone, else the queen."""
    suit = plays[0].suit
    assert suit is not None, "Sixty-Six is played without the joker"
    king = Card.of(KING, suit)
    safe = all(Card.of(r, suit) in table.played or Card.of(r, suit) in table.mine for r in (ACE, 10))
    if safe and king in plays:
        return Action("play", king)
    queen = Card.of(QUEEN, suit)
    return Action("play", queen if queen in plays else plays[0])


def _sure_points(table: Table) -> int:
    """Points the closed game should bring: the top trumps in sequence win (with a card of the opponent's,
    about 3 points), and a plain ace usually does (about half of its 11 and what it captures)."""
    trump = table.trump
    sure = 0
    for rank in (ACE, 10, KING, QUEEN, 11, 9):
        card = Card.of(rank, trump)
        if card in table.played:
            continue
        if card not in table.mine:
            break
        sure += POINTS[card.index] + 3
    for s in Suit:
        if s is not trump and Card.of(ACE, s) in table.mine:
            sure += 7
    return sure


class Expert(Club):
    """Solver-backed decisions: closing, the open stock once five cards or fewer lie face down, and all the play
    once the stock is gone or closed."""

    level = "expert"

    def __init__(self, seed: int | None = None, samples: int = 12, budget_s: float = 1.0, **options: Any) -> None:
        super().__init__(seed, **options)
        self.samples = samples
        self.budget_s = budget_s

    def decide_at(self, table: Table, legal: list[Action]) -> Action:
        seat = table.seat
        if not table.stock_open:
            return self._solve_strict(table, legal)
        if table.face_down <= OPEN_SEARCH_FROM:
            chosen = self._open_search(table, legal)
            if chosen is not None:
                return chosen
        if table.trick and table.face_down == 1:
            return self._last_open_trick(table, legal)
        if not table.trick and table.face_down == 1 and not any(a.kind in ("marriage", "exchange") for a in legal):
            if not (DECLARE in legal and table.counted(seat) >= TARGET):
                if CLOSE in legal and self.should_close(table, legal):
                    return CLOSE
                if any(a.kind == "play" for a in legal) and table.married is None:
                    return self._last_open_trick(table, legal)
        return super().decide_at(table, legal)

    def _open_search(self, table: Table, legal: list[Action]) -> Action | None:
        """While the stock is open: guesses at the other hand and the stock's order (``deal_hidden``, consistent
        with what the seat has seen), each solved whole, every card and the order known
        (``atout.sixty_six.open_search``), and the choice of the best mean in game points. Ties go to the club
        player's choice. None when no guess was solved in time."""
        from atout.sixty_six import SixtySixHand
        from atout.sixty_six.open_search import for_seat, from_hand, new_search
        from atout.solver.positions import Interrupted

        deadline = self._deadline()
        samples: list[dict[Action, float]] = []
        for _ in range(self.samples):
            hidden = deal_hidden(self.rng, table)
            if hidden is None:
                break
            hand = SixtySixHand.from_view(table.view, *hidden)
            search = new_search(from_hand(hand), lambda: time.perf_counter() > deadline)
            try:
                samples.append({search.action(m): float(for_seat(search.value_after(m), table.seat, hand.carry))
                                for m in search.root_moves()})
            except Interrupted:
                break
            if time.perf_counter() > deadline:
                break
        if not samples:
            return None
        best = best_on_average(samples, legal)
        club = Club.decide_at(self, table, legal)
        return club if club in best else best[0]

    def _deadline(self) -> float:
        return time.perf_counter() + self.budget_s

    def _positions(self, table: Table, close_now: bool, count: int):
        """Strict positions for guesses at the opponent's hand (all of the unseen cards once the stock is out)."""
        know = table.knowledge()
        for dealt in sampled_deals(self.rng, know, count, self._deadline()):
            yield self._position(table, dealt[table.opp], close_now)

    def _position(self, table: Table, opp_hand: list[Card], close_now: bool) -> SixtySixPosition:
        seat = table.seat
        hands: list[list[Card]] = [[], []]
        hands[seat] = list(table.mine)
        hands[table.opp] = list(opp_hand)
        closer = table.closer
        at_close = table.view["tricks_at_close"]
        if close_now:
            closer, at_close = seat, (table.won[0], table.won[1])
        lead = table.trick[0] if table.trick else None
        return SixtySixPosition(table.config, table.trump, hands, seat, lead, list(table.points), list(table.won),
                                [table.marriages[0], table.marriages[1]], closer, at_close, table.carry,
                                table.married)

    def _solve_strict(self, table: Table, legal: list[Action]) -> Action:
        know = table.knowledge()
        if table.closer is None:
            # the stock ran out: every unseen card is in the opponent's hand
            pos = self._position(table, know.unseen, False)
            return solve(pos, line=False).best
        samples = [solve(p, line=False).values for p in self._positions(table, False, self.samples)]
        if not samples:
            return super().decide_at(table, legal)
        return best_on_average(samples, legal)[0]

    def should_close(self, table: Table, legal: list[Action]) -> bool:
        """Close when the closed game, solved on guesses at the opponent's hand, wins clearly on average."""
        if not Club.should_close(self, table, legal) and table.counted(table.seat) < 40:
            return False
        samples = []
        for pos in self._positions(table, True, self.samples):
            samples.append(max(solve(pos, line=False).values.values()))
        return bool(samples) and sum(samples) / len(samples) >= 1.0

    def _last_open_trick(self, table: Table, legal: list[Action]) -> Action:
        """The trick before the stock runs out: its winner draws the last face-down card, the loser the trump
        card; every reply and both draws are looked at, then the strict game is solved."""
        know = table.knowledge()
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return super().decide_at(table, legal)
        totals = {a: 0.0 for a in plays}
        count = 0
        for dealt in sampled_deals(self.rng, know, self.samples, self._deadline()):
            opp_hand = dealt[table.opp]
            rest = [c for c in know.unseen if c not in opp_hand]
            if len(rest) != 1:
                break
            face_down = rest[0]
            for a in plays:
                totals[a] += self._after_last_open(table, card_of(a), opp_hand, face_down)
            count += 1
        if not count:
            return super().decide_at(table, legal)
        return max(plays, key=lambda a: totals[a])

    def _after_last_open(self, table: Table, card: Card, opp_hand: list[Card], face_down: Card) -> float:
        """The value for me of playing ``card`` in the last open trick (the opponent replying its best)."""
        me, opp = table.seat, table.opp
        turned = table.trump_card
        assert turned is not None, "the last open trick is played with the trump card still to be drawn"
        if table.trick:
            return self._resolve(table, table.trick[0], card, opp, me, opp_hand, face_down, turned)
        replies = [self._resolve(table, card, r, me, opp, opp_hand, face_down, turned) for r in opp_hand]
        return min(replies)

    def _resolve(self, table: Table, lead: Card, reply: Card, leader: int, follower: int,
                 opp_hand: list[Card], face_down: Card, turned: Card) -> float:
        me, opp = table.seat, table.opp
        trump = table.trump
        winner = follower if _beats(lead, reply, trump) else leader
        hands = {me: [c for c in table.mine if c not in (lead, reply)],
                 opp: [c for c in opp_hand if c not in (lead, reply)]}
        hands[winner].append(face_down)
        hands[1 - winner].append(turned)
        points = list(table.points)
        won = list(table.won)
        points[winner] += POINTS[lead.index] + POINTS[reply.index]
        won[winner] += 1
        marriages = list(table.marriages)
        pos = SixtySixPosition(table.config, trump, [hands[0], hands[1]], winner, None, points, won, marriages,
                               None, None, table.carry, None)
        best = max(solve(pos, line=False).values.values())
        return best if winner == me else -best


PLAYERS = {"beginner": Beginner, "club": Club, "expert": Expert}


# --- hand evaluation while the stock is open --------------------------------------------------------------------

def deal_hidden(rng: random.Random, table: Table) -> tuple[list[Card], list[Card]] | None:
    """One guess at what the seat cannot see: the other hand, dealt consistently with what the seat knows (the
    marriages shown, the turned trump taken for the 9, the voids of strict tricks), and the face-down stock, the
    rest of the unseen cards in a random order. None when no such deal exists."""
    know = table.knowledge()
    dealt = deal_unseen(rng, know)
    if dealt is None:
        return None
    other = dealt[table.opp]
    taken = set(other)
    stock = [c for c in know.unseen if c not in taken]
    rng.shuffle(stock)
    return other, stock


def sampled_hand(view: dict, rng: random.Random) -> Any:
    """The hand as the seat of ``view`` may imagine it: one guess at the other hand and the stock
    (``deal_hidden``), the rest as the seat saw it; None when no guess fits what the seat knows."""
    from atout.sixty_six import SixtySixHand

    hidden = deal_hidden(rng, Table(view))
    return None if hidden is None else SixtySixHand.from_view(view, *hidden)


def play_out(hand: Any, seat: int, players: list[Player]) -> int:
    """The game points ``seat`` wins in ``hand`` (negative: the opponent's): ``players`` play while the stock is
    open, and once it is exhausted or closed the rest is solved exactly (both players perfect)."""
    while not hand.is_over and not hand.is_strict:
        to_act = hand.to_act
        hand.apply(players[to_act].act(hand, to_act))
    if hand.is_over:
        points = hand.result.game_points
        return points[seat] - points[1 - seat]
    solution = solve(hand, line=False)
    return solution.value if solution.seat == seat else -solution.value


def played_out_deals(view: dict, rng: random.Random, budget_s: float | None, level: str,
                     stop: Callable[[], bool] | None = None) -> Callable[[], tuple[int, str, int] | None]:
    """How ``atout.evaluate`` values a Sixty-Six hand: each guess at the other hand and the stock played out by
    computer players of ``level`` while the stock is open, then solved exactly."""
    from atout.players import make_player

    game, seat = view["game"], view["seat"]
    # an expert's decisions (closing, the last open trick) solve deals of their own: a quarter of the budget each
    # (the other levels take no budget)
    player_budget = budget_s / 4 if budget_s is not None else 600.0

    def sample() -> tuple[int, str, int] | None:
        hand = sampled_hand(view, rng)
        if hand is None:
            return None
        players = [make_player(game, level, seed=rng.randrange(1 << 30), budget_s=player_budget) for _ in range(2)]
        points = play_out(hand, seat, players)
        return points, "game points", points          # game points are what the hand is scored in

    return sample
