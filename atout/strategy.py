"""Strategy claims, checked: what each choice of a position is worth, and whether a claimed best choice is the best.

A strategy lesson says "lead the 5 of trumps here", or "keep the ace of hearts back". Such a claim is worth teaching
only if it holds, so it is checked on the very position the lesson shows, by one of two means:

* **exactly** (``how="exact"``), every hand known: the solver (``atout.solver``) values every legal action of the
  player to act, in the hand's score for that player's side (``atout.solver.scoring``), and the best are the actions
  proven at least as good as every other (none when every action scores the same);
* **by sampling** (``how="sampled"``), from the seat's view: the cards it cannot see are dealt again and again
  consistently with what it has seen (``atout.players.base.deal_unseen``: the cards played, the voids shown, the
  rob, the auction), each deal is solved exactly, and each action's value is its mean over the deals with a 95%
  error bar. An action is among the best when no other is ahead of it beyond the error bar of the two actions'
  difference (paired: the same deals for both).

Some decisions come before the first card is played: going alone in Euchre once trumps are made, the cards discarded
after taking the kitty in Five Hundred, closing the stock in Sixty-Six. Each choice is then valued by making it and
playing the rest of the hand out perfectly (``_rest_value``): the solver values the play from the first lead, and any
decision left before it (the Euchre dealer's discard after picking up) is taken by the player who makes it, as well
as it can be made with every card known. Sampled, the hidden cards are dealt as the seat may imagine them: each deal
is the hand itself with the cards the seat has not seen put in other places (``_relabelled``), so the auction and
what the seat saw stay as they were. Sixty-Six while the stock is open is valued whole (its adapter's
``whole_hand_values``: ``atout.sixty_six.open_search``), with the other hand and the stock's order dealt as the seat
may imagine them (its players' ``sampled_hand``). Either way the rest of the hand is played by players who see every
card ("double-dummy"), which ``how_words`` tells the learner. Discarding after taking the kitty has too many ways to
value them all: a claim there compares the discard sets it names (``Discards``). A call in the auction cannot be
valued (what it is worth depends on what the other players would bid): such a claim is refused.

A claim (``claim_problem``) holds when the actions claimed are exactly the best ones and, when sampled, each claimed
action is ahead of every other beyond the error bar of their difference. The same position, seed and number of deals
always give the same values, so a lesson's check says the same on every machine.

>>> from atout.position import hand_from_text
>>> hand = hand_from_text('''game: forty-fives-partners
... trump: H
... trick: 0
... won: 1 0 1 0
... seat 0: 5H AH 7C
... seat 1: JH 2C 3S
... seat 2: KH 9D 8D
... seat 3: 4H QS 10D''')
>>> values = choice_values(hand)
>>> [(str(w.action), w.score) for w in values.worths]
[('play 5H', 15), ('play 7C', 15), ('play AH', 5)]
>>> claim_problem(values, [Action.parse("play AH")]).render("en")   # doctest: +ELLIPSIS
'the claim does not hold: A♥ is claimed best, but the solver finds 5♥ and 7♣ best (5♥: 15 points; ...)'
>>> claim_problem(values, [Action.parse("play 5H"), Action.parse("play 7C")]) is None
True
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from atout.cards import Card
from atout.engine import Action
from atout.errors import AtoutError
from atout.family_contract import PlayedOutPlayers, SolvedPlayers
from atout.games import family_of
from atout.i18n import Plural, Text, decimal, get_language, ngettext, plural_count

Z_95 = 1.96                 # the error bars are 95% confidence intervals
DEFAULT_SAMPLES = 100       # deals of the hidden cards a sampled claim is checked on
MAX_SAMPLES = 400           # a lesson's check stays a matter of seconds
HOWS = ("exact", "sampled")
# What a value assumes after the choice: the play valued from a card to play ("play"); the rest of the hand from a
# decision before the first lead ("rest"); the whole hand with the stock's order unknown to the seat ("whole").
MODELS = ("play", "rest", "whole")
# Decisions before the first lead the check values: the choice itself, or one still to make after it and before the
# first card (each of its ways tried, as a player seeing every card would choose). At most this many ways after a
# choice on each deal, so a check stays a matter of seconds.
BEFORE_THE_LEAD = frozenset({"alone", "with-partner", "discard"})
MAX_WAYS_AFTER = 12
# Sixty-Six's open stock is sampled once this many cards or fewer lie face down: each deal is then searched whole in a
# hundredth of a second or so (as the expert player does, ``atout.players.sixty_six.OPEN_SEARCH_FROM``).
MAX_FACE_DOWN = 5
# Calls in an auction or in making trumps: what one is worth depends on the calls the other players would make.
CALLS = frozenset({"bid", "pass", "order", "name"})


class StrategyError(AtoutError):
    """A position whose choices cannot be valued as asked (not at a decision the solver takes, no deal fits…)."""


@dataclass(frozen=True)
class Discards:
    """Cards discarded together after taking the kitty: one choice a claim names (too many ways to discard to value
    them all). Written as a lesson writes it, ``discard AH KH QH``."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(card.code for card in self.cards)

    def actions(self) -> list[Action]:
        return [Action("discard", card) for card in self.cards]

    @staticmethod
    def parse(text: str) -> Discards | None:
        """``discard AH KH QH`` (two cards or more); None for anything else (an action)."""
        words = text.split()
        if len(words) < 3 or words[0].lower() != "discard":
            return None
        return Discards(tuple(Card.parse(word) for word in words[1:]))


