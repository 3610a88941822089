"""House rules as plain switches: a page's panel of a game's options, each named in words (``atout.house_rules``).

A switch changed asks core first (``atout.dealcode.house_rules``: the options checked together, with how many play);
a choice core refuses is said in core's words and the switch goes back. A choice core accepts goes to the page
(``on_change``), which deals again with it, and the panel says in words what the rule now is. Beside the button, the
table's house rules in force are named in a few words, each with the whole rule it makes as its hover.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from atout.dealcode import house_rules
from atout.errors import AtoutError
from atout.games import package_of
from atout.house_rules import HOUSE_RULES, in_force_named, switches
from atout.i18n import N_, Text
from atout.widgets import language
from atout.widgets.fault import guarded


def _family_id(game: str) -> str:
    from atout.games import family_id

    return family_id(game)


class HouseRulesPanel(widgets.VBox):
    """The house rules of ``game`` that ``scopes`` allow ("hand": a deal's; "game": also a whole game's)."""

    def __init__(self, game: str, on_change: Callable[[dict[str, Any]], object], scopes: tuple[str, ...] = ("hand",),
                 players: Callable[[], int | None] = lambda: None,
                 effect: str = N_("A new deal with this rule: {rule}"), bar_in_panel: bool = True) -> None:
        super().__init__()
        self.add_class("atout-house-rules")
        self.on_change = on_change
        self.effect = effect
        self.scopes = scopes
        self.players = players
        self.toggle = widgets.ToggleButton(value=False)
        self.toggle.add_class("atout-house-rules-toggle")
        self.toggle.observe(guarded(lambda _c: self._show_switches()), names="value")
        self.summary = widgets.HTML()
        self.summary.add_class("atout-house-rules-summary")
        self.switch_box = widgets.Box()
        self.switch_box.add_class("atout-house-rules-switches")
        self.message = widgets.HTML()
        self.controls: dict[str, widgets.ValueWidget] = {}
        self._quiet = False
        # What the last change did, said again in the page language: ("said", option, value) or ("refused", error).
        self._note: tuple | None = None
        # The button and the rules in force: the panel's first row, or (``bar_in_panel`` false) a part of a row of
        # the page's own, which places ``bar`` itself (the classroom's controls leave the table more room so).
        self.bar = widgets.HBox([self.toggle, self.summary])
        self.bar.add_class("atout-house-rules-top")
        # The switches, and below them what the last one did: both shown when the teacher opens them.
        self.switches_view = widgets.VBox([self.switch_box, self.message])
        self.switches_view.add_class("atout-house-rules-open")
        self.children = [self.bar, self.switches_view] if bar_in_panel else [self.switches_view]
        language.register(self)
        self.set_game(game)

    # --- the values ---------------------------------------------------------------------------------------------

    @property
    def values(self) -> dict[str, Any]:
        return {name: control.value for name, control in self.controls.items()}

    @property
    def options(self) -> dict[str, Any]:
        """The house rules chosen: the options that differ from the game's usual ones."""
        return dict(house_rules(self.game, self.values))

    def set_game(self, game: str, options: Mapping[str, Any] | None = None) -> None:
        """Show another game's switches, at ``options`` or the game's usual rules (nothing is dealt)."""
        self.game = game
        values = package_of(game).make_config(game, dict(options or {})).options()
        self._quiet = True
        try:
            for control in self.controls.values():
                control.close()
            self.controls = {}
            for name, _switch in switches(game, self.scopes):
                if isinstance(values[name], bool):
                    control = widgets.Checkbox(value=values[name], indent=False)
                else:
                    control = widgets.Dropdown(options=[(str(value), value) for value in self._allowed(name)],
                                               value=values[name], style={"description_width": "initial"})
                control.add_class("atout-house-rule")
                control.add_class(f"atout-house-rule-{name.replace('_', '-')}")
                control.observe(guarded(lambda change, name=name: self._changed(name, change)), names="value")
                self.controls[name] = control
        finally:
            self._quiet = False
        self._note = None
        self.switch_box.children = list(self.controls.values())
        self.refresh()

    def set_options(self, options: Mapping[str, Any]) -> None:
        """Show these house rules (a deal code's), quietly: nothing is dealt again."""
        values = package_of(self.game).make_config(self.game, dict(options)).options()
        self._quiet = True
        try:
            for name, control in self.controls.items():
                control.value = values[name]
        finally:
            self._quiet = False
        self._note = None
        self.refresh()

    def _allowed(self, name: str) -> tuple:
        return package_of(self.game).config.OPTIONS[name].allowed_for(self.game)

    def _changed(self, name: str, change: dict) -> None:
        if self._quiet:
            return
        values = self.values
        players = self.players()
        if players is not None and "players" in package_of(self.game).config.OPTIONS:
            values["players"] = players
        try:
            package_of(self.game).make_config(self.game, values)       # core says whether these rules go together
        except AtoutError as exc:
            self._quiet = True
            try:
                self.controls[name].value = change["old"]
            finally:
                self._quiet = False
            self._note = ("refused", exc)
            self.refresh()
            return
        self._note = ("said", name, change["new"])
        self.on_change(self.options)
        self.refresh()

    def _show_switches(self) -> None:
        self.switches_view.layout.display = None if self.toggle.value else "none"

    # --- words --------------------------------------------------------------------------------------------------

    def refresh(self) -> None:
        from atout.house_rules import SWITCHES

        table = SWITCHES[_family_id(self.game)]
        described = HOUSE_RULES.get(_family_id(self.game), {})
        self._quiet = True
        try:
            for name, control in self.controls.items():
                switch = table[name]
                control.description = Text(switch.name).render()
                if name in described:
                    control.tooltip = Text(described[name]).render()
                if isinstance(control, widgets.Dropdown):
                    chosen = control.value
                    control.options = [(_choice_words(switch.choice(value)), value) for value in self._allowed(name)]
                    control.value = chosen
        finally:
            self._quiet = False
        rules = in_force_named(self.game, self.values)
        self.toggle.description = (Text("House rules ({n})", n=len(rules)) if rules else Text("House rules")).render()
        self.toggle.tooltip = Text("Show or hide the house rules this table can play").render()
        self._show_switches()
        if rules:
            # Each rule in a few words, the whole rule as its hover, after the button that says "House rules (n)":
            # the line stays short enough to share the page's row of buttons and leave the table its room (the whole
            # sentences took two lines at 1920 px and seven at 1366 px). A screen reader hears what the line is first.
            items = " ".join(f"<span title='{escape(rule.render(), quote=True)}'>{escape(name.render())}</span>"
                             for name, rule in rules)
            # "{part}: {what}", as the page language writes a colon (a space before it in French).
            heard = Text("{part}: {what}", part=Text("House rules at this table"), what="\1").render().split("\1")[0]
            self.summary.value = (f"<p class='atout-house-rules-in-force' data-testid='house-rules-in-force'>"
                                  f"<strong class='atout-sr-only'>{escape(heard)}</strong>{items}</p>")
        else:
            self.summary.value = (f"<p class='atout-house-rules-in-force' data-testid='house-rules-in-force'>"
                                  f"{escape(Text('The usual rules of the game, no house rule.').render())}</p>")
        if self._note is None:
            self.message.value = ""
        elif self._note[0] == "refused":
            self.message.value = (f"<p class='atout-error' role='alert' data-testid='house-rule-refused'>"
                                  f"{escape(self._note[1].message.render())}</p>")
        else:
            _kind, name, value = self._note
            said = table[name].said(value)
            self.message.value = (f"<p class='atout-ok' role='status' data-testid='house-rule-effect'>"
                                  f"{escape(Text(self.effect, rule=said).render())}</p>")


def _choice_words(choice: Text | str) -> str:
    """A house rule's choice as its menu shows it, in the page's language."""
    return choice.render() if isinstance(choice, Text) else choice
