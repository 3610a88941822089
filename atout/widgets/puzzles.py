"""The Puzzles page: a position made by the solver (``atout.puzzles``), every hand face up; the learner plays the seat
to act, is told right or wrong with the proof in words, and each attempt teaches the puzzle's difficulty (its rating,
kept in the class store: ``atout.live.store``, ``atout.ratings``).

A thin view: core chose the puzzle, proved its answer and wrote its proof; the page shows them and sends the one
action the learner chose. The learner's own rating lives in the page's kernel for the visit (the puzzle's, which
every learner teaches, lives in the store).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from atout.engine import Action, Event
from atout.games import available_games, game_title
from atout.i18n import Plural, Text
from atout.puzzles import Puzzle, action_said, packaged_puzzles, proof, theme_words
from atout.ratings import Rating
from atout.widgets import language
from atout.widgets.fault import guarded
from atout.widgets.table import CardTable

EVERY_GAME = ""
STYLE = """
.atout-puzzle-stage { display: flex; flex-flow: row wrap; gap: 12px 16px; align-items: flex-start; }
.atout-puzzle-stage > .atout-puzzle-board { flex: 1 1 760px; min-width: 0; }
.atout-puzzle-stage > .atout-puzzle-side { flex: 0 1 460px; min-width: 300px; }
.atout-puzzle-feedback { font-size: 1rem; line-height: 1.4; }
.atout-puzzle-verdict { font-weight: bold; font-size: 1.15rem; }
.atout-puzzle-right .atout-puzzle-verdict { color: #1b6b2a; }
.atout-puzzle-wrong .atout-puzzle-verdict { color: #a4161a; }
.atout-puzzle-prompt { font-size: 1.05rem; margin: 0; }
.atout-puzzle-heading { margin: 0; font-size: 1rem; }
"""


class PuzzleTrainer(widgets.VBox):
    """Puzzles one after another, of one game or of all. ``on_change`` callbacks hear every new puzzle (the page
    keeps the game and the puzzle in its address, ``address_state``). ``store`` opens the class store when first
    needed (None: the ratings are not kept, as in a test without one)."""

    def __init__(self, game: str = EVERY_GAME, puzzle: str | None = None, seed: int | None = None,
                 store: Callable[[], Any] | None = None, puzzles: list[Puzzle] | None = None) -> None:
        super().__init__()
        self.add_class("atout-puzzles")
        self.on_change: list[Callable[[], None]] = []
        self.puzzles = puzzles if puzzles is not None else packaged_puzzles()
        self._open_store = store
        self._store: Any = None
        self.rng = random.Random(seed)
        self.learner = Rating()
        self.solved = 0
        self.tried = 0
        self._picking = True
        self.game_picker = widgets.Dropdown(options=self._game_options(), value=game,
                                            style={"description_width": "initial"})
        self._picking = False
        self.game_picker.add_class("atout-puzzles-game")
        self.game_picker.observe(guarded(self._game_chosen), names="value")
        self.next_button = widgets.Button(icon="arrow-right")
        self.next_button.add_class("atout-puzzles-next")
        self.next_button.on_click(guarded(lambda _b: self.next_puzzle()))
        self.heading = widgets.HTML()
        self.prompt = widgets.HTML()
        self.feedback = widgets.HTML()
        self.table_box = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        # The proof beside the table where the window is wide enough, under it otherwise (a laptop's).
        self.table_box.add_class("atout-puzzle-board")
        self.feedback.add_class("atout-puzzle-side")
        self.stage = widgets.Box([self.table_box, self.feedback])
        self.stage.add_class("atout-puzzle-stage")
        self.children = [widgets.HBox([self.game_picker, self.next_button]), self.heading, self.prompt, self.stage,
                         widgets.HTML(f"<style>{STYLE}</style>")]
        self.puzzle: Puzzle | None = None
        self.table: CardTable | None = None
        self.chosen: Action | None = None
        self.record: Any = None          # the puzzle's rating as the store last said it
        self.store_trouble: Text | None = None
        language.register(self)
        found = next((p for p in self.puzzles if p.id == puzzle), None) if puzzle else None
        if found is not None and game in (EVERY_GAME, found.game):
            self.show(found)
        else:
            self.next_puzzle()

    # --- what the page and the tests call -----------------------------------------------------------------

    def choices(self) -> list[Puzzle]:
        game = self.game_picker.value
        return [p for p in self.puzzles if game == EVERY_GAME or p.game == game]

    def next_puzzle(self) -> None:
        """Another puzzle of the chosen game (never the one on the table when there are others)."""
        pool = [p for p in self.choices() if self.puzzle is None or p.id != self.puzzle.id] or self.choices()
        self.show(self.rng.choice(pool))

    def show(self, puzzle: Puzzle) -> None:
        self.puzzle, self.chosen = puzzle, None
        hand = puzzle.hand()
        if self.table is None:
            self.table = CardTable(hand, viewer=None, you=puzzle.seat, bottom=puzzle.seat,
                                   on_event=[guarded(self._played)], fit=True)
            self.table.add_class("atout-puzzle-table")
            self.table_box.children = [self.table]
        else:
            self.table.you = self.table.bottom = puzzle.seat
            self.table.set_hand(hand, viewer=None)
        self.record = self._read_record(puzzle)
        self.refresh()
        for callback in list(self.on_change):
            callback()

    def answer(self, action: Action | str) -> None:
        """The learner's choice, as a click on the table sends it (tests call this too)."""
        assert self.table is not None
        self.table.act(action)

    def address_state(self) -> dict[str, str]:
        return {"game": self.game_picker.value, "puzzle": self.puzzle.id if self.puzzle else ""}

    # --- what happens ------------------------------------------------------------------------------------

    def _game_chosen(self, change: dict) -> None:
        if not self._picking:
            self.puzzle = None
            self.next_puzzle()

    def _played(self, event: Event) -> None:
        puzzle, table = self.puzzle, self.table
        if puzzle is None or table is None or self.chosen is not None:
            return
        self.chosen = table.hand.history[-1]
        solved = self.chosen == puzzle.answer
        self.tried += 1
        self.solved += solved
        store = self._store_now()
        if store is not None:
            try:
                _puzzle_rating, self.learner = store.record_puzzle_attempt(puzzle.id, solved, self.learner,
                                                                           time.time())
                self.record = store.puzzle_record(puzzle.id)
            except Exception as exc:       # noqa: BLE001 - the store's trouble is said; the puzzle goes on
                self.store_trouble = _trouble(exc)
        # The puzzle's position comes back, to be looked at beside the proof, the answer's card ringed.
        table.looking_reason = Text("You have answered this puzzle: choose “Next puzzle” for another")
        ringed = [puzzle.answer.card] if puzzle.answer.card is not None else []
        table.show(puzzle.hand().table_view(None), ringed=ringed)
        self.refresh()

    def _store_now(self) -> Any:
        if self._store is None and self._open_store is not None and self.store_trouble is None:
            try:
                self._store = self._open_store()
            except Exception as exc:       # noqa: BLE001 - said on the page; the puzzles work without ratings
                self.store_trouble = _trouble(exc)
        return self._store

    def _read_record(self, puzzle: Puzzle) -> Any:
        store = self._store_now()
        if store is None:
            return None
        try:
            return store.puzzle_record(puzzle.id)
        except Exception as exc:           # noqa: BLE001 - said on the page
            self.store_trouble = _trouble(exc)
            return None

    # --- drawing ------------------------------------------------------------------------------------------

    def _game_options(self) -> list[tuple[str, str]]:
        games = [g for g in available_games() if any(p.game == g for p in self.puzzles)]
        return [(Text("Every game").render(), EVERY_GAME)] + [(Text(game_title(g)).render(), g) for g in games]

    def refresh(self) -> None:
        puzzle = self.puzzle
        self._picking = True
        value = self.game_picker.value
        self.game_picker.options = self._game_options()
        self.game_picker.value = value
        self._picking = False
        self.game_picker.description = Text("Puzzles of").render()
        self.next_button.description = Text("Next puzzle").render()
        if puzzle is None:
            return
        pool = self.choices()
        number = next((i for i, p in enumerate(pool, start=1) if p.id == puzzle.id), 0)
        heading = Text("Puzzle {n} of {total}: {game}", n=number, total=len(pool),
                       game=Text(game_title(puzzle.game))).render()
        difficulty = ""
        if self.record is not None:
            difficulty = Text("Difficulty {rating}, learned from {attempts}", rating=round(
                self.record.rating.rating), attempts=Plural("{n} attempt", "{n} attempts", self.record.attempts)
            ).render() if self.record.attempts else Text("Nobody has tried this puzzle yet").render()
        # One line for the puzzle's number and its difficulty: the table below keeps the height it fits into.
        self.heading.value = (f"<p class='atout-puzzle-heading' data-testid='puzzle-heading'><strong>"
                              f"{escape(heading)}</strong>"
                              + (f" · <span class='atout-puzzle-difficulty' data-testid='puzzle-difficulty'>"
                                 f"{escape(difficulty)}</span>" if difficulty else "") + "</p>")
        partners = self._partners()
        # The learner always plays the seat to act, which the table calls "You".
        ask = Text("Every hand is shown. You are to play, for your side: find the only play that keeps the best "
                   "result.") if partners else Text(
            "Every hand is shown. You are to play: find the only play that keeps the best result.")
        self.prompt.value = (f"<p class='atout-puzzle-prompt' data-testid='puzzle-prompt'>"
                             f"{escape(ask.render(viewer=puzzle.seat))}</p>")
        self.feedback.value = self._feedback_html(partners)

    def _partners(self) -> bool:
        hand = self.table.hand if self.table is not None else None
        if hand is None or self.puzzle is None:
            return False
        seat = self.puzzle.seat
        return any(hand.side_of(s) == hand.side_of(seat) for s in range(len(hand.hands)) if s != seat)

    def _feedback_html(self, partners: bool) -> str:
        puzzle, chosen = self.puzzle, self.chosen
        if puzzle is None or chosen is None:
            return ""
        if chosen == puzzle.answer:
            verdict = Text("Right: {answer} is the one.", answer=action_said(puzzle.answer))
            css = "right"
        else:
            verdict = Text("You chose {chosen}. Not this one: the answer was {answer} (ringed on the table).",
                           chosen=action_said(chosen), answer=action_said(puzzle.answer))
            css = "wrong"
        items = "".join(f"<li>{escape(line.render())}</li>" for line in proof(puzzle, partners))
        themes = ""
        if puzzle.themes:
            themes = ("<p class='atout-puzzle-themes' data-testid='puzzle-themes'>"
                      + escape(Text("Theme: {themes}", themes=", ".join(theme_words(t).render()
                                                                         for t in puzzle.themes)).render()) + "</p>")
        score = Text("Puzzles solved on this visit: {solved} of {tried}; your rating: {rating}.",
                     solved=self.solved, tried=self.tried, rating=round(self.learner.rating)).render()
        trouble = ""
        if self.store_trouble is not None:
            trouble = (f"<p class='atout-error' role='alert' data-testid='puzzle-store-error'>"
                       f"{escape(self.store_trouble.render())}</p>")
        return (f"<div class='atout-puzzle-feedback atout-puzzle-{css}' data-testid='puzzle-feedback' "
                f"data-verdict='{css}' role='status'><p class='atout-puzzle-verdict'>{escape(verdict.render())}</p>"
                f"<ul class='atout-puzzle-proof' data-testid='puzzle-proof'>{items}</ul>{themes}"
                f"<p class='atout-puzzle-score'>{escape(score)}</p>{trouble}</div>")


def _trouble(exc: Exception) -> Text:
    message = getattr(exc, "message", None)
    why = message if isinstance(message, Text) else Text("a fault in Atout ({name})", name=type(exc).__name__)
    return Text("The puzzles' difficulty could not be kept: {why}", why=why)
