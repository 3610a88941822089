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


def rule_statement(rule_id: str | None, lang: str | None = None) -> str:
    """The rule as the rulebook states it, in words ("" for no rule, or one the rulebook does not have)."""
    return RULES[rule_id].statement.render(lang) if rule_id in RULES else ""


def stated_rule(rule_id: str | None, lang: str | None = None) -> str:
    """A rule as every page shows it: the rulebook's statement, then its id as the small mark after it
    (``rule_mark``), never the id first."""
    statement = rule_statement(rule_id, lang)
    mark = rule_mark(rule_id, lang)
    return f"{escape(statement)} {mark}" if statement else mark


def rule_quote(rule_id: str | None, text: str, lang: str | None = None) -> str:
    """The rule that decides an answer, quoted as the rulebook states it under the explanation ``text`` (nothing when
    ``text`` already is that statement, or there is no rule)."""
    statement = rule_statement(rule_id, lang)
    if not statement or statement in text:
        return ""
    return f"<p class='atout-quiz-rule'>{stated_rule(rule_id, lang)}</p>"
