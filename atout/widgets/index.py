"""The site's index: the games Atout plays, with their rules by id."""

from __future__ import annotations

from html import escape

from IPython.display import HTML

from atout.games import available_games
from atout.i18n import N_, _
from atout.rulebook import rules_of

TITLES = {
    "forty-fives": N_("Forty-Fives"),
    "forty-fives-partners": N_("Forty-Fives in partnerships"),
    "auction-forty-fives": N_("Auction Forty-Fives"),
    "five-hundred": N_("Five Hundred"),
    "sixty-six": N_("Sixty-Six"),
}
FAMILY_OF = {"forty-fives": "forty-fives", "forty-fives-partners": "forty-fives",
             "auction-forty-fives": "forty-fives", "five-hundred": "five-hundred", "sixty-six": "sixty-six"}


def games_index_html() -> str:
    parts = ['<div class="atout-index" data-testid="games-index">', f"<h2>{escape(_('Games'))}</h2><ul>"]
    for game in available_games():
        parts.append(f'<li data-game="{game}"><strong>{escape(_(TITLES[game]))}</strong></li>')
    parts.append("</ul>")
    shown = set()
    for game in available_games():
        fam = FAMILY_OF[game]
        if fam in shown:
            continue
        shown.add(fam)
        parts.append(f"<details><summary>{escape(_('Rules of'))} {escape(_(TITLES[fam]))}</summary><dl>")
        for rule in rules_of(fam):
            parts.append(f"<dt><code>{rule.id}</code></dt><dd>{escape(rule.statement.render())}</dd>")
        parts.append("</dl></details>")
    parts.append("</div>")
    return "".join(parts)


def games_index() -> HTML:
    return HTML(games_index_html())
