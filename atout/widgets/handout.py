"""A handout to print for each game: the rules a table plays (core's rulebook, ``rules_for``), how the cards rank
for each trump (the referee's ranking, as the course's ranking table shows it), and in Five Hundred what each bid
is worth; in the page language, with the house rules of the table said in words.

The page's stylesheet (``handout.css``) lays it out on A4 for printing: nothing of the site around it, black on
white, each table whole on its page.

>>> html = handout_html("five-hundred", lang="fr")
>>> "Cinq cents" in html and "Joker" in html and "atout-handout" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from atout.cards import Card, Suit
from atout.games import DEFAULT_GAME, game_title, make_config
from atout.house_rules import in_force
from atout.i18n import N_, Text, get_language, grammar, language
from atout.rulebook import Rule, rules_for
from atout.widgets.explainer import trump_choices
from atout.widgets.language import register
from atout.widgets.ranking import MARKS, TRUMP, ranking_frame, ranking_marks, ranking_points

STYLE = Path(__file__).parent / "handout.css"

# The handout's parts, in the order a hand is played; each rule goes to the first part whose prefix its id has,
# else to the part of its id's second word (``45.rank.trump``: "rank"), else last, to "More rules" (``OTHER``): a
# family's new word prints its rule there rather than take the page down (tests/widgets/test_handout.py names it).
SECTIONS = (
    ("cards", N_("The cards")),
    ("deal", N_("The deal")),
    ("bidding", N_("Bidding, trumps and the kitty")),
    ("play", N_("Playing the tricks")),
    ("scoring", N_("Scoring and winning")),
    ("other", N_("More rules")),
)
OTHER = "other"
PLACES_BY_PREFIX = (
    ("66.draw", "play"), ("66.trump", "deal"), ("66.last-trick", "scoring"),
    ("66.close.failed", "scoring"), ("66.declare.wrong", "scoring"),
    ("a45.trump", "bidding"), ("a45.discard", "bidding"), ("a45.draw", "bidding"), ("500.kitty", "bidding"),
)
PLACES_BY_WORD = {
    "deck": "cards", "rank": "cards", "points": "cards",
    "deal": "deal", "rob": "deal", "trump": "deal", "kitty": "deal",
    "bid": "bidding", "make": "bidding", "alone": "bidding",
    "play": "play", "trick": "play", "follow": "play", "joker": "play", "open": "play", "strict": "play",
    "marriage": "play", "close": "play", "declare": "play", "exchange-nine": "play",
    "score": "scoring", "game": "scoring", "game-points": "scoring", "no-declaration": "scoring",
}


def section_of(rule: Rule) -> str:
    """The part of the handout a rule is printed in (``OTHER`` when its id says none)."""
    for prefix, place in PLACES_BY_PREFIX:
        if rule.id == prefix or rule.id.startswith(prefix + "."):
            return place
    words = rule.id.split(".")
    return PLACES_BY_WORD.get(words[1], OTHER) if len(words) > 1 else OTHER


def _paper(text: str, lang: str) -> str:
    """``text`` escaped for the page and set as its language sets text (in French the space before : ; ! ? and
    inside « » does not break, so that no printed line begins with a colon)."""
    return grammar(lang).typography(escape(text))


def _card(code: str, lang: str, mark: str = "", points: Any = None) -> str:
    card = Card.parse(code)
    text = escape(card.render(lang))
    if points is not None:
        text += f" <small>{int(points)}</small>"
    if mark:
        text += f" <span class='atout-handout-sign' aria-hidden='true'>{MARKS[mark][0]}</span>"
    red = " atout-red" if card.is_red else ""
    marked = f" data-mark='{mark}'" if mark else ""
    return f"<td class='atout-handout-card{red}' data-card='{code}'{marked}>{text}</td>"


def _orders(game: str, trump: str) -> dict[str, tuple[str, ...]]:
    """Each suit's cards, highest first, when ``trump`` is trumps: the trump column under its own suit."""
    frame = ranking_frame(game, trump)
    return {(trump if column == TRUMP else column): tuple(code for code in frame[column] if code)
            for column in frame.columns}


def _same_for_every_trump(game: str) -> bool:
    """Whether every suit ranks alike whatever is trumps (Sixty-Six): one table then says it all."""
    trumps = trump_choices(game)
    return all(_orders(game, t) == _orders(game, trumps[0]) for t in trumps)


def _suit_heading(key: str, trump: str, lang: str) -> str:
    if key == TRUMP:
        return escape(Text("Trumps").render(lang))
    suit = Suit.parse(key)
    return f"<span class='{'atout-red' if suit.is_red else ''}'>{suit.symbol}</span> {escape(suit.render(lang))}"