Choice = Action | Discards


def actions_of(choice: Choice) -> list[Action]:
    """The actions a choice makes, in order."""
    return choice.actions() if isinstance(choice, Discards) else [choice]


@dataclass(frozen=True)
class Worth:
    """One choice and what it is worth in the hand's score for the side to act: exact (``error`` 0) or the
    mean over the sampled deals with the half-width of its 95% confidence interval."""

    action: Choice
    score: float
    error: float = 0.0


@dataclass(frozen=True)
class ChoiceValues:
    """Every legal action of the player to act (``seat``) and its worth, best first; ``best`` the actions among the
    best (see the module); ``whose`` and ``unit`` what a score is (``atout.solver.scoring``)."""

    seat: int
    how: str
    worths: tuple[Worth, ...]
    best: tuple[Choice, ...]
    whose: str
    unit: str
    samples: int = 0
    per_deal: tuple[tuple[Choice, tuple[float, ...]], ...] = ()    # sampled: each action's score on each deal
    model: str = "play"          # what the values assume after the choice (``MODELS``)
    compared: bool = False       # the choices are those the claim names, not every legal action

    def worth(self, action: Choice) -> Worth:
        return next(w for w in self.worths if w.action == action)

    def ahead(self, better: Choice, worse: Choice) -> tuple[float, float]:
        """How much ``better`` is worth more than ``worse`` and the error bar of that difference (0 when exact;
        paired over the same deals when sampled)."""
        if self.how == "exact":
            return self.worth(better).score - self.worth(worse).score, 0.0
        deals = dict(self.per_deal)
        diffs = [b - w for b, w in zip(deals[better], deals[worse], strict=True)]
        return _mean(diffs), _error(diffs)


def _mean(values: list[float] | tuple[float, ...]) -> float:
    return sum(values) / len(values) if values else 0.0


