"""The card table: a thin view over a hand of any family, drawn in the browser by ``table.js``.

Python holds the hand and the seat that looks at it; the browser only draws ``state`` (built from
``hand.table_view(viewer)``) and sends back what the user clicked. Every decision is core's:
``legal_actions()`` says what a click may do, ``apply()`` does it and explains it,
``explain_illegal()`` says why a card may not be played. The widget only compares seats (whose
turn it is, as core says) and maps a click on a card to the legal action that uses that card.

>>> from atout.forty_fives.hand import FortyFivesHand
>>> table = CardTable(FortyFivesHand.new("forty-fives", seed=7))
>>> seat = table.state["to_act"]
>>> code = table.state["seats"][seat]["cards"][0]
>>> event = table.play(code)
>>> code in table.state["seats"][seat]["cards"], [p["card"] for p in table.state["trick"]["plays"]] == [code]
(False, True)
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

import anywidget
import traitlets

from atout import rules_api
from atout.cards import Card, Suit
from atout.engine import Action, Event, Explanation, TableView
from atout.errors import AtoutError, IllegalActionError, quote
from atout.games import GAMES
from atout.i18n import N_, Text, _, get_language, ngettext, signed
from atout.limits import TABLE, check_seats
from atout.svg import back_svg, card_svg, suit_svg
from atout.vocabulary import button_words, contract_line, no_contract_line, phase_name
from atout.widgets import language
from atout.widgets.bidding import call_action, call_label
from atout.widgets.fault import guarded
from atout.widgets.page_input import FromPage, boolean
from atout.widgets.seats import player_label, unit_label

HERE = Path(__file__).parent
log = logging.getLogger(__name__)

# Where each seat sits, counted to the left of the bottom seat (play passes to the left): a layout for every count
# core's ``TABLE`` limit allows (tests/widgets/test_table.py keeps them equal; table.css places each area). From 7,
# the top row has more seats (nnw and nne beside n) and from 8 each side has two (sw and se below w and e), so that
# the seats go round in order: up the left side, along the top, down the right.
POSITIONS = {
    1: ("s",),
    2: ("s", "n"),
    3: ("s", "nw", "ne"),
    4: ("s", "w", "n", "e"),
    5: ("s", "w", "nw", "ne", "e"),
    6: ("s", "w", "nw", "n", "ne", "e"),
    7: ("s", "w", "nw", "nnw", "nne", "ne", "e"),
    8: ("s", "sw", "w", "nw", "n", "ne", "e", "se"),
    9: ("s", "sw", "w", "nw", "nnw", "nne", "ne", "e", "se"),
    10: ("s", "sw", "w", "nw", "nnw", "n", "nne", "ne", "e", "se"),
}
# What a click on a card does when it does not play it.
CARD_HINTS = {"rob": N_("Choose the card to give up for the turned card"), "discard": N_("Choose a card to discard"),
              "exchange": N_("Choose the card to exchange")}
MAX_AUTOMATIC = 1000   # opponents' actions in a row before the table gives up (a guard, never reached in play)

KEEP_VIEWER = object()
SAME_AS_VIEWER = object()
Opponent = Callable[[Any, int], Action | str]


def seat_positions(players: int) -> tuple[str, ...]:
    """Where each seat of a table of ``players`` sits; ``SeatLimitError`` for more than the table lays out (before,
    the seats went out of order and "You" sat top left)."""
    check_seats(TABLE, players)
    return POSITIONS[players]


def action_label(action: Action, lang: str | None = None) -> str:
    """The words on the button for one action, in the page language, as the action's family words it
    (``atout.vocabulary``); an action no family words is shown in the rules' notation."""
    kind, card, value = action.kind, action.card, action.value
    if kind == "play" and card is not None and isinstance(value, Suit):
        return Text("Play {card} naming {suit}", card=card, suit=value).render(lang)
    if kind == "bid":
        return call_action(str(value), lang)
    said = button_words(action)
    return said.render(lang) if said is not None else str(action)


MANY_ACTIONS = 8       # more buttons than this and the table draws them smaller (and calls by the call alone)


SUIT_SEQUENCE = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)   # black and red in turn


def hand_order(game: str, strain: str | None) -> dict[Card, int]:
    """Where each card goes in a sorted hand: the trumps first, in core's order for this trump, then the other suits
    black and red in turn, each in core's order (``rules_api.ranking``: the widget never ranks a card).
    While the trump is not known yet, each suit is in its order when it is not trumps."""
    return _hand_order(game, strain)


