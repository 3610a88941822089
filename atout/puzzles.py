"""Puzzles made by the solver, as chess sites make theirs from engine analysis.

Club-level computer players play whole hands of every registered game (``atout.games``); at each play the exact
solver takes (``atout.solver``: the play of Forty-Fives and Five Hundred, robbing included; Sixty-Six once the stock
is closed or exhausted, declaring and marriages included), every legal action is valued, every hand known, in the
unit the hand is scored in for the side of the player to act (``atout.solver.scoring``). A position where **exactly
one action keeps the best result** is a puzzle (among three actions or more, or two that show a theme): its answer
is that action, its proof the value of every action (what the answer gets, and what each other action loses) and
the best line from there.

Themes are named only where the solver's values and lines show them (``THEMES``; ``themes_of``):

* ``renege``: trumps were led and the answer keeps a top trump back (Forty-Fives' renege) though the player holds
  a trump, where following would cost;
* ``unblock``: the answer is a higher card of the suit than another the player holds, under a trick the partner
  wins in the best line, and the lower card would cost;
* ``duck``: the player is last to play to the trick and lets an opponent win it, though a card they hold would
  have won it and would cost;
* ``endplay``: a ``duck`` after which the opponent on lead has two or more leads and every one of them gives the
  same result (they have no way out): the trick was given away to put them on lead;
* ``counting`` (Sixty-Six): the answer is to declare 66, or declaring would be wrong though the player has 50
  points or more (``NEAR``): the points must be counted;
* ``closing`` (Sixty-Six, the stock open): the answer is to close the stock, or to draw where closing (after the
  trick just won) was the other choice and loses.

Sixty-Six's open stock is valued by the whole-hand search (``atout.sixty_six.open_search``: every card and the
stock's order known, in a dealt hand), only where closing is a choice, once for each order the stock's face-down
cards could lie in (the puzzle shows both hands and the turned trump, never the stock's order): those positions are
puzzles only where the same one action is best in every order and the decision it makes is to close or not (the
``closing`` theme); each value is the least that choice gets over the orders, and the best line is the answer
alone.

A puzzle is data, kept as text (``format_puzzles``, ``parse_puzzles``; they round-trip): one block of ``key: value``
lines a puzzle, blocks separated by a blank line, ``#`` starting a comment::

    puzzle: 5c1e0a92                       # its id: a hash of the position and the seat
    game: forty-fives-partners             # a preset of the registry
    position: 45p.0.SK…-….a…               # the short form (``atout.position``), the actions so far included
    seat: 2                                # the player to act (from 0): the learner plays this seat
    answer: play 5H                        # the one action that keeps the best result
    values: play 5H 15 20; play 7C -5 10   # every legal action: its score in the hand, then the solver's count
    line: play 5H, play 3C, …              # the best line from here, the answer first
    whose: margin                          # what a score is (``atout.solver.scoring``)
    unit: points                           # the score's unit
    count: points                          # the solver's count's unit
    themes: renege                         # the themes found (may be empty)
    club: play 7C                          # what the club-level player did there

``check_puzzle`` solves a puzzle again and says what no longer holds; ``build_puzzles`` makes a set from a seed, the
same set from the same seed (the solver runs without a time limit, so the machine's speed changes nothing).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from atout import units
from atout.cards import Suit
from atout.engine import Action
from atout.errors import AtoutError
from atout.games import GAMES, family_of, package_of
from atout.i18n import N_, Text

FORMAT_VERSION = 1
HEADER = f"# Atout puzzles, format {FORMAT_VERSION}: see atout/puzzles.py"
PACKAGED = "puzzles.txt"   # the file in atout/data/puzzles/
MIN_CHOICES = 3          # a puzzle offers at least this many actions (two only where they show a theme)
NEAR = 50                # Sixty-Six: from this many points a player may wrongly believe they have 66
MAX_HANDS_PER_PUZZLE = 60   # hands played at most for each puzzle wanted, before a game gives up looking
HANDS_EACH = 2           # hands holding a puzzle played for each puzzle kept: the better half is kept
MOST_FACE_DOWN = 5       # Sixty-Six: a closing puzzle's stock holds at most this many face-down cards (each of their
                         # orders is searched: 120 at most; 7 would be 5,040)

# The themes, in the order a puzzle lists them, with the words a learner reads.
THEMES: dict[str, str] = {
    "renege": N_("A renege that saves a top trump"),
    "unblock": N_("Unblocking"),
    "duck": N_("Letting the trick go"),
    "endplay": N_("An endplay"),
    "counting": N_("Counting to 66"),
    "closing": N_("Closing at the right moment"),
}

# What a score is, said once under a puzzle's proof (``atout.solver.scoring``'s ``whose``), for a side of several
# players and for a player alone.
WHOSE_SIDE = {
    "margin": N_("A score here is what your side scores in this hand less what the other side scores, every card "
                 "then played as well as it can be."),
    "contract": N_("A score here is the contract's result for your side, made or set, every card then played as "
                   "well as it can be."),
}
WHOSE_ALONE = {
    "margin": N_("A score here is what you score in this hand less what your opponent scores, every card then "
                 "played as well as it can be."),
    "own": N_("A score here is what you score in this hand when every other player plays against you, every card "
              "then played as well as it can be."),
    "contract": N_("A score here is the contract's result for you, made or set, every card then played as well as "
                   "it can be."),
    "game": N_("A score here is the game points you win in this hand (negative: your opponent wins them), every "
               "card then played as well as it can be."),
}


class PuzzleError(AtoutError):
    """A puzzle's text that cannot be read, or a puzzle that no longer holds."""