def _error(values: list[float] | tuple[float, ...]) -> float:
    """Half-width of the 95% confidence interval of the mean of ``values``."""
    n = len(values)
    if n < 2:
        return math.inf
    mean = _mean(values)
    return Z_95 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def choice_values(hand: Any, how: str = "exact", samples: int = DEFAULT_SAMPLES, seed: int = 0,
                  compare: tuple[Discards, ...] = ()) -> ChoiceValues:
    """What each legal action of the player to act in ``hand`` is worth, ``how`` says by which means (the module);
    after taking a kitty, what each discard set of ``compare`` is worth."""
    if how not in HOWS:
        raise StrategyError(Text("{how} is not a way to check a claim: write exact or sampled", how=how))
    if hand.is_over or hand.to_act is None:
        raise StrategyError(Text("the hand is over: a claim is about a choice still to make"))
    legal = list(hand.legal_actions())
    if len(legal) < 2:
        raise StrategyError(Text("there is only one thing to do here: a claim is about a choice"))
    if how == "sampled" and not 2 <= samples <= MAX_SAMPLES:
        raise StrategyError(Text("samples: from 2 to {most} deals", most=MAX_SAMPLES))
    if any(action.kind in CALLS for action in legal):
        raise StrategyError(Text("a call in the bidding cannot be checked: what it is worth depends on the calls the "
                                 "other players would make, which the solver does not value"))
    if compare and not any(action.kind == "discard" for action in legal):
        raise StrategyError(Text("discards are compared only where cards are discarded, after taking the kitty"))
    info = family_of(hand.config.game)
    if info.evaluation != "solved":
        if _whole_hand(hand) is None:
            if how == "sampled":
                raise StrategyError(Text("{game}'s choices are sampled only where every deal is solved exactly; check "
                                         "this claim exactly, with every hand known", game=hand.config.game))
            return _exact(hand)
        face_down = hand.view(hand.to_act).get("face_down", 0)
        if face_down > MAX_FACE_DOWN:
            raise StrategyError(Text("{n} cards lie face down in the stock: a claim with the stock open is checked "
                                     "once {most} or fewer do, so that each deal is valued quickly", n=face_down,
                                     most=MAX_FACE_DOWN))
        return _before_lead(hand, how, samples, seed, list(legal), "whole")
    if hand.view(hand.to_act)["phase"] != "play":
        choices: list[Choice] = list(compare) if compare else list(legal)
        if not compare and any(action.kind == "discard" for action in legal):
            raise StrategyError(Text("there are too many ways to discard to value them all: name the discards "
                                     "compared, each set in full (compare = [\"discard AH KH QH\", …])"))
        return _before_lead(hand, how, samples, seed, choices, "rest")
    if how == "exact":
        return _exact(hand)
    return _sampled(hand, samples, seed)


def _exact(hand: Any) -> ChoiceValues:
    from atout.solver import SolverError, position_of, solve
    from atout.solver.scoring import best_actions, scorer

    try:
        position_of(hand)
    except SolverError as exc:
        raise StrategyError(Text("the solver does not take this position: {why}", why=exc.message)) from None
    seat = hand.to_act
    solution = solve(hand, line=False)          # no time limit: the same values on any machine
    legal = list(hand.legal_actions())
    if not set(legal) <= set(solution.bounds):
        return _each_played(hand, legal)
    score = scorer(hand, seat)
    worths = [Worth(action, score(lo)) for action, (lo, _hi) in solution.bounds.items()]
    best = best_actions(solution, score)
    return ChoiceValues(seat, "exact", _ordered(worths), tuple(a for a in _order(worths) if a in best),
                        score.whose, score.unit)


def _each_played(hand: Any, legal: list[Any]) -> ChoiceValues:
    """Exact values of a decision the search weighs inside the play after it rather than as a choice of its own
    (Spoil Five's jinx or stop, valued through the lead that follows): each action taken, and the hand it leaves
    solved, or scored as played when it ends there, for the player to act."""
    from atout.solver import solve_value
    from atout.solver.scoring import scorer

    seat = hand.to_act
    worths = []
    for action in legal:
        after = hand.copy()
        after.apply(action)
        score = scorer(after, seat)             # what a count pays once the action is taken (a jinx made or failed)
        worths.append(Worth(action, score(solve_value(after, seat).lo)))
    top = max(w.score for w in worths)
    best = () if all(w.score == top for w in worths) else tuple(w.action for w in _ordered(worths) if w.score == top)
    return ChoiceValues(seat, "exact", _ordered(worths), best, score.whose, score.unit)


