"""The catalogue of every sentence a learner can read: each template of core, with a case that produces it, in
English and in French.

A *template* is a message of core (``Text("…")`` or ``N_("…")`` in the modules of ``TEMPLATE_MODULES``) that is not
a bad-input error (those are raised as an ``…Error`` and read by whoever typed the input). A *case* is something
that makes core speak: a referee query, a hand played from a seed with the events it explains and the reasons it
gives for the cards and calls it refuses, a lesson with its quiz (each choice marked), a rule of the rulebook, a
house rule. ``build()`` runs every case, renders each sentence for the people who may read it (the player it names,
as "you", and everybody else) in both languages, and records which templates each rendering used
(``i18n.recording``); ``unreached(catalogue)`` lists the templates no case reached, which a test keeps empty, so a
template added without a case fails it. ``atout catalogue`` writes the whole as Markdown for a reviewer who reads
it against the rules.
"""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atout import i18n
from atout.cards import Card
from atout.i18n import LANGUAGES, Text, sentences

PACKAGE = Path(__file__).resolve().parent
CASES_FILE = PACKAGE / "data" / "catalogue_cases.jsonl"

# Where core's sentences live (paths relative to the package). Widgets and the site's chrome are the views'.
TEMPLATE_MODULES = ("engine.py", "actions.py", "events.py", "endings.py", "views.py", "wording.py", "vocabulary.py",
                    "*/vocabulary.py", "referee.py", "lessons.py", "house_rules.py", "*/house_rules.py", "hints.py",
                    "fives_ranking.py", "rulebook/*.py", "*/explain.py", "*/ranking.py", "*/referee.py", "*/bidding.py",
                    "*/scoring.py", "*/hand.py", "*/game.py", "*/rules.py")
VIEW_FOLDERS = ("widgets",)
MESSAGE_CALLS = {"Text", "N_"}


@dataclass(frozen=True)
class Template:
    msgid: str
    where: str          # module:line of its first appearance


@dataclass
class Sentence:
    """One rendering of one case: who reads it, what it says in each language, the templates it used."""

    case: str
    source: str               # what made it: referee, engine, lesson, rulebook, house rule
    viewer: str               # who reads it: "you" (the player it names), "others", or "—" when it names nobody
    text: dict[str, str]
    rule: str | None
    templates: set[str] = field(default_factory=set)


@dataclass
class Catalogue:
    sentences: list[Sentence]
    templates: list[Template]

    def reached(self) -> set[str]:
        return {t for s in self.sentences for t in s.templates}


# --- the templates -----------------------------------------------------------------------------------

# Where a bad-input message is written apart from a raise: the lesson schema's reasons and type names.
ERROR_HELPERS = {"_schema_why", "_TYPE_NAMES", "_NOT_A_FILE"}


def _is_error(node: ast.AST) -> bool:
    """Whether ``node`` holds only bad-input messages: an error raised or built, a problem reported by a check or
    the place it names, a query's ``{"error": …}`` answer, or one of ``ERROR_HELPERS``."""
    if isinstance(node, ast.Dict):
        return any(isinstance(k, ast.Constant) and k.value == "error" for k in node.keys)
    if isinstance(node, ast.FunctionDef):
        return node.name in ERROR_HELPERS
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id in ERROR_HELPERS for t in node.targets)
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name == "append" and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id == "problems"
    return name.endswith("Error") or name.startswith("_check") or name == "_at"


def templates() -> list[Template]:
    """Every template of core, in module order (the bad-input errors left out: they are not explanations)."""
    found: dict[str, Template] = {}
    paths = sorted({p for pattern in TEMPLATE_MODULES for p in PACKAGE.glob(pattern)
                    if p.relative_to(PACKAGE).parts[0] not in VIEW_FOLDERS})
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside_error: set[int] = set()
        for node in ast.walk(tree):
            if _is_error(node):
                inside_error.update(id(n) for n in ast.walk(node) if n is not node)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or id(node) in inside_error:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name not in MESSAGE_CALLS or not node.args:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
                where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
                found.setdefault(first.value, Template(first.value, where))
    return sorted(found.values(), key=lambda t: (t.where.split(":")[0], int(t.where.split(":")[1])))


