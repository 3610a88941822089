"""A whole position as readable text: the game, its options, the dealer, the cards as dealt, and the
actions since. It round-trips, so a what-if position can be copied, pasted, edited and shared.

>>> from atout.games import package_of
>>> hand = package_of("forty-fives").new_hand("forty-fives", seed=5, players=3)
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

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from atout.cards import Card, Suit, read_card, read_suit
from atout.engine import Action, Ending, Phase, call_written
from atout.errors import AtoutError, DuplicateCardError, NotationError, quote
from atout.games import GAMES, package_of
from atout.i18n import N_, Person, Series, Text

PILES = ("kitty", "turn-up", "stock")
PILE_NAMES = {"kitty": N_("the kitty"), "turn-up": N_("the turned-up card"), "stock": N_("the stock")}


@dataclass
class Position:
    """A position: a whole deal (``hands`` as dealt, ``piles``) and the ``actions`` since; or an ``ending`` (the
    hands as they stand, what the ending says besides in an ``atout.engine.Ending`` whose own ``hands`` are left
    empty) and the actions since the ending."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    dealer: int = 0
    hands: dict[int, list[Card]] = field(default_factory=dict)
    piles: dict[str, list[Card]] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    ending: Ending | None = None


# The keys of an ending, in the order they are written (``seat N`` lines come after ``trump``).
ENDING_KEYS = ("contract", "trump", "trick", "won", "best", "points", "marriages", "closed")


def position_of(hand: Any) -> Position:
    """The position of a hand of any game: its deal, read back from the packets (or the ending it was taken up
    at), and its actions."""
    config = hand.config
    defaults = package_of(config.game).make_config(config.game).options()
    options = {k: v for k, v in config.options().items() if defaults.get(k) != v or k == "players"}
    if "players" in options and "players" not in defaults:
        options.pop("players")
    if hand.history and hand.history[0].kind == "ending":
        ending = hand.history[0].value
        hands: dict[int, list[Card]] = {s: list(cards) for s, cards in enumerate(ending.hands)}
        return Position(config.game, options, hand.dealer, hands, {}, list(hand.history[1:]),
                        ending._replace(hands=()))
    hands = {}
    piles: dict[str, list[Card]] = {}
    placed = 0
    for kind, seat, cards in hand.deal_packets():
        if kind == "hand":
            hands.setdefault(seat, []).extend(cards)
        else:
            piles.setdefault(kind, []).extend(cards)
        placed += len(cards)
    rest = list(hand.deck_order[placed:])
    if rest and _draws_from_undealt(config):
        piles["stock"] = rest
    return Position(config.game, options, hand.dealer, dict(sorted(hands.items())), piles, list(hand.history[1:]))


def _draws_from_undealt(config: Any) -> bool:
    """Whether play draws from the cards the deal leaves undealt (Auction Forty-Fives), so their order matters."""
    return bool(getattr(config, "auction", False))


