"""The Play page: a whole game against the computer, with hints, the explanation log, the score
sheet, and a review of each hand: the plays by the solver, the calls by the sampler (``atout.review``).

The learner sits at seat 0; the computer (at the chosen level) plays every other seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from atout import units
from atout.engine import Action, Event
from atout.errors import AtoutError
from atout.games import DEFAULT_GAME, available_games, game_title, package_of
from atout.i18n import N_, Text, aside, decimal, listed, ngettext, sentences, signed
from atout.players import LEVELS, make_player
from atout.review import MIN_DEALS, CallReview, HandReview, review_hand
from atout.widgets import language
from atout.widgets.fault import guarded
from atout.widgets.rules_panel import HouseRulesPanel
from atout.widgets.said import said_html
from atout.widgets.scoresheet import ScoreSheet
from atout.widgets.seats import unit_label
from atout.widgets.table import CardTable, action_label

LEARNER = 0
CALL_REVIEW_S = 2.0    # the page waits at most about this long for the review of the learner's calls
LEVEL_NAMES = {"beginner": Text("Beginner"), "club": Text("Club player"), "expert": Text("Expert")}


class GameHand:
    """The hand of a game the card table shows, with actions going through the game (so a finished hand is scored
    and the next one dealt by core, not by the page).

    A finished hand stays on the table, its last trick and its score with it, until the learner asks for the next
    (``next_hand``): core has dealt it already, but nobody, the computer included, acts in it before then."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.shown = game.hand

    def apply(self, action: Action | str) -> Event:
        return self.game.apply(action)

    @property
    def waiting(self) -> bool:
        """The hand shown is over and the game has dealt the next (or is over): the moment between two hands."""
        return self.shown is not self.game.hand or self.game.is_over

    def next_hand(self) -> bool:
        """Show the game's current hand; False when it is the one shown already."""
        if self.shown is self.game.hand:
            return False
        self.shown = self.game.hand
        return True

    def __getattr__(self, name: str) -> Any:
        return getattr(self.shown, name)


def _tricks(numbers: list[int]) -> str:
    """Trick numbers as a reader takes them in: "3", "1 to 6", "1, 2, and 5"."""
    numbers = sorted(set(numbers))
    if len(numbers) == 1:
        return str(numbers[0])
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return Text("{first} to {last}", first=numbers[0], last=numbers[-1]).render()
    return listed(map(str, numbers))


def _where(tricks: list[int]) -> str:
    """The tricks some decisions were made in: "trick 3", "tricks 1 to 6"."""
    return ngettext("trick {tricks}", "tricks {tricks}", len(set(tricks)), tricks=_tricks(tricks))


def _checked_text(review: HandReview) -> str:
    """What the review checked, and how: exactly, by sampling (with how many deals), or not at all (and why)."""
    items = []
    if review.exact:
        items.append(Text("Checked exactly by the solver, which sees every hand: {n} of your decisions ({where})",
                          n=len(review.exact), where=_where([r.trick for r in review.exact])).render())
    judged, too_few = review.judged, review.too_few_deals
    if judged:
        items.append(Text(
            "Checked by sampling while the stock was open (leads, replies, the 9 of trumps, marriages, closing, "
            "declaring): {n} of your decisions ({where}), each tried on {deals} deals or more of the cards you could "
            "not see, played out by the club player until the stock was gone and then perfectly",
            n=len(judged), where=_where([r.trick for r in judged]), deals=min(r.deals for r in judged)).render())
    if too_few:
        deals = max(r.deals for r in too_few)
        items.append(ngettext(
            "Not judged: {n} of your decisions while the stock was open ({where}): only {deals} deals could be "
            "played in the time allowed, too few to say whether another choice was better",
            "Not judged: {n} of your decisions while the stock was open ({where}): at most {deals} deals could be "
            "played in the time allowed for each, too few to say whether another choice was better",
            len(too_few), where=_where([r.trick for r in too_few]), deals=deals))
    if review.calls and min(r.deals for r in review.calls) >= MIN_DEALS:
        items.append(ngettext("Checked by sampling: your call (below)", "Checked by sampling: your {n} calls (below)",
                              len(review.calls)))
    elif review.calls:
        items.append(ngettext("Not judged: your call, too few deals in the time allowed (below)",
                              "Not judged: your {n} calls, too few deals in the time allowed (below)",
                              len(review.calls)))
    before = [u for u in review.unchecked if u.trick == 0]
    if before:
        items.append(Text("Not checked, made before the play: {actions} ({why})",
                          actions=_actions([u.made for u in before]), why=before[0].why).render())
    for skipped in review.unchecked:
        if skipped.trick:
            items.append(Text("Not checked: trick {n}, {action}: {why}", n=skipped.trick,
                              action=action_label(skipped.made), why=skipped.why).render())
    if not items:
        items.append(Text("You had no choice to make in this hand: every action was the only one allowed").render())
    return "<ul class='atout-review-checked' data-testid='review-checked'>" + "".join(
        f"<li>{escape(item)}</li>" for item in items) + "</ul>"