# --- rendering ------------------------------------------------------------------------------------------

def _render(case: str, source: str, what: Any, rule: str | None = None, seat: int | None = None) -> list[Sentence]:
    """``what`` (a ``Text`` or an ``Explanation``) written for everyone who may read it: when it names a player
    (``seat``), once for that player ("you") and once for the others; each in both languages."""
    text = what.text if hasattr(what, "text") and hasattr(what, "rule") else what
    rule = getattr(what, "rule", rule)
    viewers: list[tuple[str, int | None]] = [("—", None)] if seat is None else [("others", None), ("you", seat)]
    if seat is not None:    # a sentence of two parts, each with its own subject ("You closed …: Player 2 scores …")
        viewers += [("you", s) for s in _other_subjects(text, seat)]
    out = []
    for label, viewer in viewers:
        with i18n.recording() as used:
            rendered = {lang: text.render(lang, viewer) for lang in LANGUAGES}
        out.append(Sentence(case, source, label, rendered, rule, set(used)))
    return out


def _other_subjects(text: Text, seat: int) -> list[int]:
    """The other seats that are the subject of a part of ``text`` with its own "you" form."""
    seats = [inner.params["seat"].seat for inner in text.texts()
             if inner.you is not None and isinstance(inner.params.get("seat"), i18n.Person)]
    return sorted(set(seats) - {seat})


def _subject(text: Text) -> int | None:
    """The seat a sentence (or one inside it) has for its subject, so it is also written for that player."""
    for inner in text.texts():
        person = inner.params.get("seat")
        if isinstance(person, i18n.Person):
            return person.seat
        for value in inner.params.values():
            if isinstance(value, i18n.Person | i18n.Side):
                return value.seat if isinstance(value, i18n.Person) else value.seats[0]
    return None


def _explained(case: str, source: str, explanation: Any) -> list[Sentence]:
    return _render(case, source, explanation, seat=_subject(explanation.text))


# --- the cases ------------------------------------------------------------------------------------------

def referee_cases() -> Iterator[Sentence]:
    """Each case of ``data/catalogue_cases.jsonl``, written for the templates that play rarely reaches: a referee
    ``query`` (every sentence of its answer: its explanation, and each card's or call's reason, ``beats`` and
    ``why``), a ``hand`` dealt from a seed and played by its ``actions`` (each event's sentence, then why each
    action of ``try`` is refused), a ``position`` typed as text (each event's sentence), or a quiz ``question``
    as a lesson would ask it (its default prompt)."""
    from atout.referee import ask

    for line in CASES_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        if "hand" in item:
            yield from _hand_case(item)
            continue
        if "position" in item:
            yield from _position_case(item)
            continue
        if "question" in item:
            from atout.games import DEFAULT_GAME
            from atout.lessons import make_questions

            spec = item["question"]
            for question in make_questions(spec, spec.get("game", DEFAULT_GAME), spec.get("options")):
                yield from _question(f"{item['case']} — `{json.dumps(spec, ensure_ascii=False)}`", question)
            continue
        answer = ask(item["query"])
        if "error" in answer:
            raise ValueError(f"catalogue case {item['case']!r} is refused by the referee: {answer['error']}")
        case = f"{item['case']} — `{json.dumps(item['query'], ensure_ascii=False)}`"
        for explanation in _explanations(answer):
            yield from _explained(case, "referee", explanation)


def _hand_case(item: dict[str, Any]) -> Iterator[Sentence]:
    from atout.games import package_of

    spec = item["hand"]
    game = spec["game"]
    hand = package_of(game).new_hand(game, seed=spec["seed"], **spec.get("options", {}))
    case = f"{item['case']} — {game} seed {spec['seed']}, actions {' · '.join(spec.get('actions', [])) or 'none'}"
    events = list(hand.events)
    for action in spec.get("actions", []):   # "*": the first legal action, whatever it is
        events.append(hand.apply(hand.legal_actions()[0] if action == "*" else action))
    for event in events:
        for e in event.flatten():
            yield from _explained(case, "engine", e.explanation)
            # The cards moved face down, named to who sees them: each wording once, in the seats' order (a set's
            # order changed from run to run with the strings' hashes, and the catalogue with it).
            told = dict.fromkeys(e.explanation_for(viewer) for viewer in (None, *range(len(hand.hands))))
            told.pop(e.explanation, None)
            for why in told:
                yield from _explained(f"{case}: {_told(None)} or as its seat may know it", "engine", why)
    for note in hand.table_view(None).notes:
        yield from _render(f"{case}: table note", "engine", note, seat=_subject(note))
    yield from _refusals(item, case, hand, spec.get("try", []))


