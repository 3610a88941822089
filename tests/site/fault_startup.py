"""Run at the start of every kernel of the test server only (``tests/site/conftest.py`` gives it ``IPYTHONDIR`` with
this file as its one startup file): a page opened with ``atout-test-fault`` in its address has a fault planted in
core, so that the browser test sees how a fault inside Atout is said. Each of the Play page learner's actions in
Forty-Fives (a card played, the turned card robbed) does its work on the hand, then fails: the page must put the hand
back and say so. The computer's actions and the deal go through."""

import os

if "atout-test-fault" in os.environ.get("QUERY_STRING", ""):
    from atout.forty_fives import FortyFivesHand

    def _faulty(does):
        def does_then_fails(hand, action):
            learner = hand.to_act == 0
            event = does(hand, action)
            if learner and action.kind not in ("deal", "ending"):
                raise TypeError("a fault planted by the test server (tests/site/fault_startup.py)")
            return event
        return does_then_fails

    FortyFivesHand.DOES = {kind: _faulty(does) for kind, does in FortyFivesHand.DOES.items()}
