"""A claim's values are kept on disk between processes (``atout.strategy.cache_folder``): the lessons' claims took
6.6 s of CPU every time a server or a test process loaded the lessons. What is read back is what was worked out; a
file that cannot be read is worked out again; another question is another file."""

from __future__ import annotations

import json

import pytest

from atout import strategy
from atout.position import hand_from_text
from tests.lessons.test_strategy_claims import OPEN, _sampled_rob


@pytest.fixture
def kept(tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path))
    strategy.cached_values.cache_clear()
    yield tmp_path / "claims"
    strategy.cached_values.cache_clear()


def _same(a: strategy.ChoiceValues, b: strategy.ChoiceValues) -> None:
    assert a == b
    assert [type(w.score) for w in a.worths] == [type(w.score) for w in b.worths]


@pytest.mark.parametrize(("position", "how", "samples"), [(OPEN, "exact", 0), (_sampled_rob(), "sampled", 40)])
def test_values_read_back_are_the_values_worked_out(kept, position, how, samples):
    worked_out = strategy.choice_values(hand_from_text(position), how, samples, 0)
    first = strategy.cached_values(position, how, samples, 0)
    _same(first, worked_out)
    files = list(kept.glob("*.json"))
    assert len(files) == 1
    strategy.cached_values.cache_clear()             # as another process: from the file
    _same(strategy.cached_values(position, how, samples, 0), worked_out)
    strategy.cached_values(position, how, samples, 1)                     # another seed, another file
    assert len(list(kept.glob("*.json"))) == 2


def test_the_file_is_what_is_read_and_a_broken_one_is_worked_out_again(kept):
    worked_out = strategy.cached_values(OPEN, "exact", 0, 0)
    (path,) = kept.glob("*.json")
    data = json.loads(path.read_text())
    data["worths"][0][1] += 100
    path.write_text(json.dumps(data))
    strategy.cached_values.cache_clear()
    assert strategy.cached_values(OPEN, "exact", 0, 0).worths[0].score == worked_out.worths[0].score + 100
    path.write_text("{not json")
    strategy.cached_values.cache_clear()
    _same(strategy.cached_values(OPEN, "exact", 0, 0), worked_out)
    _same(strategy._values_from_json(json.loads(path.read_text())), worked_out)      # written again, whole


def test_an_empty_cache_setting_keeps_nothing_on_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", "")
    strategy.cached_values.cache_clear()
    try:
        assert strategy.cache_folder() is None
        strategy.cached_values(OPEN, "exact", 0, 0)
    finally:
        strategy.cached_values.cache_clear()
    assert not list(tmp_path.iterdir())