def _position_case(item: dict[str, Any]) -> Iterator[Sentence]:
    """A position typed as text (an ending, as the What-if page takes one up): the sentence of each event."""
    from atout.position import hand_from_text

    hand = hand_from_text(item["position"])
    case = f"{item['case']} — `{item['position']}`"
    for event in hand.events:
        for e in event.flatten():
            yield from _explained(case, "engine", e.explanation)
    yield from _refusals(item, case, hand, item.get("try", []))


def _refusals(item: dict[str, Any], case: str, hand: Any, actions: list[str]) -> Iterator[Sentence]:
    """The sentence refusing each of a case's ``try`` actions (an allowed one is a mistake in the case)."""
    for action in actions:
        why = hand.explain_illegal(action)
        if why is None:
            raise ValueError(f"catalogue case {item['case']!r}: {action} is allowed, so it explains nothing")
        yield from _explained(f"{case}: `{action}` refused ({_context(hand)})", "engine", why)


def direct_cases() -> Iterator[Sentence]:
    """Sentences that only a caller of core's functions meets (a view explaining a trick still being played), each
    family's (its ``catalogue_cases``), in the registry's order."""
    from atout.games import FAMILY_LIST

    for family in FAMILY_LIST:
        yield from family.catalogue_cases().direct_cases()


def vocabulary_cases() -> Iterator[Sentence]:
    """Each action kind's words, as its family declares them (``atout.vocabulary``): every form, a card's with the
    9♥ and a suit's with hearts."""
    from atout import vocabulary
    from atout.engine import seat_name
    from atout.games import GAMES, package_of
    from atout.players import make_player
    from atout.vocabulary import all_phases, all_words, contract_line, phase_name

    sample = Card.parse("9H")
    for kind, words in all_words().items():
        for form in ("allowed", "button", "subject", "foreign"):
            if getattr(words, form) is not None:
                yield from _render(f"the action {kind!r}: {form}", "vocabulary", Text(getattr(words, form)))
        for form in ("button_card", "subject_card"):
            if getattr(words, form) is not None:
                yield from _render(f"the action {kind!r} with 9♥: {form}", "vocabulary",
                                   Text(getattr(words, form), card=sample, suit=sample.suit))
        for form in ("button_suit", "subject_suit", "foreign_suit"):
            if getattr(words, form) is not None:
                yield from _render(f"the action {kind!r} naming hearts: {form}", "vocabulary",
                                   Text(getattr(words, form), suit=sample.suit))
    for phase, said in all_phases().items():
        yield from _render(f"the phase {phase!r}: as the table names it", "vocabulary", Text(said.name))
        if said.during is not None:
            yield from _render(f"the phase {phase!r}: inside a sentence", "vocabulary", Text(said.during))
    yield from _render("a phase no family words: its id", "vocabulary", phase_name("unheard-of"))
    for game in GAMES:      # the contract line of each game with contracts, as club players reach one
        if (no_contract := vocabulary.no_contract_line(game)) is not None:
            yield from _render(f"{game}: the contract line before any bid", "vocabulary", Text(no_contract))
        hand = package_of(game).new_hand(game, seed=0)
        player = make_player(game, "club", seed=0)
        while not hand.is_over and not hand.table_view().contract:
            hand.apply(player.act(hand, hand.to_act))
        if hand.table_view().contract:
            seat, call = hand.table_view().contract
            for standing in (False, True):
                yield from _render(f"{game}: the contract line{' (the standing bid)' if standing else ''}",
                                   "vocabulary", Text(contract_line(game, standing), player=seat_name(seat),
                                                      call=vocabulary.call_label(call)))