def _sampled(hand: Any, samples: int, seed: int) -> ChoiceValues:
    from atout.players.base import deal_unseen
    from atout.solver import solve

    info = family_of(hand.config.game)
    seat = hand.to_act
    view = hand.view(seat)
    players, adapter = info.players_module(), info.solver_adapter()
    assert isinstance(players, SolvedPlayers), f"{hand.config.game}'s hands are not valued by solving deals"
    know = players.knowledge(view)
    legal = list(hand.legal_actions())
    rng = random.Random(seed)
    scores: dict[Action, list[float]] = {action: [] for action in legal}
    score = adapter.view_scorer(view, {})
    for _ in range(samples):
        dealt = deal_unseen(rng, know)
        if dealt is None:
            raise StrategyError(Text("no deal of the hidden cards fits what this player has seen"))
        solution = solve(players.position(view, dealt), line=False)
        if not set(legal) <= set(solution.bounds):      # Spoil Five's jinx or stop: see _each_played
            raise StrategyError(Text("the sampler does not value {choices}: check this claim exactly, with every "
                                     "hand known", choices=[action_words(a) for a in legal]))
        score = adapter.view_scorer(view, dealt)
        for action in legal:
            scores[action].append(float(score(solution.bounds[action][0])))
    worths = [Worth(action, _mean(values), _error(values)) for action, values in scores.items()]
    per_deal = tuple((action, tuple(values)) for action, values in scores.items())
    values = ChoiceValues(seat, "sampled", _ordered(worths), (), score.whose, score.unit, samples, per_deal)
    best = tuple(a for a in _order(worths)
                 if not any(values.ahead(b, a)[0] > values.ahead(b, a)[1] for b in legal if b != a))
    return ChoiceValues(seat, "sampled", values.worths, best, score.whose, score.unit, samples, per_deal)


# --- decisions before the first lead, and Sixty-Six's open stock ------------------------------------------------------


def _whole_hand(hand: Any) -> Any:
    """The family adapter's valuation of a whole hand from any point (Sixty-Six while the stock is open), or None
    where the solver takes the position itself."""
    from atout.solver import SolverError, position_of
    from atout.solver.positions import adapter_of

    try:
        position_of(hand)
    except SolverError:
        return getattr(adapter_of(hand), "whole_hand_values", None)
    return None


def _before_lead(hand: Any, how: str, samples: int, seed: int, choices: list[Choice], model: str) -> ChoiceValues:
    """Each choice of ``choices`` made on the hand itself (``how="exact"``) or on ``samples`` deals of the cards its
    player has not seen, then the rest of the hand valued perfectly: ``_rest_value`` ("rest") or the family's whole-
    hand search ("whole")."""
    seat = hand.to_act
    for choice in choices:
        after = _check_choice(hand, choice)
        if model == "rest":
            _ways_to_the_lead(after)
    rng = random.Random(seed)
    deals = [hand] if how == "exact" else [_imagined(hand, seat, rng, model) for _ in range(samples)]
    scores: dict[Choice, list[float]] = {choice: [] for choice in choices}
    whose = unit = ""
    for world in deals:
        if model == "whole":
            found = _whole_hand(world)(world)
            if found is None:
                raise StrategyError(Text("the stock's order is not known in this position: write the deal, not an "
                                         "ending"))
            for choice in choices:
                scores[choice].append(float(found[choice]))
            whose, unit = "game", family_of(hand.config.game).score_unit
            continue
        for choice in choices:
            after = world.copy()
            for action in actions_of(choice):
                after.apply(action)
            value, whose, unit = _rest_value(after, seat)
            scores[choice].append(float(value))
    worths = [Worth(choice, _mean(values), 0.0 if how == "exact" else _error(values))
              for choice, values in scores.items()]
    per_deal = tuple((choice, tuple(values)) for choice, values in scores.items())
    compared = any(isinstance(choice, Discards) for choice in choices)
    values = ChoiceValues(seat, how, _ordered(worths), (), whose, unit, len(deals) if how == "sampled" else 0,
                          per_deal if how == "sampled" else (), model, compared)
    if how == "exact":
        top = max(w.score for w in worths)
        best = () if all(w.score == top for w in worths) else tuple(a for a in _order(worths)
                                                                     if values.worth(a).score == top)
    else:
        best = tuple(a for a in _order(worths)
                     if not any(values.ahead(b, a)[0] > values.ahead(b, a)[1] for b in choices if b != a))
    return ChoiceValues(seat, how, values.worths, best, whose, unit, values.samples, values.per_deal, model, compared)


