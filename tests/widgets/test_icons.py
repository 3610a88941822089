"""The buttons' icons are Atout's own (``atout.widgets.icons``): every icon a widget names has its picture, and the
stylesheet draws it from the package, asking no host for anything."""

import ast
from pathlib import Path

from atout.widgets.icons import ICONS, icon_css, icon_names

WIDGETS = Path(__file__).resolve().parents[2] / "atout" / "widgets"


def _named_icons() -> dict[str, str]:
    """Every icon the widgets' code names (``icon="…"`` or ``….icon = "…"``, a string or each branch of a choice),
    with where."""
    named: dict[str, str] = {}
    for path in WIDGETS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            values = []
            if isinstance(node, ast.keyword) and node.arg == "icon":
                values.append(node.value)
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr == "icon"
                                                      for t in node.targets):
                values.append(node.value)
            for value in values:
                for leaf in ast.walk(value):
                    if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str):
                        named[leaf.value] = f"{path.name}:{leaf.lineno}"
    return named


def test_every_icon_a_widget_names_has_its_picture():
    named = _named_icons()
    assert len(named) >= 20
    missing = {name: where for name, where in named.items() if name not in icon_names()}
    assert not missing, f"icons with no SVG in {ICONS}: {missing}"


def test_the_icons_stylesheet_draws_each_icon_from_its_svg_and_names_no_host():
    css = icon_css()
    for name in icon_names():
        assert f'.fa.fa-{name}{{--atout-icon:url("data:image/svg+xml,%3Csvg' in css
    assert "https://cdn" not in css and "@import" not in css
    assert ".fa{" not in css       # only Atout's icons are styled: elsewhere (JupyterLab) Font Awesome draws the rest