def _explanations(answer: Any) -> Iterator[Any]:
    from atout.engine import Explanation

    if isinstance(answer, Explanation):
        yield answer
    elif isinstance(answer, dict):
        for value in answer.values():
            yield from _explanations(value)
    elif isinstance(answer, list | tuple):
        for value in answer:
            yield from _explanations(value)


def played() -> list[tuple[str, dict[str, Any]]]:
    """The hands played for the catalogue: each preset with the options whose sentences differ (each family's
    ``PLAYED``), from a few seeds."""
    from atout.games import FAMILY_LIST

    return [case for family in FAMILY_LIST for case in family.catalogue_cases().PLAYED]


SEEDS = range(40)


def engine_cases(seeds: Iterable[int] = SEEDS) -> Iterator[Sentence]:
    """Hands played from seeds, every decision by a seeded chance among the legal actions (biased towards
    what a person would try: the special actions, and the bids of Five Hundred's misère): each event's sentence,
    what the table says (its notes and score labels, for the teacher and for the player to act), why each card of
    the hand that may not be played may not, and now and then why an action a learner might try is refused. Each
    shape of sentence (the templates it uses, and who reads it) is kept once: a hand repeats its sentences."""
    from atout.games import package_of

    seen: set[tuple[str, ...]] = set()
    for game, options in played():
        for seed in seeds:
            rng = random.Random(f"{game}-{options}-{seed}")
            hand = package_of(game).new_hand(game, seed=seed, **options)
            label = f"{game} {json.dumps(options) if options else ''} seed {seed}".replace("  ", " ")
            events = list(hand.events)
            while not hand.is_over:
                legal = list(hand.legal_actions())
                said: list[tuple[str, Any]] = []       # (what it is about, the sentence)
                for viewer in (None, hand.to_act):
                    view = hand.table_view(viewer)
                    said += [("on the table", note) for note in [*view.notes, *view.score_labels, view.score_unit]
                             if isinstance(note, Text)]
                    if viewer is None:
                        said += [(f"{card.render('en')} refused", why) for card, why in view.illegal.items()]
                # what a learner might try, now and then (asking at every step costs more than it finds)
                if rng.random() < 0.2:
                    said += [(f"`{a}` refused", hand.explain_illegal(a)) for a in _tries(hand) if a not in legal]
                context = _context(hand)
                yield from _fresh(seen, said, f"{label}: {context}")
                events.append(hand.apply(_choose(rng, legal, seed % 3)))
                yield from _fresh(seen, [("", e.explanation) for e in events[-1].flatten()], f"{label}: {context}")
                # What a seat is told of the cards it moved face down, and what the every-hand view is told.
                yield from _fresh(seen, [(_told(viewer), e.explanation_for(viewer)) for e in events[-1].flatten()
                                         for viewer in (None, *range(len(hand.hands)))], f"{label}: {context}")
            # What the scores count once the hand is over (a hand's game points, where the game counts them apart).
            yield from _fresh(seen, [("on the table", hand.table_view(None).score_unit)], f"{label}: the hand is over")
            yield from _fresh(seen, [("the deal", e.explanation) for event in events[:1] for e in event.flatten()],
                              label)


def _told(viewer: int | None) -> str:
    return "every hand face up" if viewer is None else f"as seat {viewer} may know it"


def _fresh(seen: set[tuple[str, ...]], said: list[tuple[str, Any]], where: str) -> Iterator[Sentence]:
    """The sentences of ``said`` whose shape is new, rendered (the case is written only for them)."""
    for about, what in said:
        if what is None:
            continue
        text = what.text if hasattr(what, "rule") else what
        seat = _subject(text)
        for viewer in ((None, seat) if seat is not None else (None,)):
            shape = (str(viewer is None), *sorted({t.template_id(viewer) for t in text.texts()}))
            if shape in seen:
                continue
            seen.add(shape)
            case = f"{where}{': ' + about if about else ''}"
            sentences = _render(case, "engine", what, seat=seat)
            yield from (s for s in sentences if (s.viewer == "you") == (viewer is not None))