def _check_choice(hand: Any, choice: Choice) -> Any:
    """A choice of ``hand``'s player to act, made whole (a discard set of cards held that leaves nothing more to
    discard): the hand after it."""
    after = hand.copy()
    for action in actions_of(choice):
        if after.to_act != hand.to_act or action not in after.legal_actions():
            raise StrategyError(Text("{choice} is not a choice in this position", choice=str(choice)))
        after.apply(action)
    if isinstance(choice, Discards) and after.to_act == hand.to_act \
            and any(a.kind == "discard" for a in after.legal_actions()):
        raise StrategyError(Text("{choice}: after these discards there are more to make: name every card discarded",
                                 choice=str(choice)))
    return after


def _ways_to_the_lead(hand: Any) -> int:
    """How many ways the decisions left before the first lead can go (1: the play starts), once it is sure the check
    values them all (``BEFORE_THE_LEAD``, at most ``MAX_WAYS_AFTER``); which decisions are left does not depend on
    the cards hidden from the player, so the hand itself tells."""
    if hand.to_act is not None and hand.view(hand.to_act)["phase"] == "play":
        return 1
    if hand.is_over or hand.to_act is None:
        raise StrategyError(Text("after this choice the hand ends before any card is played: a claim is about its "
                                 "play"))
    legal = list(hand.legal_actions())
    if any(action.kind not in BEFORE_THE_LEAD for action in legal):
        raise StrategyError(Text("after this choice, more decisions come before the first card is played, and the "
                                 "check does not value them"))
    ways = 0
    for action in legal:
        after = hand.copy()
        after.apply(action)
        ways += _ways_to_the_lead(after)
        if ways > MAX_WAYS_AFTER:
            raise StrategyError(Text("after this choice, more than {most} ways are open before the first card is "
                                     "played: too many to value", most=MAX_WAYS_AFTER))
    return ways


def _imagined(hand: Any, seat: int, rng: random.Random, model: str) -> Any:
    """One deal of what ``seat`` cannot see, as it may imagine it (consistent with what it has seen)."""
    info = family_of(hand.config.game)
    if model == "whole":
        players = info.players_module()
        assert isinstance(players, PlayedOutPlayers), f"{hand.config.game}'s hands are not played out"
        world = players.sampled_hand(hand.view(seat), rng)
        if world is None:
            raise StrategyError(Text("no deal of the hidden cards fits what this player has seen"))
        return world
    return _relabelled(hand, seat, rng)


def _relabelled(hand: Any, seat: int, rng: random.Random) -> Any:
    """The hand with the cards ``seat`` has not seen dealt again as it may imagine them (``deal_unseen``: the other
    hands uniformly among the deals its knowledge allows, what lies elsewhere in a random order), and everything
    that happened replayed with each card in its new place: the auction and what ``seat`` saw are unchanged."""
    from atout.players.base import deal_unseen

    players = family_of(hand.config.game).players_module()
    assert isinstance(players, SolvedPlayers), f"{hand.config.game}'s hands are not valued by solving deals"
    if not hand.history or hand.history[0].kind != "deal":
        raise StrategyError(Text("a decision before the first lead is sampled on a whole deal: write the deal, not "
                                 "an ending"))
    know = players.knowledge(hand.view(seat))
    dealt = deal_unseen(rng, know)
    if dealt is None:
        raise StrategyError(Text("no deal of the hidden cards fits what this player has seen"))
    fixed = {card for cards in know.known.values() for card in cards}
    pool = [card for card in dict.fromkeys(know.unseen) if card not in fixed]
    in_pool = set(pool)
    moved: dict[Card, Card] = {}
    for other, cards in dealt.items():
        real = [card for card in hand.hands[other] if card in in_pool]
        new = [card for card in cards if card in in_pool]
        assert len(real) == len(new), "a hand holds as many cards in every deal"
        moved.update(zip(real, new, strict=True))
    taken = set(moved.values())
    rest = [card for card in pool if card not in taken]
    rng.shuffle(rest)
    moved.update(zip([card for card in pool if card not in moved], rest, strict=True))

    def again(action: Action) -> Action:
        if action.kind == "deal":
            return Action("deal", None, tuple(moved.get(card, card) for card in action.value))
        return action._replace(card=moved.get(action.card, action.card)) if action.card is not None else action

    return type(hand).replay(hand.config, [again(a) for a in hand.history], hand.dealer, hand.start())


