"""What every game family's engine shares: the base classes of a hand and of a game (``HandBase``, ``GameBase``),
their seats, starts and scores. The rest of what engines share lives by job beside it: ``atout.actions`` (actions,
their notation and the phases), ``atout.events`` (events and explanations), ``atout.endings`` (positions met in
the middle of a hand), ``atout.views`` (what a seat sees) and ``atout.wording`` (actions and phases in words);
this module names them too (``__all__``), for the families, widgets and tests that take them from here.

The model is OpenSpiel's game API: a hand is a state machine with an explicit phase, the deal
is an explicit chance action, ``legal_actions()`` lists what the player to act may do,
``apply(action)`` does it and returns an ``Event`` whose ``explanation`` cites the rule, and
``history`` replays to the same state.

Explanations are built when asked for, not on every step: the engines stay fast enough to play
thousands of hands a second for the computer players and the solver.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, Self, TypeGuard, TypeVar, overload

from atout.actions import (
    CARD_ACTIONS,
    MAX_ACTION_TEXT,
    PLAY_ACTIONS,
    SUIT_ACTIONS,
    VALUE_ACTIONS,
    Action,
    Phase,
    as_action,
    call_read,
    call_written,
    check_shape,
    checked_action,
    normalise_call,
    play,
)
from atout.cards import Card, Deck, shuffled
from atout.endings import Ending, check_ending
from atout.errors import ConfigError, IllegalActionError, SeatError, quote
from atout.events import ONLOOKER, Event, Explanation, Moment, Refusal, card_not_held, seat_name, sees
from atout.i18n import N_, Text
from atout.views import TableView, auction_fields, given_up_when_robbing
from atout.wording import action_said, action_words, allowed_words, foreign_action_said, over_standing, phase_words

# The names a family's engine, the widgets and the tests take from here, wherever each lives now (``atout.actions``:
# notation; ``events``: explanations; ``endings``; ``views``; ``wording``): the engine of a hand and a game is this
# module's own.
__all__ = [
    "Action",
    "CARD_ACTIONS",
    "Ending",
    "Event",
    "Explanation",
    "GameBase",
    "GameConfig",
    "HandBase",
    "HandStart",
    "HandT",
    "LegalActions",
    "MAX_ACTION_TEXT",
    "Moment",
    "ONLOOKER",
    "PLAY_ACTIONS",
    "Phase",
    "PlayedTrick",
    "Refusal",
    "SUIT_ACTIONS",
    "ScoreLine",
    "ScoredResult",
    "TableView",
    "VALUE_ACTIONS",
    "action_said",
    "action_words",
    "allowed_words",
    "as_action",
    "auction_fields",
    "given_up_when_robbing",
    "call_read",
    "call_written",
    "card_not_held",
    "check_dealer",
    "check_ending",
    "check_seat",
    "check_seed",
    "check_shape",
    "check_viewer",
    "checked_action",
    "foreign_action_said",
    "is_seat",
    "normalise_call",
    "over_standing",
    "phase_words",
    "play",
    "seat_name",
    "sees",
]

class LegalActions(Sequence[Action]):
    """A lazy view of the legal actions (python-chess's ``legal_moves``): computed when read."""

    def __init__(self, state: HandBase) -> None:
        self._state = state

    def _list(self) -> tuple[Action, ...]:
        return self._state.legal_actions()

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, i: int | slice) -> Action | tuple[Action, ...]:
        return self._list()[i]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        return action in self._list()

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(str(a) for a in self._list())})>"



def is_seat(seat: object, players: int) -> TypeGuard[int]:
    """Whether ``seat`` is one of the ``players`` seats, 0 to players - 1 (-1 would index the last seat's hand, and
    True the second's)."""
    return not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < players


def check_seat(players: int, seat: object) -> int:
    """``seat`` when it is one of the ``players`` seats (``is_seat``); a ``SeatError`` naming them otherwise."""
    if is_seat(seat, players):
        return seat
    raise SeatError(Text("a seat is a number from 0 to {last}, not {seat}", last=players - 1, seat=quote(seat)))


def check_viewer(players: int, viewer: object) -> int | None:
    """``viewer`` when it is a seat, or None (nobody: every hand face up); a ``SeatError`` naming them otherwise."""
    if viewer is None or is_seat(viewer, players):
        return viewer
    raise SeatError(Text("the table is seen from a seat from 0 to {last}, or from no seat (None: every hand face up), "
                         "not {seat}", last=players - 1, seat=quote(viewer)))