def game_cases(seeds: Iterable[int] = range(3)) -> Iterator[Sentence]:
    """Whole games played to their end (short targets, seeded choices): the last hand's score, which says who won,
    and what the finished game says to a further action (each family's ``WHOLE_GAMES``)."""
    from atout.games import FAMILY_LIST, package_of

    for game, options in [case for fam in FAMILY_LIST for case in fam.catalogue_cases().WHOLE_GAMES]:
        for seed in seeds:
            rng = random.Random(f"game-{game}-{seed}")
            play = package_of(game).new_game(game, seed=seed, **options)
            for _ in range(20000):
                if play.is_over:
                    break
                play.apply(_choose(rng, list(play.hand.legal_actions()), 0))
            if not play.is_over:
                continue
            case = f"{game} {json.dumps(options)} game seed {seed}, won after {len(play.results)} hands"
            last = play.completed_hands[-1]
            for event in last.events[-1].flatten():
                if event.kind == "score":
                    yield from _explained(case + ": the last hand's score", "engine", event.explanation)
            yield from _render(case + ": an action after the end", "engine", play.over_message(),
                               seat=_subject(play.over_message()))


def _choose(rng: random.Random, legal: list, style: int) -> Any:
    """A seeded choice among the legal actions, in one of three styles so that the hands end every way: 0 plays
    cards only (Sixty-Six to its last trick), 1 takes the special actions often (robbing, marriages, closing,
    declaring), 2 takes them but never declares."""
    bids = [a for a in legal if a.kind == "bid"]
    if bids:
        misere = [a for a in bids if str(a.value) in ("misere", "open-misere")]
        if misere and rng.random() < 0.5:
            return rng.choice(misere)
        passes = [a for a in bids if a.value == "pass"]
        if passes and rng.random() < 0.5:
            return passes[0]
        return rng.choice([a for a in bids if a.value != "pass"][:3] or bids)
    special = [a for a in legal
               if a.kind not in ("play", "discard", "draw") and not (style == 2 and a.kind == "declare")]
    if style and special and rng.random() < 0.6:
        return rng.choice(special)
    plain = [a for a in legal if a.kind in ("play", "discard", "draw", "rob", "keep", "kitty", "trump", "done")]
    return rng.choice(plain or legal)


def _tries(hand: Any) -> list:
    """Actions a learner might try now that the rules may refuse (each is explained if it is refused)."""
    from atout.engine import Action

    tries = [Action.parse(t) for t in ("close", "declare", "draw", "keep", "done", "bid pass", "bid hold",
                                       "bid 5", "bid 6S", "bid misere", "bid 30-for-60")]
    cards = [c for h in hand.hands for c in h][:2]
    tries += [Action("marriage", c) for c in cards] + [Action("exchange", c) for c in cards]
    tries += [Action("rob", c) for c in cards]
    return tries


def _context(hand: Any) -> str:
    """The position an engine sentence is said in, briefly: trumps, the trick so far, the player to act's cards."""
    parts = []
    trump = getattr(hand, "trump", None)
    if trump is not None:
        parts.append(f"trumps {trump.render('en')}")
    trick = getattr(hand, "trick", None)
    cards = getattr(trick, "cards", trick) or []
    if cards:
        parts.append("trick so far " + " ".join(c.render("en") for c in cards))
    if hand.to_act is not None:
        parts.append(f"Player {hand.to_act + 1} holds " + " ".join(c.render("en") for c in hand.hands[hand.to_act]))
    return ", ".join(parts) or hand.phase.value