@dataclass(frozen=True)
class Choice:
    """One legal action of a puzzle and what it is worth: ``score`` in the hand's score, ``count`` in the solver's."""

    action: Action
    score: int
    count: int


@dataclass(frozen=True)
class Puzzle:
    id: str
    game: str
    position: str                  # the short form of the position, its actions so far included
    seat: int                      # the player to act
    answer: Action
    choices: tuple[Choice, ...]    # every legal action, best first
    line: tuple[Action, ...]       # the best line, the answer first
    whose: str
    unit: str
    count_unit: str
    themes: tuple[str, ...] = ()
    club: Action | None = None     # what the club-level player did in the deal the puzzle comes from

    @property
    def best(self) -> Choice:
        return next(c for c in self.choices if c.action == self.answer)

    def choice(self, action: Action) -> Choice | None:
        return next((c for c in self.choices if c.action == action), None)

    def hand(self) -> Any:
        """The position as an engine hand (every card in place, the seat to act)."""
        from atout.position import hand_from_text

        return hand_from_text(self.position)


def puzzle_id(position: str, seat: int) -> str:
    """A puzzle's id: the same position and seat always give the same one (a learner's rating stays with it)."""
    return hashlib.sha256(f"{position}|{seat}".encode()).hexdigest()[:10]


# --- finding puzzles -----------------------------------------------------------------------------------------


def puzzle_at(hand: Any, club: Action | None = None) -> Puzzle | None:
    """The puzzle at ``hand``'s position, or None: where the solver takes the position, at least ``MIN_CHOICES``
    actions are legal and exactly one keeps the best result in the hand's score."""
    from atout.position import compact_text
    from atout.solver import SolverError, position_of, solve
    from atout.solver.scoring import best_actions, scorer

    if hand.is_over or len(hand.legal_actions()) < 2:
        return None
    try:
        position_of(hand)
    except SolverError:
        return _open_stock_puzzle(hand, club)
    seat = hand.to_act
    solution = solve(hand)          # no time limit: the same puzzles on any machine
    score = scorer(hand, seat)
    best = best_actions(solution, score)
    if not solution.exact or len(best) != 1:
        return None
    (answer,) = best
    choices = sorted((Choice(a, score(lo), lo) for a, (lo, _hi) in solution.bounds.items()),
                     key=lambda c: (-c.score, str(c.action)))
    position = compact_text(hand)
    puzzle = Puzzle(puzzle_id(position, seat), hand.config.game, position, seat, answer, tuple(choices),
                    tuple(solution.line), score.whose, score.unit, score.count_unit, club=club)
    themes = themes_of(puzzle, hand)
    if len(choices) < MIN_CHOICES and not themes:      # two choices make a puzzle only where they show a theme
        return None
    return Puzzle(**{**puzzle.__dict__, "themes": themes})


