"""Sixty-Six's house rules (``atout.house_rules``): what each of its options changes, in words, and how the
classroom and Play pages offer them as switches."""

from __future__ import annotations

from atout.house_rules import FIRST_DEALER, Stated, Switch
from atout.i18n import N_

# By option name: the option's effect, the site's default first, then what other tables do.
HOUSE_RULES: dict[str, str] = {
    "strict_marriages": N_("Once the stock is exhausted or closed no marriage may be declared; some tables "
                           "allow them to the end."),
    "tie_carries": N_("When all the tricks are played, nobody declared and both players have 65, the winner "
                      "of the last trick scores 1; some tables (the Bicycle rules) score nothing then and give "
                      "the next hand's winner 1 more."),
    "target": N_("A set is won with 7 game points; some tables play to 10."),
    "show_totals": N_("Players must remember their points, as the rules say; lessons and the classroom may "
                      "show each player's running total."),
    "first_dealer": N_("Here you (Player 1) deal the first hand; many tables cut for the first deal."),
}

SWITCHES: dict[str, Switch] = {
    "strict_marriages": Switch(N_("Marriages to the end"), {
        True: N_("Marriages may be declared to the end, even once the stock is exhausted or closed."),
        False: Stated("66.strict.no-marriage")},
        short={False: N_("No marriage once the stock is exhausted or closed")}),
    "tie_carries": Switch(N_("A tie at 65 carries a point"), {
        True: N_("When all the tricks are played, nobody declared and both players have 65, nobody scores, and "
                 "the next hand's winner gets 1 more game point."),
        False: Stated("66.no-declaration")}, short={False: N_("The last trick breaks a tie at 65")}),
    "show_totals": Switch(N_("Show each player's points"), {
        True: N_("Each player's points so far are shown on the table."),
        False: N_("Players keep count of their points, as the rules say: the table does not show them.")},
        short={False: N_("Players keep count of their points")}),
    "target": Switch(N_("Set to"), {7: Stated("66.game.target"),
                                    "*": N_("The first to {value} game points wins the set.")}, scope="game",
                     short={"*": N_("Set to {value} game points")}),
    "first_dealer": FIRST_DEALER,
}
