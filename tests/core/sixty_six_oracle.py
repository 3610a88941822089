"""An independent reading of the Sixty-Six rules (tests/data/rules/sixty-six.md), for checking the engine.

Written from the rules text alone, on card codes ("10S", "KH"), with none of the engine's code or
tables: a plain list order for ranks, a stock whose last card is the turned trump, piles of won
cards counted at the end. It is slow and simple on purpose.
"""

from __future__ import annotations

RANKS = ["A", "10", "K", "Q", "J", "9"]            # 66.rank: highest first, the ten above the king
SUITS = ["C", "D", "H", "S"]
VALUE = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}   # 66.points


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def deck() -> list[str]:
    """66.deck: A 10 K Q J 9 of each suit."""
    return [r + s for s in SUITS for r in RANKS]


def higher(a: str, b: str) -> bool:
    """Whether ``a`` ranks above ``b`` (same suit assumed)."""
    return RANKS.index(rank(a)) < RANKS.index(rank(b))


def trick_winner(lead: str, second: str, trump: str) -> int:
    """66.trick.winner: the higher trump wins; with no trump, the higher card of the suit led."""
    if suit(second) == suit(lead):
        return 1 if higher(second, lead) else 0
    if suit(second) == trump:
        return 1
    return 0


def legal(hand: list[str], lead: str | None, trump: str, phase: str) -> list[str]:
    """66.open.free and 66.strict.follow, in hand order."""
    if lead is None or phase == "open":
        return list(hand)
    same = [c for c in hand if suit(c) == suit(lead)]
    beating = [c for c in same if higher(c, lead)]
    if beating:
        return beating
    if same:
        return same
    trumps = [c for c in hand if suit(c) == trump]
    if trumps:
        return trumps
    return list(hand)


def win_value(loser_points: int, loser_tricks: int) -> int:
    """66.game-points, read as: no trick 3; 32 or fewer 2; 33 or more 1."""
    if loser_tricks < 1:
        return 3
    if loser_points <= 32:
        return 2
    return 1


def declare_points(by: int, points: list[int], tricks: list[int]) -> list[int]:
    """66.declare with 66.game-points and 66.declare.wrong."""
    out = [0, 0]
    opp = 1 - by
    if points[by] >= 66:
        out[by] = win_value(points[opp], tricks[opp])
    else:
        out[opp] = 2 if tricks[opp] > 0 else 3
    return out


def close_failed_points(closer: int, tricks_at_close: list[int]) -> list[int]:
    """66.close.failed."""
    out = [0, 0]
    opp = 1 - closer
    out[opp] = 3 if tricks_at_close[opp] == 0 else 2
    return out


def no_declaration_points(points: list[int], tricks: list[int], last: int, tie_carries: bool = False) -> list[int]:
    """66.no-declaration: a lone player at 66 wins as if declared, else the last trick scores 1 (or, with
    tie_carries, nobody at 65-65)."""
    at66 = [p >= 66 for p in points]
    if at66[0] != at66[1]:
        w = 0 if at66[0] else 1
        out = [0, 0]
        out[w] = win_value(points[1 - w], tricks[1 - w])
        return out
    if tie_carries and not at66[0] and not at66[1]:
        return [0, 0]
    out = [0, 0]
    out[last] = 1
    return out