@functools.cache
def _hand_order(game: str, strain: str | None) -> dict[Card, int]:
    groups: list[tuple[Card, ...]] = []
    if strain is not None:
        try:
            trump = rules_api.parse_trump(game, strain)
        except AtoutError:
            return {}
        ranking = rules_api.ranking(game, trump)
        groups.append(ranking.trumps)
        rest = list(SUIT_SEQUENCE)
        if trump is not None:      # after the trumps, the other colour, the same, the other: colours alternate
            others = [x for x in SUIT_SEQUENCE if x.is_red != trump.is_red]
            same = [x for x in SUIT_SEQUENCE if x.is_red == trump.is_red and x is not trump]
            rest = [others[0], *same, others[1]]
        groups += [ranking.plain.get(x, ()) for x in rest]
    else:
        for suit in SUIT_SEQUENCE:
            other = next(t for t in SUIT_SEQUENCE if t.is_red != suit.is_red)
            groups.append(rules_api.ranking(game, other).plain.get(suit, ()))
    order: dict[Card, int] = {}
    for card in (c for group in groups for c in group):
        order.setdefault(card, len(order))
    return order


def sorted_hand(cards: list[Card], game: str, strain: str | None) -> list[Card]:
    """``cards`` in ``hand_order`` (a card the order does not place, such as the joker before trumps are known,
    comes first, in the deck's order)."""
    order = hand_order(game, strain)
    return sorted(cards, key=lambda card: (order.get(card, -1), card.index))


def _pile(value: Any) -> tuple[int, list[Card] | None]:
    """A kitty or stock as TableView gives it: a count (face down) or the cards the viewer may see."""
    if isinstance(value, int):
        return value, None
    cards = [c for c in value or () if isinstance(c, Card)]
    return len(cards), cards


def _json_text(value: Any, _widget: Any) -> str:
    """The state as one JSON text: ipywidgets would otherwise walk the nested state twice per click (for widgets,
    then for binary buffers) before encoding it; ``table.js`` parses it once."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _explanation_of(error: AtoutError) -> Explanation | Text:
    """Core's explanation carried by an error (an ``IllegalActionError`` names its rule), else its message."""
    if isinstance(error, IllegalActionError):
        if isinstance(error.explanation, Explanation):
            return error.explanation
        if error.rule:
            return Explanation(error.rule, error.message)
    return error.message


