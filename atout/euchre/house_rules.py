"""Euchre's house rules (``atout.house_rules``): what each of its options changes, in words, and how the classroom
and Play pages offer them as switches."""

from __future__ import annotations

from atout.house_rules import FIRST_DEALER, GAME_TO, Stated, Switch
from atout.i18n import N_

# By option name: the option's effect, the site's default first, then what other tables do.
HOUSE_RULES: dict[str, str] = {
    "players": N_("Euchre is played by four, in two partnerships: partners sit opposite."),
    "stick_the_dealer": N_("When all four pass twice the hand is thrown in; many tables \"stick the dealer\": the "
                           "dealer may not pass in the second round and must name trumps."),
    "partner_orders_alone": N_("The dealer's partner may order the up-card up and still play with their partner; "
                               "some tables make the dealer's partner who orders it up go alone."),
    "target": N_("The game is played to 10 points; some tables play a short game to 5 or 7, or a long one to 11."),
    "first_dealer": N_("Here you (Player 1) deal the first hand; many tables deal cards face up until a jack "
                       "appears, and that player deals first."),
}

SWITCHES: dict[str, Switch] = {
    "stick_the_dealer": Switch(N_("Stick the dealer"), {
        True: Stated("eu.make.stick"),
        False: N_("When all four pass twice, the hand is thrown in and the deal passes.")},
        short={False: N_("All passing twice throws the hand in")}),
    "partner_orders_alone": Switch(N_("The dealer's partner ordering up goes alone"), {
        True: Stated("eu.alone.partner-orders"),
        False: N_("The dealer's partner who orders the up-card up may play with their partner.")},
        short={False: N_("The dealer's partner may order up and play with their partner")}),
    "target": Switch(N_("Game to"), N_("The game is played to {value} points."), scope="game", short=GAME_TO),
    "first_dealer": FIRST_DEALER,
}