class OracleHand:
    """A whole hand, driven by the engine's action texts ("play 10S", "draw", "close", "exchange 9H",
    "marriage KH", "declare")."""

    def __init__(self, order: list[str], dealer: int, strict_marriages: bool = False) -> None:
        assert sorted(order) == sorted(deck())
        self.strict_marriages = strict_marriages
        first = 1 - dealer
        self.cards = {first: order[0:3] + order[6:9], dealer: order[3:6] + order[9:12]}   # 66.deal
        self.trump = suit(order[12])
        self.stock = order[13:] + [order[12]]     # the turned trump lies under, the stock's last card
        self.closer: int | None = None
        self.tricks_when_closed: list[int] | None = None
        self.piles: dict[int, list[str]] = {0: [], 1: []}
        self.tricks = [0, 0]
        self.melds = [0, 0]
        self.turn = first                          # 66.open.lead
        self.table: list[str] = []
        self.leader = first
        self.must_draw = False
        self.did: list[str] = []                   # what the leader did before leading, in order
        self.meld_suit: str | None = None
        self.bonus: int | None = None
        self.game_points: list[int] | None = None

    # -- state ---------------------------------------------------------------------------------

    def strict(self) -> bool:
        return self.closer is not None or not self.stock

    def stock_has_face_down(self) -> bool:
        return self.closer is None and len(self.stock) >= 2

    def counted(self, p: int) -> int:
        total = sum(VALUE[rank(c)] for c in self.piles[p])
        if self.tricks[p] > 0:
            total += self.melds[p]
        if self.bonus == p:
            total += 10
        return total

    def legal_actions(self) -> set[str]:
        if self.game_points is not None:
            return set()
        p = self.turn
        mine = self.cards[p]
        if self.table:
            return {"play " + c for c in legal(mine, self.table[0], self.trump, "strict" if self.strict() else "open")}
        if self.must_draw:
            return {"close", "draw"}
        acts: set[str] = set()
        # On lead the steps come in a fixed order: exchange, close, marriage, declare, lead.
        if self.stock_has_face_down():
            nine = "9" + self.trump
            if self.tricks[p] > 0 and nine in mine and not self.did:
                acts.add("exchange " + nine)
            if set(self.did) <= {"exchange"}:
                acts.add("close")
        if "marriage" not in self.did:
            if not self.strict() or self.strict_marriages:
                for s in SUITS:
                    if "K" + s in mine and "Q" + s in mine:
                        acts.add("marriage K" + s)
            if self.tricks[p] > 0:
                acts.add("declare")
            acts |= {"play " + c for c in mine}
        else:
            acts.add("declare")
            acts |= {"play " + c for c in mine if c in ("K" + self.meld_suit, "Q" + self.meld_suit)}
        return acts

    # -- actions -------------------------------------------------------------------------------

    def apply(self, action: str) -> None:
        assert action in self.legal_actions(), (action, self.legal_actions())
        words = action.split()
        p = self.turn
        if words[0] == "draw":
            self.cards[p].append(self.stock.pop(0))          # 66.draw: the winner first
            self.cards[1 - p].append(self.stock.pop(0))      # the loser; the last time, the turned trump
            self.must_draw = False
        elif words[0] == "close":
            self.closer = p
            self.tricks_when_closed = list(self.tricks)
            self.must_draw = False
            self.did.append("close")
        elif words[0] == "exchange":
            self.cards[p].remove(words[1])
            self.cards[p].append(self.stock[-1])
            self.stock[-1] = words[1]
            self.did.append("exchange")
        elif words[0] == "marriage":
            s = suit(words[1])
            self.melds[p] += 40 if s == self.trump else 20
            self.meld_suit = s
            self.did.append("marriage")
        elif words[0] == "declare":
            self._end_declared(p)
        else:
            self._play(p, words[1])

    def _play(self, p: int, card: str) -> None:
        self.cards[p].remove(card)
        self.table.append(card)
        if len(self.table) == 1:
            self.leader = p
            self.turn = 1 - p
            return
        w = self.leader if trick_winner(self.table[0], self.table[1], self.trump) == 0 else p
        self.piles[w] += self.table
        self.tricks[w] += 1
        self.table = []
        self.did = []
        self.meld_suit = None
        self.turn = w
        if self.cards[0] or self.cards[1]:
            if not self.strict():
                self.must_draw = True
            return
        if self.closer is None:
            self.bonus = w                                     # 66.last-trick
            points = [self.counted(0), self.counted(1)]
            self.game_points = no_declaration_points(points, self.tricks, w)
        elif self.counted(w) >= 66:
            self._end_declared(w)
        else:
            self.game_points = close_failed_points(self.closer, self.tricks_when_closed)

    def _end_declared(self, p: int) -> None:
        points = [self.counted(0), self.counted(1)]
        if self.closer is None:
            self.game_points = declare_points(p, points, self.tricks)
        elif self.closer == p:
            if points[p] >= 66:
                self.game_points = declare_points(p, points, self.tricks)
            else:
                self.game_points = close_failed_points(p, self.tricks_when_closed)
        elif points[p] >= 66:
            self.game_points = close_failed_points(self.closer, self.tricks_when_closed)
        else:
            self.game_points = declare_points(p, points, self.tricks)

    def all_cards(self) -> list[str]:
        return self.cards[0] + self.cards[1] + self.stock + self.piles[0] + self.piles[1] + self.table
