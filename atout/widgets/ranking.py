"""The ranking table: how every suit ranks for a game and a trump, highest first.

The cards come from core's ``Ranking`` for the trump (``atout.rules_api.ranking``, every family alike),
with the cards it sets apart (``CardMark``): the A♥ that is always a trump (Forty-Fives), the black suits
that run backwards (Forty-Fives), the bowers and the joker (Five Hundred); the reason each card stands
above the next is the family's, and each card's points where the game counts them (Sixty-Six). Marks are
shown by a sign as well as a colour.

>>> frame = ranking_frame("forty-fives", "D")
>>> list(frame.columns), list(frame["trump"][:4])
(['trump', 'C', 'H', 'S'], ['5D', 'JD', 'AH', 'AD'])
>>> ranking_marks("forty-fives", "D").loc[3, "trump"]
'always-trump'
"""

from __future__ import annotations

import functools
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from atout import rules_api
from atout.cards import Card, Suit
from atout.engine import Explanation
from atout.games import DEFAULT_GAME, available_games, game_title
from atout.i18n import N_, Text, _, get_language
from atout.rules_api import CardMark
from atout.widgets.explainer import card_points, explain_beats, trump_choices
from atout.widgets.fault import guarded
from atout.widgets.language import register

if TYPE_CHECKING:       # pandas takes half a second to import: imported when a table is made, so a page
    import pandas as pd  # that shows none starts without it

TRUMP = "trump"   # the key of the trump column

# What each mark means, its sign (never colour alone) and its colour, by the name a cell carries (``CardMark``).
MARKS: dict[str, tuple[str, str, str]] = {
    CardMark.ALWAYS_TRUMP.value: ("★", N_("the A♥ is always a trump"), "#ffd6d6"),
    CardMark.BOWER.value: ("†", N_("a bower: a jack that ranks among the top trumps"), "#ffe4b3"),
    CardMark.JOKER.value: ("◆", N_("the joker, the highest trump"), "#e6d4f5"),
    CardMark.REVERSED.value: ("↺", N_("black suits run backwards: 2 high, 10 low"), "#dde7f7"),
}
TRUMP_COLOUR = "#fff6cc"



def ranking_frame(game: str, trump: str) -> pd.DataFrame:
    """Every suit's order for ``game`` when ``trump`` is trumps: one column per suit (the trumps first,
    under ``"trump"``), highest card in row 1; shorter columns end in empty cells. Cards are codes. A trump the
    game lacks is refused with core's message (a ``ValueError``)."""
    import pandas as pd
    ranking = rules_api.ranking(game, rules_api.parse_trump(game, trump))
    columns = {TRUMP: [card.code for card in ranking.trumps]}
    columns.update({suit.letter: [card.code for card in cards] for suit, cards in ranking.plain.items()})
    rows = max(len(cards) for cards in columns.values())
    data = {key: cards + [""] * (rows - len(cards)) for key, cards in columns.items()}
    frame = pd.DataFrame(data, index=pd.RangeIndex(1, rows + 1, name="rank"))
    return frame


def _reasons(game: str, trump: str) -> dict[tuple[int, str], Explanation]:
    """For each cell, why its card stands where it does: why it beats the card below it (the last card:
    why the card above beats it), in the family's words."""
    frame = ranking_frame(game, trump)
    out: dict[tuple[int, str], Explanation] = {}
    for column in frame.columns:
        cards = [code for code in frame[column] if code]
        pairs = []
        for higher, lower in zip(cards, cards[1:], strict=False):
            pairs.append(explain_beats(game, higher, lower, trump, higher))
        for i in range(len(cards)):
            why = pairs[i] if i < len(pairs) else (pairs[i - 1] if pairs else None)
            if why is not None:
                out[(i + 1, column)] = why
    return out


def ranking_marks(game: str, trump: str) -> pd.DataFrame:
    """The same shape as ``ranking_frame``: each cell's mark (a key of ``MARKS``, or ""), as core's ranking
    declares it."""
    marks = rules_api.ranking(game, rules_api.parse_trump(game, trump)).marks
    return ranking_frame(game, trump).map(lambda code: marks[Card.parse(code)].value
                                          if code and Card.parse(code) in marks else "")


def ranking_reasons(game: str, trump: str, lang: str | None = None) -> pd.DataFrame:
    """The same shape as ``ranking_frame``: the sentence placing each card and its rule id (a cell's hover)."""
    import pandas as pd
    frame = ranking_frame(game, trump)
    out = pd.DataFrame("", index=frame.index, columns=frame.columns)
    for (row, column), why in _reasons(game, trump).items():
        out.loc[row, column] = why.cited(lang)
    return out


def ranking_points(game: str, trump: str) -> pd.DataFrame | None:
    """Each card's points where the game counts card points (Sixty-Six), the same shape; else None."""
    frame = ranking_frame(game, trump)
    codes = [code for column in frame.columns for code in frame[column] if code]
    if not codes or card_points(game, codes[0]) is None:
        return None
    return frame.map(lambda code: card_points(game, code) if code else None)


def _suit_name(key: str, trump: str) -> str:
    if key == TRUMP:
        if trump == "NT":
            return _("No trumps: the joker")
        suit = Suit.parse(trump)
        return Text("Trumps ({symbol} {name})", symbol=suit.symbol, name=suit).render()
    suit = Suit.parse(key)
    return f"{suit.symbol} {suit.render()}"


