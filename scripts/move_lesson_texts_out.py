"""Move one language's texts out of lesson files into translation files beside them (``02-trumps.toml`` ->
``02-trumps.fr.toml``, each text with the English it translates), so that every language but English is laid out
as Japanese is (``atout.lessons.translation_paths``). An author who wrote ``text.fr = "…"`` inline in a new lesson
runs it again.

    .venv/bin/python scripts/move_lesson_texts_out.py fr [FOLDER]

The lesson file loses only its ``LANG = "…"`` lines; each lesson is checked to read exactly as before in every
language (``atout.lessons.parse_lesson``), else nothing of it is written. A text whose English appears twice with
two translations is refused: a translation file gives one translation per English text.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from dataclasses import asdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from atout.i18n import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402
from atout.lessons import Lesson, parse_lesson  # noqa: E402


def texts_of(value: Any, lang: str, found: dict[str, str], where: str = "") -> None:
    """Every (English, ``lang``) pair of the lesson's texts, in the order the file gives them."""
    if isinstance(value, dict) and DEFAULT_LANGUAGE in value and all(k in LANGUAGES for k in value):
        if lang in value:
            english, translated = value[DEFAULT_LANGUAGE], value[lang]
            if found.get(english, translated) != translated:
                raise SystemExit(f"{where}: {english!r} is translated two ways: {found[english]!r}, {translated!r}")
            found[english] = translated
    elif isinstance(value, dict):
        for key, item in value.items():
            texts_of(item, lang, found, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            texts_of(item, lang, found, f"{where}[{i}]")


def basic_string(text: str) -> str:
    """``text`` as a TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def move(path: Path, lang: str) -> int:
    """Move ``lang``'s texts of the lesson ``path`` out; the number moved."""
    source = path.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    texts_of(tomllib.loads(source), lang, found, path.name)
    if not found:
        return 0
    target = path.with_name(f"{path.stem}.{lang}{path.suffix}")
    if target.exists():
        raise SystemExit(f"{target} exists already: merge by hand")
    inline = re.compile(rf'^\s*(?:[A-Za-z_][\w-]*\.)*{lang}\s*=\s*".*"\s*$')
    kept = [line for line in source.splitlines(keepends=True) if not inline.match(line)]
    translation = "".join(f"[[texts]]\n{DEFAULT_LANGUAGE} = {basic_string(en)}\n{lang} = {basic_string(text)}\n\n"
                          for en, text in found.items()).rstrip("\n") + "\n"
    before = parse_lesson(source, path)
    stripped = "".join(kept)
    remaining: dict[str, str] = {}
    texts_of(tomllib.loads(stripped), lang, remaining)
    if remaining:
        raise SystemExit(f"{path}: {lang} texts left that are not written one per line: {list(remaining)[:3]}")
    target.write_text(translation, encoding="utf-8")
    path.write_text(stripped, encoding="utf-8")
    after = parse_lesson(stripped, path)
    if _shown(after) != _shown(before) or after.stale or after.untranslated.get(lang):
        path.write_text(source, encoding="utf-8")
        target.unlink()
        raise SystemExit(f"{path}: the lesson would not read as before; left as it was")
    return len(found)


def _shown(lesson: Lesson) -> dict[str, Any]:
    """What a lesson shows, in every language (its path and reports aside)."""
    return {name: value for name, value in asdict(lesson).items() if name not in ("path", "untranslated", "stale")}


def main() -> None:
    lang = sys.argv[1]
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "atout" / "data" / "lessons"
    if lang not in LANGUAGES or lang == DEFAULT_LANGUAGE:
        raise SystemExit(f"the language is one of {', '.join(LANGUAGES[1:])}, not {lang!r}")
    lessons = sorted(p for p in folder.rglob("*.toml") if p.stem.count(".") == 0)
    moved = {path: move(path, lang) for path in lessons}
    print(f"{sum(moved.values())} {lang} texts moved out of {sum(1 for n in moved.values() if n)} of "
          f"{len(lessons)} lessons")


if __name__ == "__main__":
    main()
