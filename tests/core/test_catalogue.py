"""The catalogue of sentences: every template of core is reached by some case, in both languages, and the
Markdown a reviewer reads holds each template with its cases. A template added to core without a case fails
here: add a case to ``atout/data/catalogue_cases.jsonl`` (a referee query, a hand played by its actions, or a
quiz question)."""

from __future__ import annotations

import re

import pytest

from atout import catalogue
from atout.cli import main

# Building the catalogue takes seconds: its tests share one build, on one worker of a run spread over processes.
pytestmark = pytest.mark.xdist_group("catalogue")


@pytest.fixture(scope="module")
def built() -> catalogue.Catalogue:
    return catalogue.build()


def test_the_templates_are_found_and_errors_left_out():
    found = {t.msgid for t in catalogue.templates()}
    assert "{w} beats {o}: the A♥ is always a trump, even when hearts are led" in found
    assert "You win the trick: {why}" in found                  # a "you" form counts as a template of its own
    assert not any(m.startswith("{text} is not a card") for m in found)   # a bad-input error, not an explanation
    assert len(found) > 300


def test_every_template_is_reached_by_a_case(built):
    missing = catalogue.unreached(built)
    assert not missing, "templates no case reaches (add a case to atout/data/catalogue_cases.jsonl):\n" + "\n".join(
        f"{t.where}: {t.msgid!r}" for t in missing)


def test_every_sentence_is_written_in_both_languages_with_its_rule_id_outside(built):
    for sentence in built.sentences:
        assert sentence.text["en"] and sentence.text["fr"], sentence.case
        if sentence.source != "lesson" and sentence.rule:
            assert f"({sentence.rule})" not in sentence.text["en"], sentence.case


def test_sentences_name_people_as_a_table_does(built):
    """No engine word for a player: nobody is "Seat 0"; the player a sentence is about reads "you"."""
    for sentence in built.sentences:
        for lang in ("en", "fr"):
            assert "Seat " not in sentence.text[lang] and "Siège" not in sentence.text[lang], sentence.text[lang]
            assert "Joueur 0" not in sentence.text[lang] and "joueur 0" not in sentence.text[lang], sentence.text[lang]
    yours = [s for s in built.sentences if s.viewer == "you" and s.source == "engine"]
    assert yours and all("Player" not in s.text["en"].split(":")[0][:12] for s in yours
                         if s.text["en"].startswith(("You ", "The turned")))


def test_the_a_h_led_is_not_said_to_be_beaten_as_a_heart_lead(built):
    sentences = [s for s in built.sentences if s.case.startswith("the A♥ itself led")]
    assert sentences and all("even when hearts are led" not in s.text["en"] for s in sentences)


def test_the_markdown_lists_each_template_with_its_cases(built, tmp_path):
    text = catalogue.markdown(built)
    for template in built.templates[:50]:
        assert f"### {catalogue._md(template.msgid)}" in text
    assert "(not reached by any case)" not in text
    out = tmp_path / "catalogue.md"
    main(["catalogue", "--output", str(out), "--seeds", "2"])   # fewer hands: some templates may go unreached
    written = out.read_text(encoding="utf-8")
    assert written.startswith("# The sentences of Atout") and "## The lessons as written" in written


def test_every_rule_a_sentence_cites_is_a_rule_of_the_rules_files(built):
    import re

    from atout.games import GAMES
    from tests.conftest import DATA
    from tests.registry import rule_prefixes

    text = "".join(p.read_text() for p in (DATA / "rules").glob("*.md"))
    prefixes = sorted({prefix[:-1] for game in GAMES for prefix in rule_prefixes(game)})   # 45, a45, 500, 66…
    ids = set(re.findall(rf"`((?:{'|'.join(map(re.escape, prefixes))})\.[a-z0-9.-]*[a-z0-9])`", text))
    cited = {s.rule for s in built.sentences if s.rule}
    assert cited <= ids, sorted(cited - ids)


def test_no_sentence_leaves_a_plural_to_the_reader(built):
    """ "6 trick(s)", "1 point(s) de partie": a count takes the form of its number (``i18n.Plural``)."""
    for sentence in built.sentences:
        for lang in ("en", "fr"):
            assert "(s)" not in sentence.text[lang], sentence.text[lang]


# A count before its noun: French puts 0 and 1 in the singular (« 0 point »), English only 1 (“1 point”).
COUNT_IN_THE_PLURAL = {"fr": re.compile(r"(?<![\d,.−+-])[01] (points|levées|cartes|atouts|donnes)\b"),
                       "en": re.compile(r"(?<![\d,.−+-])1 (points|tricks|cards|trumps|game points)\b")}


def test_no_count_of_one_or_none_is_said_in_the_plural(built):
    """ "vous avez 0 points", « et compte 0 points »: Sixty-Six's hints and declarations put the points after a
    bare number; the count is an ``i18n.Plural`` now, which takes the form of its number in each language."""
    wrong = [sentence.text[lang] for sentence in built.sentences for lang, pattern in COUNT_IN_THE_PLURAL.items()
             if pattern.search(sentence.text[lang])]
    assert not wrong, "\n".join(wrong[:10])


# The words a French card may follow: its article and their contractions, a determiner (« votre V♣ »), an
# adjective after the article (« le petit 8♣ »), and the words that join a list (« le 7♦ et le R♦ », « puis R♥ »).
FRENCH_BEFORE_A_CARD = {"le", "la", "du", "au", "votre", "son", "sa", "leur", "ce", "cet", "cette", "petit", "gros",
                        "et", "ou", "puis"}


def test_french_sentences_name_a_card_with_its_article(built):
    """French never puts a card straight after a word: it takes its article (« joue le 7♦ », « bat la D♠ », « pas
    par l'A♦ »), or stands in a list shown after a colon or a bracket (« votre main : 7♦, R♦ »)."""
    import re

    bare = re.compile(r"(?<![\w'])(\w+) (?:10|[2-9]|[AVDR])[♣♦♥♠]")
    wrong = sorted({s.text["fr"] for s in built.sentences for m in bare.finditer(s.text["fr"])
                    if m.group(1).lower() not in FRENCH_BEFORE_A_CARD})
    assert not wrong, wrong[:5]
    # "Joker" is a label (a button, a list of choices); in a sentence it is "the joker", « le joker »
    assert not [s for s in built.sentences for lang in ("en", "fr")
                if not s.case.endswith("the choices") and re.search(r"[^.?!] Joker", s.text[lang])]


def test_the_catalogue_is_the_same_whatever_the_strings_hashes(tmp_path):
    """A second reader compares catalogues from one change to the next: the sentences a hand's face-down cards are
    told in came out in a set's order, which Python's string hashing changes from one process to the next (two runs
    under PYTHONHASHSEED 1 and 2 differed in 16 lines of 16,862)."""
    import os
    import subprocess
    import sys

    runs = []
    for seed in ("1", "2"):
        out = tmp_path / f"catalogue-{seed}.md"
        command = [sys.executable, "-c", "from atout.cli import main; main()", "catalogue", "--seeds", "1",
                   "-o", str(out)]
        runs.append((out, subprocess.Popen(command, env={**os.environ, "PYTHONHASHSEED": seed},
                                           stdout=subprocess.DEVNULL)))
    for _, process in runs:
        assert process.wait(timeout=600) == 0
    first, second = (out.read_text() for out, _ in runs)
    assert first == second