def _actions(actions: list[Action]) -> str:
    """Actions as a reader takes them in: "Discard 7♦", "Discard 7♦, Discard Q♦, and Discard 4♥"."""
    labels = [action_label(a) for a in actions]
    if len(labels) == 1:
        return labels[0]
    return listed(labels)


def _review_text(review: HandReview, hinted: dict[int, Action] | None = None) -> str:
    """What the review checked and how, then each decision found worse than the best, by its trick, with what it
    cost (exactly, or about so much with its error bar); "no better play" only of the decisions checked. Where the
    learner played the hint's card, why the two disagree (``hinted``: the hint given at each place of the hand's
    history)."""
    items = []
    for f in review.mistakes:
        if f.whose == "own":        # each plays alone: the score is the player's own
            said = Text("Trick {n}: {best} instead of {played} would have been worth {amount} to you, with every "
                        "card played as well as it can be from there on", n=f.trick,
                        best=f.best.card or action_label(f.best), played=f.made.card or action_label(f.made),
                        amount=units.more(f.unit, f.lost)).render()
        else:
            said = Text("Trick {n}: {best} instead of {played} would have been worth {amount} to your side, with "
                        "every card played as well as it can be from there on", n=f.trick,
                        best=f.best.card or action_label(f.best), played=f.made.card or action_label(f.made),
                        amount=units.more(f.unit, f.lost)).render()
        if (hinted or {}).get(f.index) == f.made:
            said = aside(said, Text("(the hint's choice: the hint sees only your cards, the review sees every "
                                    "hand)").render())
        items.append("<li data-how='exact'>" + escape(said) + "</li>")
    for r in review.judged:
        if r.clearly_worse:
            said = Text("Trick {n}: “{best}” instead of “{made}” was worth about {amount}, ± {error} (over {deals} "
                        "deals of the cards you could not see)", n=r.trick, best=action_label(r.best),
                        made=action_label(r.made), amount=units.more(review.unit, round(r.gain, 1)),
                        error=decimal(max(r.error, 0.1)), deals=r.deals).render()
            items.append("<li data-how='sampled'>" + escape(said) + "</li>")
    found = ("<ul class='atout-review-found' data-testid='review-found'>" + "".join(items) + "</ul>") if items else ""
    if not items:
        if review.exact and review.judged:
            none = Text("Among the decisions checked, the solver finds no better play than yours, and sampling "
                        "finds none clearly worse than the best")
        elif review.exact:
            none = Text("The solver, seeing every hand, finds no better play than yours among the decisions it "
                        "checked")
        elif review.judged:
            none = Text("Sampling finds none of the decisions it checked clearly worse than the best")
        else:
            none = None
        if none is not None:
            found = f"<p data-testid='review-found'>{escape(none.render())}</p>"
    note = Text("The solver looks at every hand, as nobody at the table can.").render() if review.exact else ""
    if any(r.whose == "own" for r in review.exact):     # each alone: the solver's value is what you make for sure
        note = sentences(note, Text("Played without partners, it counts what you make for sure when every other "
                                    "player plays against you.").render())
    return (_checked_text(review) + found
            + (f"<p class='atout-review-note'>{escape(note)}</p>" if note else ""))