def _open_stock_puzzle(hand: Any, club: Action | None) -> Puzzle | None:
    """The puzzle at a position the trick solver does not take but the family's whole-hand search does (Sixty-Six's
    open stock in a dealt hand), where closing is a choice: one action keeps the best result **whatever order the
    stock's face-down cards lie in** (the page shows both hands and the turned trump, never the stock's order), the
    same one in every order, and the decision it makes is to close or not (the ``closing`` theme). Each choice's
    value is the least it gets over those orders (the answer's is then above every other's); every value is exact
    (the search runs without a time limit). Positions with more than ``MOST_FACE_DOWN`` face-down cards are left."""
    from atout.position import compact_text
    from atout.solver import SolverError
    from atout.solver.positions import adapter_of
    from atout.solver.scoring import scorer

    if not any(a.kind == "close" for a in hand.legal_actions()):
        return None
    try:
        each_order = getattr(adapter_of(hand), "whole_hand_values_each_order", None)
    except SolverError:
        return None
    orders = each_order(hand, MOST_FACE_DOWN) if each_order is not None else None
    if orders is None:
        return None
    answer: Action | None = None
    least: dict[Action, int] = {}
    for values in orders:
        top = max(values.values())
        best = [a for a, v in values.items() if v == top]
        if len(best) != 1 or (answer is not None and best[0] != answer):
            return None          # a tie, or another best choice in this order: the learner could not tell
        answer = best[0]
        least = {a: min(v, least.get(a, v)) for a, v in values.items()}
    if answer is None or answer.kind not in ("close", "draw"):
        return None
    seat = hand.to_act
    score = scorer(hand, seat)
    choices = sorted((Choice(a, v, v) for a, v in least.items()), key=lambda c: (-c.score, str(c.action)))
    position = compact_text(hand)
    puzzle = Puzzle(puzzle_id(position, seat), hand.config.game, position, seat, answer, tuple(choices), (answer,),
                    score.whose, score.unit, score.count_unit, club=club)
    themes = themes_of(puzzle, hand)
    if "closing" not in themes:
        return None
    return Puzzle(**{**puzzle.__dict__, "themes": themes})


def _points(hand: Any, seat: int) -> int:
    """Sixty-Six: the points ``seat`` has counted so far (its tricks' cards and its marriages)."""
    return int(hand.card_points[seat] + hand.marriage_points[seat])


def _trick_winner(hand: Any, line: Iterable[Action]) -> int | None:
    """Who wins the trick on the table when ``line`` is played from ``hand`` (None: the line ends first)."""
    replay = hand.copy()
    before = len(replay.tricks)
    for action in line:
        replay.apply(action)
        if len(replay.tricks) > before:
            return int(replay.tricks[-1].winner)
    return None


def _trick_rule(hand: Any) -> Any:
    view = hand.table_view(None)
    trump = view.trump if isinstance(view.trump, Suit) else None      # None: Five Hundred's no trumps
    ranking: Any = family_of(hand.config.game).ranking_module()        # its trick rule takes None there
    return ranking.trick_rule(trump), view


def themes_of(puzzle: Puzzle, hand: Any) -> tuple[str, ...]:
    """The themes the solver's values and line show in ``puzzle`` (see the module), ``hand`` its position."""
    found: set[str] = set()
    answer = puzzle.answer
    losing = [c.action for c in puzzle.choices if c.score < puzzle.best.score]
    if answer.kind == "declare" or (any(a.kind == "declare" for a in losing) and _points(hand, puzzle.seat) >= NEAR):
        found.add("counting")
    if answer.kind == "close" or (answer.kind == "draw" and any(a.kind == "close" for a in losing)):
        found.add("closing")
    if answer.kind == "play" and answer.card is not None:
        found |= _play_themes(puzzle, hand, answer, [a for a in losing if a.kind == "play" and a.card is not None])
    return tuple(t for t in THEMES if t in found)


def _play_themes(puzzle: Puzzle, hand: Any, answer: Action, losing: list[Action]) -> set[str]:
    found: set[str] = set()
    rule, view = _trick_rule(hand)
    seat = puzzle.seat
    trick = [card for _seat, card in view.trick]
    mine = list(hand.hands[seat])

    def is_trump(card: Any) -> bool:
        return rule.trump is not None and bool(rule.suit(card) == rule.trump)

    winner = _trick_winner(hand, puzzle.line)
    side = hand.side_of(seat)
    # A renege: trumps led, the answer is no trump though a trump is held, and following with one would cost.
    if trick and is_trump(trick[0]) and not is_trump(answer.card) and any(is_trump(c) for c in mine) \
            and any(is_trump(a.card) for a in losing):
        found.add("renege")
    # Unblocking: a higher card of the suit than a costly lower one, under a trick the partner wins.
    if winner is not None and winner != seat and hand.side_of(winner) == side:
        if any(rule.suit(a.card) == rule.suit(answer.card) and rule.winner([a.card, answer.card]) == 1
               for a in losing):
            found.add("unblock")
    # Letting the trick go: last to play, an opponent wins it, a card held would have won it and costs.
    players = len(hand.hands)
    last = len(trick) == players - 1 - (1 if getattr(hand, "sitting_out", None) is not None else 0)
    if last and winner is not None and hand.side_of(winner) != side:
        if any(rule.winner([*trick, a.card]) == len(trick) for a in losing):
            found.add("duck")
            if _stuck(hand, puzzle.line, winner):
                found.add("endplay")
    return found