def check_seed(seed: Any) -> int | None:
    """``seed`` when it is a whole number or None (a deal nobody can repeat); a ``ConfigError`` otherwise."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ConfigError(Text("a seed is a whole number (or nothing, for a deal nobody can repeat), not {seed}",
                               seed=quote(seed)))
    return seed


def check_dealer(config: Any, dealer: object) -> int:
    """``dealer`` when it is a seat of the game (0 to players - 1); a ``ConfigError`` naming the seats otherwise."""
    if is_seat(dealer, config.players):
        return dealer
    raise ConfigError(Text("the dealer is a seat from 0 to {last}, not {dealer}", last=config.players - 1,
                           dealer=quote(dealer)))


class HandStart(NamedTuple):
    """What a hand starts with besides its configuration and its dealer, as the game it is part of hands it on:
    the scores before it (Forty-Fives and Five Hundred, whose hand scores add to them), or the game points carried
    in from tied hands (Sixty-Six, whose game keeps its own score). A family refuses what it has no use for."""

    scores_before: tuple[int, ...] | None = None
    carry: int = 0


class GameConfig(Protocol):
    """What the engine reads of every family's configuration."""

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def sides(self) -> int: ...
    @property
    def first_dealer(self) -> str: ...
    @property
    def target(self) -> int: ...      # the score (game points in Sixty-Six) that wins the game


class ScoreLine(NamedTuple):
    """One hand on a score sheet, per scoring unit (a player, or a side in partnerships: the units of the game's
    ``scores``): what each scored in the hand (``points``), the tricks each won, and its totals ``before`` and
    ``after`` the hand where the family's hands carry the game's scores (None where the game keeps them: Sixty-Six
    adds each hand's game points); with the contract, if any: the unit that won it (``bid_unit``), its call and
    whether it was ``made`` (None: not scored as made or short)."""

    points: list[int]
    tricks: list[int]
    before: list[int] | None = None
    after: list[int] | None = None
    bid_unit: int | None = None
    bid: str | None = None
    made: bool | None = None


class ScoredResult(Protocol):
    """What every family's hand result says of itself for a score sheet (``GameBase.results`` holds them)."""

    def score_line(self) -> ScoreLine: ...


class PlayedTrick(Protocol):
    """What the engine reads of a trick played: its cards."""

    @property
    def cards(self) -> Sequence[Card]: ...