def _calls_text(reviews: list[CallReview]) -> str:
    """The calls rated clearly worse than the best, with the expected difference and its error bar."""
    if not reviews:
        return ""
    worse = [r for r in reviews if r.clearly_worse]
    items = "".join("<li>" + escape(Text(
        "“{best}” instead of “{made}” was worth about {gain} points, ± {error} (over {deals} deals of the cards "
        "you could not see)", best=action_label(r.best), made=action_label(r.made), gain=f"{round(r.gain):+d}",
        error=max(1, round(r.error)), deals=r.deals).render()) + "</li>" for r in worse)
    if not worse:
        deals = min(r.deals for r in reviews)
        if deals < MIN_DEALS:      # too few deals in the time allowed to call any call better or worse
            said = Text("Too few deals could be played in the time allowed ({deals}) to judge your calls",
                        deals=deals)
        else:
            said = Text("The sampler finds none of your calls clearly worse than the best (at least {deals} deals "
                        "of the cards you could not see for each)", deals=deals)
        items = "<li>" + escape(said.render()) + "</li>"
    note = Text("The cards you could not see are dealt again and again, fitting the calls made before yours; each "
                "call is played out to the end of the hand by the club player at every seat, and is worth your "
                "side's score in the hand less the others'.").render()
    return (f"<div class='atout-call-review' data-testid='call-review'><h4>{escape(Text('Your calls').render())}</h4>"
            f"<ul>{items}</ul><p class='atout-review-note'>{escape(note)}</p></div>")


