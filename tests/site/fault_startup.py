"""Run at the start of every kernel of the test server only (``tests/site/conftest.py`` gives it ``IPYTHONDIR`` with
this file as its one startup file): a page opened with ``atout-test-fault`` in its address has a fault planted in
core, so that the browser test sees how a fault inside Atout is said. Forty-Fives's play of the learner's card does its
work on the hand, then fails: the page must put the hand back and say so."""

import os

if "atout-test-fault" in os.environ.get("QUERY_STRING", ""):
    from atout.forty_fives import FortyFivesHand

    _play = FortyFivesHand.DOES["play"]

    def _faulty_play(hand, action):
        learner = hand.to_act == 0          # the Play page's learner; the computer's plays go through
        event = _play(hand, action)
        if learner:
            raise TypeError("a fault planted by the test server (tests/site/fault_startup.py)")
        return event

    FortyFivesHand.DOES = {**FortyFivesHand.DOES, "play": _faulty_play}
