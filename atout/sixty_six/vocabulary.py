"""The words of Sixty-Six's own actions (``atout.vocabulary``): drawing, closing the stock, declaring a marriage or 66,
and exchanging the 9 of trumps."""

from collections.abc import Mapping

from atout.i18n import N_
from atout.vocabulary import ActionWords

ACTION_WORDS: Mapping[str, ActionWords] = {
    "draw": ActionWords(button=N_("Draw"), subject=N_("Drawing from the stock after a trick")),
    "close": ActionWords(N_("close the stock"), button=N_("Close the stock"), subject=N_("Closing the stock")),
    "declare": ActionWords(N_("declare 66"), button=N_("Declare 66"), subject=N_("Declaring 66")),
    "marriage": ActionWords(N_("declare a marriage"), button_card=N_("Declare the marriage in {suit}"),
                            subject_card=N_("Declaring the marriage in {suit}")),
    "exchange": ActionWords(N_("exchange the 9 of trumps"), button_card=N_("Exchange {card} for the turned-up trump"),
                            subject_card=N_("Exchanging {card} for the turned-up trump"),
                            foreign=N_("Exchanging the 9 of trumps for the turned-up trump")),
}
