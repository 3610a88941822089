"""A game is declared once (issue 16 §1): no code outside a game's own places and the registry names it.

A game's own places are its folder (``atout/<family>/``), its per-family files (``atout/solver/<family>.py``,
``atout/players/<family>.py``, ``atout/rulebook/<family>.py``) and the registry (``atout/games.py``); everything
else asks the registry. A line names a game when its code (comments, docstrings and their doctests left out) holds
a preset id ("sixty-six", "auction-forty-fives", …) or a family's name ("forty_fives", ``FiveHundredHand``, an
import of ``atout.sixty_six``) in a string or an identifier.

The lines that still do are listed in ``ALLOWED`` by file and text, so a line moving within its file does not
matter; the list can only shrink: a new such line fails, and so does an entry whose line is gone (take it out).
Run this file as a script to print every offending line as file:line.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "atout"

# The family each game's own places belong to (folder, or per-family file stem) and what names it.
FAMILIES = {
    "forty_fives": ("forty-fives", "forty-fives-partners", "auction-forty-fives"),
    "five_hundred": ("five-hundred",),
    "sixty_six": ("sixty-six",),
}
PER_FAMILY_FOLDERS = ("solver", "players", "rulebook")
REGISTRY = {"games.py"}

PRESET = re.compile(r"(?<![\w-])(auction-forty-fives|forty-fives-partners|forty-fives|five-hundred|sixty-six)"
                    r"(?![\w-])")
MODULE_NAME = re.compile(r"forty_fives|five_hundred|sixty_six")     # in a string: "atout.sixty_six.hand"
# In an identifier, however it is spelt: forty_fives, FIVE_HUNDRED_DECK, SixtySixHand.
FAMILY_NAME = re.compile(r"forty_?fives|five_?hundred|sixty_?six", re.IGNORECASE)


def _family_key(text: str) -> str:
    """The family a match names ("forty-fives-partners", "FortyFives", "forty_fives" → "forty_fives")."""
    word = text.lower().replace("-", "").replace("_", "")
    for key in FAMILIES:
        if key.replace("_", "") in word:
            return key
    raise AssertionError(text)


def _owner(path: Path) -> str | None:
    """The family whose own place ``path`` is, "registry" for the registry, None for everything else."""
    rel = path.relative_to(PACKAGE)
    if rel.as_posix() in REGISTRY:
        return "registry"
    if rel.parts[0] in FAMILIES:
        return rel.parts[0]
    if len(rel.parts) == 2 and rel.parts[0] in PER_FAMILY_FOLDERS and path.stem in FAMILIES:
        return path.stem
    return None


def _docstring_lines(tree: ast.AST) -> set[int]:
    """The lines of every docstring (and so of its doctests)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def naming_lines(path: Path) -> dict[int, set[str]]:
    """The code lines of ``path`` that name a game, with the families they name."""
    source = path.read_text(encoding="utf-8")
    skipped = _docstring_lines(ast.parse(source))
    found: dict[int, set[str]] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:
            if token.start[0] in skipped:
                continue
            matches = [m.group() for m in PRESET.finditer(token.string)]
            matches += [m.group() for m in MODULE_NAME.finditer(token.string)]
        elif token.type == tokenize.NAME:
            matches = [m.group() for m in FAMILY_NAME.finditer(token.string)]
        else:
            continue
        for text in matches:
            # A string spanning lines is reported where it starts.
            found.setdefault(token.start[0], set()).add(_family_key(text))
    return found


def offending() -> list[tuple[str, int, str]]:
    """Every code line naming a game outside its own places and the registry: (file, line number, its text)."""
    result = []
    for path in sorted(PACKAGE.rglob("*.py")):
        owner = _owner(path)
        if owner == "registry":
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, families in sorted(naming_lines(path).items()):
            if families - {owner}:
                result.append((path.relative_to(ROOT).as_posix(), number, lines[number - 1].strip()))
    return result


# file: the text of each line still naming a game there (repeat a text as often as it occurs), with why.
ALLOWED: dict[str, list[str]] = {}      # none: each family's deck is its config's DECK


def _counted(entries: list[tuple[str, int, str]]) -> Counter[tuple[str, str]]:
    return Counter((file, text) for file, _number, text in entries)


def test_no_new_line_names_a_game_outside_its_own_places() -> None:
    found = offending()
    extra = _counted(found) - Counter((file, text) for file, texts in ALLOWED.items() for text in texts)
    new = [f"{file}:{number}: {text}" for file, number, text in found if (file, text) in extra]
    assert not extra, ("these lines name a particular game outside its folder and the registry (atout/games.py); "
                       "ask the registry or move the code to the game's folder:\n" + "\n".join(new))


def test_the_allowlist_only_shrinks() -> None:
    gone = Counter((file, text) for file, texts in ALLOWED.items() for text in texts) - _counted(offending())
    assert not gone, ("these allowed lines no longer name a game (or are gone): take them out of ALLOWED:\n"
                      + "\n".join(f"{file}: {text}" for file, text in gone))


def test_the_scan_sees_a_game_named_in_code_and_not_in_docstrings_or_comments(tmp_path: Path) -> None:
    sample = ('"""A docstring naming sixty-six.\n\n>>> family("five-hundred")\n"""\n'
              '# a comment on forty_fives\n'
              'from atout.sixty_six.hand import SixtySixHand\n'
              'if game == "auction-forty-fives":\n'
              '    pass\n'
              'GAME = "bridge"\n')
    path = tmp_path / "sample.py"
    path.write_text(sample, encoding="utf-8")
    assert naming_lines(path) == {6: {"sixty_six"}, 7: {"forty_fives"}}


if __name__ == "__main__":
    entries = offending()
    for file, number, text in entries:
        print(f"{file}:{number}: {text}")
    print(f"{len(entries)} lines", file=sys.stderr)
    for file, count in sorted(Counter(file for file, _n, _t in entries).items(), key=lambda fc: -fc[1]):
        print(f"  {file} {count}", file=sys.stderr)