class PlayGame(widgets.VBox):
    """Choose a game and a level, then play hand after hand to the target.

    ``seed`` deals every game the same (tests); without it each game has its own seed, kept in ``game_seed`` so
    that the game and its ``moves`` (every action of every hand, the computer's too) can be played again to the
    same position: the page keeps them in its address (``address_state``), and ``game_seed`` with ``moves`` open
    the game where it was. ``on_change`` callbacks are called after every change of the game.
    """

    def __init__(self, game: str = DEFAULT_GAME, level: str = "club", seed: int | None = None,
                 game_seed: int | None = None, moves: Sequence[Action] = (), reviewed: Sequence[int] = (),
                 **options: Any) -> None:
        super().__init__()
        self.on_change: list[Callable[[], None]] = []
        self.add_class("atout-play")
        self.options = options
        self.seed = seed
        self.game_picker = widgets.Dropdown(options=[(game_title(g), g) for g in available_games()], value=game,
                                            style={"description_width": "initial"})
        self.game_picker.add_class("atout-game-picker")
        self.level_picker = widgets.Dropdown(options=[(str(LEVEL_NAMES[lv].render()), lv) for lv in LEVELS],
                                             value=level, style={"description_width": "initial"})
        self.new_button = widgets.Button(icon="play")
        self.new_button.add_class("atout-new-game")
        self.new_button.on_click(guarded(lambda _b: self.new_game()))
        self.hint_button = widgets.Button(icon="lightbulb-o")
        self.hint_button.add_class("atout-hint")
        self.hint_button.on_click(guarded(lambda _b: self.hint()))
        self.review_button = widgets.Button(icon="search", layout=widgets.Layout(width="auto"))
        self.review_button.add_class("atout-review")
        self.review_button.on_click(guarded(lambda _b: self.review()))
        self.hint_view = widgets.HTML()
        self.review_view = widgets.HTML()
        self.earlier_reviews = widgets.HTML()      # the reviews of earlier hands, each one opened by its title
        self.earlier_reviews.add_class("atout-earlier-reviews")
        # The end of a hand: its score with the working, and the next hand when the learner asks.
        self.hand_end_text = widgets.HTML()
        self.next_hand_button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.next_hand_button.add_class("atout-next-hand")
        self.next_hand_button.on_click(guarded(lambda _b: self._after_hand_button()))
        self.hand_end = widgets.VBox([self.hand_end_text, self.next_hand_button])
        self.hand_end.add_class("atout-hand-end")
        self.log_view = widgets.HTML()
        self.log_view.add_class("atout-log")
        self.status = widgets.HTML()
        self.stage = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.sheet_box = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.reviewed_hands = 0
        self.call_reviews: list[CallReview] = []
        # The table on the left, sized to fit the window; beside it the hint, the log, the review and the score
        # sheet: the learner's hand, the choices and what happened are on one screen.
        self.stage.add_class("atout-play-stage")
        buttons = widgets.HBox([self.hint_button, self.review_button])
        buttons.add_class("atout-play-buttons")
        side = widgets.VBox([self.hand_end, buttons, self.hint_view,
                             self.review_view, self.log_view, self.earlier_reviews, self.sheet_box])
        side.add_class("atout-play-side")
        body = widgets.HBox([self.stage, side])
        body.add_class("atout-play-body")
        # House rules, a whole game's too (its target, the first dealer): each change starts a new game with it.
        self.rules_panel = HouseRulesPanel(game, on_change=self._rules_chosen, scopes=("hand", "game"),
                                           effect=N_("A new game with this rule: {rule}"))
        self.rules_panel.set_options(options)
        self.game_picker.observe(guarded(lambda change: self._game_chosen(change["new"])), names="value")
        self.children = [widgets.HBox([self.game_picker, self.level_picker, self.new_button]), self.rules_panel,
                         self.status, body]
        language.register(self)
        self.restore_error: AtoutError | None = None     # why the moves asked for could not be played again
        try:
            self.new_game(game_seed, moves)
        except AtoutError as exc:
            self.restore_error = exc
        else:       # the hands reviewed before the page was reloaded are reviewed again (their moves are the same)
            for number in sorted(set(reviewed)):
                if 1 <= number <= len(self.game.completed_hands):
                    self.review(number)

    # --- the game ---------------------------------------------------------------------------------------

    def new_game(self, game_seed: int | None = None, moves: Sequence[Action] = ()) -> None:
        """A new game; with ``game_seed`` and ``moves``, that game played again to where it was (an action the
        game refuses raises its ``AtoutError`` and leaves a new game in its place)."""
        game_id, level = self.game_picker.value, self.level_picker.value
        if game_seed is None:
            game_seed = self.seed if self.seed is not None else random.randrange(2 ** 31)
        self.game_seed = game_seed
        self.game = package_of(game_id).new_game(game_id, seed=game_seed, **self.options)
        self.learner_acted = False
        try:
            for action in moves:
                self.learner_acted |= self.game.hand.to_act == LEARNER
                self.game.apply(action)
        except AtoutError:
            self.new_game()
            raise
        self.computer = make_player(game_id, level, seed=self.seed)
        self.hint_player = make_player(game_id, "expert", seed=self.seed)
        self.reviewed_hands = 0
        self.reviews: dict[int, str] = {}          # each reviewed hand's review, by its number (from 1)
        self.hints: dict[int, dict[int, Action]] = {}   # the hints given, by hand number and place in its history
        self.last_score: Any = None                # core's explanation of the last hand's score, the working in it
        self.hand_view = GameHand(self.game)
        if moves and self.game.completed_hands and (self.game.is_over or len(self.game.hand.history) <= 1):
            # The moves end with a hand: it is shown again as it ended, waiting for the learner's next hand.
            self.hand_view.shown = self.game.completed_hands[-1]
            self.last_score = next((e.explanation for event in reversed(self.hand_view.shown.events)
                                    for e in event.flatten() if e.kind == "score"), None)
        self.table = CardTable(self.hand_view, viewer=LEARNER, opponents=self._computer, show_legal=True,
                               on_event=[self._log_event], fit=True)
        self.sheet = ScoreSheet(self.game, viewer=LEARNER)
        self.stage.children = [self.table]
        self.sheet_box.children = [self.sheet]
        self.hint_view.value = ""
        self.review_view.value = ""
        self.earlier_reviews.value = ""
        self.refresh()
        self._changed()

    @property
    def hand_number(self) -> int:
        """The number of the hand on the table, from 1 (a finished hand keeps its number until the next is shown)."""
        return len(self.game.completed_hands) + (0 if self.hand_view.waiting else 1)

    def next_hand(self) -> None:
        """The learner asks for the next hand: the computer starts acting in it, the last review goes with the
        earlier hands'."""
        if not self.hand_view.next_hand():
            return
        self._draw_hand_end()           # gone before the table shows the next hand
        self.hint_view.value = ""
        self.review_view.value = ""
        self._show_earlier_reviews()
        self.table.set_hand(self.hand_view)
        self.refresh()
        self._changed()

    def _after_hand_button(self) -> None:
        if self.game.is_over:
            self.new_game()
        else:
            self.next_hand()

    def _rules_chosen(self, options: dict[str, Any]) -> None:
        self.options = options
        self.new_game()

    def _game_chosen(self, game: str) -> None:
        # Another game's switches, at its usual rules: they are its own (a Forty-Fives rule means nothing in
        # Sixty-Six); the game starts when New game is pressed, as before.
        if game != self.rules_panel.game:
            self.options = {}
            self.rules_panel.set_game(game)

    def moves(self) -> list[Action]:
        """Every action of the game so far, hand after hand (the deals are the seed's)."""
        hands = list(self.game.completed_hands)
        if not hands or self.game.hand is not hands[-1]:      # a won game keeps its last hand as the current one
            hands.append(self.game.hand)
        return [action for hand in hands for action in hand.history[1:]]

    def in_progress(self) -> bool:
        """Has the learner begun the game and not finished it (leaving now would leave it unfinished)?"""
        return self.learner_acted and not self.game.is_over

    def address_state(self) -> dict[str, str]:
        """The game for the page's address: its game and level, and once begun its seed and moves."""
        from atout.dealcode import rules_text
        from atout.widgets.address import moves_text

        state = {"game": self.game_picker.value, "level": self.level_picker.value,
                 "rules": rules_text(self.game_picker.value, self.options)}
        moves = self.moves()
        if moves:
            state.update(seed=str(self.game_seed), moves=moves_text(moves))
        if self.reviews:      # the hands reviewed, so that a reload shows their reviews again
            state["reviewed"] = ".".join(str(n) for n in sorted(self.reviews))
        return state

    def _changed(self) -> None:
        for callback in list(self.on_change):
            callback()

    def _computer(self, hand: Any, seat: int) -> Action:
        return self.computer.act(self.game.hand, seat)

    def _log_event(self, event: Event) -> None:
        self.learner_acted |= event.seat == LEARNER
        for e in event.flatten():
            if e.kind == "score":
                self.last_score = e.explanation
        table = getattr(self, "table", None)     # (the first events come while the table is being made)
        if table is not None:
            table.card_values = {}             # a hint's mark goes once anybody has acted
        self.hint_view.value = ""
        if self.hand_number not in self.reviews:    # "Finish a hand first" is no longer true once it is finished
            self.review_view.value = ""
        sheet = getattr(self, "sheet", None)     # (none yet while the first table is being made)
        if sheet is not None and len(self.game.completed_hands) > self.reviewed_hands:
            sheet.refresh()
        self.refresh()
        self._changed()

    def hint(self) -> str:
        """What the expert computer would do in the learner's place (it sees only the learner's cards), and why."""
        from atout.hints import hint

        hand = self.hand_view
        if hand.to_act != LEARNER or hand.is_over or self.game.is_over:
            text = Text("A hint comes when it is your turn.").render()
            self.hint_view.value = f"<p class='atout-hint-text' role='status'>{escape(text)}</p>"
            self.table.card_values = {}
            return text
        advice = hint(hand.shown, LEARNER, self.hint_player)
        self.hints.setdefault(self.hand_number, {})[len(hand.history)] = advice.action
        if advice.reason is not None and advice.action.kind == "play":
            said = Text("The expert computer, seeing only your cards, would play {card}: {why}",
                        card=advice.action.card, why=advice.reason)
        elif advice.reason is not None:
            said = Text("The expert computer, seeing only your cards, would choose “{action}”: {why}",
                        action=action_label(advice.action), why=advice.reason)
        else:
            said = Text("The expert computer, seeing only your cards, would choose: {action}",
                        action=action_label(advice.action))
        text = said.render(viewer=LEARNER)
        self.hint_view.value = (f"<p class='atout-hint-text' role='status' data-testid='hint'>{escape(text)}</p>")
        if advice.action.card is not None:     # the card is marked on the table, as the What-if page marks values
            self.table.card_values = {advice.action.card.code: {
                "text": Text("Hint").render(), "best": True,
                "label": Text("The hint: {card}", card=advice.action.card).render()}}
        return text

    def review(self, number: int | None = None) -> HandReview | None:
        """Review a finished hand (``atout.review``): the last one, or hand ``number`` (from 1)."""
        hands = self.game.completed_hands
        if not hands:
            self.review_view.value = "<p>" + escape(Text("Finish a hand first: the review comes after it.").render()) \
                + "</p>"
            return None
        number = number or len(hands)
        hand = hands[number - 1]
        review = review_hand(hand, LEARNER, calls_s=CALL_REVIEW_S, seed=self.seed, opponents=self.computer.level)
        self.call_reviews = review.calls
        self.reviewed_hands = max(self.reviewed_hands, number)
        title = Text("Review of hand {n}", n=number).render()
        self.reviews[number] = (f"<h3>{escape(title)}</h3>{_review_text(review, self.hints.get(number))}"
                                f"{_calls_text(self.call_reviews)}")
        if number == self.hand_number:     # the hand on the table: its review beside it
            self.review_view.value = (f"<div class='atout-review-text' data-testid='hand-review'>"
                                      f"{self.reviews[number]}</div>")
        self._show_earlier_reviews()
        return review

    def _show_earlier_reviews(self) -> None:
        """The reviews of the hands before the one on the table, each closed under its title, the latest first."""
        earlier = [n for n in sorted(self.reviews, reverse=True) if n != self.hand_number]
        if not earlier:
            self.earlier_reviews.value = ""
            return
        heading = escape(Text("Reviews of earlier hands").render())
        items = "".join(f"<details class='atout-review-text' data-hand='{n}'><summary>"
                        f"{escape(Text('Review of hand {n}', n=n).render())}</summary>{self.reviews[n]}</details>"
                        for n in earlier)
        self.earlier_reviews.value = f"<h4>{heading}</h4>{items}"

    def refresh(self) -> None:
        chosen = self.game_picker.value        # the games' names in the page language, the choice kept
        self.game_picker.options = [(Text(game_title(g)).render(), g) for g in available_games()]
        self.game_picker.value = chosen
        self.game_picker.description = Text("Game").render()
        self.level_picker.description = Text("Level").render()
        self.new_button.description = Text("New game").render()
        self.hint_button.description = Text("Hint").render()
        self.review_button.description = Text("Review the last hand").render()
        game = self.game
        # The hand's end goes before the status names the next hand: the page draws each change as it comes.
        self._draw_hand_end()
        if game.is_over:
            status = Text("The game is over. Winner: {winner}", winner=self._unit_name(game.winner))
        elif self.hand_view.waiting:
            status = Text("Hand {n} is over", n=self.hand_number)
        else:
            status = Text("Hand {n}: you play against the computer", n=self.hand_number)
        self.status.value = f"<p class='atout-play-status' data-testid='play-status'>{escape(status.render())}</p>"
        self.log_view.value = self._log_html()

    def _played_hands(self) -> list[Any]:
        """Every hand of the game dealt so far, in order, as far as the table shows them (a hand dealt while the
        learner looks at the last one's end is not shown yet)."""
        hands = list(self.game.completed_hands)
        current = self.hand_view.shown
        if not hands or current is not hands[-1]:
            hands.append(current)
        return hands

    def _log_html(self) -> str:
        """What happened, and why, hand by hand under each hand's number, from the game itself (so that a reload,
        which plays the game's moves again, shows it whole): the hand on the table open, the earlier ones closed."""
        heading = escape(Text("What happened, and why").render())
        hands = self._played_hands()
        parts = []
        for number, hand in enumerate(hands, start=1):
            # As the learner may know it: the cards they laid or drew face down named, the others' counted.
            said = [said_html(e.explanation_for(LEARNER), viewer=LEARNER)
                    for event in hand.events for e in event.flatten()]
            lines = "".join(f"<li>{line}</li>" for line in reversed(said))     # the latest first, numbered down
            title = escape(Text("Hand {n}", n=number).render())
            opened = " open" if number == len(hands) else ""
            parts.append(f"<details class='atout-log-hand' data-hand='{number}'{opened}><summary>{title}</summary>"
                         f"<ol class='atout-log-lines' reversed>{lines}</ol></details>")
        return f"<h4 class='atout-log-title'>{heading}</h4>{''.join(reversed(parts))}"

    def _draw_hand_end(self) -> None:
        """Between two hands: the hand's score with core's working, the game's score, and the way on (the next hand,
        or after the last a new game)."""
        if not self.hand_view.waiting:
            self.hand_end.layout.display = "none"
            self.hand_end_text.value = ""
            return
        game = self.game
        parts = [f"<h3>{escape(Text('Hand {n} is over', n=self.hand_number).render())}</h3>"]
        if self.last_score is not None:
            parts.append(f"<p class='atout-hand-score'>{said_html(self.last_score, viewer=LEARNER)}</p>")
        totals = " · ".join(Text("{who}: {score}", who=self._unit_name(unit), score=signed(score)).render()
                            for unit, score in enumerate(game.scores))
        parts.append("<p class='atout-game-score'>" + escape(Text("The game's score: {scores}", scores=totals)
                                                            .render()) + "</p>")
        if game.is_over:
            if game.winner is not None and game.winner == self._learners_unit():
                over = Text("The game is over, and you have won it!")
            else:
                over = Text("The game is over. Winner: {winner}", winner=self._unit_name(game.winner))
            parts.append(f"<p class='atout-game-over'><strong>{escape(over.render())}</strong></p>")
            self.next_hand_button.description = Text("New game").render()
        else:
            self.next_hand_button.description = Text("Next hand").render()
        self.hand_end_text.value = f"<div data-testid='hand-end' role='status'>{''.join(parts)}</div>"
        self.hand_end.layout.display = ""

    def _learners_unit(self) -> int:
        """The scoring unit the learner plays for: their own seat, or their side."""
        hand = self.game.hand
        if len(self.game.scores) == len(hand.hands):
            return LEARNER
        return hand.side_of(LEARNER)

    def _unit_name(self, unit: Any) -> Any:
        """A player or a side (the game's winner, a score's owner) as the table beside it names them; "nobody" for
        a game won by nobody."""
        if unit is None:
            return Text("nobody")
        return unit_label(self.game.hand, unit, len(self.game.scores), LEARNER)