def _stuck(hand: Any, line: tuple[Action, ...], leader: int) -> bool:
    """Whether ``leader``, on lead once the trick on the table is won along ``line``, has two or more leads and
    every one gives the same result (the solver's values)."""
    from atout.solver import SolverError, solve

    replay = hand.copy()
    before = len(replay.tricks)
    for action in line:
        replay.apply(action)
        if len(replay.tricks) > before:
            break
    if replay.is_over or replay.to_act != leader or len(replay.legal_actions()) < 2:
        return False
    try:
        values = set(solve(replay).values.values())
    except SolverError:
        return False
    return len(values) == 1


# --- the proof in words ---------------------------------------------------------------------------------------


def action_said(action: Action) -> Any:
    """An action as a proof names it: the card for a play, else its words (as a button says them)."""
    if action.kind == "play" and action.card is not None:
        if isinstance(action.value, Suit):
            return Text("{card} naming {suit}", card=action.card, suit=action.value)
        return action.card
    words = {"rob": N_("robbing with {card}"), "marriage": N_("the marriage in {suit}")}
    if action.kind == "rob" and action.card is not None:
        return Text(words["rob"], card=action.card)
    if action.kind == "marriage" and action.card is not None:
        return Text(words["marriage"], suit=action.card.suit)
    simple = {"keep": N_("not robbing"), "declare": N_("declaring 66"), "close": N_("closing the stock"),
              "jinx": N_("jinxing"), "stop": N_("stopping at three tricks"),
              "alone": N_("going alone"), "with-partner": N_("playing with your partner"),
              "exchange": N_("exchanging the 9 of trumps"), "draw": N_("drawing from the stock")}
    if action.kind in simple:
        return Text(simple[action.kind])
    return Text("{action}", action=str(action))


def proof(puzzle: Puzzle, partners: bool) -> list[Text]:
    """Why the answer is the only one: what it gets, then what each other action gets and loses (equal ones
    together), then what a score is. ``partners``: the learner plays for a side of several players. A closing
    puzzle's scores are each choice's least over every order of the stock's face-down cards, which the learner does
    not see (``_open_stock_puzzle``): the proof says so, and that the answer does better in every order, rather than
    a loss worked out from two worst cases that may come from different orders."""
    best = puzzle.best
    answer = action_said(best.action)
    every_order = "closing" in puzzle.themes
    if every_order:
        lines = [Text("Whatever order the stock's face-down cards lie in, only {answer} keeps the best result: at "
                      "least {score}.", answer=answer, score=units.amount(puzzle.unit, best.score))]
    else:
        lines = [Text("Only {answer} keeps the best result: {score}.", answer=answer,
                      score=units.amount(puzzle.unit, best.score))]
    by_score: dict[int, list[Action]] = {}
    for choice in puzzle.choices:
        if choice.action != puzzle.answer:
            by_score.setdefault(choice.score, []).append(choice.action)
    for score, actions in sorted(by_score.items(), reverse=True):
        said = [action_said(a) for a in actions]
        listed = said[0] if len(said) == 1 else Text("{some} or {last}", some=_joined(said[:-1]), last=said[-1])
        if every_order:
            lines.append(Text("Otherwise, {actions}: at least {score}, and worse than {answer} in every order.",
                              actions=listed, score=units.amount(puzzle.unit, score), answer=answer))
        else:
            lines.append(Text("Otherwise, {actions}: {score}, {lost} less.", actions=listed,
                              score=units.amount(puzzle.unit, score),
                              lost=units.amount(puzzle.unit, best.score - score)))
    whose = (WHOSE_SIDE if partners and puzzle.whose in WHOSE_SIDE else WHOSE_ALONE).get(puzzle.whose)
    if whose is not None:
        lines.append(Text(whose))
    return lines