def _rest_value(hand: Any, seat: int) -> tuple[int, str, str]:
    """What the rest of ``hand`` is worth to ``seat``'s side, every card known and every player perfect: the solver's
    value from the first lead, in the hand's score; a decision still to make before it (``_ways_to_the_lead`` has made
    sure the check values it) tried every way, each player choosing the best for its side (``seat``'s side the most,
    the others the least). With the score's ``whose`` and ``unit``."""
    from atout.solver import solve_score
    from atout.solver.scoring import scorer

    if hand.to_act is not None and hand.view(hand.to_act)["phase"] == "play":
        score = scorer(hand, seat)
        return solve_score(hand, seat, score), score.whose, score.unit
    ours = hand.side_of(hand.to_act) == hand.side_of(seat)
    found = []
    for action in hand.legal_actions():
        after = hand.copy()
        after.apply(action)
        found.append(_rest_value(after, seat))
    value, whose, unit = (max if ours else min)(found, key=lambda f: f[0])
    return value, whose, unit


def _order(worths: list[Worth]) -> list[Choice]:
    return [w.action for w in _ordered(worths)]


def _ordered(worths: list[Worth]) -> tuple[Worth, ...]:
    """Best first; equal ones in the order their actions are written (the same order on every machine)."""
    return tuple(sorted(worths, key=lambda w: (-w.score, str(w.action))))


@lru_cache(maxsize=256)
def cached_values(position: str, how: str, samples: int, seed: int,
                  compare: tuple[Discards, ...] = ()) -> ChoiceValues:
    """``choice_values`` of a position's text (``atout.position``), worked out once per process: a lesson is read by
    every page that shows the course. Kept on disk too (``cache_folder``), under a key of the question and of
    Atout's own source: the claims of every lesson took 6.6 s of CPU each time a server, a JupyterHub user's server
    or a test process loaded the lessons, and the values are the same as long as the question and the code are."""
    from atout.position import hand_from_text

    key = (position, how, samples, seed, tuple(str(c) for c in compare))
    kept = _kept_values(key)
    if kept is not None:
        return kept
    values = choice_values(hand_from_text(position), how, samples, seed, compare)
    _keep_values(key, values)
    return values


def cache_folder() -> Path | None:
    """Where worked-out claim values are kept between processes: ``ATOUT_CACHE_DIR``, else the user's cache folder
    (``XDG_CACHE_HOME``, else ``~/.cache``) under ``atout``; None when ``ATOUT_CACHE_DIR`` is empty (no disk cache)."""
    given = os.environ.get("ATOUT_CACHE_DIR")
    if given is not None:
        return Path(given) / "claims" if given else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "atout" / "claims"


@lru_cache(maxsize=1)
def _source_digest() -> str:
    """A digest of Atout's own source: values worked out by other code are not taken up."""
    digest = hashlib.sha256()
    root = Path(__file__).parent
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".pyx", ".pxd") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _cache_file(key: tuple[Any, ...]) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    name = hashlib.sha256(json.dumps([_source_digest(), *key]).encode()).hexdigest()
    return folder / f"{name}.json"


