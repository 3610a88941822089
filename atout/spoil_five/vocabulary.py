"""The words of Spoil Five's own actions (``atout.vocabulary``): robbing the turned card or keeping the hand (in
Forty-Fives' words: the same moves), and, for the winner of the first three tricks, jinxing or stopping."""

from collections.abc import Mapping

from atout.i18n import N_
from atout.vocabulary import ActionWords

ACTION_WORDS: Mapping[str, ActionWords] = {
    "rob": ActionWords(N_("rob (exchange a card for the turned card)"),
                       button_card=N_("Rob: give up {card} for the turned card"),
                       subject_card=N_("Giving up {card} for the turned card"),
                       foreign=N_("Giving up a card for the turned card")),
    "keep": ActionWords(N_("keep the hand as dealt"), button=N_("Keep my hand (do not rob)"),
                        subject=N_("Keeping the hand as dealt")),
    "jinx": ActionWords(N_("jinx (play on for all five tricks)"), button=N_("Jinx: play on for all five tricks"),
                        subject=N_("Jinxing (playing on for all five tricks)")),
    "stop": ActionWords(N_("stop and take the pool"), button=N_("Stop and take the pool"),
                        subject=N_("Stopping to take the pool")),
}
