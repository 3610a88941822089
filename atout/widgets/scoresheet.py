"""The score sheet: each hand's bid, tricks, points and running totals, and a chart of the totals.

Everything comes from the game's ``results`` (one per hand, as core scored it) and ``dealers``; the
columns are the game's scoring units (players, or sides in partnerships), named as the card table beside
the sheet names them (``seats.unit_label``: "You and Player 3"). The chart is an inline SVG line chart drawn here
(no plotting library): it has a ``<title>`` and a ``<desc>`` for screen readers, lines told apart by dash and
marker as well as colour, and the score table right beside it as its table alternative.

>>> from atout.forty_fives import FortyFivesGame
>>> game = FortyFivesGame("forty-fives", seed=1, players=3)
>>> while not game.is_over:
...     _ = game.apply(game.hand.legal_actions()[0])
>>> frame = score_frame(game)
>>> [frame[(side, "total")].iloc[-1] for side in range(3)] == game.scores
True
"""

from __future__ import annotations

import itertools
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from atout.engine import GameBase, ScoreLine, seat_name
from atout.i18n import N_, Text, _, ngettext, sentences, series, signed
from atout.widgets.bidding import call_label
from atout.widgets.language import register
from atout.widgets.seats import unit_label

if TYPE_CHECKING:       # pandas takes half a second to import: imported when a table is made, so a page
    import pandas as pd  # that shows none starts without it

FIELDS = ("bid", "tricks", "points", "total")
INDEX_NAMES = {"hand": N_("Hand"), "dealer": N_("Dealer")}
# Lines are told apart by colour, dash and marker (never by colour alone); colours are colour-blind safe.
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 2")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "star")
_ids = itertools.count(1)


# --- reading core's results ---------------------------------------------------------------------

def sides_of(game: GameBase[Any]) -> int:
    return len(game.scores)


def side_labels(game: GameBase[Any], viewer: int | None = None) -> list[str]:
    """The scoring units' names as the table beside the sheet gives them: "Player 1"… ("You" for ``viewer``), or in
    partnerships each side's players ("You and Player 3")."""
    units = sides_of(game)
    own = [label.render(viewer=viewer) for label in game.score_labels()]
    return [str(unit_label(game.hand, unit, units, viewer, own)) for unit in range(units)]


def _lines(game: GameBase[Any]) -> list[ScoreLine]:
    """Each hand played, as its result puts it on a score sheet."""
    return [result.score_line() for result in game.results]


def _start(game: GameBase[Any]) -> list[int]:
    """The totals before the first hand: what its result carried in, else nothing yet."""
    lines = _lines(game)
    before = lines[0].before if lines else None
    return list(before) if before is not None else [0] * sides_of(game)


def _totals_after(game: GameBase[Any]) -> list[list[int]]:
    """Each unit's running total after each hand: what its result says, else the one before plus its points."""
    totals = _start(game)
    after = []
    for line in _lines(game):
        totals = list(line.after) if line.after is not None else [t + p for t, p in zip(totals, line.points,
                                                                                          strict=True)]
        after.append(totals)
    return after


def score_frame(game: GameBase[Any]) -> pd.DataFrame:
    """One row per hand played (index: hand number and dealer), for each unit (player or side) its ``bid``
    (the call, on the bidder's column), ``tricks``, ``points`` scored and running ``total``."""
    import pandas as pd
    sides = sides_of(game)
    lines = _lines(game)
    dealers: list[int | None] = [*game.dealers[:len(lines)]]
    dealers += [None] * (len(lines) - len(dealers))
    rows = []
    for line, totals in zip(lines, _totals_after(game), strict=True):
        row: dict[tuple[int, str], Any] = {}
        for side in range(sides):
            row[(side, "bid")] = (line.bid or "") if side == line.bid_unit else ""
            row[(side, "tricks")] = line.tricks[side]
            row[(side, "points")] = line.points[side]
            row[(side, "total")] = totals[side]
        rows.append(row)
    columns = pd.MultiIndex.from_tuples([(s, f) for s in range(sides) for f in FIELDS], names=["side", "field"])
    index = pd.MultiIndex.from_arrays([list(range(1, len(lines) + 1)), dealers], names=["hand", "dealer"])
    frame = pd.DataFrame(rows, columns=columns, index=index)
    for side in range(sides):
        for field in ("tricks", "points", "total"):
            frame[(side, field)] = frame[(side, field)].astype(int)
    return frame