def _value(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def format_position(position: Position, lang: str | None = None) -> str:
    """The position as text, one ``key: value`` line each: in the canonical notation of files ("AC", "trump: H"), or
    with ``lang`` its cards and suits as the page shows them to a reader of ``lang`` ("A♣", « D♠ », "trump: ♥"), which
    ``parse_position(text, lang)`` reads back."""
    def card(c: Card) -> str:
        return c.code if lang is None else c.render(lang)

    lines = [f"game: {position.game}"]
    if position.options:
        lines.append("options: " + " ".join(f"{k}={_value(v)}" for k, v in position.options.items()))
    lines.append(f"dealer: {position.dealer}")
    ending = position.ending
    if ending is not None:
        if ending.contract is not None:
            lines.append(f"contract: {ending.contract[0]} {call_written(ending.contract[1], lang)}")
        if ending.trump is not None:
            lines.append(f"trump: {ending.trump.letter if lang is None else ending.trump.symbol}")
    for seat, cards in position.hands.items():
        lines.append(f"seat {seat}: " + " ".join(card(c) for c in cards))
    if ending is not None:
        lines.append("trick: " + " ".join([str(ending.leader), *(card(c) for c in ending.trick)]))
        if ending.won:
            lines.append("won: " + " ".join(map(str, ending.won)))
        if ending.best is not None:
            lines.append(f"best: {ending.best[0]} {card(ending.best[1])}")
        for key, values in (("points", ending.points), ("marriages", ending.marriages), ("closed", ending.closed)):
            if values is not None:
                lines.append(f"{key}: " + " ".join(map(str, values)))
    for pile in PILES:
        if pile in position.piles:
            lines.append(f"{pile}: " + " ".join(card(c) for c in position.piles[pile]))
    if position.actions:
        lines.append("actions: " + ", ".join(a.written(lang) for a in position.actions))
    return "\n".join(lines)


def position_text(hand: Any, lang: str | None = None) -> str:
    """The hand's position as text (``format_position``): canonical, or as a reader of ``lang`` reads cards."""
    return format_position(position_of(hand), lang)


MAX_POSITION_CHARS = 10_000   # a whole hand of Five Hundred with every action written takes under 1,000
MAX_DIGITS = 18


def _option(name: str, text: str) -> Any:
    """An option's value as written after ``name=``: a whole number, true or false, or a word."""
    if text[:1] in ("[", "{"):
        raise NotationError(Text("option {name}: a value is a number, a word or true or false, as in players=4, "
                                 "not {value}", name=quote(name), value=quote(text)))
    digits = text.lstrip("-")
    if digits.isdigit() and len(digits) > MAX_DIGITS:
        raise NotationError(Text("option {name}: a number has at most {n} digits; this one has {size}",
                                 name=quote(name), n=MAX_DIGITS, size=len(digits)))
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text


def parse_position(text: str, lang: str | None = None) -> Position:
    """Read a position; a malformed line is refused naming the line and what is allowed, and so is a key given
    twice (a second ``turn-up:`` line does not replace the first). Its cards and suits are read in the canonical
    notation, or with ``lang`` as a reader of ``lang`` types them (``read_card``: « RC » is the king of hearts in
    French, and « AC » is refused as A♥ or A♣); the short form of addresses is always canonical."""
    card: Callable[[object], Card] = Card.parse if lang is None else partial(read_card, lang=lang)
    if not isinstance(text, str) or not text.strip():
        raise NotationError(Text("a position is text with one 'key: value' per line, starting with 'game: …'"))
    if len(text) > MAX_POSITION_CHARS:
        raise NotationError(Text("a position has at most {n} characters; this one has {size}", n=MAX_POSITION_CHARS,
                                 size=len(text)))
    if ":" not in text and "\n" not in text.strip():
        return parse_compact(text)
    fields: dict[str, str] = {}
    hands: dict[int, list[Card]] = {}
    given: dict[str, int] = {}      # each key, by the line it was given on
    for number, raw in enumerate(text.strip().splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep:
            raise NotationError(Text("line {n} ({line}) has no colon: write 'key: value'", n=number,
                                     line=quote(line)))
        try:
            if key.startswith("seat "):
                seat = int(key[5:])
                key = f"seat {seat}"
        except ValueError:
            raise NotationError(Text("line {n}: a seat is a number, as in 'seat 0: 5H JH AD 2C 3S'",
                                     n=number)) from None
        if not key.startswith("seat ") and key not in ("game", "options", "dealer", "actions", *PILES, *ENDING_KEYS):
            raise NotationError(Text("line {n}: unknown key {key}: the keys are game, options, dealer, seat N, "
                                     "kitty, turn-up, stock and actions, and for an ending contract, trump, "
                                     "trick, won, best, points, marriages and closed", n=number, key=quote(key)))
        if key in given:
            raise NotationError(Text("line {n}: {key} is given twice (first on line {first}): write each key once",
                                     n=number, key=quote(key), first=given[key]))
        given[key] = number
        if key.startswith("seat "):
            try:
                hands[seat] = [card(c) for c in value.replace(",", " ").split()]
            except AtoutError as exc:
                raise NotationError(Text("line {n}: {why}", n=number, why=exc.message)) from None
            continue
        fields[key] = value
    game = fields.get("game", "")
    if game not in GAMES:
        raise NotationError(Text("a position starts with the game, one of {games}; got {game}",
                                 games=Series(GAMES), game=quote(game)))
    options = {}
    for item in fields.get("options", "").split():
        name, eq, value = item.partition("=")
        if not eq:
            raise NotationError(Text("options are written name=value, as in players=4; got {item}", item=quote(item)))
        if name in options:
            raise NotationError(Text("option {name} is given twice: write each option once", name=quote(name)))
        options[name] = _option(name, value)
    try:
        dealer = int(fields.get("dealer", "0"))
        piles = {p: [card(c) for c in fields[p].split()] for p in PILES if p in fields}
        actions = [Action.parse(a.strip(), lang) for a in fields.get("actions", "").split(",") if a.strip()]
    except AtoutError as exc:
        raise NotationError(exc.message) from None
    except ValueError:
        raise NotationError(Text("the dealer is a seat number, as in 'dealer: 0'")) from None
    ending = _ending_fields(fields, lang)
    if ending is not None and piles:
        raise NotationError(Text("an ending gives only the cards each player still holds: leave out {piles}",
                                 piles=Series(piles)))
    return Position(game, options, dealer, dict(sorted(hands.items())), piles, actions, ending)


def _numbers(key: str, value: str) -> tuple[int, ...]:
    try:
        return tuple(int(v) for v in value.replace(",", " ").split())
    except ValueError:
        raise NotationError(Text("{key} takes whole numbers, one per seat, as in '{key}: 2 1 0 1'; got {value}",
                                 key=key, value=quote(value))) from None


def _ending_fields(fields: dict[str, str], lang: str | None = None) -> Ending | None:
    """The ending a position's keys describe, or None for a whole deal (no ending key); cards read as
    ``parse_position`` reads them."""
    card: Callable[[object], Card] = Card.parse if lang is None else partial(read_card, lang=lang)
    if not any(key in fields for key in ENDING_KEYS):
        return None
    if "trick" not in fields:
        raise NotationError(Text("an ending says who leads the trick on the table, as in 'trick: 2', then the cards "
                                 "already played to it, as in 'trick: 2 QS 5S'"))
    try:
        words = fields["trick"].split()
        leader = int(words[0]) if words else None
        trick = tuple(card(c) for c in words[1:])
        trump = (Suit.parse(fields["trump"]) if lang is None else read_suit(fields["trump"], lang)) \
            if "trump" in fields else None
        contract = None
        if "contract" in fields:
            seat, _sep, call = fields["contract"].strip().partition(" ")
            contract = (int(seat), Action.parse(f"bid {call.strip()}", lang).value)
        best = None
        if "best" in fields:
            seat, _sep, written = fields["best"].strip().partition(" ")
            best = (int(seat), card(written))
    except AtoutError as exc:
        raise NotationError(exc.message) from None
    except ValueError:
        raise NotationError(Text("trick, contract and best start with a seat number, as in 'trick: 2 QS', "
                                 "'contract: 1 7H' and 'best: 0 JH'")) from None
    if leader is None:
        raise NotationError(Text("trick starts with the seat that led it, as in 'trick: 2'"))
    optional = {k: _numbers(k, fields[k]) if k in fields else None for k in ("points", "marriages", "closed")}
    won = _numbers("won", fields["won"]) if "won" in fields else ()
    return Ending((), leader, trick, won, trump, contract, best, **optional)


def _probe(position: Position) -> Any:
    """A hand of the position's game, options and dealer, dealt from some shuffle: its shape, not its cards."""
    return package_of(position.game).new_hand(position.game, seed=0, dealer=position.dealer, **position.options)


def hand_from_position(position: Position) -> Any:
    """The hand of a position: its deal rebuilt from the hands and piles (or its ending), then its actions
    applied."""
    probe = _probe(position)
    if position.ending is not None:
        n = len(probe.hands)
        extra = [s for s in position.hands if not 0 <= s < n]
        if extra:
            raise NotationError(Text("seat {seat} is not at this table: the seats are 0 to {last}", seat=extra[0],
                                     last=n - 1))
        ending = position.ending._replace(hands=tuple(tuple(position.hands.get(s, ())) for s in range(n)))
        hand = type(probe).replay(probe.config, [Action("ending", None, ending)], position.dealer)
        return _apply_actions(hand, position.actions)
    deck = sorted(probe.deck_order, key=lambda c: c.index)
    members = set(deck)
    given = [c for cards in position.hands.values() for c in cards] + [c for p in position.piles.values() for c in p]
    seen: set[Card] = set()
    for card in given:
        if card not in members:
            raise NotationError(Text("{card} is not in the deck of {game}", card=card, game=position.game))
        if card in seen:
            raise DuplicateCardError(Text("{card} appears twice in the position; each card exists once",
                                          card=card))
        seen.add(card)
    wanted: dict[tuple[str, int | None], list[Card]] = {("hand", s): list(cards) for s, cards in position.hands.items()}
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
    left_over = [c for cards in wanted.values() for c in cards]
    if left_over:
        raise NotationError(Text("too many cards: {cards} are not dealt in {game}", cards=[c.code for c in left_over],
                                 game=position.game))
    placed = set(order)
    order += [c for c in deck if c not in placed]
    hand = type(probe).replay(probe.config, [Action("deal", None, tuple(order))], position.dealer)
    return _apply_actions(hand, position.actions)


def _apply_actions(hand: Any, actions: list[Action]) -> Any:
    for i, action in enumerate(actions, start=1):
        try:
            hand.apply(action)
        except AtoutError as exc:
            raise NotationError(Text("action {i} ({action}) cannot be played: {why}", i=i, action=str(action),
                                     why=exc.message)) from None
    return hand


def hand_from_text(text: str, lang: str | None = None) -> Any:
    """The hand a position's text describes (``parse_position``: canonical, or in the letters of ``lang``)."""
    return hand_from_position(parse_position(text, lang))


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
    names_trump = False
    # An auction's calls are its bids: a game whose first round is no auction (a turned card ordered up or passed)
    # has none to offer.
    calls = tuple(a.value for a in probe.legal_actions() if a.kind == "bid" and a.value != "pass")
    if probe.phase is Phase.BID and calls:
        names_trump = _auction(probe, probe.to_act, calls[0]).phase is Phase.TRUMP
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
                                 seat=Person(bidder), call=call))
    if trump is not None:
        action = Action("trump", None, trump if isinstance(trump, Suit) else Suit.parse(trump))
        hand.apply(action)
        actions.append(action)
    return actions