class CardTable(FromPage, anywidget.AnyWidget):
    """A table of 2 to 6 seats around the trick, played by click or keyboard.

    ``hand`` is a hand of any family (``legal_actions``, ``apply``, ``explain_illegal``,
    ``table_view``); ``viewer`` is the seat looking at it, or None for the teacher (every hand face
    up, and the user acts for whoever is to act). ``opponents(hand, seat)`` chooses the action of
    the other seats after the viewer acts. ``on_event`` callbacks receive each applied event.
    """

    _esm = HERE / "table.js"
    # The walk-through's and the classroom's styles come with it: every walk-through and classroom holds a table.
    _css = "\n".join((HERE / name).read_text(encoding="utf-8") for name in ("table.css", "classroom.css"))

    state = traitlets.Dict().tag(sync=True, to_json=_json_text)
    # The card drawings, apart from ``state``: they change only with the size, the colours or the language, so
    # a click sends the few kilobytes of the new state and not every visible card's drawing again.
    faces = traitlets.Dict().tag(sync=True)
    announcement = traitlets.Unicode("").tag(sync=True)
    refused = traitlets.Bool(False).tag(sync=True)
    show_legal = traitlets.Bool(False).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    size = traitlets.Enum(("normal", "projector"), default_value="normal").tag(sync=True)
    allow_undo = traitlets.Bool(False).tag(sync=True)
    # Each hand in core's order for the current trump (the referee's ranking), else as core holds it.
    sort_hands = traitlets.Bool(True).tag(sync=True)
    # The cards sized so that the whole table fits the window below its top (the classroom and the Play page).
    fit = traitlets.Bool(False).tag(sync=True)
    # What a page says each card is worth, shown on the card: {code: {"text": "8", "best": bool, "label": words}}
    # (the What-if page's proven values); apart from ``state``, so the values can come in while the table waits.
    card_values = traitlets.Dict({}).tag(sync=True)
    page_sets = {"show_legal": boolean}     # the box "show the cards that may be played"

    def __init__(self, hand: Any, viewer: int | None = None, *, opponents: Opponent | None = None,
                 show_legal: bool = False, four_colour: bool = False, size: str = "normal",
                 allow_undo: bool = False, on_event: Iterable[Callable[[Event], Any]] = (),
                 you: int | None | object = SAME_AS_VIEWER, bottom: int = 0, **kwargs: Any) -> None:
        check_seats(TABLE, len(hand.hands))
        super().__init__(show_legal=show_legal, four_colour=four_colour, size=size, allow_undo=allow_undo, **kwargs)
        self.hand = hand
        self.viewer = viewer
        # The seat named "You": the viewer's unless told otherwise (the classroom's table has no "you").
        self.you: int | None = viewer if you is SAME_AS_VIEWER else cast("int | None", you)   # a seat, or None
        # The seat drawn at the bottom when every hand is shown (no viewer): a puzzle's player, who reads "You".
        self.bottom = bottom
        self._shown: tuple[TableView, frozenset[Card], int | None] | None = None
        self.opponents = opponents
        self.on_event: list[Callable[[Event], Any]] = list(on_event)
        self.last_refusal: Explanation | Text | None = None
        # What a click on a table that is only looked at (``show``) is told: a walk-through's, unless said otherwise.
        self.looking_reason = Text("This table is a step of the walk-through: nobody plays at it")
        self._withheld = False
        self._said: list[Explanation | Text] = []
        self._said_id = 0
        self._refused = False
        self._checkpoints: list[int] = []    # how long the history was before each of the user's actions
        self._deal_id = 0
        self._fresh = False
        self._gather_id = 0
        self._gather: dict[str, Any] | None = None
        self._gather_due = False
        self._last_winner: int | None = None
        self._faces_style: tuple[str, bool, str] | None = None
        self._face_cards: set[Card] = set()
        self._view_cache: tuple[tuple[int, int, int | None], TableView] | None = None
        self._words_cache: tuple[tuple[str, str, int, int | None, int | None], dict[str, Any]] | None = None
        self.on_msg(guarded(self._on_message))
        self.observe(guarded(lambda _change: self.refresh()),
                     names=["show_legal", "four_colour", "size", "allow_undo", "sort_hands"])
        language.register(self)
        self._start()

    # --- what Python code (lessons, tests) calls -------------------------------------------------------

    def set_hand(self, hand: Any, viewer: int | None | object = KEEP_VIEWER) -> None:
        """Show another hand (a new deal): the deal is animated again."""
        check_seats(TABLE, len(hand.hands))      # refused before anything changes
        self.hand = hand
        if viewer is not KEEP_VIEWER:
            self.viewer = viewer  # type: ignore[assignment]
        self._shown = None
        self._deal_id += 1
        self._view_cache = None
        self._gather = None
        self._gather_due = False
        self._last_winner = None
        self._said = []
        self._checkpoints = []
        self.last_refusal = None
        self._start()

    def show(self, view: TableView, ringed: Iterable[Card] = (), winner: int | None = None) -> None:
        """Show one table view as it is, to be looked at (the walk-through's step): nobody acts at this table.
        ``ringed`` are the cards the step is about; ``winner`` the seat that has just won the trick shown."""
        check_seats(TABLE, view.players)
        self._shown = (view, frozenset(ringed), winner)
        self._fresh = False
        self._gather = None
        self._gather_due = False
        self._said = []
        self._refused = False
        self.refresh()

    @property
    def withheld(self) -> bool:
        """Whether the table keeps quiet about who won the trick and who is next, as it does while a class answers
        "which card wins?" (the winner leads next: the turn would give the answer away)."""
        return self._withheld

    @withheld.setter
    def withheld(self, withheld: bool) -> None:
        """Withheld, the table shows the trick just completed in the middle with no winner, and no turn, trick
        counts, scores, notes or sentence of what happened (any of them may tell the winner); a click plays nothing.
        Shown again, the table is as core has it."""
        if withheld != self._withheld:
            self._withheld = withheld
            self.refresh()

    @property
    def looking(self) -> bool:
        """Whether the table shows a view to look at (``show``) rather than a hand to play."""
        return self._shown is not None

    def play(self, card: Card | str) -> Event | None:
        """What a click on ``card`` does: the legal action of the player to act that uses this card (playing it
        if that is legal); otherwise the attempt is refused with core's sentence. Returns the event, or None."""
        try:
            card = Card.parse(card)
        except AtoutError as error:
            self._refuse(_explanation_of(error))
            return None
        view = self._view()
        refusal = self._turn_refusal(view, card)
        if refusal is not None:
            self._refuse(refusal)
            return None
        action = self._clickable(view).get(card)
        if action is None and any(a.card is card for a in view.legal):
            # Several legal actions use this card (the joker led naming a suit): the buttons choose.
            self._refuse(Text("{card} may be played in more than one way: choose one of the buttons", card=card))
            return None
        return self._do(view, action or Action("play", card))     # not legal: core explains why

    def act(self, action: Action | str) -> Event | None:
        """Do ``action`` (an ``Action`` or its text) for the player to act through core; an illegal one is
        refused with core's sentence and changes nothing."""
        view = self._view()
        refusal = self._turn_refusal(view, None)
        if refusal is not None:
            self._refuse(refusal)
            return None
        if isinstance(action, str):
            # The text of a legal action is that action; any other text is core's to read (each family parses
            # its own notation, such as 'play JK H' in Five Hundred) and to refuse.
            action = next((a for a in view.legal if str(a) == action.strip()), action)
        return self._do(view, action)

    def _do(self, view: TableView, action: Action | str) -> Event | None:
        before = len(getattr(self.hand, "history", ()))
        try:
            why = self.hand.explain_illegal(action)
            if why is not None:
                self._refuse(why)
                return None
            event = self.hand.apply(action)
        except AtoutError as error:
            self._refuse(_explanation_of(error))
            return None
        self._checkpoints.append(before)
        events = [event, *self._run_opponents()]
        self._fresh = False
        self._after(events)
        return event

    def others_play(self) -> list[Event]:
        """Let ``opponents`` act for the other seats until the viewer is to act or the hand ends, when the learner
        asks (a lesson's table opens on the position its text describes, whoever is to act there)."""
        events = self._run_opponents()
        if events:
            self._fresh = False
            self._after(events)
        return events

    def undo(self) -> bool:
        """Take back the user's last action, and what the opponents did after it, through core's ``undo()``."""
        if not self._checkpoints:
            self._refuse(Text("There is nothing to take back"))
            return False
        target = self._checkpoints.pop()
        try:
            while len(self.hand.history) > target:
                self.hand.undo()
        except AtoutError as error:
            self._refuse(_explanation_of(error))
            return False
        self._said = [Text("The last move was taken back")]
        self._said_id += 1
        self._refused = False
        self._gather = None
        self._gather_due = False
        self.refresh()
        return True

    def refresh(self) -> None:
        """Redraw in the current language (the page's language switch calls this)."""
        lang = get_language()
        self._view_cache = None        # whatever changed the hand, the redraw asks core again
        with self.hold_sync():      # one message: the browser never draws a state with another's announcement
            state = self._build_state(lang)
            self._provide_faces(state.pop("shown"), lang)
            self.state = state
            # Said to the seat the table calls "You" (the classroom's walk-through shows Player 1's hand, not yours).
            said = [] if self._withheld and not self._refused else self._said
            self.announcement = "\n".join(why.render(lang, self.you) for why in said)
            self.refused = self._refused

    # --- messages from the browser ---------------------------------------------------------------------------

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        kind = content.get("type")
        if kind == "play":
            self.play(content.get("card"))         # not text: Card.parse refuses it by name
        elif kind == "action":
            action = content.get("action")
            try:
                self.act(action if isinstance(action, str) else Action.parse(action))
            except AtoutError as error:
                self._refuse(_explanation_of(error))
        elif kind == "undo":
            if self.allow_undo:     # else the page has just been told undo is off: nothing to say
                self.undo()
        else:
            log.warning("CardTable: unknown message %s", quote(content))
            self.page_message_refused(content)

    def page_message_refused(self, content: Any) -> None:
        self._refuse(Text("The page sent something the table cannot read; nothing was played"))

    # --- helpers -------------------------------------------------------------------------------------------

    def _start(self) -> None:
        # The deal is animated only for a hand that nobody has acted in yet (not for a position mid-hand).
        self._fresh = len(getattr(self.hand, "history", ())) <= 1
        events = self._run_opponents()
        if events:
            self._after(events)
        else:
            self._refused = False
            self.refresh()

    def _run_opponents(self) -> list[Event]:
        """Let ``opponents`` act for every seat but the viewer's until the viewer is to act or the hand ends."""
        events: list[Event] = []
        if self.opponents is None or self.viewer is None:
            return events
        for _step in range(MAX_AUTOMATIC):
            seat = self._view().to_act
            if seat is None or seat == self.viewer or self.hand.is_over:
                break
            events.append(self.hand.apply(self.opponents(self.hand, seat)))
        return events

    def _after(self, events: list[Event]) -> None:
        """Say what the events did, note a finished trick for the gathering animation, tell the followers."""
        said = [e for event in events for e in event.flatten()]
        tricks = [e for e in said if e.kind == "trick"]
        if tricks:
            self._last_winner = tricks[-1].seat
            self._gather_id += 1
            self._gather_due = True      # its cards are read from the view the redraw works out
        self._said = [e.explanation for e in said]
        self._said_id += 1
        self.last_refusal = None
        self._refused = False
        self.refresh()
        for event in events:
            for callback in list(self.on_event):
                callback(event)

    def _refuse(self, why: Explanation | Text) -> None:
        """Refuse an attempt: say core's reason, change nothing."""
        self.last_refusal = why
        self._said = [why]
        self._said_id += 1
        self._refused = True
        self.refresh()
        return None

    def _turn_refusal(self, view: TableView, card: Card | None) -> Text | None:
        """Core says whose turn it is; a seat may not act for another (the teacher acts for the one to act)."""
        if self.looking:
            return self.looking_reason
        if self._withheld:
            return Text("The class is answering which card wins the trick: reveal the answer, then play on")
        to_act = view.to_act
        if to_act is None:
            return None   # nobody may act: core explains why (the hand is over, the deal is to come)
        if self.viewer is not None and self.viewer != to_act:
            return Text("Wait for your turn (to play: {player})", player=self.label(to_act))
        if card is not None:
            holder = next((seat for seat, held in enumerate(view.hands)
                           if not isinstance(held, int) and card in held), None)
            if holder is not None and holder != to_act:
                return Text("{card} is in another hand. To play: {player}; holding {card}: {other}",
                            player=self.label(to_act), card=card, other=self.label(holder))
        return None

    def label(self, seat: int) -> Text:
        """How this table names a seat (``player_label``: "You" for the learner's own)."""
        return player_label(seat, self.you)

    @staticmethod
    def _clickable(view: TableView) -> dict[Card, Action]:
        """Which cards a click acts with, and the action it does: the one legal play of the card, else the one
        legal action using it. A card with several (the joker led naming a suit) is played by the buttons."""
        uses: dict[Card, list[Action]] = {}
        for action in view.legal:
            if action.card is not None:
                uses.setdefault(action.card, []).append(action)
        chosen: dict[Card, Action] = {}
        for card, actions in uses.items():
            plays = [a for a in actions if a.kind == "play"]
            if len(plays) == 1 or (not plays and len(actions) == 1):
                chosen[card] = (plays or actions)[0]
        return chosen

    def _view(self) -> TableView:
        """Core's view of the hand for the viewer, worked out once per state of the hand (its history's length,
        which every action and every undo changes): a click reads the view the last redraw used."""
        if self._shown is not None:
            return self._shown[0]
        key = (id(self.hand), len(getattr(self.hand, "history", ())), self.viewer)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.hand.table_view(self.viewer))
        return self._view_cache[1]

    def _words(self, lang: str, game: str, players: int) -> dict[str, Any]:
        """The words of the table that depend only on the language, the game and the seats (most of its text),
        rendered once rather than at every click."""
        key = (lang, game, players, self.viewer, self.you)
        if self._words_cache is not None and self._words_cache[0] == key:
            return self._words_cache[1]
        # A family the registry does not know yet (one being written) plugs in too, named by its id.
        title = _(GAMES[game].title if game in GAMES else game, lang)
        seats = []
        for seat in range(players):
            name = self.label(seat)
            mine = self.you is not None and seat == self.you
            seats.append({
                "who": name.render(lang),
                "name": name.render(lang),
                "hand_label": (Text("Your hand") if mine else Text("Hand: {player}", player=name)).render(lang),
                "to_play": Text("To play: {player}", player=name).render(lang),
                "to_call": Text("To call: {player}", player=name).render(lang),
                "choices": Text("Choices: {player}", player=name).render(lang),
            })
        words = {
            "title": title, "seats": seats,
            "labels": {
                "table": Text("Card table: {game}", game=title).render(lang),
                "scores": _("Scores", lang), "dealer": _("Dealer", lang), "leader": _("Led", lang),
                "to_act": _("To act", lang), "announcement": _("What happened", lang),
                "show_legal": _("Show which cards may be played", lang), "actions": "",
                "illegal": _("Not allowed now", lang), "legal": _("May be played", lang),
                "refused": _("Not allowed", lang), "undo": _("Take back my last move", lang),
                "bids": _("Bids:", lang),
                # How a screen reader hears a name with a detail (a card and what pressing it does or is worth, a
                # hand and its size) or a remark (a card from the kitty): templates the page fills, set as each
                # language sets them ("7♦: Rob", « 7♦ : Voler », 「7♦：…」; 「7♦（キティから）」).
                "named_detail": Text("{name}: {detail}", name="{name}", detail="{detail}").render(lang),
                "named_remark": Text("{name} ({remark})", name="{name}", remark="{remark}").render(lang),
            },
            "trick": _("Trick", lang), "turn_up": _("Turned-up card", lang), "no_trumps": _("No trumps", lang),
            "no_trump_yet": _("Trumps: not named yet", lang), "no_trump_named": _("Trumps: none named", lang),
            "won": _("Won the trick", lang),
            "from_kitty": _("From the kitty", lang), "kitty_mark": _("Kitty", lang),
        }
        self._words_cache = (key, words)
        return words

    def _build_state(self, lang: str) -> dict[str, Any]:
        view = self._view()
        looking = self._shown is not None
        withheld = self._withheld
        ringed, just_won = (self._shown[1], self._shown[2]) if self._shown is not None else (frozenset(), None)
        # A finished hand keeps its last trick in the middle of the table, its winner marked, until the next hand.
        ended = not looking and bool(view.over) and not view.trick and bool(view.last_trick)
        # So does the trick a class is asked about, its winner not said (``withheld``).
        middle = ended or (withheld and not view.trick and bool(view.last_trick))
        if ended:
            just_won = view.last_trick_winner
        if middle:
            self._gather_due = False
            self._gather = None
        if withheld:       # nor the ring of the card just played: the winner's ring is the same colour
            ringed, just_won = frozenset(), None
        if self._gather_due:
            self._gather_due = False
            self._gather = {"id": self._gather_id, "winner": self._last_winner,
                            "cards": [card.code for _seat, card in view.last_trick or []]}
        size, four = self.size, self.four_colour
        n = view.players
        bottom = self.viewer if self.viewer is not None else self.bottom
        positions = seat_positions(n)
        shown: set[Card] = set()

        def face(card: Card) -> str:
            shown.add(card)
            return card.code

        words = self._words(lang, view.game, n)
        said = words["seats"]
        clickable = {} if looking or withheld else self._clickable(view)
        to_act = None if withheld else view.to_act
        trick = list((view.last_trick or []) if middle else view.trick or [])
        leader = trick[0][0] if middle else view.leader
        trick_seats = {seat for seat, _card in trick}
        won = [] if withheld else list(view.tricks_won or [])
        per_seat = len(won) == n        # else tricks are counted per side, shown with the scores
        strain = view.strain
        kitty, kitty_cards = _pile(view.kitty)
        # The kitty the contractor has taken is in the contractor's hand: it is shown there, marked, not twice.
        held_cards = {c for held in view.hands if not isinstance(held, int) for c in held}
        from_kitty = {c for c in kitty_cards or () if c in held_cards}
        if from_kitty:
            kitty_cards = [c for c in kitty_cards or () if c not in from_kitty]
            kitty = len(kitty_cards)
        calls: dict[int, list[str]] = {}
        for seat, call in view.calls or ():
            calls.setdefault(seat, []).append(call_label(call, lang))
        seats = []
        for seat in range(n):
            held: Any = view.hands[seat] if seat < len(view.hands) else 0     # its cards, or how many
            visible = not isinstance(held, int)
            count = len(held) if visible else int(held)
            if visible and self.sort_hands:
                held = sorted_hand(list(held), view.game, strain)
            seats.append({
                "seat": seat,
                "position": positions[(seat - bottom) % n],
                "name": said[seat]["name"],
                "hand_label": said[seat]["hand_label"],
                "count_label": ngettext("{n} card", "{n} cards", count, lang),
                "visible": visible,
                "cards": [face(c) for c in held] if visible else None,
                "from_kitty": [c.code for c in held if c in from_kitty] if visible else [],
                "ringed": [c.code for c in held if c in ringed] if visible else [],
                "count": count,
                "dealer": seat == view.dealer,
                "to_act": seat == to_act,
                "leader": seat == leader and bool(trick),
                "played": seat in trick_seats,
                "won": seat == just_won,
                "tricks": won[seat] if per_seat else None,
                "tricks_label": Text("Tricks: {n}", n=won[seat]).render(lang) if per_seat else None,
                "calls": calls.get(seat, []),
                "calls_label": (Text("Calls: {calls}", calls=" · ".join(calls[seat])).render(lang)
                                if seat in calls else ""),
            })
        legal_cards = [face(c) for c in clickable]
        illegal = ({face(card): why.render(lang, self.viewer) for card, why in view.illegal.items()}
                   if self.show_legal and not looking and not withheld else {})
        card_actions = {face(card): action_label(a, lang) for card, a in clickable.items() if a.kind != "play"}
        kinds = [a.kind for a in clickable.values() if a.kind != "play"]
        hint = _(CARD_HINTS[kinds[0]], lang) if kinds and kinds[0] in CARD_HINTS else None
        offered = [] if looking or withheld else [a for a in view.legal
                                                   if a.card is None or clickable.get(a.card) is not a]
        # A whole ladder of calls (Five Hundred's 26): each button shows the call alone after one "Bids:", as the
        # bidding box writes it (7♠, 7 NT), its accessible name the call said in words ("Bid 7 spades"), so that the
        # row takes the table's width once, not three times.
        ladder = len(offered) > MANY_ACTIONS and all(a.kind == "bid" for a in offered)
        buttons = [{"action": str(a), "label": action_label(a, lang),
                    **({"short": call_label(str(a.value), lang)} if ladder else {})} for a in offered]
        plays = [{"seat": seat, "card": face(card), "position": positions[(seat - bottom) % n],
                  "leader": i == 0, "by": said[seat]["who"], "ringed": card in ringed or seat == just_won,
                  "won": seat == just_won} for i, (seat, card) in enumerate(trick)]
        last = view.last_trick
        winner = view.last_trick_winner if last else None
        last_trick = None
        if last and not looking and not middle:   # (the walk-through and a finished hand show it in the middle)
            label = (Text("Last trick (winner: {player})", player=self.label(winner)) if winner is not None
                     else Text("Last trick"))
            last_trick = {"plays": [{"seat": s, "card": face(c), "by": said[s]["who"]} for s, c in last],
                          "winner": winner, "label": label.render(lang)}
        if strain is None:
            # A hand thrown in before trumps were named is over: they never will be.
            trump = {"suit": None, "label": words["no_trump_named" if view.over else "no_trump_yet"]}
        elif strain == "NT":
            trump = {"suit": "NT", "label": words["no_trumps"]}
        else:
            trump = {"suit": strain, "label": Text("Trumps: {suit}", suit=Suit.parse(strain)).render(lang)}
        turn_up = face(view.turn_up) if isinstance(view.turn_up, Card) else None
        scores = []
        for i, score in enumerate([] if withheld else view.scores):
            tricks = won[i] if not per_seat and i < len(won) else None
            who = unit_label(self.hand, i, len(view.scores), self.you, view.score_labels)
            scores.append({"label": who.render(lang), "score": score, "shown": signed(score),
                           "label_colon": Text("{who}:", who=who).render(lang),
                           "tricks": tricks,
                           "tricks_label": Text("Tricks: {n}", n=tricks).render(lang) if tricks is not None else None})
        # What the scores count, said before them: a hand's points toward 66 and the game's score are both "You: 23".
        unit = view.score_unit if scores and view.score_unit is not None else None
        stock, stock_cards = _pile(view.stock)
        discards, discards_cards = _pile(view.discards)
        contract = None
        if view.contract:
            bidder, bid = view.contract
            contract = Text(contract_line(view.game), player=self.label(bidder),
                            call=call_label(bid, lang)).render(lang)
        elif view.high_bid:
            bidder, bid = view.high_bid
            contract = Text(contract_line(view.game, standing=True), player=self.label(bidder),
                            call=call_label(bid, lang)).render(lang)
        elif view.phase == "bid" and (no_contract := no_contract_line(view.game)) is not None:
            contract = _(no_contract, lang)
        phase = str(view.phase)
        if withheld:
            status = _("The class is answering which card wins the trick", lang)
        elif view.over:
            status = _("The hand is over", lang)
        elif to_act is None:
            # A phase's name is written to sit inside a sentence ("To act: … (the deal)"); alone it heads the table.
            name = phase_name(phase).render(lang)
            status = name[:1].upper() + name[1:]
        elif phase == "play":
            status = said[to_act]["to_play"]
        elif phase == "bid":
            status = said[to_act]["to_call"]
        else:
            status = Text("To act: {player} ({phase})", player=self.label(to_act),
                          phase=phase_name(phase)).render(lang)
        can_act = not looking and to_act is not None and (self.viewer is None or self.viewer == to_act)
        return {
            "game": view.game, "title": words["title"], "lang": lang,
            "players": n, "viewer": self.viewer, "bottom": bottom, "size": size, "four_colour": four,
            "fit": bool(self.fit), "looking": looking,
            "show_legal": bool(self.show_legal), "phase": phase, "status": status, "over": bool(view.over),
            "dealer": view.dealer, "to_act": to_act, "can_act": can_act,
            "seats": seats, "shown": shown,
            "trick": {"plays": plays, "leader": leader if trick else None, "label": words["trick"]},
            "last_trick": last_trick, "trump": trump,
            "turn_up": turn_up, "turn_up_label": words["turn_up"],
            "kitty": kitty, "stock": stock,
            "kitty_cards": [face(c) for c in kitty_cards] if kitty_cards is not None else None,
            "stock_cards": [face(c) for c in stock_cards] if stock_cards is not None else None,
            "discards": discards,
            "discards_cards": [face(c) for c in discards_cards] if discards_cards is not None else None,
            "discards_label": Text("Discarded: {n}", n=discards).render(lang),
            "kitty_label": Text("Kitty: {n}", n=kitty).render(lang),
            "stock_label": Text("Stock: {n}", n=stock).render(lang),
            "scores": scores, "contract": contract,
            "score_unit": unit.render(lang) if unit is not None else None,
            "score_unit_colon": Text("{who}:", who=unit).render(lang) if unit is not None else None,
            # A note names the learner as the table does ("You closed the stock"), not by a seat the page never shows.
            "notes": [note.render(lang, viewer=self.you) if isinstance(note, Text)
                      else note.render(lang) if hasattr(note, "render") else str(note)
                      for note in ([] if withheld else view.notes or [])],
            "legal": legal_cards, "illegal": illegal, "actions": buttons, "card_actions": card_actions, "hint": hint,
            # The packets only matter while the deal is to be animated: later states leave them out.
            "deal": {"id": self._deal_id, "fresh": self._fresh, "packets": self._packets() if self._fresh else []},
            "gather": self._gather, "said_id": self._said_id,
            "can_undo": bool(self.allow_undo and self._checkpoints and not looking),
            "labels": {**words["labels"], "actions": said[to_act]["choices"] if to_act is not None else "",
                       "won": words["won"], "from_kitty": words["from_kitty"], "kitty_mark": words["kitty_mark"]},
        }

    def _provide_faces(self, shown: set[Card], lang: str) -> None:
        """Make sure ``faces`` draws every card ``state`` shows. It holds the whole deck from the deal on, in the
        deck's own order (never the deal's: the browser learns nothing of where a card lies), so within a hand it
        is sent once, and again only when the size, the colours or the language change."""
        style = (self.size, bool(self.four_colour), lang)
        known = self._face_cards if self._faces_style == style else set()
        if self._faces_style == style and shown <= known:
            return
        ordered = sorted(shown | known | set(getattr(self.hand, "deck_order", ())), key=lambda card: card.index)
        size, four = self.size, bool(self.four_colour)
        self._faces_style, self._face_cards = style, set(ordered)
        self.faces = {
            "cards": {c.code: card_svg(c, size=size, four_colour=four, lang=lang) for c in ordered},
            "names": {c.code: c.name(lang) for c in ordered},
            "back": back_svg(size=size, lang=lang),
            "suits": {suit.letter: suit_svg(suit, size=28, four_colour=four, lang=lang) for suit in Suit},
        }

    def _packets(self) -> list[dict[str, Any]]:
        """The deal packet by packet, as counts only (the cards stay hidden), when the family can say it."""
        packets = getattr(self.hand, "deal_packets", None)
        if packets is None:
            return []
        try:
            return [{"what": what, "seat": seat, "count": len(cards)} for what, seat, cards in packets()]
        except (AttributeError, TypeError, ValueError):
            return []
