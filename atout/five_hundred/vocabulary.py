"""The words of Five Hundred's calls (``atout.vocabulary``): "7♠" and "10 NT" on a bidding box's buttons, "7 spades"
in a sentence, misère and open misère."""

import re
from collections.abc import Mapping
from typing import Any

from atout.cards import Suit
from atout.i18n import N_, Text

CALL_NAMES: Mapping[str, str] = {"misere": N_("Misère"), "open-misere": N_("Open misère")}


def call_label(call: str) -> Text | None:
    """A numbered call as its button writes it: "7♠", "10 NT"."""
    if len(call) > 1 and call[:-1].isdigit() and call[-1:] in "CDHS":
        return Text("{n}{suit}", n=call[:-1], suit=Suit.parse(call[-1]).symbol)
    if call.endswith("NT") and call[:-2].isdigit():
        return Text("{n} NT", n=call[:-2])
    return None


def call_said(call: str) -> Any:
    """A call in a sentence: "6 spades" (the strain takes the language's plural), misère as a noun ("misère",
    « la misère »); None for a call that is not Five Hundred's."""
    from atout.five_hundred.config import BID_WORDS, Strain, make_config

    match = re.fullmatch(r"(\d+)(NT|[CDHS])", call, re.IGNORECASE)     # "6s" typed is the call 6S
    if match:
        return Text(BID_WORDS[Strain.parse(match[2].upper())], n=int(match[1]))
    if call in ("misere", "open-misere"):
        return make_config("five-hundred", {"misere": True}).calls[call]
    return None