class _Joined:
    """Several things said one after another, separated by commas (each rendered in the reader's language)."""

    def __init__(self, items: list[Any]) -> None:
        self.items = items

    def render(self, lang: str | None = None) -> str:
        from atout.i18n import render_value, series

        lang = lang or "en"
        return series((str(render_value(item, lang)) for item in self.items), lang)


def _joined(items: list[Any]) -> Any:
    return items[0] if len(items) == 1 else _Joined(items)


def theme_words(theme: str) -> Text:
    return Text(THEMES[theme])


# --- the text format ------------------------------------------------------------------------------------------

FIELDS = ("puzzle", "game", "position", "seat", "answer", "values", "line", "whose", "unit", "count", "themes", "club")


def format_puzzle(puzzle: Puzzle) -> str:
    values = "; ".join(f"{c.action} {c.score} {c.count}" for c in puzzle.choices)
    fields = {
        "puzzle": puzzle.id, "game": puzzle.game, "position": puzzle.position, "seat": str(puzzle.seat),
        "answer": str(puzzle.answer), "values": values, "line": ", ".join(map(str, puzzle.line)),
        "whose": puzzle.whose, "unit": puzzle.unit, "count": puzzle.count_unit, "themes": " ".join(puzzle.themes),
        "club": "" if puzzle.club is None else str(puzzle.club),
    }
    return "\n".join(f"{key}: {value}".rstrip() for key, value in fields.items())


def format_puzzles(puzzles: Iterable[Puzzle]) -> str:
    return HEADER + "\n\n" + "\n\n".join(format_puzzle(p) for p in puzzles) + "\n"


def _action(text: str, where: str) -> Action:
    try:
        return Action.parse(text)
    except AtoutError as exc:
        raise PuzzleError(Text("{where}: {action} is not an action: {why}", where=where, action=text,
                               why=exc.message)) from None


def parse_puzzle(block: str, where: str = "a puzzle") -> Puzzle:
    """One puzzle's block of ``key: value`` lines (``format_puzzle``); ``PuzzleError`` naming what is wrong."""
    fields: dict[str, str] = {}
    for line in block.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or key not in FIELDS:
            raise PuzzleError(Text("{where}: {line} is not a puzzle's line: the keys are {keys}", where=where,
                                   line=line[:60], keys=", ".join(FIELDS)))
        fields[key] = value.strip()
    missing = [k for k in FIELDS if k not in fields and k not in ("themes", "club")]
    if missing:
        raise PuzzleError(Text("{where}: missing {keys}", where=where, keys=", ".join(missing)))
    if fields["game"] not in GAMES:
        raise PuzzleError(Text("{where}: unknown game {game}: the games are {games}", where=where,
                               game=fields["game"], games=", ".join(GAMES)))
    choices = []
    for item in fields["values"].split(";"):
        action, *numbers = item.strip().rsplit(" ", 2)
        try:
            score, count = (int(n) for n in numbers)
        except ValueError:
            raise PuzzleError(Text("{where}: each value is an action, its score and its count, as in "
                                   "“play 5H 15 20”; got {item}", where=where, item=item.strip()[:60])) from None
        choices.append(Choice(_action(action, where), score, count))
    themes = tuple(fields.get("themes", "").split())
    unknown = [t for t in themes if t not in THEMES]
    if unknown:
        raise PuzzleError(Text("{where}: unknown theme {theme}: the themes are {themes}", where=where,
                               theme=unknown[0], themes=", ".join(THEMES)))
    try:
        seat = int(fields["seat"])
    except ValueError:
        raise PuzzleError(Text("{where}: the seat is a number, from 0", where=where)) from None
    club = fields.get("club", "")
    puzzle = Puzzle(fields["puzzle"], fields["game"], fields["position"], seat, _action(fields["answer"], where),
                    tuple(choices), tuple(_action(a.strip(), where) for a in fields["line"].split(",") if a.strip()),
                    fields["whose"], fields["unit"], fields["count"], themes,
                    _action(club, where) if club else None)
    if puzzle.choice(puzzle.answer) is None:
        raise PuzzleError(Text("{where}: the answer is not among the values", where=where))
    return puzzle


def parse_puzzles(text: str) -> list[Puzzle]:
    """Every puzzle of a text in the format of ``format_puzzles``."""
    return [parse_puzzle(block, Text("puzzle {n}", n=n).render()) for n, block in enumerate(_blocks(text), start=1)]


