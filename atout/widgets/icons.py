"""The buttons' icons, drawn by Atout itself: SVG files that ship in the package (``icons/``), inlined in the page's
own stylesheet, so that no page asks another host for them.

ipywidgets writes a button's icon as ``<i class="fa fa-NAME">`` and leaves it to Font Awesome's stylesheet, which
Voilà's template fetched from a public CDN for every page: offline the buttons lost their icons, and every student's
browser was sent to a third party. The icons here are Font Awesome Free 5.15.4's (icons under CC BY 4.0; each file
keeps its attribution, and ``icons/LICENSE.txt`` is the licence), under the names ipywidgets' ``icon`` trait takes.
Each is a mask over the text's colour, so an icon follows its button's colour and size as the font did.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from urllib.parse import quote

ICONS = Path(__file__).with_name("icons")


def icon_names() -> list[str]:
    """The icons a button may name (its ``icon``)."""
    return sorted(path.stem for path in ICONS.glob("*.svg"))


@cache
def icon_css() -> str:
    """The stylesheet drawing every icon: ``.fa.fa-NAME`` sized as a letter, with its picture. Only Atout's icons are
    styled, so where Font Awesome is loaded too (JupyterLab) every other icon stays Font Awesome's."""
    names = icon_names()
    ours = ",".join(f".fa.fa-{name}" for name in names)
    rules = [f"{ours}{{display:inline-block;width:1em;height:1em;vertical-align:-0.125em;"
             "background-color:currentColor;-webkit-mask:var(--atout-icon) center/contain no-repeat;"
             "mask:var(--atout-icon) center/contain no-repeat}",
             f":is({ours})::before{{content:none}}"]       # Font Awesome's own glyph, where it is loaded
    for name in names:
        svg = (ICONS / f"{name}.svg").read_text(encoding="utf-8").strip()
        rules.append(f'.fa.fa-{name}{{--atout-icon:url("data:image/svg+xml,{quote(svg, safe=" /=:;,")}")}}')
    return "\n".join(rules)
