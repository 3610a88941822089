"""Puzzles' ratings in the class store, on both back-ends: each learner's attempt moves the puzzle's rating (failed:
harder, solved: easier), every attempt counts when many kernels send theirs at once, and another kernel reads what
one wrote."""

from __future__ import annotations

import threading

import pytest

from atout.live.store import open_store
from atout.ratings import START, START_DEVIATION, Rating, update


def test_a_puzzle_nobody_tried_starts_at_the_start_and_each_attempt_moves_it(store):
    assert store.puzzle_record("p1").rating == Rating(START, START_DEVIATION)
    after, learner = store.record_puzzle_attempt("p1", solved=False, learner=Rating(), now=1.0)
    assert after.rating > START and learner.rating < START and after.deviation < START_DEVIATION
    record = store.puzzle_record("p1")
    assert (record.rating, record.attempts, record.solved) == (after, 1, 0)
    again, _ = store.record_puzzle_attempt("p1", solved=True, learner=Rating(1700, 100), now=2.0)
    assert again == update(after, Rating(1700, 100), solved=True)[0] and again.rating < after.rating
    assert (store.puzzle_record("p1").attempts, store.puzzle_record("p1").solved) == (2, 1)
    assert store.puzzle_record("p2").attempts == 0          # each puzzle its own


def test_a_puzzle_everyone_fails_climbs_above_one_everyone_solves(store):
    for n in range(6):
        store.record_puzzle_attempt("hard", solved=False, learner=Rating(), now=float(n))
        store.record_puzzle_attempt("easy", solved=True, learner=Rating(), now=float(n))
    hard, easy = store.puzzle_record("hard").rating, store.puzzle_record("easy").rating
    assert hard.rating > START + 200 > START - 200 > easy.rating
    assert hard.deviation < 200 and easy.deviation < 200


def test_attempts_sent_at_once_from_many_kernels_each_count_and_every_kernel_reads_them(store, where):
    others = [open_store(**where) for _ in range(4)]
    try:
        def attempts(other):
            for n in range(5):
                other.record_puzzle_attempt("busy", solved=n % 2 == 0, learner=Rating(), now=float(n))

        threads = [threading.Thread(target=attempts, args=(other,)) for other in others]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        record = store.puzzle_record("busy")
        assert (record.attempts, record.solved) == (20, 12)
        assert others[0].puzzle_record("busy") == record
    finally:
        for other in others:
            other.close()


@pytest.mark.parametrize("bad", ["", "x" * 65, "a\nb", 7])
def test_a_puzzle_id_that_is_not_one_is_refused_before_anything_is_written(store, bad):
    with pytest.raises(ValueError, match="a puzzle's id is 1 to 64 printable characters"):
        store.record_puzzle_attempt(bad, solved=True, learner=Rating(), now=1.0)