# --- the short form: a whole position on one line, for an address -----------------------------------------------

GAME_CODES = {g.id: g.position_code for g in GAMES.values()}
GAMES_BY_CODE = {code: game for game, code in GAME_CODES.items()}
RANKS = "AKQJT98765432"                 # a hand's ranks, highest first; T is the ten
SUIT_GROUPS = "SHDC"
JOKER_MARK = "*"
# Action kinds as one letter (a card played has none: it starts with its rank); calls as a letter or as written.
KIND_CODES = {"bid": "b", "discard": "d", "rob": "r", "keep": "k", "trump": "t", "kitty": "y", "done": "n",
              "draw": "w", "close": "c", "exchange": "x", "marriage": "m", "declare": "e"}


@functools.cache
def kind_codes() -> Mapping[str, str]:
    """The short form's letter for each action kind: core's (``KIND_CODES``) and those the registered families
    declare for their own kinds (their vocabulary's ``SHORT_CODES``, ``atout.vocabulary.gather_short_codes``)."""
    from atout.games import FAMILY_LIST
    from atout.vocabulary import gather_short_codes

    return gather_short_codes(FAMILY_LIST, KIND_CODES)


@functools.cache
def kinds_by_code() -> Mapping[str, str]:
    return {code: kind for kind, code in kind_codes().items()}
