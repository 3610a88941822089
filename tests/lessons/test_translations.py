"""A lesson's languages: each text in English, the source language, and in any other language either beside it
(``fr = …``, as an author may write a new lesson) or in a translation file of its own beside the lesson
(``01-cards.ja.toml``: each text with the English it translates), which a translator adds without touching the
lesson; a text with no translation is shown in English and ``atout lessons check --language`` lists it. Atout's own
lessons hold their English only, every other language in its file."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from atout.i18n import DEFAULT_LANGUAGE, LANGUAGES
from atout.lessons import LESSONS_DIR, LessonError, lesson_paths, load_lessons, parse_lesson, read_lesson

OTHER = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]


def _english_only(tmp_path, lang):
    """A copy of a shipped lesson with its ``lang`` texts taken out, in a lessons folder of its own."""
    source = lesson_paths(LESSONS_DIR)[0]
    folder = tmp_path / "lessons" / source.parent.name
    folder.mkdir(parents=True)
    kept = [line for line in read_lesson(source).splitlines()
            if not re.match(rf"^\s*([\w.]+\.)?{lang}\s*=", line)]
    path = folder / source.name
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", OTHER)
def test_a_lesson_without_a_language_is_shown_in_english_and_the_places_are_listed(tmp_path, lang):
    path = _english_only(tmp_path, lang)
    lesson = parse_lesson(read_lesson(path), path)
    assert lesson.title[lang] == lesson.title[DEFAULT_LANGUAGE]
    assert lesson.steps[0]["text"][lang] == lesson.steps[0]["text"][DEFAULT_LANGUAGE]
    assert "title" in lesson.untranslated[lang] and "steps[1].text" in lesson.untranslated[lang]


def _entry(english: str, lang: str, translated: str) -> str:
    return f'[[texts]]\nen = {json.dumps(english, ensure_ascii=False)}\n{lang} = "{translated}"\n\n'


@pytest.mark.parametrize("lang", OTHER)
def test_a_translation_file_beside_the_lesson_gives_its_texts_by_their_english(tmp_path, lang):
    path = _english_only(tmp_path, lang)
    english = parse_lesson(read_lesson(path), path)
    translation = path.with_name(f"{path.stem}.{lang}.toml")
    translation.write_text(_entry(english.steps[0]["text"][DEFAULT_LANGUAGE], lang, "Premier pas traduit")
                           + _entry(english.title[DEFAULT_LANGUAGE], lang, "Titre traduit")
                           + _entry("A sentence the lesson no longer has.", lang, "Une phrase partie"),
                           encoding="utf-8")
    lesson = parse_lesson(read_lesson(path), path)
    assert lesson.title[lang] == "Titre traduit" and lesson.steps[0]["text"][lang] == "Premier pas traduit"
    assert lesson.steps[1]["text"][lang] == lesson.steps[1]["text"][DEFAULT_LANGUAGE]      # never another's
    assert "title" not in lesson.untranslated[lang] and "steps[1].text" not in lesson.untranslated[lang]
    assert "summary" in lesson.untranslated[lang] and "steps[2].text" in lesson.untranslated[lang]
    assert lesson.stale[lang] == ["A sentence the lesson no longer has."]
    assert [p.name for p in lesson_paths(path.parent.parent)] == [path.name]     # a translation is no lesson
    assert len(load_lessons(path.parent.parent)) == 1

    said = subprocess.run([sys.executable, "-m", "atout.cli", "lessons", "check", "--folder", str(path.parent.parent),
                           "--language", lang], capture_output=True, text=True, timeout=120)
    assert said.returncode == 0, said.stderr
    assert f"{path}: summary: no {lang} text (shown in English)" in said.stdout
    assert f"{path}: title:" not in said.stdout
    assert "a translation of English the lesson no longer has: 'A sentence the lesson no longer has.'" in said.stdout
    assert re.search(rf"\d+ texts of the lessons not translated into {lang} \(1 of 1 lessons\)", said.stdout)


@pytest.mark.parametrize("content, says", [
    ('title = "x"\n', "a translation holds only its texts"),
    ('[[texts]]\nen = "x"\n', "text 1: write the English and its translation"),
    ('[[texts]]\nen = "x"\nLANG = 3\n', "text 1: write the English and its translation"),
    ('[[texts]]\nen = "x"\nLANG = "y"\ncards = ["AH"]\n', "text 1: write the English and its translation"),
    ('texts = 3\n', "a translation holds only its texts"),
    ('title = "x"\ntitle = "y"\n', "not valid TOML"),
])
def test_a_translation_that_is_not_texts_is_refused_naming_the_entry(tmp_path, content, says):
    lang = OTHER[0]
    path = _english_only(tmp_path, lang)
    path.with_name(f"{path.stem}.{lang}.toml").write_text(content.replace("LANG", lang), encoding="utf-8")
    with pytest.raises(LessonError) as refused:
        parse_lesson(read_lesson(path), path)
    assert says in str(refused.value) and f"{path.stem}.{lang}.toml" in str(refused.value)


def test_atouts_own_lessons_are_complete_in_every_language_and_hold_only_their_english():
    """Every shipped lesson is whole in every language of the site, each from its own file beside the lesson
    (``02-trumps.fr.toml``, ``02-trumps.ja.toml``), none of it stale; the lesson itself holds its English only, so a
    translator's work never touches it (a language still being translated is listed by ``atout lessons check
    --language`` and keeps this test red until it is whole)."""
    import tomllib

    def languages_inline(value):
        if isinstance(value, dict):
            if DEFAULT_LANGUAGE in value and set(value) <= set(LANGUAGES):
                yield from set(value) - {DEFAULT_LANGUAGE}
            for item in value.values():
                yield from languages_inline(item)
        elif isinstance(value, list):
            for item in value:
                yield from languages_inline(item)

    lessons = load_lessons(LESSONS_DIR)
    assert len(lessons) == len(lesson_paths(LESSONS_DIR))
    for lesson in lessons:
        assert not lesson.untranslated, (lesson.id, {k: v[:3] for k, v in lesson.untranslated.items()})
        assert not lesson.stale, (lesson.id, lesson.stale)
        assert not set(languages_inline(tomllib.loads(read_lesson(lesson.path)))), lesson.path


def test_a_translation_of_no_lesson_is_reported(tmp_path):
    from atout.lessons import check_lessons

    lang = OTHER[0]
    path = _english_only(tmp_path, lang)
    path.with_name(f"renamed.{lang}.toml").write_text("", encoding="utf-8")
    path.with_name(f"{path.stem}.{lang}.toml").write_text("", encoding="utf-8")
    path.with_name(f"{path.stem}.{lang}.{lang}.toml").write_text("", encoding="utf-8")     # a translation's
    problems = check_lessons(path.parent.parent)
    assert len(problems) == 2, problems
    assert f"{path.stem}.{lang}.{lang}.toml: a translation of no lesson" in problems[0], problems
    assert f"renamed.{lang}.toml: a translation of no lesson" in problems[1], problems