def _kept_values(key: tuple[Any, ...]) -> ChoiceValues | None:
    """The values kept for ``key``, or None: none kept, or a file that cannot be read back (worked out again)."""
    path = _cache_file(key)
    if path is None:
        return None
    try:
        return _values_from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AtoutError):
        return None


def _keep_values(key: tuple[Any, ...], values: ChoiceValues) -> None:
    """Write the values for the next process; a folder that cannot be written only costs that process the time."""
    path = _cache_file(key)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps(_values_to_json(values)), encoding="utf-8")
        os.replace(partial, path)          # whole or not at all, for another process reading it meanwhile
    except OSError:
        pass


def _choice_from_text(text: str) -> Choice:
    return Discards.parse(text) or Action.parse(text)


def _values_to_json(values: ChoiceValues) -> dict[str, Any]:
    return {"seat": values.seat, "how": values.how, "whose": values.whose, "unit": values.unit,
            "samples": values.samples, "model": values.model, "compared": values.compared,
            "worths": [[str(w.action), w.score, w.error] for w in values.worths],
            "best": [str(c) for c in values.best],
            "per_deal": [[str(c), list(scores)] for c, scores in values.per_deal]}


def _values_from_json(data: dict[str, Any]) -> ChoiceValues:
    return ChoiceValues(
        seat=int(data["seat"]), how=str(data["how"]), whose=str(data["whose"]), unit=str(data["unit"]),
        samples=int(data["samples"]), model=str(data["model"]), compared=bool(data["compared"]),
        worths=tuple(Worth(_choice_from_text(a), _number(score), _number(error)) for a, score, error in data["worths"]),
        best=tuple(_choice_from_text(a) for a in data["best"]),
        per_deal=tuple((_choice_from_text(a), tuple(_number(x) for x in scores)) for a, scores in data["per_deal"]))


def _number(value: Any) -> Any:
    """A number read back as it was written (an exact score stays an int, as the sentences saying it expect)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"not a number: {value!r}")
    return value


# --- the claim and its proof in words --------------------------------------------------------------------------


def action_words(action: Choice) -> Any:
    """An action as a sentence names it: the card for a play, else its words (``atout.puzzles.action_said``); a
    discard set, "discarding A♥, K♥ and Q♥"."""
    from atout.puzzles import action_said

    if isinstance(action, Discards):
        return Text("discarding {cards}", cards=list(action.cards))
    return action_said(action)


def worth_words(worth: Worth, values: ChoiceValues) -> Text:
    """"5♥: 15 points", or sampled "5♥: about 12.3 points, ± 1.1"."""
    return Text("{action}: {score}", action=action_words(worth.action), score=score_said(worth, values))


def score_said(worth: Worth, values: ChoiceValues) -> Any:
    """A choice's worth alone: "15 points", or sampled "about 12.3 points, ± 1.1"."""
    if values.how == "exact":
        return _points(values.unit, int(worth.score))
    return _About(worth.score, worth.error, values.unit)


def _points(unit: str, score: int) -> Plural:
    from atout import units

    return units.amount(unit, score)


class _About:
    """A sampled mean with its error bar, "about 12.3 points, ± 1.1" (Spoil Five's "about 4.0 counters, ± 0.1"), the
    noun in the form the number takes in the reader's language (« environ 0,3 point », "about 1 point")."""

    __slots__ = ("value", "error", "unit")

    def __init__(self, value: float, error: float, unit: str) -> None:
        self.value, self.error, self.unit = value, error, unit

    def render(self, lang: str | None = None) -> str:
        lang = lang or get_language()
        n = plural_count(abs(round(self.value, 1)), lang)
        # An error bar under 0.05 with two decimals: "± 0" read as no error at all.
        score = _Decimal(self.value).render(lang)
        error = _Decimal(self.error, 2 if 0 < self.error < 0.05 else 1).render(lang)
        if self.unit == "game points":
            return ngettext("about {score} game point, ± {error}", "about {score} game points, ± {error}", n, lang,
                            score=score, error=error)
        if self.unit == "counters":
            return ngettext("about {score} counter, ± {error}", "about {score} counters, ± {error}", n, lang,
                            score=score, error=error)
        return ngettext("about {score} point, ± {error}", "about {score} points, ± {error}", n, lang, score=score,
                        error=error)


