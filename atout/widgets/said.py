"""How a page shows core's explanation: the sentence written for the person reading it, and the rule that decides
it beside the sentence, never inside it, as a small mark whose hover gives the rule's statement."""

from __future__ import annotations

from html import escape
from typing import Any

from atout.rulebook import RULES


def rule_mark(rule_id: str | None, lang: str | None = None) -> str:
    """A rule id as a small mark; hovering it shows the rule as the rulebook states it."""
    if not rule_id:
        return ""
    statement = RULES[rule_id].statement.render(lang) if rule_id in RULES else ""
    return (f'<abbr class="atout-rule-id" data-rule="{escape(rule_id)}" title="{escape(statement)}">'
            f'{escape(rule_id)}</abbr>')


def said_html(why: Any, lang: str | None = None, viewer: int | None = None) -> str:
    """An explanation (or a plain sentence) for ``viewer``: the player it names reads "you"."""
    sentence = escape(why.render(lang, viewer))
    mark = rule_mark(getattr(why, "rule", None), lang)
    return f'<span class="atout-sentence">{sentence}</span>' + (f" {mark}" if mark else "")


def rule_quote(rule_id: str | None, text: str, lang: str | None = None) -> str:
    """The rule that decides an answer, quoted as the rulebook states it under the explanation ``text`` (nothing when
    ``text`` already is that statement, or there is no rule)."""
    statement = RULES[rule_id].statement.render(lang) if rule_id in RULES else ""
    if not statement or statement in text:
        return ""
    return f"<p class='atout-quiz-rule'><code>{escape(rule_id or '')}</code> {escape(statement)}</p>"