def running_totals(game: GameBase[Any]) -> list[list[int]]:
    """Each unit's score before the first hand and after each hand (the chart's points)."""
    return [_start(game), *_totals_after(game)]


# --- drawing -----------------------------------------------------------------------------------

def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="{colour}"/>'
    if kind == "triangle":
        return f'<path d="M{x:.1f} {y - 5:.1f}L{x + 5:.1f} {y + 4:.1f}L{x - 5:.1f} {y + 4:.1f}Z" fill="{colour}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - 5:.1f}L{x + 5:.1f} {y:.1f}L{x:.1f} {y + 5:.1f}L{x - 5:.1f} {y:.1f}Z" ' \
               f'fill="{colour}"/>'
    if kind == "cross":
        return (f'<path d="M{x - 4:.1f} {y - 4:.1f}L{x + 4:.1f} {y + 4:.1f}M{x + 4:.1f} {y - 4:.1f}'
                f'L{x - 4:.1f} {y + 4:.1f}" stroke="{colour}" stroke-width="2"/>')
    return f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="12" fill="{colour}">★</text>'


def _ticks(low: int, high: int) -> list[int]:
    """At most nine round values from ``low`` to ``high``, every 5, 10, 20, 25 or 50 times a power of ten.

    >>> _ticks(-40, 120)
    [-40, -20, 0, 20, 40, 60, 80, 100, 120]
    >>> len(_ticks(-30_000, 500_000)) <= 9
    True
    """
    span = max(high - low, 1)
    scale = 1
    while span / (50 * scale) > 8:
        scale *= 10
    step = next(s * scale for s in (5, 10, 20, 25, 50) if span / (s * scale) <= 8)
    first = (low // step) * step
    return [t for t in range(first, high + step, step) if low <= t <= high]


def running_totals_svg(totals: list[list[int]], labels: list[str], target: int | None = None,
                       width: int = 520, height: int = 260) -> str:
    """A line chart of running totals (one line per unit, x: hands played), with its title and description."""
    uid = next(_ids)
    sides = len(labels)
    hands = len(totals) - 1
    values = [v for row in totals for v in row] + ([target] if target is not None else []) + [0]
    low, high = min(values), max(values)
    if high == low:
        high = low + 5
    # Room on the right for the target's label only: the legend is the chart's HTML (``chart_legend``), which wraps
    # in any language (in the drawing, "Camp des joueurs 1 et 3" ran past its edge and was cut).
    left, right, top, bottom = 48, 84, 16, 34
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (plot_w * i / hands if hands else 0)

    def y(v: float) -> float:
        return top + plot_h * (high - v) / (high - low)

    title = _("Running totals")
    if hands:
        last = series(Text("{who}: {score}", who=lab, score=signed(v)).render()
                     for lab, v in zip(labels, totals[-1], strict=True))
        desc = ngettext("Scores after {n} hand: {scores}", "Scores after {n} hands: {scores}", hands, scores=last)
    else:
        desc = _("No hand has been played yet")
    # a sentence of its own before the next one (the target), as a screen reader reads them
    desc = sentences(desc, Text("The game is won at {target}.", target=target).render() if target is not None else "")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role="img" aria-labelledby="atout-chart-title-{uid} atout-chart-desc-{uid}" '
             f'class="atout-score-chart" data-testid="score-chart">'
             f'<title id="atout-chart-title-{uid}">{escape(title)}</title>'
             f'<desc id="atout-chart-desc-{uid}">{escape(desc)}</desc>'
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>']
    for tick in _ticks(low, high):
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                     f'stroke="{"#888" if tick == 0 else "#e0e0e0"}" stroke-width="1"/>'
                     f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="11" '
                     f'fill="#333">{signed(tick)}</text>')
    if target is not None:
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(target):.1f}" y2="{y(target):.1f}" '
                     f'stroke="#b00020" stroke-width="1.5" stroke-dasharray="6 3" class="atout-target"/>'
                     f'<text x="{left + plot_w + 4}" y="{y(target) + 4:.1f}" font-size="11" fill="#b00020">'
                     f'{escape(Text("target {n}", n=target).render())}</text>')
    for i in range(hands + 1):
        parts.append(f'<text x="{x(i):.1f}" y="{top + plot_h + 16}" text-anchor="middle" font-size="11" '
                     f'fill="#333">{i}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 2}" text-anchor="middle" font-size="11" '
                 f'fill="#333">{escape(_("hands played"))}</text>')
    for side in range(sides):
        colour, dash, marker = COLOURS[side % 6], DASHES[side % 6], MARKERS[side % 6]
        points = " ".join(f"{x(i):.1f},{y(row[side]):.1f}" for i, row in enumerate(totals))
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<g class="atout-line" data-side="{side}"><polyline points="{points}" fill="none" '
                     f'stroke="{colour}" stroke-width="2.5"{dashes}/>')
        parts += [_marker(marker, x(i), y(row[side]), colour) for i, row in enumerate(totals)]
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def chart_legend(labels: list[str]) -> str:
    """The chart's legend in the page's own text: each unit's name after a sample of its line (dash and marker)."""
    items = []
    for side, label in enumerate(labels):
        colour, dash, marker = COLOURS[side % 6], DASHES[side % 6], MARKERS[side % 6]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        sample = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 34 12" width="34" height="12" '
                  f'aria-hidden="true"><line x1="2" x2="32" y1="6" y2="6" stroke="{colour}" stroke-width="2.5"'
                  f'{dashes}/>{_marker(marker, 17, 6, colour)}</svg>')
        items.append(f'<li data-side="{side}">{sample} {escape(label)}</li>')
    return f'<ul class="atout-chart-legend" data-testid="chart-legend">{"".join(items)}</ul>'


