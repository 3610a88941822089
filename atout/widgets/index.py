"""The site's index: what Atout is for, the games (each opening its lessons), and every rule by its id."""

from __future__ import annotations

from functools import cache
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets

from atout.games import FAMILIES_BY_ID, available_games, family_id, game_title
from atout.i18n import N_, Text, _
from atout.rulebook import rules_of
from atout.widgets import language

# The site's parts, as the index presents them (each page's own header links them all too).
PARTS = [
    ("course.ipynb", N_("The course"), N_("lessons and quizzes for every game")),
    ("play.ipynb", N_("Play"), N_("a whole game against the computer, with hints and a review of each hand")),
    ("whatif.ipynb", N_("What if?"), N_("any position, what the solver says each card is worth, and two lines side "
                                        "by side")),
    ("puzzles.ipynb", N_("Puzzles"), N_("find the one play that keeps the best result, proven by the solver")),
    ("classroom.ipynb", N_("The classroom"), N_("projector-size cards, every hand face up, deal codes")),
]


@cache
def first_lessons() -> dict[str, str]:
    """Each game's first lesson (a variant's own lesson, else its family's first)."""
    from atout.lessons import lesson_headings

    lessons = lesson_headings()
    first: dict[str, str] = {}
    for game in available_games():
        own = [lesson for lesson in lessons if lesson.game == game]
        family = [lesson for lesson in lessons if lesson.family == family_id(game)]
        if own or family:
            first[game] = (own or family)[0].id
    return first


def games_index_html() -> str:
    lessons = first_lessons()
    # the registered families, by the names the registry gives them
    families = list(dict.fromkeys(family_id(game) for game in available_games()))
    intro = Text("Learn trick-taking card games — {games} — with every decision explained by the rule that made it.",
                 games=[Text(FAMILIES_BY_ID[fam].title) for fam in families]).render()
    parts = ['<div class="atout-index" data-testid="games-index">',
             f"<p class='atout-index-intro'>{escape(intro)}</p><ul class='atout-index-parts'>"]
    for href, name, what in PARTS:
        link = f"<a href='{href}'>{escape(_(name))}</a>"
        parts.append("<li>" + escape(Text("{part}: {what}", part="\0", what=_(what)).render()).replace("\0", link)
                     + "</li>")
    parts.append(f"</ul><h2>{escape(_('Games'))}</h2><ul class='atout-index-games'>")
    for game in available_games():
        title = escape(_(game_title(game)))
        if game in lessons:
            href = escape("course.ipynb?" + urlencode({"lesson": lessons[game]}))
            title = f"<a href='{href}'>{title}</a>"
        handout = escape("handout.ipynb?" + urlencode({"game": game}))
        parts.append(f'<li data-game="{game}"><strong>{title}</strong> · <a class="atout-index-handout" '
                     f'href="{handout}">{escape(_("Handout to print"))}</a></li>')
    parts.append("</ul>")
    shown = set()
    for game in available_games():
        fam = family_id(game)
        if fam in shown:
            continue
        shown.add(fam)
        rules = Text("Rules of {game}", game=Text(FAMILIES_BY_ID[fam].title)).render()
        parts.append(f"<details><summary>{escape(rules)}</summary><dl>")
        for rule in rules_of(fam):
            parts.append(f"<dt><code>{rule.id}</code></dt><dd>{escape(rule.statement.render())}</dd>")
        parts.append("</dl></details>")
    parts.append("</div>")
    return "".join(parts)


class GamesIndex(widgets.HTML):
    """The index, redrawn in the page's language."""

    def __init__(self) -> None:
        super().__init__()
        language.register(self)
        self.refresh()

    def refresh(self) -> None:
        self.value = games_index_html()