def ranking_styler(game: str, trump: str) -> Any:
    """The ranking table as a pandas ``Styler``: trumps shaded, marked cards signed and shaded, each card's
    reason as its tooltip, card names in the page language."""
    import pandas as pd
    frame = ranking_frame(game, trump)
    marks = ranking_marks(game, trump)
    points = ranking_points(game, trump)

    def show(code: str, row: int, column: str) -> str:
        if not code:
            return ""
        text = Card.parse(code).render()
        if points is not None and points.loc[row, column] is not None:
            text += f" · {int(points.loc[row, column])}"
        mark = marks.loc[row, column]
        return f"{text} {MARKS[mark][0]}" if mark else text

    shown = pd.DataFrame({c: [show(frame.loc[r, c], r, c) for r in frame.index] for c in frame.columns},
                         index=frame.index)
    classes = pd.DataFrame("", index=frame.index, columns=frame.columns)
    for column in frame.columns:
        for row in frame.index:
            names = []
            if column == TRUMP and frame.loc[row, column]:
                names.append("atout-trump")
            if marks.loc[row, column]:
                names.append(f"atout-mark-{marks.loc[row, column]}")
            classes.loc[row, column] = " ".join(names)
    styles = [{"selector": "td", "props": "padding: 2px 10px; text-align: left; white-space: nowrap"},
              {"selector": "caption", "props": "caption-side: top; font-weight: bold; text-align: left"},
              {"selector": "td.atout-trump", "props": f"background: {TRUMP_COLOUR}; font-weight: bold"}]
    styles += [{"selector": f"td.atout-mark-{key}", "props": f"background: {colour}; outline: 2px solid #555"}
               for key, (_sign, _meaning, colour) in MARKS.items()]
    title = _(game_title(game))
    trump_name = _("no trumps") if trump == "NT" else Suit.parse(trump).render()
    caption = Text("{game}: how the cards rank when {trump} are trumps, highest first",
                   game=title, trump=trump_name).render()
    styler = (shown.style.set_td_classes(classes)
              .set_tooltips(ranking_reasons(game, trump), as_title_attribute=True)
              .set_table_styles(styles)
              .relabel_index([_suit_name(c, trump) for c in frame.columns], axis=1)
              .hide(axis="index", names=True)
              .set_caption(caption)
              .set_table_attributes(f'class="atout-ranking" data-game="{game}" data-trump="{trump}"'))
    return styler


def ranking_legend(game: str, trump: str) -> str:
    """What the signs mean (only those the table uses), and the points where they are shown."""
    marks = ranking_marks(game, trump)
    used = {m for column in marks.columns for m in marks[column] if m}
    items = [f"<li>{MARKS[key][0]} {escape(_(MARKS[key][1]))}</li>" for key in MARKS if key in used]
    if ranking_points(game, trump) is not None:
        items.append(f"<li>· {escape(_('the number after a card is its points'))}</li>")
    items.append(f"<li>{escape(_('Point at a card to read the rule that puts it there.'))}</li>")
    return f'<ul class="atout-ranking-legend">{"".join(items)}</ul>'


def ranking_html(game: str, trump: str) -> str:
    """The styled table and its legend, as HTML (the same game, trump and language give the same page)."""
    return _ranking_html(game, trump, get_language())


@functools.lru_cache(maxsize=64)
def _ranking_html(game: str, trump: str, lang: str) -> str:
    return ranking_styler(game, trump).to_html() + ranking_legend(game, trump)


class RankingTable(widgets.VBox):
    """Pick a game and a trump; see every suit's order, with the traps marked."""

    def __init__(self, game: str = DEFAULT_GAME, trump: str = "D", games: list[str] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("atout-ranking-table")
        self.games = list(games or available_games())
        self.game = game
        self.trump = trump
        self._quiet = False
        self.game_picker = widgets.Dropdown()
        self.trump_picker = widgets.Dropdown()
        self.table_html = widgets.HTML()
        self.game_picker.observe(guarded(self._on_game), names="value")
        self.trump_picker.observe(guarded(self._on_trump), names="value")
        self.children = [widgets.HBox([self.game_picker, self.trump_picker]), self.table_html]
        register(self)
        self.refresh()

    @property
    def frame(self) -> pd.DataFrame:
        return ranking_frame(self.game, self.trump)

    def show(self, game: str | None = None, trump: str | None = None) -> RankingTable:
        if game is not None:
            self.game = game
            if self.trump not in trump_choices(game):
                self.trump = trump_choices(game)[0]
        if trump is not None:
            self.trump = trump
        self.refresh()
        return self

    def refresh(self) -> None:
        self._quiet = True
        try:
            self.game_picker.options = [(_(game_title(g)), g) for g in self.games]
            self.game_picker.value = self.game
            self.game_picker.description = _("Game")
            self.trump_picker.options = [(_("no trumps") if t == "NT" else f"{Suit.parse(t).symbol} "
                                          f"{Suit.parse(t).render()}", t) for t in trump_choices(self.game)]
            self.trump_picker.value = self.trump
            self.trump_picker.description = _("Trumps")
        finally:
            self._quiet = False
        self.table_html.value = ranking_html(self.game, self.trump)

    def _on_game(self, change: dict) -> None:
        if not self._quiet and change["new"] is not None:
            self.show(game=change["new"])

    def _on_trump(self, change: dict) -> None:
        if not self._quiet and change["new"] is not None:
            self.show(trump=change["new"])