CALL_CODES = {"pass": "p", "hold": "h", "misere": "m", "open-misere": "o"}
CALLS_BY_CODE = {code: call for call, code in CALL_CODES.items()}
SECTION_KEYS = {"kitty": "k", "turn-up": "u", "stock": "s", "actions": "a", "contract": "c", "trump": "t",
                "trick": "l", "won": "w", "best": "b", "points": "p", "marriages": "m", "closed": "x"}
SECTIONS_BY_KEY = {key: name for name, key in SECTION_KEYS.items()}


def _card_code(card: Card) -> str:
    """A card in two characters: rank then suit, T for ten (JK for the joker)."""
    return card.code.replace("10", "T")


def _cards_in_order(cards: list[Card] | tuple[Card, ...]) -> str:
    return "".join(_card_code(c) for c in cards)


def _read_in_order(text: str) -> list[Card]:
    if len(text) % 2:
        raise NotationError(Text("{text} is not a list of cards: each card is two characters, as in KC or TH",
                                 text=quote(text)))
    return [Card.parse(text[i:i + 2]) for i in range(0, len(text), 2)]


def _holding(cards: list[Card]) -> str:
    """A hand suit by suit, as bridge's PBN writes one: the joker (*), then S, H, D, C each with its ranks."""
    out = JOKER_MARK if any(c.suit is None for c in cards) else ""
    for letter in SUIT_GROUPS:
        ranks = sorted((_card_code(c)[0] for c in cards if c.suit is not None and c.suit.letter == letter),
                       key=RANKS.index)
        if ranks:
            out += letter + "".join(ranks)
    return out