def lesson_cases() -> Iterator[Sentence]:
    """Every lesson: its texts as written (both languages), its house rules in core's words, and every question
    of its steps and quiz: the prompt, each choice's label, and the feedback to the right answer and to each
    wrong one (the reason the referee gives, for the learner)."""
    from atout.lessons import load_lessons, make_questions

    for lesson in load_lessons():
        where = f"lesson {lesson.id}"
        for name, value in (("title", lesson.title), ("summary", lesson.summary)):
            yield Sentence(f"{where}: {name}", "lesson", "—", dict(value), None)
        with i18n.recording() as used:
            rules = {lang: lesson.house_rules(lang) for lang in LANGUAGES}
        for i in range(len(lesson.variants)):
            yield Sentence(f"{where}: house rule {i + 1}", "lesson", "—", {lang: rules[lang][i] for lang in LANGUAGES},
                           None, set(used))
        specs = []
        for i, step in enumerate(lesson.steps):
            yield Sentence(f"{where}: step {i + 1}", "lesson", "—", dict(step["text"]), step.get("rule"))
            if "try" in step:
                specs.append((f"step {i + 1} question", step["try"], 0))
        specs += [(f"quiz {i + 1}", spec, spec.get("seed", i)) for i, spec in enumerate(lesson.quiz)]
        for name, spec, seed in specs:
            for k, question in enumerate(make_questions(spec, lesson.game, lesson.options, seed=seed)):
                yield from _question(f"{where}: {name}" + (f".{k + 1}" if k else ""), question)


def _question(case: str, question: Any) -> Iterator[Sentence]:
    with i18n.recording() as used:
        prompt = {lang: question.prompt_text(lang) for lang in LANGUAGES}
        # Apart as the buttons are: a choice may have a comma in it ("You, the dealer").
        labels = {lang: " · ".join(question.label(c, lang) for c in question.choices) for lang in LANGUAGES}
    yield Sentence(f"{case}: the question", "quiz", "you", prompt, question.rule, set(used))
    yield Sentence(f"{case}: the choices", "quiz", "you", labels, question.rule, set(used))
    said = [*question.shown.get("facts", ()), *question.shown.get("earlier", ())]
    if said:      # what the question shows besides its cards, said from its data (a score's facts, a lead's start)
        with i18n.recording() as used:
            shown = {lang: sentences(*(fact.render(lang, question.viewer) for fact in said), lang=lang)
                     for lang in LANGUAGES}
        yield Sentence(f"{case}: what it shows", "quiz", "you", shown, question.rule, set(used))
    picks: list[tuple[str, Any]] = [("right answer", question.answer)]
    picks += [(f"picked {question.label(c, 'en')}", [c] if question.multiple else c) for c in question.choices
              if c not in question.answer]
    if question.multiple and len(question.answer) > 1:
        picks.append(("a right card left out", question.answer[:-1]))
    for name, pick in picks:
        text: dict[str, str] = {}
        rule = None
        with i18n.recording() as used:
            for lang in LANGUAGES:
                with i18n.language(lang):
                    feedback = question.check(pick)
                # What the learner reads: after a wrong answer, the right one and its working too, each a
                # paragraph of the page (here ended with a full stop, so that one does not run into the next).
                text[lang] = sentences(feedback.text, feedback.answer, feedback.working, lang=lang)
                rule = feedback.rule
        yield Sentence(f"{case}: feedback, {name}", "quiz", "you", text, rule, set(used))


def rulebook_cases() -> Iterator[Sentence]:
    from atout.rulebook import RULES

    for rule in RULES.values():
        yield from _render(f"rule {rule.id}", "rulebook", rule.statement, rule=rule.id)


def house_rule_cases() -> Iterator[Sentence]:
    from atout.games import available_games, package_of
    from atout.house_rules import HOUSE_RULES, house_rule, switches

    for family_id, options in HOUSE_RULES.items():
        for option in options:
            yield from _render(f"house rule of {family_id}: option {option}", "house rule",
                               house_rule(family_id, option))
    # The switches the classroom and Play pages offer: each one's name, and each value's menu words and rule.
    for game in available_games():
        for option, switch in switches(game):
            yield from _render(f"{game}: the house-rule switch {option}", "house rule", Text(switch.name))
            for value in package_of(game).config.OPTIONS[option].allowed_for(game):
                case = f"{game}: the house-rule switch {option} set to {value!r}"
                choice = switch.choice(value)
                if isinstance(choice, Text):
                    yield from _render(case + " (its menu words)", "house rule", choice)
                yield from _render(case, "house rule", switch.said(value))
                yield from _render(case + " (as the rules in force name it)", "house rule", switch.named(value))


