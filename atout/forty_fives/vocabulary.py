"""The words of Forty-Fives' own actions (``atout.vocabulary``): robbing the turned card or keeping the hand, naming
trumps after the auction or taking the kitty instead, and finishing a discard; and of the Auction's calls ("Hold",
"30 for 60")."""

from collections.abc import Mapping

from atout.i18n import N_, Text
from atout.vocabulary import ActionWords

ACTION_WORDS: Mapping[str, ActionWords] = {
    "rob": ActionWords(N_("rob (exchange a card for the turned card)"),
                       button_card=N_("Rob: give up {card} for the turned card"),
                       subject_card=N_("Giving up {card} for the turned card"),
                       foreign=N_("Giving up a card for the turned card")),
    "keep": ActionWords(N_("keep the hand as dealt"), button=N_("Keep my hand (do not rob)"),
                        subject=N_("Keeping the hand as dealt")),
    "trump": ActionWords(N_("name trumps"), button_suit=N_("Trumps: {suit}"),
                         subject_suit=N_("Naming {suit} as trumps"),
                         foreign_suit=N_("Naming {suit} as trumps after the auction")),
    "kitty": ActionWords(N_("take the kitty"), button=N_("Take the kitty"),
                         subject=N_("Taking the kitty in place of the hand")),
    "done": ActionWords(N_("finish discarding"), button=N_("Done"), subject=N_("Finishing the discard")),
}

CALL_NAMES: Mapping[str, str] = {"hold": N_("Hold")}


def call_label(call: str) -> Text | None:
    """A call of the 120 game written on its button: "30 for 60" (a bid of 30 that a made hand scores 60)."""
    if "-for-" in call:
        low, high = call.split("-for-")
        return Text("{low} for {high}", low=low, high=high)
    return None