def _read_holding(text: str) -> list[Card]:
    cards: list[Card] = []
    suit = None
    for char in text:
        if char == JOKER_MARK:
            cards.append(Card.parse("JK"))
        elif char in SUIT_GROUPS:
            suit = char
        elif suit is not None and char in RANKS:
            cards.append(Card.parse(char + suit))
        else:
            raise NotationError(Text("{text} is not a hand: write each suit's letter (S, H, D, C) then its ranks, "
                                     "as in SAKTH93, with * for the joker", text=quote(text)))
    return cards


def _action_token(action: Action) -> str:
    codes = kind_codes()
    code = codes.get(action.kind, "")
    if action.kind == "bid":
        call = str(action.value)
        return code + CALL_CODES.get(call, call.replace("-", "_"))
    if action.kind not in codes and action.kind != "play":
        raise NotationError(Text("{action} has no short form", action=str(action)))
    out = code
    if action.card is not None:
        out += _card_code(action.card)
    if action.value is not None:
        out += action.value.letter if isinstance(action.value, Suit) else str(action.value)
    return out


def _read_action(token: str) -> Action:
    if not token:
        raise NotationError(Text("an empty action in the short form: actions are separated by one '-'"))
    kind = kinds_by_code().get(token[0], "play" if not token[0].islower() else None)
    if kind is None:
        raise NotationError(Text("{token} is not an action of the short form", token=quote(token)))
    rest = token if kind == "play" else token[1:]
    if kind == "bid":
        return Action.parse("bid " + CALLS_BY_CODE.get(rest, rest.replace("_", "-")))
    if kind == "trump":
        return Action.parse(f"trump {rest}")
    words = [kind]
    if rest:
        words.append(rest[:2])
        if rest[2:]:
            words.append(rest[2:])
    return Action.parse(" ".join(words))


def format_compact(position: Position) -> str:
    """The position on one line (the short form), for a page's address; ``parse_compact`` reads it back.

    The game's code (``45``, ``45p``, ``a45``, ``500``, ``66``) with any options (``*players-3``), the dealer, the
    hands (seat 0 first, separated by ``-``, each suit by suit as bridge writes a deal: ``SKT5HTDAJ96C76``, ``*``
    the joker), then sections each named by a letter: ``k`` kitty, ``u`` turn-up, ``s`` stock (in order, two
    characters a card), ``a`` the actions (``b7H`` a bid, ``bp`` a pass, ``dJS`` a discard, ``KC`` a card
    played, ``JKH`` the joker led naming hearts); an ending's ``c`` contract, ``t`` trump, ``l`` trick (the leader,
    then its cards), ``w`` won, ``b`` best, ``p`` points, ``m`` marriages, ``x`` closed. Only letters, digits and
    ``. - * _``: nothing an address must escape.

    >>> from atout.games import package_of
    >>> hand = package_of("five-hundred").new_hand("five-hundred", seed=3)
    >>> for action in ("bid 7H", "bid pass", "bid pass", "bid pass"):
    ...     _ = hand.apply(action)
    >>> short = format_compact(position_of(hand))
    >>> short
    '500.0.SK85H7DT9CKQ85-*S76HK98DA7C97-SAQHJDK865CAJT-SJTHAQT65DJ4C6.kS9H4DQ.ab7H-bp-bp-bp'
    >>> len(short), len(format_position(position_of(hand)))
    (87, 265)
    >>> again = hand_from_position(parse_compact(short))
    >>> [set(h) for h in again.hands] == [set(h) for h in hand.hands], again.history[1:] == hand.history[1:]
    (True, True)
    >>> format_compact(parse_compact(short)) == short
    True
    """
    game = GAME_CODES.get(position.game)
    if game is None:
        raise NotationError(Text("{game} has no short form", game=position.game))
    defaults = _probe(Position(position.game)).config.options()     # what a position without options plays
    head = game + "".join(f"*{name}-{_value(value)}" for name, value in position.options.items()
                          if defaults.get(name) != value)
    seats = max(position.hands, default=-1) + 1
    hands = "-".join(_holding(position.hands.get(s, [])) for s in range(seats))
    parts = [head, str(position.dealer), hands]
    for pile in PILES:
        if pile in position.piles:
            cards = position.piles[pile]
            parts.append(SECTION_KEYS[pile] + (_cards_in_order(cards) if pile == "stock" else _holding(cards)))
    ending = position.ending
    if ending is not None:
        if ending.contract is not None:
            parts.append("c" + str(ending.contract[0]) + _action_token(Action("bid", None, ending.contract[1]))[1:])
        if ending.trump is not None:
            parts.append("t" + ending.trump.letter)
        parts.append("l" + str(ending.leader) + _cards_in_order(ending.trick))
        if ending.won:
            parts.append("w" + "-".join(map(str, ending.won)))
        if ending.best is not None:
            parts.append("b" + str(ending.best[0]) + _card_code(ending.best[1]))
        for name in ("points", "marriages", "closed"):
            values = getattr(ending, name)
            if values is not None:
                parts.append(SECTION_KEYS[name] + "-".join(map(str, values)))
    if position.actions:
        parts.append("a" + "-".join(_action_token(a) for a in position.actions))
    return ".".join(parts)