class HandBase:
    """What every family's hand shares: applying and recording actions, the cached legal actions, replaying a
    history, copying, taking back, why an action is refused, the phase queries, and the common parts of a seat's
    view and of the table view.

    A hand keeps ``config``, ``dealer``, ``phase``, ``to_act``, ``hands`` (one card list per seat), ``tricks`` (each
    with its ``cards``), ``history`` and ``events``; ``start()`` says what else it was started with (a ``HandStart``:
    the scores before it, or Sixty-Six's carried points), so a replay starts alike. A family names its ``DECK``,
    ``config_class`` and ``make_config``, and says what is legal (``_compute_legal``), which method does each kind
    of action (``DOES``), why an action is refused (``_refusal``, the facts, which its explanations word:
    ``_word_refusal``) and where the cards lie that are neither in a hand nor in a finished trick
    (``_cards_elsewhere``).
    """

    # What every family's hand keeps (each family narrows the types: its own configuration, tricks and result).
    config: GameConfig
    dealer: int
    phase: Phase
    to_act: int | None
    hands: list[list[Card]]
    trick: object                      # the trick on the table (each family's own shape), None between tricks
    tricks: Sequence[PlayedTrick]
    history: list[Action]
    events: list[Event]
    result: Any                        # each family's own result, None until the hand is scored
    scores_before: list[int]           # the families whose hand scores add to the game's (not Sixty-Six)
    _legal: tuple[Action, ...] | None

    if TYPE_CHECKING:
        # Each family's own constructor (Sixty-Six starts with carried points: see its ``_begin``), and the scoring
        # of the hands played to their last trick (``_next_lead``).
        def __init__(self, config: Any, dealer: int = 0, scores_before: Sequence[int] | None = None) -> None: ...
        def _score(self) -> Event: ...

    DEAL_RULE: str | None = None      # the rule an undo with nothing to take back cites
    # The rules by which a hand ends with cards still in players' hands, cited by the move that ends it (none: every
    # hand of the family is played to its last card).
    EARLY_END_RULES: frozenset[str] = frozenset()
    # Each family's action kinds and the methods doing them, ``method(hand, action) -> Event``: ``apply`` calls
    # the method straight away once the action is found legal.
    DOES: Mapping[str, Callable[[Any, Action], Event]] = {}
    # The phases its hands pass through, in order (``hand.phase`` is always one of them): with ``DOES``, the family's
    # vocabulary, worded by core or the family (``atout.vocabulary``: ``PHASE_WORDS``, ``ACTION_WORDS``).
    PHASES: tuple[Phase, ...] = ()
    DECK: Deck
    config_class: type
    # Hands played to their last trick (``_next_lead``): how many tricks a hand has, and the class of a trick.
    TRICKS: int
    trick_class: type

    def start(self) -> HandStart:
        """What this hand was started with, for a hand started alike (``begin``)."""
        return HandStart(scores_before=tuple(self.scores_before))

    @classmethod
    def begin(cls, config: Any, dealer: int = 0, start: HandStart | None = None) -> Self:
        """A hand of ``config`` before its deal, ``dealer`` dealing, started with ``start`` (nothing: a new game)."""
        start = HandStart() if start is None else start
        if not isinstance(start, HandStart):
            raise TypeError(f"a hand starts with a HandStart, not {type(start).__name__}")
        return cls._begin(config, check_dealer(config, dealer), start)

    @classmethod
    def _begin(cls, config: Any, dealer: int, start: HandStart) -> Self:
        """By default a hand starts with the scores before it and carries nothing from tied hands."""
        if start.carry:
            raise ConfigError(Text("this hand carries no game points from an earlier hand: it starts with the "
                                   "scores before it"))
        return cls(config, dealer, start.scores_before)

    # --- starting a hand ------------------------------------------------------------------------------------

    @staticmethod
    def make_config(game: str, options: Mapping[str, Any] | None = None, **more: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def shuffled_deal(cls, seed: int | None) -> Action:
        """The chance action: the family's deck in the order a shuffle with ``seed`` leaves it."""
        return Action("deal", None, shuffled(cls.DECK, seed))

    @classmethod
    def configure(cls, game: str | Any, options: Mapping[str, Any] | None = None, **more: Any) -> Any:
        """``game`` itself when it is a configuration already, else the configuration of that preset with
        ``options``."""
        return game if isinstance(game, cls.config_class) else cls.make_config(game, options, **more)

    @classmethod
    def dealt(cls, config: Any, seed: int | None, dealer: int = 0, start: HandStart | None = None) -> Self:
        """A hand started with ``start`` (as ``start()`` gives it) and dealt from a deck shuffled with ``seed``:
        the same seed, the same cards."""
        hand = cls.begin(config, dealer, start)
        hand.apply(cls.shuffled_deal(check_seed(seed)))
        return hand

    @property
    def scores_now(self) -> list[int]:
        """The scores as they stand (for the families that carry ``scores_before`` into a hand): before this
        hand while it is played, after it once it is scored."""
        return list(self.scores_before if self.result is None else self.result.scores_after)

    # What ``scores_now`` counts, as a table names it (``TableView.score_unit``).
    SCORES_NOW_UNIT = N_("The game's score")

    # --- acting ------------------------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """What the player to act may do now (empty at the deal and when the hand is over).

        Computed once per state and kept: ``apply`` forgets it, so callers may read it as often as they like. A
        tuple, so that nothing a caller does to it changes what the hand allows."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._compute_legal())
        return legal

    def _compute_legal(self) -> list[Action]:   # pragma: no cover - each family says what is legal
        raise NotImplementedError

    def apply(self, action: Action | str) -> Event:
        """Do ``action`` for the player to act (or chance) and say what happened.

        An action ``legal_actions`` does not list raises ``IllegalActionError`` naming the rule (the deal aside,
        see ``_unlisted``); the state is unchanged.
        """
        if not isinstance(action, Action):      # (the check inline: apply is the engine's innermost loop)
            action = as_action(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            action = self._unlisted(action)
        event = self.DOES[action.kind](self, action)
        self._legal = None
        self.history.append(action)
        self.events.append(event)
        return event

    def _unlisted(self, action: Action) -> Action:
        """The action to do for one ``legal_actions`` does not list, or the error refusing it: the deal, chance's
        action, which the deal itself checks; or another way of writing a legal action (``_same_as_listed``)."""
        check_shape(action)
        if self.phase is Phase.DEAL and action.kind in ("deal", "ending"):
            return action
        listed = self._same_as_listed(action)
        if listed is None:
            raise self._illegal(action)
        return listed

    def _same_as_listed(self, action: Action) -> Action | None:
        """The legal action that ``action`` is another way of writing (Sixty-Six: a marriage named by its queen),
        or None: by default every action has one way of being written."""
        return None

    @classmethod
    def replay(cls, config: Any, history: Iterable[Action | str], dealer: int = 0,
               start: HandStart | None = None) -> Self:
        """A hand started with ``start`` and brought to the same state by applying ``history``."""
        hand = cls.begin(config, dealer, start)
        for action in history:
            hand.apply(action)
        return hand

    @property
    def set_up(self) -> bool:
        """A position built for a question (``position``, ``from_view``) rather than dealt and played: it has no
        history to replay or take back."""
        return not self.history and not self.is_chance

    def copy(self) -> Self:
        if self.set_up:
            return copy.deepcopy(self, {id(self.config): self.config})
        return self.replay(self.config, self.history, self.dealer, self.start())

    def undo(self) -> Action:
        """Take back the last action that was not the deal; the state is as before it."""
        if self.set_up:
            raise IllegalActionError(Text("This position was set up, not played: there is no move to take back"),
                                     rule=self.DEAL_RULE)
        if len(self.history) <= 1:
            raise IllegalActionError(Text("There is nothing to take back: no action since the deal"),
                                     rule=self.DEAL_RULE)
        action = self.history[-1]
        other = self.replay(self.config, self.history[:-1], self.dealer, self.start())
        self.__dict__.update(other.__dict__)
        return action

    def is_of_this_game(self, action: Action | str) -> bool:
        """Whether ``action`` is one this game has at some moment of a hand (its kind, here ``DOES``): a refusal says
        that another game's action ("close" in Forty-Fives) is not part of this one, never that it is ill-timed."""
        return checked_action(action).kind in self.DOES

    def explain_illegal(self, action: Action | str) -> Explanation | None:
        """Why ``action`` is not allowed now, or None when it is (an ``Action`` built with the wrong parts, or text
        that is no action, is refused: ``NotationError``)."""
        action = checked_action(action)
        if self.phase is not Phase.DEAL and (action in self.legal_actions()
                                         or self._same_as_listed(action) is not None):
            return None
        return self._explain_illegal(action)

    def _explain_illegal(self, action: Action) -> Explanation:
        """Why ``action`` is refused, in words: the hand's refusal as its family's explanations word it."""
        return self._word_refusal(self._refusal(action))

    def _refusal(self, action: Action) -> Refusal:   # pragma: no cover - each family refuses its own
        """Why ``action``, which is not legal now, is refused: the facts, never the sentence."""
        raise NotImplementedError

    def _word_refusal(self, refusal: Refusal) -> Explanation:   # pragma: no cover - each family words its own
        raise NotImplementedError

    # --- each event's own position, for a walk-through ---------------------------------------------------

    # Who watches the hand's events as they happen (``staged_views``): nobody, but for a walk-through's replay.
    _watch: Callable[[Event], None] | None = None

    def _stage(self, event: Event) -> None:
        """The hand now stands just after ``event``, one of an action's events, with the others still to come (the
        trumps named before the kitty is taken, a trick won before the hand is scored): ``staged_views`` pictures
        the event from here. A family stages each event whose position is not the one its whole action leaves;
        nobody to act while the rules move the cards. One test when nobody watches."""
        watch = self._watch
        if watch is not None:
            legal = self._legal          # what the watcher reads mid-action is not kept as the action's legal list
            watch(event)
            self._legal = legal

    def staged_views(self, viewer: int | None = None) -> list[TableView]:
        """The table as ``viewer`` sees it (None: every hand face up) just after each event of the hand, one view
        per event in the order of its events and their consequences (``Event.flatten``): the hand replayed from
        its start, each event pictured where its family stages it (``_stage``), the events it does not stage (the
        last of an action's) where the whole action leaves the hand."""
        check_viewer(len(self.hands), viewer)
        if self.set_up:
            raise IllegalActionError(Text("This position was set up, not played: there are no events to show"),
                                     rule=self.DEAL_RULE)
        hand = self.begin(self.config, self.dealer, self.start())
        staged: list[tuple[Event, TableView]] = []
        hand._watch = lambda event: staged.append((event, hand.table_view(viewer)))
        views: list[TableView] = []
        for action in self.history:
            staged.clear()
            events = list(hand.apply(action).flatten())
            if [event for event, _view in staged] != events[:len(staged)]:
                raise AssertionError(f"{type(self).__name__} staged the events of {action} out of their order")
            views += [view for _event, view in staged]
            views += [hand.table_view(viewer)] * (len(events) - len(staged))
        return views

    def _illegal(self, action: Action) -> IllegalActionError:
        """The error ``apply`` raises for an action that is not legal now, carrying core's explanation."""
        why = self._explain_illegal(action)
        return IllegalActionError(why.text, rule=why.rule, explanation=why)

    def _next_lead(self, event: Event, winner: int) -> Event:
        """After a trick that ``winner`` won (``event`` is the play that ended it): once the hand's ``TRICKS``
        tricks are played the hand is scored (``_score``) and over, else ``winner`` leads a new ``trick_class``.
        For the hands played to their last trick (Forty-Fives, Five Hundred); Sixty-Six ends its own way."""
        if len(self.tricks) == self.TRICKS:
            self.to_act = None
            score = self._score()
            self.phase = Phase.OVER
            event.consequences.append(score)
            self._stage(score)       # the last trick still lies in the middle while the hand is scored
            self.trick = None
        else:
            self.trick = self.trick_class(winner)
            self.to_act = winner
        return event

    # --- what a seat sees ----------------------------------------------------------------------------------

    def _view_of(self, seat: int) -> dict[str, Any]:
        """The start of every family's ``view``: the game and its rules, the seat, the phase, whose turn it is and
        who dealt, the seat's own cards and how many cards each seat holds (a seat the hand does not have is
        refused)."""
        check_seat(len(self.hands), seat)
        return {
            "game": self.config.game,
            "config": self.config,
            "seat": seat,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
        }

    def _legal_words(self, seat: int) -> list[str]:
        """The view's ``legal``: the actions ``seat`` may take now, written out, or none when it is not to act."""
        return [str(a) for a in self.legal_actions()] if self.to_act == seat else []

    def _legal_shown(self, viewer: int | None, cards_in_play: bool) -> tuple[list[Action], dict[Card, Explanation]]:
        """The table view's ``legal`` and ``illegal``: the legal actions when ``viewer`` may act for the player to act
        (the teacher, ``None``, acts for everyone), and, while cards are being played (``cards_in_play``), why each
        other card of that player's hand may not be played, as core explains it."""
        seat = self.to_act
        if seat is None or (viewer is not None and viewer != seat):
            return [], {}
        legal = list(self.legal_actions())
        if not cards_in_play:
            # A choice of a card of one kind (the card given up when robbing, a discard): the held cards it cannot
            # use are marked too, with why (a robber keeps the ace of trumps).
            kinds = {a.kind for a in legal if a.card is not None}
            if len(kinds) != 1:
                return legal, {}
            kind = kinds.pop()
            usable = {a.card for a in legal if a.kind == kind}
            return legal, {card: self._explain_illegal(Action(kind, card))
                           for card in self.hands[seat] if card not in usable}
        playable = {a.card for a in legal if a.kind == "play"}
        illegal = {card: self._explain_illegal(PLAY_ACTIONS[card.index])
                   for card in self.hands[seat] if card not in playable}
        return legal, illegal

    # What the pages ask of every hand: the table a seat sees, the deal packet by packet, whose side a seat is on,
    # and the calls of the game as a bidding box lays them out.
    def table_view(self, viewer: int | None = None) -> TableView:   # pragma: no cover - each family lays its table
        raise NotImplementedError

    def deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:
        """The deal, packet by packet, for a step-through view: (what, seat, cards). A hand before its deal, or
        taken up at an ending (never dealt: its deck order is empty), has no packets."""
        return [] if self.from_ending or self.is_chance else self._deal_packets()

    def _deal_packets(self) -> list[tuple[str, int | None, list[Card]]]:   # pragma: no cover - each family deals
        raise NotImplementedError

    def returns(self) -> list[int]:   # pragma: no cover - each family scores its own
        """What each player scored this hand once it is over (0 before), seat by seat as OpenSpiel's ``returns``:
        partners both get their side's."""
        raise NotImplementedError

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for: the seat itself, unless the family plays in partnerships."""
        return check_seat(len(self.hands), seat)

    def call_rows(self) -> list[list[str]]:
        """The game's calls row by row, as a bidding box lays them out (none where the game has no bidding); which
        of them is legal now is ``legal_actions``' to say."""
        return []

    def all_cards(self) -> list[Card]:
        """Every card of the deck, wherever it lies (card conservation): in the hands, in the tricks played, and
        wherever else the family lays cards (``_cards_elsewhere``: the trick on the table, a kitty, a stock,
        discards, a turned-up card)."""
        cards = [c for h in self.hands for c in h]
        cards += [c for t in self.tricks for c in t.cards]
        cards += self._cards_elsewhere()
        return cards

    def _cards_elsewhere(self) -> list[Card]:   # pragma: no cover - each family lays its own cards
        raise NotImplementedError

    # --- the phase -----------------------------------------------------------------------------------------

    @property
    def from_ending(self) -> bool:
        """Whether the hand was taken up at an ending (``Ending``) rather than dealt."""
        return bool(self.history) and self.history[0].kind == "ending"

    @property
    def is_chance(self) -> bool:
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def legal_moves(self) -> LegalActions:
        return LegalActions(self)


HandT = TypeVar("HandT", bound=HandBase)


class GameBase(Generic[HandT]):
    """What every family's game shares: hands played one after another until a player or side wins.

    A game deals each hand from its seeded generator (the same seed, the same game), applies actions to
    the hand in play, and when a hand ends keeps it (``results``, ``completed_hands``), scores it, passes
    the deal and deals the next one, unless somebody has won. A family names its ``hand_class`` (which
    configures and deals, ``HandBase.configure`` and ``HandBase.dealt``), and says only what differs: how a finished
    hand changes the scores and who has won (``score``), which way the deal passes (``dealer_step``), what
    a new hand starts with (``hand_start``, a ``HandStart``) and what a finished game says
    (``over_message``, citing ``TARGET_RULE``).
    """

    hand_class: type[HandT]
    default_game = ""
    TARGET_RULE = ""

    def __init__(self, game: str | Any = None, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 **more: Any) -> None:
        game = self.default_game if game is None else game
        self.config = self.hand_class.configure(game, options, **more)
        self.seed = check_seed(seed)
        self._rng = random.Random(seed)
        players = self.config.players
        self.dealer = self._rng.randrange(players) if self.config.first_dealer == "random" else 0
        self.scores = [0] * self.config.sides
        self.results: list[ScoredResult] = []
        self.dealers: list[int] = []
        self.winner: int | None = None
        self.completed_hands: list[HandT] = []   # every finished hand, for scores and reviews
        self.hand = self._new_hand()

    # --- what a family says ------------------------------------------------------------------------

    def hand_start(self) -> HandStart:
        """What a new hand starts with besides the configuration and the dealer: the scores so far."""
        return HandStart(scores_before=tuple(self.scores))

    def score(self, result: Any) -> int | None:   # pragma: no cover - each family scores its own way
        """Bring ``scores`` up to date with a finished hand's result; the winner, if the game is won."""
        raise NotImplementedError

    def dealer_step(self) -> int:
        """Seats the deal moves by after each hand: 1 passes it to the left."""
        return 1

    def over_message(self) -> Text:   # pragma: no cover - each family says it its own way
        raise NotImplementedError

    def score_labels(self) -> list[Text]:   # pragma: no cover - each family names its own scoring units
        """Whose each of the game's ``scores`` is: each player's, or each side's in partnerships."""
        raise NotImplementedError

    # --- the hand-after-hand loop ------------------------------------------------------------------------

    def _new_hand(self) -> HandT:
        hand = self.hand_class.dealt(self.config, self._rng.getrandbits(64), self.dealer, self.hand_start())
        self.dealers.append(self.dealer)
        return hand

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: Action | str) -> Event:
        """Apply an action to the current hand; when it ends, score it and deal the next one."""
        if self.is_over:
            raise IllegalActionError(self.over_message(), rule=self.TARGET_RULE)
        event = self.hand.apply(action)
        if self.hand.is_over:
            self._finish_hand()
        return event

    def _finish_hand(self) -> None:
        hand = self.hand
        self.results.append(hand.result)
        self.completed_hands.append(hand)
        self.winner = self.score(hand.result)
        self.dealer = (self.dealer + self.dealer_step()) % self.config.players
        if self.winner is None:
            self.hand = self._new_hand()
