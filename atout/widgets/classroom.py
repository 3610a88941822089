"""The classroom: projector-size cards, every hand face up, presenter keys, and deal codes.

The teacher deals and reads out the short code on the screen; a student who types it gets the same
cards. A malformed code gets core's message saying what is wrong, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from atout import dealcode
from atout.errors import AtoutError
from atout.games import DEFAULT_GAME, available_games, game_title, package_of, player_counts
from atout.i18n import Text, get_language
from atout.widgets import language
from atout.widgets.fault import guarded
from atout.widgets.keys import PresenterKeys
from atout.widgets.rules_panel import HouseRulesPanel
from atout.widgets.table import CardTable

_PLAYERS: dict[str, Any] = {}


def opponent(hand: Any, seat: int):
    """The computer's move for a seat: the club-level player of the game."""
    from atout.players import make_player

    game = hand.config.game
    if game not in _PLAYERS:
        _PLAYERS[game] = make_player(game, "club", seed=0)
    return _PLAYERS[game].act(hand, seat)


def played_out(hand: Any) -> Any:
    """A copy of the hand played to the end by the computer, for a walk-through."""
    copy = hand.copy()
    while not copy.is_over:
        copy.apply(opponent(copy, copy.to_act))
    return copy


def handout_link(game: str, rules: str = "") -> str:
    """A link to the game's handout to print, in the page language (it opens beside the page)."""
    from urllib.parse import urlencode

    query = urlencode({"game": game, "lang": get_language(), **({"rules": rules} if rules else {})})
    return (f"<a class='atout-handout-link' data-testid='handout-link' href='{escape('handout.ipynb?' + query)}' "
            f"target='_blank' rel='noopener'>{escape(Text('Handout to print').render())}</a>")