def parse_compact(text: str) -> Position:
    """Read the short form (``format_compact``); a malformed part is refused naming it and what is allowed."""
    parts = text.strip().split(".")
    if len(parts) < 3:
        raise NotationError(Text("the short form is the game, the dealer and the hands separated by dots, as in "
                                 "500.0.SKT5HTDAJ96C76-…; got {text}", text=quote(text)))
    head, *options = parts[0].split("*")
    game = GAMES_BY_CODE.get(head)
    if game is None:
        raise NotationError(Text("the short form starts with the game's code, one of {codes}; got {code}",
                                 codes=Series(GAMES_BY_CODE), code=quote(head)))
    chosen = {}
    for item in options:
        name, dash, value = item.partition("-")
        if not dash:
            raise NotationError(Text("an option in the short form is written *name-value, as in *players-3"))
        chosen[name] = _option(name, value)
    try:
        dealer = int(parts[1])
    except ValueError:
        raise NotationError(Text("the dealer is a seat number, as in 500.0.…")) from None
    hands = {s: _read_holding(h) for s, h in enumerate(parts[2].split("-"))}
    piles: dict[str, list[Card]] = {}
    actions: list[Action] = []
    ending: dict[str, Any] = {}
    for part in parts[3:]:
        section = SECTIONS_BY_KEY.get(part[:1])
        body = part[1:]
        if section is None:
            raise NotationError(Text("{part} is not a part of the short form: after the hands come k (kitty), u "
                                     "(turn-up), s (stock), a (actions) and an ending's c, t, l, w, b, p, m, x",
                                     part=quote(part)))
        try:
            if section in ("kitty", "turn-up"):
                piles[section] = _read_holding(body)
            elif section == "stock":
                piles[section] = _read_in_order(body)
            elif section == "actions":
                actions = [_read_action(t) for t in body.split("-")]
            elif section == "contract":
                ending["contract"] = (int(body[:1]), _read_action("b" + body[1:]).value)
            elif section == "trump":
                ending["trump"] = Suit.parse(body)
            elif section == "trick":
                ending["leader"], ending["trick"] = int(body[:1]), tuple(_read_in_order(body[1:]))
            elif section == "best":
                ending["best"] = (int(body[:1]), Card.parse(body[1:]))
            else:
                ending[section] = tuple(int(v) for v in body.split("-"))
        except AtoutError as exc:
            raise NotationError(exc.message) from None
        except ValueError:
            raise NotationError(Text("{part} is not a part of the short form: its numbers are seats and counts",
                                     part=quote(part))) from None
    found = None
    if ending:
        if "leader" not in ending:
            raise NotationError(Text("an ending's short form says who leads the trick on the table: l2, or l2QS5S "
                                     "with the cards played to it"))
        found = Ending((), **ending)
    return Position(game, chosen, dealer, {s: c for s, c in hands.items() if c or found is not None}, piles, actions,
                    found)


def compact_text(hand: Any) -> str:
    """The short form of a hand's position."""
    return format_compact(position_of(hand))