def score_styler(game: GameBase[Any], viewer: int | None = None) -> Any:
    """The score sheet as a pandas ``Styler``, as a score sheet is kept on paper: a row per hand, a column per player
    (or side), each box the game's score after the hand and under it what the hand scored, the tricks won and, in the
    bidder's box, the contract; headers in the page language, the players named as ``viewer`` is called on the table.
    One column per player keeps the sheet inside the Play page's side column (a column per player and figure ran
    200-800 px past it)."""
    import pandas as pd
    frame = score_frame(game)
    labels = side_labels(game, viewer)
    lines = _lines(game)
    # The hand and its dealer as the first two columns, so that one row of headings names every column.
    boxes = pd.DataFrame(
        [[hand, "" if dealer is None else escape(seat_name(dealer).render(viewer=viewer)),
          *(_box(line, side, int(frame[(side, "total")].iloc[i])) for side in range(sides_of(game)))]
         for i, (line, (hand, dealer)) in enumerate(zip(lines, frame.index, strict=True))],
        columns=["hand", "dealer", *range(sides_of(game))])
    return (boxes.style
            .hide(axis="index")
            .format_index(lambda column: _(INDEX_NAMES[column]) if column in INDEX_NAMES else escape(labels[column]),
                          axis=1)
            .set_caption(_("Score sheet"))
            .set_table_styles([{"selector": "td, th", "props": "padding: 2px 6px; text-align: right; "
                                                                "vertical-align: top; white-space: nowrap"},
                               {"selector": "thead th", "props": "white-space: normal; vertical-align: bottom"},
                               {"selector": "caption", "props": "font-weight: bold; text-align: left"},
                               {"selector": ".atout-score-total", "props": "display: block; font-weight: bold"},
                               {"selector": ".atout-score-hand", "props": "display: block; font-size: 0.85em; "
                                                                         "color: #444"}])
            .set_table_attributes('class="atout-score-sheet" data-testid="score-sheet"'))


