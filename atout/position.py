"""A whole position as readable text: the game, its options, the dealer, the cards as dealt, and the
actions since. It round-trips, so a what-if position can be copied, pasted, edited and shared.

>>> from atout.games import family
>>> hand = family("forty-fives").new_hand("forty-fives", seed=5, players=3)
>>> _ = hand.apply(hand.legal_actions()[0])
>>> text = position_text(hand)
>>> print(text)  # doctest: +ELLIPSIS
game: forty-fives
options: players=3
dealer: 0
seat 0: ...
seat 1: ...
seat 2: ...
turn-up: ...
actions: ...
>>> again = hand_from_text(text)
>>> again.hands == hand.hands and again.history[1:] == hand.history[1:]
True

Hands are written as dealt; ``stock`` (the undealt cards, in order) is optional: left out, the
undealt cards lie in the deck's own order.

A position can also be built place by place (the What-if page's editor): ``deal_layout`` says which
places a deal fills and with how many cards, and ``contract_actions`` writes the auction that gives a
seat a contract.

>>> layout = deal_layout("five-hundred")
>>> layout.places["seat 0"], layout.places["kitty"], len(layout.deck), layout.calls[:3], layout.names_trump
(10, 3, 43, ('6S', '6C', '6D'), False)
>>> [str(a) for a in contract_actions(Position("five-hundred", dealer=0), bidder=2, call="7H")]
['bid pass', 'bid 7H', 'bid pass', 'bid pass']
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from atout.cards import Card, Suit
from atout.engine import Action, Phase
from atout.errors import AtoutError, DuplicateCardError, NotationError
from atout.games import FAMILIES, family
from atout.i18n import N_, Person, Text

PILES = ("kitty", "turn-up", "stock")
PILE_NAMES = {"kitty": N_("the kitty"), "turn-up": N_("the turned-up card"), "stock": N_("the stock")}


@dataclass
class Position:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    dealer: int = 0
    hands: dict[int, list[Card]] = field(default_factory=dict)
    piles: dict[str, list[Card]] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)


def position_of(hand: Any) -> Position:
    """The position of a hand of any game: its deal, read back from the packets, and its actions."""
    hands: dict[int, list[Card]] = {}
    piles: dict[str, list[Card]] = {}
    placed = 0
    for kind, seat, cards in hand.deal_packets():
        if kind == "hand":
            hands.setdefault(seat, []).extend(cards)
        else:
            piles.setdefault(kind, []).extend(cards)
        placed += len(cards)
    rest = list(hand.deck_order[placed:])
    config = hand.config
    if rest and _draws_from_undealt(config):
        piles["stock"] = rest
    defaults = family(config.game).make_config(config.game).options()
    options = {k: v for k, v in config.options().items() if defaults.get(k) != v or k == "players"}
    if "players" in options and "players" not in defaults:
        options.pop("players")
    return Position(config.game, options, hand.dealer, dict(sorted(hands.items())), piles, list(hand.history[1:]))


def _draws_from_undealt(config: Any) -> bool:
    """Whether play draws from the cards the deal leaves undealt (Auction Forty-Fives), so their order matters."""
    return bool(getattr(config, "auction", False))


def _value(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def format_position(position: Position) -> str:
    """The position as text, one ``key: value`` line each."""
    lines = [f"game: {position.game}"]
    if position.options:
        lines.append("options: " + " ".join(f"{k}={_value(v)}" for k, v in position.options.items()))
    lines.append(f"dealer: {position.dealer}")
    for seat, cards in position.hands.items():
        lines.append(f"seat {seat}: " + " ".join(c.code for c in cards))
    for pile in PILES:
        if pile in position.piles:
            lines.append(f"{pile}: " + " ".join(c.code for c in position.piles[pile]))
    if position.actions:
        lines.append("actions: " + ", ".join(str(a) for a in position.actions))
    return "\n".join(lines)


def position_text(hand: Any) -> str:
    return format_position(position_of(hand))


def _option(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_position(text: str) -> Position:
    """Read a position; a malformed line is refused naming the line and what is allowed."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError(Text("a position is text with one 'key: value' per line, starting with 'game: …'"))
    fields: dict[str, str] = {}
    hands: dict[int, list[Card]] = {}
    for number, raw in enumerate(text.strip().splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep:
            raise NotationError(Text("line {n} ({line}) has no colon: write 'key: value'", n=number,
                                     line=repr(line)))
        try:
            if key.startswith("seat "):
                seat = int(key[5:])
                hands[seat] = [Card.parse(c) for c in value.replace(",", " ").split()]
                continue
        except ValueError as exc:
            if isinstance(exc, AtoutError):
                raise NotationError(Text("line {n}: {why}", n=number, why=exc.message)) from None
            raise NotationError(Text("line {n}: a seat is a number, as in 'seat 0: 5H JH AD 2C 3S'",
                                     n=number)) from None
        if key not in ("game", "options", "dealer", "actions", *PILES):
            raise NotationError(Text("line {n}: unknown key {key}: the keys are game, options, dealer, seat N, "
                                     "kitty, turn-up, stock and actions", n=number, key=repr(key)))
        fields[key] = value
    game = fields.get("game", "")
    if game not in FAMILIES:
        raise NotationError(Text("a position starts with the game, one of {games}; got {game}",
                                 games=", ".join(FAMILIES), game=repr(game)))
    options = {}
    for item in fields.get("options", "").split():
        name, eq, value = item.partition("=")
        if not eq:
            raise NotationError(Text("options are written name=value, as in players=4; got {item}", item=repr(item)))
        options[name] = _option(value)
    try:
        dealer = int(fields.get("dealer", "0"))
        piles = {p: [Card.parse(c) for c in fields[p].split()] for p in PILES if p in fields}
        actions = [Action.parse(a.strip()) for a in fields.get("actions", "").split(",") if a.strip()]
    except AtoutError as exc:
        raise NotationError(exc.message) from None
    except ValueError:
        raise NotationError(Text("the dealer is a seat number, as in 'dealer: 0'")) from None
    return Position(game, options, dealer, dict(sorted(hands.items())), piles, actions)


def _probe(position: Position) -> Any:
    """A hand of the position's game, options and dealer, dealt from some shuffle: its shape, not its cards."""
    return family(position.game).new_hand(position.game, seed=0, dealer=position.dealer, **position.options)


def hand_from_position(position: Position) -> Any:
    """The hand of a position: its deal rebuilt from the hands and piles, then its actions applied."""
    probe = _probe(position)
    deck = sorted(probe.deck_order, key=lambda c: c.index)
    members = set(deck)
    given = [c for cards in position.hands.values() for c in cards] + [c for p in position.piles.values() for c in p]
    seen: set[Card] = set()
    for card in given:
        if card not in members:
            raise NotationError(Text("{card} is not in the deck of {game}", card=card.code, game=position.game))
        if card in seen:
            raise DuplicateCardError(Text("{card} appears twice in the position; each card exists once",
                                          card=card.code))
        seen.add(card)
    wanted = {("hand", s): list(cards) for s, cards in position.hands.items()}
    wanted.update({(p, None): list(cards) for p, cards in position.piles.items()})
    order: list[Card] = []
    for kind, seat, cards in probe.deal_packets():
        source = wanted.get((kind, seat))
        if kind == "stock" and source is None:
            break      # not given: the undealt cards lie in the deck's own order
        if source is None or len(source) < len(cards):
            where = Text("seat {n}", n=seat) if kind == "hand" else Text(PILE_NAMES.get(kind, kind))
            have = len(position.hands.get(seat, [])) if kind == "hand" else len(position.piles.get(kind, []))
            need = sum(len(c) for k, s, c in probe.deal_packets() if (k, s) == (kind, seat))
            raise NotationError(Text("{where} is dealt {need} cards; the position gives {have}", where=where,
                                     need=need, have=have))
        order.extend(source[:len(cards)])
        del source[:len(cards)]
    order += wanted.pop(("stock", None), [])          # a stock the deal does not lay out (Auction 45's draw)
    extra = [c for cards in wanted.values() for c in cards]
    if extra:
        raise NotationError(Text("too many cards: {cards} are not dealt in {game}", cards=[c.code for c in extra],
                                 game=position.game))
    placed = set(order)
    order += [c for c in deck if c not in placed]
    hand = type(probe).replay(probe.config, [Action("deal", None, tuple(order))], position.dealer)
    for i, action in enumerate(position.actions, start=1):
        try:
            hand.apply(action)
        except AtoutError as exc:
            raise NotationError(Text("action {i} ({action}) cannot be played: {why}", i=i, action=str(action),
                                     why=exc.message)) from None
    return hand


def hand_from_text(text: str) -> Any:
    return hand_from_position(parse_position(text))


def place_name(place: str) -> Text:
    """A place of a position as a reader names it: 'Player 3' (seats counted from 1), 'the kitty'."""
    if place.startswith("seat "):
        return Text("{seat}", seat=Person(int(place[5:])))
    return Text(PILE_NAMES.get(place, place))


@dataclass(frozen=True)
class DealLayout:
    """Where a game's deal puts the cards, for building a position place by place.

    ``places`` maps each place, named as in the position text (``seat 0``, ``kitty``, ``turn-up``,
    ``stock``), to how many cards the deal gives it; ``optional`` are places a position may leave out
    (the undealt cards then lie in the deck's order). ``calls`` are the contracts a seat may win the
    auction with (empty without an auction); ``names_trump`` says whether the winner then names trumps.
    """

    game: str
    deck: tuple[Card, ...]
    places: dict[str, int]
    optional: tuple[str, ...]
    calls: tuple[str, ...]
    names_trump: bool


def deal_layout(game: str, options: dict[str, Any] | None = None, dealer: int = 0) -> DealLayout:
    """The layout of a deal of ``game`` with ``options``, read from core's own deal (nothing assumed here)."""
    position = Position(game, dict(options or {}), dealer)
    probe = _probe(position)
    places: dict[str, int] = {}
    for kind, seat, cards in sorted(probe.deal_packets(), key=lambda p: (p[0] != "hand", p[1] or 0)):
        key = f"seat {seat}" if kind == "hand" else kind
        places[key] = places.get(key, 0) + len(cards)
    optional: tuple[str, ...] = ()
    undealt = len(probe.deck_order) - sum(places.values())
    if undealt and "stock" not in places and _draws_from_undealt(probe.config):
        places["stock"] = undealt
        optional = ("stock",)
    places = {p: places[p] for p in sorted(places, key=_place_order)}
    calls: tuple[str, ...] = ()
    names_trump = False
    if probe.phase is Phase.BID:
        calls = tuple(a.value for a in probe.legal_actions() if a.value != "pass")
        first = probe.to_act
        names_trump = _auction(probe, first, calls[0]).phase is Phase.TRUMP
    return DealLayout(game, tuple(sorted(probe.deck_order, key=lambda c: c.index)), places, optional, calls,
                      names_trump)


def _place_order(place: str) -> tuple[int, int]:
    if place.startswith("seat "):
        return (0, int(place[5:]))
    return (1, PILES.index(place) if place in PILES else len(PILES))


def _auction(hand: Any, bidder: int, call: str, actions: list[Action] | None = None) -> Any:
    """Bring ``hand`` through its auction with ``bidder`` calling ``call`` and every other seat passing;
    an auction the rules do not allow raises core's ``IllegalActionError`` (the dealer may not open, say)."""
    done = actions if actions is not None else []
    while hand.phase is Phase.BID:
        action = Action("bid", None, call if hand.to_act == bidder else "pass")
        if hand.to_act == bidder and any(a.kind == "bid" and a.value == call for a in done):
            break          # the bidder's call stands and the others are done: nothing more to call
        hand.apply(action)
        done.append(action)
    return hand


def contract_actions(position: Position, bidder: int, call: str, trump: Suit | str | None = None) -> list[Action]:
    """The actions that give ``bidder`` the contract ``call``: the auction, every other seat passing, then
    (where the contractor names trumps) ``trump``. Calls do not depend on the cards, so the position's deal
    may still be incomplete. A contract the rules refuse raises core's reason and the position is unchanged.
    """
    hand = _probe(position)
    if hand.phase is not Phase.BID:
        raise NotationError(Text("{game} has no auction: the deal alone sets the hand", game=position.game))
    actions: list[Action] = []
    _auction(hand, bidder, Action.parse(f"bid {call}").value, actions)
    if hand.phase is Phase.BID:
        raise NotationError(Text("{seat} cannot win the auction with {call}: the auction goes on",
                                 seat=Text("Seat {n}", n=bidder), call=call))
    if trump is not None:
        action = Action("trump", None, trump if isinstance(trump, Suit) else Suit.parse(trump))
        hand.apply(action)
        actions.append(action)
    return actions