class _Decimal:
    """A mean or an error bar with one decimal, as the reader's language writes it (12.3, « 12,3 »)."""

    __slots__ = ("value", "digits")

    def __init__(self, value: float, digits: int = 1) -> None:
        self.value, self.digits = value, digits

    def render(self, lang: str | None = None) -> str:
        written = decimal(self.value, lang, self.digits)
        return "−" + written[1:] if written.startswith("-") else written     # a minus sign, as scores are written


def values_words(values: ChoiceValues) -> Text:
    """Every choice with its worth, best first, one list: "5♥: 15 points; 7♣: 5 points" (each after the first
    inside the sentence, so "the joker" keeps its small letter)."""
    said = [worth_words(w, values) for w in values.worths]
    listed = said[-1]
    for item in reversed(said[:-1]):
        listed = Text("{first}; {rest}", first=item, rest=listed)
    return listed


def how_words(values: ChoiceValues) -> Text:
    """How the values were found, and what they assume: after a decision before the first lead, or with the stock
    open, the rest of the hand played by players who see every card ("double-dummy")."""
    if values.model == "play":
        if values.how == "exact":
            return Text("The solver valued each choice with every hand known, every card then played as well as it "
                        "can be.")
        return Text("Each choice was valued on {n} deals of the cards you cannot see, each deal then played as well "
                    "as it can be; ± is the error bar.", n=values.samples)
    if values.how == "exact":
        said = Text("The solver valued each choice with every card known: the rest of the hand played as well as it "
                    "can be by players who see every card.")
    elif values.model == "whole":
        said = Text("Each choice was valued on {n} deals of your opponent's cards and the order of the stock. On each "
                    "deal, the rest of the hand was played as well as it can be by two players who see every card "
                    "and the order of the stock: a \"double-dummy\" count. Real players see neither, so take the "
                    "values as a guide; ± is the error bar.", n=values.samples)
    else:
        said = Text("Each choice was valued on {n} deals of the cards you cannot see. On each deal, the rest of the "
                    "hand was played as well as it can be by players who see every card: a \"double-dummy\" count. "
                    "Real players cannot see each other's cards, so take the values as a guide; ± is the error bar.",
                    n=values.samples)
    if values.compared:
        return Text("{said} Only the discards shown were compared, not every way to discard.", said=said)
    return said


def claim_problem(values: ChoiceValues, claimed: list[Choice]) -> Text | None:
    """Why the claim that ``claimed`` are the best choices does not hold (None: it holds)."""
    legal = [w.action for w in values.worths]
    best = list(values.best)
    finder = Text("the solver") if values.how == "exact" else Text("the sampler")
    said = [action_words(a) for a in claimed]
    if not best:
        return Text("the claim does not hold: {claimed} is claimed best, but {finder} finds every choice worth the "
                    "same ({values})", claimed=said, finder=finder, values=values_words(values))
    if set(claimed) != set(best):
        return Text("the claim does not hold: {claimed} is claimed best, but {finder} finds {best} best ({values})",
                    claimed=said, finder=finder, best=[action_words(a) for a in best], values=values_words(values))
    if values.how == "sampled":
        for good in claimed:
            for other in legal:
                if other in claimed:
                    continue
                gain, error = values.ahead(good, other)
                if gain <= error:
                    return Text("the claim does not hold: {good} is ahead of {other} by {gain}, within the error "
                                "bar, ± {error}, over {n} deals ({values})", good=action_words(good),
                                other=action_words(other), gain=_Decimal(gain), error=_Decimal(error),
                                n=values.samples, values=values_words(values))
    return None
