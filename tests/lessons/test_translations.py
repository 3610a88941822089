"""A lesson's languages: each text in English, the source language, and in any other language either beside it
(``fr = …``) or in a translation file of its own beside the lesson (``01-cards.ja.toml``), which a translator adds
without touching the lesson; a text with no translation is shown in English and ``atout lessons check --language``
lists it."""

from __future__ import annotations

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


@pytest.mark.parametrize("lang", OTHER)
def test_a_translation_file_beside_the_lesson_gives_its_texts(tmp_path, lang):
    path = _english_only(tmp_path, lang)
    translation = path.with_name(f"{path.stem}.{lang}.toml")
    translation.write_text('title = "Titre traduit"\n\n[[steps]]\ntext = "Premier pas traduit"\n', encoding="utf-8")
    lesson = parse_lesson(read_lesson(path), path)
    assert lesson.title[lang] == "Titre traduit" and lesson.steps[0]["text"][lang] == "Premier pas traduit"
    assert "title" not in lesson.untranslated[lang] and "steps[1].text" not in lesson.untranslated[lang]
    assert "summary" in lesson.untranslated[lang]
    assert [p.name for p in lesson_paths(path.parent.parent)] == [path.name]     # a translation is no lesson
    assert len(load_lessons(path.parent.parent)) == 1

    said = subprocess.run([sys.executable, "-m", "atout.cli", "lessons", "check", "--folder", str(path.parent.parent),
                           "--language", lang], capture_output=True, text=True, timeout=120)
    assert said.returncode == 0, said.stderr
    assert f"{path}: summary: no {lang} text (shown in English)" in said.stdout
    assert f"{path}: title:" not in said.stdout
    assert re.search(rf"\d+ texts of the lessons not translated into {lang} \(1 of 1 lessons\)", said.stdout)


@pytest.mark.parametrize("content, says", [
    ('nonsense = "x"\n', "has no 'nonsense' to translate"),
    ('game = "x"\n', "only the lesson's texts are translated"),
    ('title = 3\n', "a translation gives the text"),
    ('[[steps]]\ncards = ["AH"]\n', "only the lesson's texts are translated"),
    ('title = "x"\ntitle = "y"\n', "not valid TOML"),
])
def test_a_translation_that_is_not_the_lessons_texts_is_refused_naming_the_place(tmp_path, content, says):
    lang = OTHER[0]
    path = _english_only(tmp_path, lang)
    path.with_name(f"{path.stem}.{lang}.toml").write_text(content, encoding="utf-8")
    with pytest.raises(LessonError) as refused:
        parse_lesson(read_lesson(path), path)
    assert says in str(refused.value) and f"{path.stem}.{lang}.toml" in str(refused.value)


def test_atouts_own_lessons_are_complete_in_every_language_they_are_written_in():
    """Every shipped lesson is whole in French (written beside the English); a language whose lessons are still
    being translated is listed by ``atout lessons check --language``."""
    for lesson in load_lessons(LESSONS_DIR):
        assert "fr" not in lesson.untranslated, (lesson.id, lesson.untranslated.get("fr", [])[:3])


def test_a_translation_of_no_lesson_is_reported(tmp_path):
    from atout.lessons import check_lessons

    lang = OTHER[0]
    path = _english_only(tmp_path, lang)
    path.with_name(f"renamed.{lang}.toml").write_text('title = "x"\n', encoding="utf-8")
    problems = check_lessons(path.parent.parent)
    assert len(problems) == 1 and f"renamed.{lang}.toml: a translation of no lesson" in problems[0], problems