class Classroom(widgets.VBox):
    """Deal, show the code, play or walk through the deal with the class."""

    _relabelling: bool      # the code itself is changing the choices: their observers do nothing

    def __init__(self, game: str = DEFAULT_GAME, players: int | None = None, code: str | None = None,
                 class_code: str | None = None) -> None:
        super().__init__()
        # the deal, its moves or the step changed: the address follows it, and a live class
        self.on_change: list[Callable[[], None]] = []
        self.add_class("atout-classroom")
        self.add_class("atout-projector")
        games = available_games()
        self.game_picker = widgets.Dropdown(options=[(game_title(g), g) for g in games], value=game,
                                            style={"description_width": "initial"})
        self.game_picker.add_class("atout-game-picker")
        self.players_picker = widgets.Dropdown(style={"description_width": "initial"})
        self.players_picker.add_class("atout-players-picker")
        self.deal_button = widgets.Button(icon="random")
        self.deal_button.add_class("atout-new-deal")
        self.deal_button.on_click(guarded(lambda _b: self.new_deal()))
        self.code_view = widgets.HTML()
        self.code_input = widgets.Text(continuous_update=False)
        self.code_input.add_class("atout-code-input")
        self.join_button = widgets.Button()
        self.join_button.add_class("atout-join")
        self.join_button.on_click(guarded(lambda _b: self.join(self.code_input.value)))
        self.code_input.observe(guarded(lambda c: c["new"] and self.join(c["new"])), names="value")   # Enter
        self.message = widgets.HTML()
        self.message.add_class("atout-deal-message")
        self.every_hand = widgets.ToggleButton(value=True, icon="eye")
        self.every_hand.add_class("atout-every-hand")
        self.every_hand.observe(guarded(lambda _c: self._show()), names="value")
        self.four_colour = widgets.ToggleButton(value=False)
        self.four_colour.add_class("atout-four-colour")
        self.four_colour.observe(guarded(lambda _c: self._show()), names="value")
        self.sort_hands = widgets.ToggleButton(value=True)
        self.sort_hands.add_class("atout-sort-hands")
        self.sort_hands.observe(guarded(lambda _c: self._show()), names="value")
        self.mode = widgets.ToggleButtons(options=[("play", "play"), ("walk", "walk")], value="play")
        self.mode.add_class("atout-classroom-mode")
        self.mode.observe(guarded(lambda _c: None if self._relabelling else self._show()), names="value")
        self.presenter = PresenterKeys(self.command)
        self.handout_link = widgets.HTML()
        self.handout_link.add_class("atout-handout-link")
        # The house rules of a deal (those that change a hand: a game's target is Play's); each change deals again.
        # Its button and the rules in force end the view bar; the switches open below it.
        self.rules_panel = HouseRulesPanel(game, on_change=lambda _options: self.new_deal(), scopes=("hand",),
                                           players=lambda: self.players_picker.value, bar_in_panel=False)
        self.stage = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.stage.add_class("atout-classroom-stage")
        self._relabelling = False
        # Another game or another number of players is another deal at once: the old table and its code never
        # stay on screen under the new choice (a class could copy a Forty-Fives code for a Five Hundred lesson).
        self.game_picker.observe(guarded(lambda _c: None if self._relabelling else self._game_chosen()), names="value")
        self.players_picker.observe(guarded(lambda _c: None if self._relabelling else self._players_chosen()),
                                    names="value")
        self.hand: Any = None
        self.spec: dealcode.DealSpec | None = None
        self.table: CardTable | None = None
        self.stepper: Any = None
        self.trick_withheld = False     # a live class is answering "which card wins?" (``withhold_trick``)
        deal_bar = widgets.HBox([self.game_picker, self.players_picker, self.deal_button, self.code_view,
                                 self.code_input, self.join_button, self.message])
        from atout.widgets.live import LiveClass

        # A live class: started here (the teacher's panel beside the table) or joined (``class_code``: a link's).
        self.live = LiveClass(host=self, code=class_code)
        view_bar = widgets.HBox([self.mode, self.every_hand, self.sort_hands, self.four_colour, self.presenter,
                                 self.handout_link, self.live.bar, self.rules_panel.bar])
        for bar in (deal_bar, view_bar):
            bar.add_class("atout-classroom-bar")
        body = widgets.HBox([self.stage, self.live.side])
        body.add_class("atout-classroom-body")
        self.children = [self.live, deal_bar, view_bar, self.rules_panel, body]
        language.register(self)
        self._players_for_game(players)
        if code:
            self.join(code)
        else:
            self.new_deal()

    def _players_for_game(self, players: int | None = None) -> None:
        counts = player_counts(self.game_picker.value)
        relabelling, self._relabelling = self._relabelling, True     # the choice of players follows the game
        try:
            self.players_picker.options = [(Text("{n} players", n=n).render(), n) for n in counts]
            default = package_of(self.game_picker.value).make_config(self.game_picker.value).players
            self.players_picker.value = (players if players in counts
                                         else (default if default in counts else counts[0]))
        finally:
            self._relabelling = relabelling

    def _game_chosen(self) -> None:
        self._players_for_game()
        self.rules_panel.set_game(self.game_picker.value)       # another game: its own usual rules
        self.new_deal()

    def _players_chosen(self) -> None:
        game, players = self.game_picker.value, self.players_picker.value
        options = self.rules_panel.options
        try:
            if options and "players" in package_of(game).config.OPTIONS:
                package_of(game).make_config(game, {**options, "players": players})    # core: do they go together?
        except AtoutError as exc:
            # Partnerships need four players: the number goes back, and core says why.
            self._relabelling = True
            try:
                self.players_picker.value = self.spec.players if self.spec else None
            finally:
                self._relabelling = False
            self.message.value = (f"<p class='atout-error' role='alert' data-testid='deal-code-error'>"
                                  f"{escape(str(exc))}</p>")
            return
        self.new_deal()

    # --- deals ------------------------------------------------------------------------------------------

    def new_deal(self, seed: int | None = None) -> str:
        """Deal a fresh hand of the chosen game and show its code."""
        game, players, options = self.game_picker.value, self.players_picker.value, self.rules_panel.options
        spec = (dealcode.DealSpec(game, players, 0, seed, dealcode.house_rules(game, options)) if seed is not None
                else dealcode.DealSpec.random(game, players, options=options))
        self._load(spec)
        self.message.value = ""
        return dealcode.encode(spec)

    def join(self, code: str) -> bool:
        """Load the deal a code stands for; a bad code is refused with core's reason, nothing changes."""
        try:
            spec = dealcode.decode(code)
        except AtoutError as exc:
            self.message.value = (f"<p class='atout-error' role='alert' data-testid='deal-code-error'>"
                                  f"{escape(str(exc))}</p>")
            return False
        self._relabelling = True      # the code chooses the game, the players and the house rules: no new deal
        try:
            self.game_picker.value = spec.game
            self._players_for_game(spec.players)
            if self.rules_panel.game != spec.game:
                self.rules_panel.set_game(spec.game)
            self.rules_panel.set_options(spec.options)
        finally:
            self._relabelling = False
        self._load(spec)
        self.message.value = (f"<p class='atout-ok' role='status'>"
                              f"{escape(Text('You have the deal {code}', code=dealcode.encode(spec)).render())}</p>")
        return True

    def _load(self, spec: dealcode.DealSpec) -> None:
        self.spec = spec
        self.hand = dealcode.new_hand(spec)
        if self.stepper is not None:
            # The walk-through is of one deal; the table is kept and shown the new one (see ``_show``).
            language.close_tree(self.stepper)
            self.stepper = None
        self.refresh()

    # --- presenting -------------------------------------------------------------------------------------

    def command(self, command: str) -> None:
        """A presenter key: step the walk-through, or show or hide every hand."""
        if command == "hands":
            self.every_hand.value = not self.every_hand.value
            return
        if self.mode.value != "walk":
            # A key pressed in Play opens the walk-through where it stands, without moving it (End: at its last
            # step): a new deal's walk-through opens at step 1, never straight at step 2.
            self.mode.value = "walk"
            if command == "last":
                self.stepper.go(len(self.stepper.steps) - 1)
            return
        stepper = self.stepper
        if command == "next":
            stepper.forward()
        elif command == "previous":
            stepper.back()
        elif command == "first":
            stepper.go(0)
        elif command == "last":
            stepper.go(len(stepper.steps) - 1)

    def _show(self) -> None:
        if self.hand is None:
            return
        viewer = None if self.every_hand.value else 0
        if self.mode.value == "play":
            if self.table is None:
                # The teacher's table: nobody at it is "you"; the cards are sized to fit the screen.
                self.table = CardTable(self.hand, viewer=viewer, opponents=opponent, show_legal=True,
                                       size="projector", four_colour=self.four_colour.value, you=None, fit=True,
                                       sort_hands=self.sort_hands.value)
                self.table.withheld = self.trick_withheld
                self.table.on_event.append(lambda _event: self._changed())
            else:
                # One table for every deal: a new widget per deal would leave the old one alive in
                # the kernel and the page, and start the browser's drawing code cold again.
                self.table.four_colour = self.four_colour.value
                self.table.sort_hands = self.sort_hands.value
                if self.table.hand is not self.hand or self.table.viewer != viewer:
                    self.table.set_hand(self.hand, viewer=viewer)
            self.stage.children = [self.table]
        else:
            if self.stepper is None:
                from atout.widgets.stepper import DealStepper

                self.stepper = DealStepper(played_out(self.hand), viewer=viewer, size="projector")
                self.stepper.slider.observe(guarded(lambda _change: self._changed()), names="value")
            self.stepper.table.four_colour = self.four_colour.value
            self.stepper.table.sort_hands = self.sort_hands.value
            self.stepper.table.withheld = self.trick_withheld
            self.stepper.set_viewer(viewer)
            self.stage.children = [self.stepper]
        self._changed()

    def refresh(self) -> None:
        self.game_picker.description = Text("Game").render()
        self.players_picker.description = Text("Players").render()
        self.deal_button.description = Text("New deal").render()
        self.join_button.description = Text("Join").render()
        self.code_input.placeholder = Text("Type the teacher's deal code").render()
        self.every_hand.description = Text("Show every hand").render()
        self.four_colour.description = Text("Four-colour deck").render()
        self.sort_hands.description = Text("Sort the hands").render()
        self.sort_hands.tooltip = Text("Each hand by suit, the trumps first, every suit in the game's order").render()
        mode, game, players = self.mode.value, self.game_picker.value, self.players_picker.value
        self._relabelling = True     # new labels only: keep what is chosen
        self.mode.options = [(Text("Play").render(), "play"), (Text("Walk through").render(), "walk")]
        self.game_picker.options = [(Text(game_title(g)).render(), g) for g in available_games()]
        self.mode.value, self.game_picker.value = mode, game
        self._players_for_game(players)
        self._relabelling = False
        self.presenter.hint = Text("Presenter keys: → or Page Down: next step · ← or Page Up: back · "
                                   "H: show or hide the hands").render()
        rules = dealcode.rules_text(self.spec.game, self.spec.options) if self.spec else ""
        self.handout_link.value = handout_link(self.game_picker.value, rules)
        code = dealcode.encode(self.spec) if self.spec else ""
        self.code_view.value = (f"<div class='atout-deal-code'>{escape(Text('Deal code:').render())} "
                                f"<strong data-testid='deal-code'>{escape(code)}</strong></div>")
        self._show()

    # --- the page's address (atout.widgets.page keeps it in the browser's address bar) ------------------------

    def address_state(self) -> dict[str, str]:
        """The deal by its code, the moves played on the table, and in the walk-through its whole line and step."""
        from atout.widgets.address import moves_text

        if self.spec is None:
            return {"game": self.game_picker.value}
        state = {"code": dealcode.encode(self.spec), "moves": moves_text(self.hand.history[1:])}
        if self.mode.value == "walk" and self.stepper is not None:
            # The walk-through's line is the computer's (which may sample): kept whole, it comes back the same.
            state.update(mode="walk", line=moves_text(self.stepper.hand.history[1:]), step=str(self.stepper.step + 1))
        return state

    def restore(self, moves: Sequence[Any] = (), line: Sequence[Any] | None = None, step: int = 1) -> None:
        """Play ``moves`` on the deal shown; with ``line``, open the walk-through of that line at ``step`` (1 for
        the first). An action the deal refuses raises its ``AtoutError`` and leaves the deal as it was dealt."""
        from atout.widgets.stepper import DealStepper

        hand = self.hand.copy()
        for action in moves:
            hand.apply(action)
        walked = None
        if line is not None:
            walked = self.hand.copy()
            for action in line:
                walked.apply(action)
        self.hand = hand
        if self.table is not None:
            self.table.set_hand(self.hand)
        if walked is not None:
            if self.stepper is not None:
                language.close_tree(self.stepper)
            self.stepper = DealStepper(walked, viewer=None if self.every_hand.value else 0, size="projector")
            self.stepper.slider.observe(guarded(lambda _change: self._changed()), names="value")
            self.mode.value = "walk"
            self.stepper.go(step - 1)
        self._show()

    # --- a live class follows the table ---------------------------------------------------------------------

    def withhold_trick(self, withheld: bool) -> None:
        """While the class answers "which card wins?", the table (in Play or in the walk-through) says nothing of who
        won the trick or who is next, and the walk-through's explanation is hidden (its steps name the winner); once
        the answer is revealed, they say it again (the teacher's panel calls this, ``atout.widgets.live``)."""
        self.trick_withheld = withheld
        for table in (self.table, self.stepper.table if self.stepper is not None else None):
            if table is not None:
                table.withheld = withheld
        if withheld:
            self.add_class("atout-withholding")
        else:
            self.remove_class("atout-withholding")

    def live_position(self) -> dict[str, Any]:
        """What the class follows: the deal's code, the line of actions shown (the moves played; in the walk-through
        its whole line) and the walk-through's step (None in Play), and the actions up to what the table shows now
        (the position a question about the table is asked on)."""
        assert self.spec is not None, "the classroom deals as it opens"
        code = dealcode.encode(self.spec)
        if self.mode.value == "walk" and self.stepper is not None and self.stepper.steps:
            line = [str(a) for a in self.stepper.hand.history[1:]]
            return {"code": code, "line": line, "step": self.stepper.step,
                    "actions": line[:self.stepper.current.action_index]}
        played = [str(a) for a in self.hand.history[1:]]
        return {"code": code, "line": played, "step": None, "actions": played}

    def _changed(self) -> None:
        for callback in list(self.on_change):
            callback()