def _blocks(text: str) -> Iterator[str]:
    block: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.strip().startswith("#"):
            continue
        if line.strip():
            block.append(line)
        elif block:
            yield "\n".join(block)
            block = []


# --- checking and building -----------------------------------------------------------------------------------


def check_puzzle(puzzle: Puzzle) -> list[str]:
    """What no longer holds of a puzzle, solved again (empty: it holds): the position, the seat, every value, the
    one answer, the themes."""
    try:
        hand = puzzle.hand()
    except AtoutError as exc:
        return [Text("its position cannot be read: {why}", why=exc.message).render()]
    if hand.config.game != puzzle.game:
        return [Text("its position is of {game}", game=hand.config.game).render()]
    again = puzzle_at(hand, puzzle.club)
    if again is None:
        return [Text("the solver finds no single best action there").render()]
    problems = []
    if again.seat != puzzle.seat:
        problems.append(Text("Player {n} is to act there", n=again.seat + 1).render())
    if again.answer != puzzle.answer:
        problems.append(Text("the solver's answer is {action}", action=str(again.answer)).render())
    if set(again.choices) != set(puzzle.choices):
        problems.append(Text("the solver's values differ").render())
    if again.themes != puzzle.themes:
        problems.append(Text("the themes found are {themes}", themes=" ".join(again.themes) or "none").render())
    if (again.line, again.whose, again.unit, again.count_unit, again.id) != (
            puzzle.line, puzzle.whose, puzzle.unit, puzzle.count_unit, puzzle.id):
        problems.append(Text("the solver's best line or units differ").render())
    return problems


def puzzles_in_deal(game: str, seed: int) -> Iterator[Puzzle]:
    """The puzzles met while club-level players play the hand dealt from ``seed`` (their choices seeded too)."""
    from atout.players import make_player

    hand = package_of(game).new_hand(game, seed=seed)
    players = [make_player(game, "club", seed=seed * 8 + s) for s in range(len(hand.hands))]
    while not hand.is_over:
        seat = hand.to_act
        action = players[seat].act(hand, seat)
        found = puzzle_at(hand, action)
        if found is not None:
            yield found
        hand.apply(action)


def _preference(puzzle: Puzzle) -> tuple[int, int, int, int]:
    """Which of a hand's puzzles to keep: one with a theme, then one with a theme besides closing (a closing puzzle
    arises in most hands of Sixty-Six: first, it kept 7 counting puzzles of 50 where there had been 50), then one the
    club player missed, then more choices."""
    return (bool(puzzle.themes), bool(set(puzzle.themes) - {"closing"}), puzzle.club != puzzle.answer,
            len(puzzle.choices))


def build_puzzles(count: int, seed: int = 0, games: Iterable[str] | None = None, hands_each: int = HANDS_EACH,
                  progress: Callable[[str, int], None] | None = None) -> list[Puzzle]:
    """``count`` puzzles, shared as evenly as can be among the games (every registered one unless ``games``), the
    same from the same ``seed``. For each puzzle wanted, ``hands_each`` hands that hold one are played; each gives its
    best (``_preference``), and the best of those are kept (a theme first), in the order they were met."""
    chosen = list(games) if games is not None else list(GAMES)
    for game in chosen:
        family_of(game)          # an unknown game is refused before anything is played
    share, extra = divmod(count, len(chosen))
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for i, game in enumerate(chosen):
        wanted = share + (1 if i < extra else 0)
        rng = random.Random(f"{seed}:{game}")
        met: list[Puzzle] = []
        for _ in range(wanted * MAX_HANDS_PER_PUZZLE):
            if len(met) >= wanted * hands_each:
                break
            candidates = [p for p in puzzles_in_deal(game, rng.randrange(1 << 32)) if p.id not in seen]
            if candidates:
                pick = max(candidates, key=_preference)
                met.append(pick)
                seen.add(pick.id)
                if progress is not None:
                    progress(game, len(met))
        order = sorted(range(len(met)), key=lambda k: (_preference(met[k]), -k), reverse=True)[:wanted]
        puzzles += [met[k] for k in sorted(order)]
    return puzzles


def packaged_puzzles() -> list[Puzzle]:
    """The puzzles shipped with Atout (``atout/data/puzzles/puzzles.txt``, made by ``atout puzzles build``)."""
    from atout.resources import data_folder

    return parse_puzzles((data_folder("puzzles") / PACKAGED).read_text(encoding="utf-8"))