def hint_cases(seeds: Iterable[int] = range(2)) -> Iterator[Sentence]:
    """The hint's reasons (``atout.hints.reason``), for the player to act, at every decision of hands played by
    club players: each legal card's reason, the first time each template is met."""
    from atout.games import available_games, package_of
    from atout.hints import reason
    from atout.players import make_player

    met: set[str] = set()
    for game in available_games():
        for seed in seeds:
            hand = package_of(game).new_hand(game, seed=seed)
            player = make_player(game, "club", seed=seed)
            while not hand.is_over:
                seat = hand.to_act
                for action in hand.legal_actions():
                    said = reason(hand, seat, action)
                    if said is not None and said.msgid not in met:
                        met.add(said.msgid)
                        case = f"hint in {game} (seed {seed}, {len(hand.history)} actions in): {action}"
                        yield from (s for s in _render(case, "hint", said, seat=seat) if s.viewer == "you")
                hand.apply(player.act(hand, seat))


def build(seeds: Iterable[int] = SEEDS) -> Catalogue:
    sentences = [*rulebook_cases(), *house_rule_cases(), *referee_cases(), *direct_cases(), *vocabulary_cases(),
                 *engine_cases(seeds), *game_cases(), *lesson_cases(), *hint_cases()]
    return Catalogue(sentences, templates())


def unreached(catalogue: Catalogue) -> list[Template]:
    """The templates no case reached: each needs a case (a query in ``data/catalogue_cases.jsonl``)."""
    reached = catalogue.reached()
    return [t for t in catalogue.templates if t.msgid not in reached]


# --- the Markdown ----------------------------------------------------------------------------------------

EXAMPLES = 3    # sentences shown per template and reader


def markdown(catalogue: Catalogue) -> str:
    """The catalogue for a reviewer: each template with up to ``EXAMPLES`` of the sentences that use it (for the
    player it names and for the others), each with its case, in every language; then the lessons as
    written."""
    by_template: dict[str, list[Sentence]] = {}
    for s in catalogue.sentences:
        for t in s.templates:
            by_template.setdefault(t, []).append(s)
    lines = ["# The sentences of Atout", "",
             "Generated by `atout catalogue`: every template of core with cases that produce it, each rendered for the "
             "player it names (“you”) and for the others, in every language Atout speaks, then every lesson text. Read "
             "each sentence against the case that produced it and `../shared/rules/`.", "",
             f"{len(catalogue.templates)} templates, {len(catalogue.reached())} reached; "
             f"{len(catalogue.sentences)} sentences.", ""]
    module = None
    for template in catalogue.templates:
        here = template.where.split(":")[0]
        if here != module:
            module = here
            lines += [f"## {module}", ""]
        lines += [f"### {_md(template.msgid)}", "", f"`{template.where}`", ""]
        shown: dict[str, int] = {}
        for s in by_template.get(template.msgid, []):
            if s.source == "lesson" or shown.get(s.viewer, 0) >= EXAMPLES:
                continue
            shown[s.viewer] = shown.get(s.viewer, 0) + 1
            reader = {"you": "read by the player it names", "others": "read by the others", "—": ""}.get(s.viewer, "")
            rule = f" · rule `{s.rule}`" if s.rule else ""
            lines += [f"- {_md(s.case)}{rule}{' · ' + reader if reader else ''}", *_in_each_language(s)]
        if not shown:
            lines.append("- (not reached by any case)")
        lines.append("")
    lines += ["## The lessons as written", ""]
    for s in catalogue.sentences:
        if s.source == "lesson":
            rule = f" · rule `{s.rule}`" if s.rule else ""
            lines += [f"- {_md(s.case)}{rule}", *_in_each_language(s)]
    return "\n".join(lines) + "\n"


def _in_each_language(sentence: Sentence) -> list[str]:
    return [f"  - {lang.upper()}: {_md(sentence.text[lang])}" for lang in LANGUAGES if lang in sentence.text]


def _md(text: str) -> str:
    return text.replace("\n", " ").replace("*", r"\*").replace("_", r"\_").replace("<", "&lt;")
