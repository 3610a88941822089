"""The words of Euchre's own actions (``atout.vocabulary``): ordering the up-card up, naming trumps in the second
round, going alone or playing with the partner; and the letters a position's short form writes them with."""

from collections.abc import Mapping

from atout.i18n import N_, Text
from atout.vocabulary import ActionWords

ACTION_WORDS: Mapping[str, ActionWords] = {
    "order": ActionWords(N_("order the up-card up"), button=N_("Order it up"),
                         subject=N_("Ordering the up-card up")),
    "name": ActionWords(N_("name trumps"), button_suit=N_("Trumps: {suit}"),
                        subject_suit=N_("Naming {suit} as trumps"),
                        foreign_suit=N_("Naming {suit} as trumps in the second round")),
    "alone": ActionWords(N_("go alone"), button=N_("Go alone"), subject=N_("Going alone")),
    "with-partner": ActionWords(N_("play with your partner"), button=N_("Play with my partner"),
                                subject=N_("Playing with the partner")),
}

SHORT_CODES: Mapping[str, str] = {"pass": "p", "order": "o", "alone": "l", "with-partner": "j", "name": "v"}


# The makers' contract as the table and an ending write it (``EuchreHand.contract``): alone or with the partner.
CONTRACT_WORDS: Mapping[str, str] = {"alone": N_("alone"), "partner": N_("with the partner")}


# A Euchre hand's contract is made, not bid for: the table names the makers (their side's player who made trumps),
# and says nothing of bids before trumps are made.
CONTRACT_LINES: Mapping[str, str | None] = {"contract": N_("Makers: {player}, {call}"), "none": None}


def call_label(call: str) -> Text | None:
    """The makers' contract in words: "alone", "with the partner"; None for a call that is not Euchre's."""
    words = CONTRACT_WORDS.get(call)
    return Text(words) if words is not None else None