def _box(line: ScoreLine, side: int, total: int) -> str:
    """One player's (or side's) box for one hand: the score after it, in bold; under it what the hand scored, the
    tricks won and, in the bidder's box, the contract."""
    points = line.points[side]
    tricks = line.tricks[side]
    parts = [f'<span class="atout-score-total">{signed(total)}</span>',
             f'<span class="atout-score-hand">{signed(points, plus=True)}</span>',
             f'<span class="atout-score-hand">{escape(ngettext("{n} trick", "{n} tricks", tricks))}</span>']
    bid = _bid_text(line, side)
    if bid:
        parts.append(f'<span class="atout-score-hand atout-score-bid">{escape(bid)}</span>')
    return "".join(parts)


def score_key(game: GameBase[Any]) -> str:
    """What a box of the sheet holds, in words (with the contract only where some hand had one). "The game's score",
    as the page says it after each hand: a hand's points are game points in some games, card points in none here."""
    if any(line.bid is not None for line in _lines(game)):
        return _("In bold, the game's score after each hand; under it, what that hand scored, the tricks won and the "
                 "bidder's contract: ✓\u00a0made, ✗\u00a0failed.")
    return _("In bold, the game's score after each hand; under it, what that hand scored and the tricks won.")


def _bid_text(line: ScoreLine, side: int) -> str:
    if line.bid_unit != side or line.bid is None:
        return ""
    call = call_label(line.bid)
    if line.made is None:
        return call
    return f"{call} ✓ {_('made')}" if line.made else f"{call} ✗ {_('failed')}"


def score_sheet_html(game: GameBase[Any], viewer: int | None = None) -> str:
    """The table and, beside it, the chart of running totals (the table is the chart's text alternative), the players
    named as ``viewer`` is called on the table ("You")."""
    target = game.config.target
    labels = side_labels(game, viewer)
    chart = running_totals_svg(running_totals(game), labels, target)
    if not game.results:
        table = f'<p data-testid="score-sheet">{escape(_("No hand has been played yet"))}</p>'
    else:
        # A sheet wider than its column (six players beside the Play page's table) scrolls in a region of its own,
        # which the keyboard can reach, rather than running past the column's edge.
        table = (f'<div class="atout-score-table" role="region" tabindex="0" aria-label="{escape(_("Score sheet"))}" '
                 f'style="overflow-x:auto;max-width:100%">{score_styler(game, viewer).to_html()}</div>'
                 f'<p class="atout-score-key" style="font-size:0.9em;max-width:32em">{escape(score_key(game))}</p>')
    # Its own line height: a widget's HTML has the 28 px of a row of buttons, which spread a box's lines apart.
    return (f'<div class="atout-scores" style="display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start;'
            f'line-height:1.4">'
            f'<div style="min-width:0;max-width:100%">{table}</div><figure style="margin:0;max-width:100%">{chart}'
            f'{chart_legend(labels)}<figcaption>'
            f'{escape(_("The score sheet shows the same totals in a table."))}</figcaption>'
            f'</figure></div>')


class ScoreSheet(widgets.VBox):
    """A game's score sheet and chart; ``refresh()`` after a hand (or a language switch) redraws it."""

    def __init__(self, game: GameBase[Any], viewer: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("atout-score-sheet-widget")
        self.game = game
        self.viewer = viewer
        self.html = widgets.HTML()
        self.children = [self.html]
        register(self)
        self.refresh()

    @property
    def frame(self) -> pd.DataFrame:
        return score_frame(self.game)

    def refresh(self) -> None:
        self.html.value = score_sheet_html(self.game, self.viewer)