def ranking_table(game: str, trump: str, lang: str, every_suit: bool = False) -> str:
    """One trump's ranking, every suit highest first (``every_suit``: the order holds whatever is trumps)."""
    frame = ranking_frame(game, trump)
    marks = ranking_marks(game, trump)
    points = ranking_points(game, trump)
    columns = list(frame.columns)
    if every_suit:        # the suits in their usual order, none of them called trumps
        columns = sorted(columns, key=lambda c: Suit.parse(trump if c == TRUMP else c))
        caption = Text("Every suit, trumps too, highest first")
    elif trump == "NT":
        caption = Text("No trumps: the joker is the only trump")
    else:
        suit = Suit.parse(trump)
        caption = Text("{symbol} {suit} are trumps", symbol=suit.symbol, suit=suit)
    head = "".join(f"<th scope='col'>{_suit_heading(trump if every_suit and c == TRUMP else c, trump, lang)}</th>"
                   for c in columns)
    rows = []
    for row in frame.index:
        cells = []
        for column in columns:
            code = frame.loc[row, column]
            if not code:
                cells.append("<td></td>")
                continue
            value = points.loc[row, column] if points is not None else None
            cell = _card(code, lang, marks.loc[row, column], value)
            if column == TRUMP and not every_suit:
                cell = cell.replace("class='atout-handout-card", "class='atout-handout-card atout-trump", 1)
            cells.append(cell)
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (f"<table class='atout-handout-ranking' data-trump='{trump}'>"
            f"<caption>{escape(caption.render(lang))}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def _legend(game: str, lang: str) -> str:
    used = {m for t in trump_choices(game) for column in ranking_marks(game, t).columns
            for m in ranking_marks(game, t)[column] if m}
    items = [f"<li><span class='atout-handout-sign'>{MARKS[key][0]}</span> {escape(Text(MARKS[key][1]).render(lang))}"
             "</li>" for key in MARKS if key in used]
    if any(ranking_points(game, t) is not None for t in trump_choices(game)):
        items.append(f"<li>{escape(Text('the number after a card is its points').render(lang))}</li>")
    return f"<ul class='atout-handout-legend'>{''.join(items)}</ul>" if items else ""


def _bid_values(config: Any, lang: str) -> str:
    """What each bid is worth (a game whose configuration has a ladder of contracts: Five Hundred)."""
    ladder = getattr(config, "ladder", None)
    if not ladder:
        return ""
    strains = config.strains
    tricks = sorted({c.tricks for c in ladder if not c.misere})
    head = "".join(f"<th scope='col'>{escape(s.render(lang) if s.trump is None else s.trump.symbol)}</th>"
                   for s in strains)
    rows = "".join(
        f"<tr><th scope='row'>{escape(Text('{n} tricks', n=n).render(lang))}</th>"
        + "".join(f"<td>{config.value(n, s)}</td>" for s in strains) + "</tr>" for n in tricks)
    misere = "".join(f"<li>{escape(c.render(lang))}: {c.value}</li>" for c in ladder if c.misere)
    misere = f"<ul class='atout-handout-misere'>{misere}</ul>" if misere else ""
    return (f"<section class='atout-handout-part atout-handout-values'>"
            f"<h2>{escape(Text('What each bid is worth').render(lang))}</h2>"
            f"<table class='atout-handout-bids'><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>"
            f"{misere}</section>")


def handout_html(game: str, options: Mapping[str, Any] | None = None, lang: str | None = None,
                 house_rules: list[str] | None = None) -> str:
    """The handout of ``game`` played with ``options``, in ``lang`` (default: the page language).
    ``house_rules``: the table's house rules in words, printed first."""
    lang = lang or get_language()
    config = make_config(game, options)
    with language(lang):
        title = Text(game_title(game)).render(lang)
        parts = [f"<header><h1>{escape(title)}</h1><p class='atout-handout-sub'>"
                 f"{escape(Text('The rules and the order of the cards, to keep beside the table').render(lang))}"
                 "</p></header>"]
        if house_rules:
            items = "".join(f"<li>{_paper(text, lang)}</li>" for text in house_rules)
            parts.append(f"<section class='atout-handout-part atout-handout-house'>"
                         f"<h2>{escape(Text('House rules at this table').render(lang))}</h2><ul>{items}</ul></section>")
        by_section: dict[str, list[Rule]] = {}
        for rule in rules_for(game, config.options()):
            by_section.setdefault(section_of(rule), []).append(rule)
        rules = []
        for key, heading in SECTIONS:
            if key in by_section:
                items = "".join(f"<li data-rule='{r.id}'>{_paper(r.statement.render(lang), lang)}</li>"
                                for r in by_section[key])
                rules.append(f"<section class='atout-handout-part' data-part='{key}'>"
                             f"<h2>{escape(Text(heading).render(lang))}</h2><ul>{items}</ul></section>")
        parts.append(f"<div class='atout-handout-rules'>{''.join(rules)}</div>")
        parts.append(_bid_values(config, lang))
        if _same_for_every_trump(game):
            tables = ranking_table(game, trump_choices(game)[0], lang, every_suit=True)
        else:
            tables = "".join(ranking_table(game, t, lang) for t in trump_choices(game))
        parts.append(f"<section class='atout-handout-part atout-handout-order'>"
                     f"<h2>{escape(Text('How the cards rank, highest first').render(lang))}</h2>"
                     f"{_legend(game, lang)}<div class='atout-handout-tables'>{tables}</div></section>")
    return (f"<article class='atout-handout' lang='{lang}' data-game='{game}'>{''.join(parts)}</article>")


def handout_style() -> str:
    return f"<style>{STYLE.read_text(encoding='utf-8')}</style>"


class Handout(widgets.VBox):
    """The handout on a page: a button that prints it, and the handout of the game played with ``options`` (its
    house rules said first), redrawn when the page language changes."""

    def __init__(self, game: str = DEFAULT_GAME, options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.add_class("atout-handout-page")
        self.game = game
        self.options = dict(options or {})
        self.print_button = widgets.HTML()
        self.print_button.add_class("atout-handout-print")
        self.content = widgets.HTML()
        self.children = [self.print_button, self.content]
        register(self)
        self.refresh()

    def refresh(self) -> None:
        lang = get_language()
        label = escape(Text("Print the handout").render(lang))
        # The browser's own print (with the print stylesheet): a link would open the site around it.
        self.print_button.value = (f"<button type='button' class='atout-print-button' data-testid='print-handout' "
                                   f"onclick='window.print()'>{label}</button>")
        rules = [rule.render(lang) for rule in in_force(self.game, self.options)]
        self.content.value = handout_style() + handout_html(self.game, self.options, lang, rules)

