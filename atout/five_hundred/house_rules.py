"""Five Hundred's house rules (``atout.house_rules``): what each of its options changes, in words, and how the
classroom and Play pages offer them as switches."""

from __future__ import annotations

from atout.house_rules import FIRST_DEALER, GAME_TO, Stated, Switch
from atout.i18n import N_

# By option name: the option's effect, the site's default first, then what other tables do.
HOUSE_RULES: dict[str, str] = {
    "players": N_("Five Hundred is played by four, in two partnerships: partners sit opposite."),
    "strain_order": N_("The strains rank ♠ ♣ ♦ ♥ NT, lowest first, as every published score table does; our "
                       "source text ranks them ♣ ♦ ♥ ♠ NT, and with that order six tricks are worth 40, 60, 80, "
                       "100 and 120 in the order ♣ ♦ ♥ ♠ NT."),
    "misere": N_("Misère and open misère are played only where the table agrees to them; Avondale "
                 "(Australian) tables play both."),
    "misere_defenders": N_("In misère the defenders score 10 for each trick they take, as in any contract; "
                           "some tables give them nothing in misère."),
    "single_round": N_("The bidding goes round until all but one have passed (Australian rules); many "
                       "American tables let each player bid only once."),
    "must_bid_to_win": N_("The first side to reach 500 wins, however it gets there; Australian tables "
                          "let a side win only by making a bid that takes it to 500: the defenders' trick "
                          "points stop at 490, and a side at −500 loses."),
    "target": N_("The game is played to 500; some tables play a short game to 250 or a long one to 1000."),
    "first_dealer": N_("Here you (Player 1) deal the first hand; many tables cut the cards to choose the first "
                       "dealer."),
}

SWITCHES: dict[str, Switch] = {
    "strain_order": Switch(N_("Order of the strains"), {
        "avondale": Stated("500.bid.order"),
        "seed": N_("Strains rank, lowest first: ♣ ♦ ♥ ♠ NT, and six tricks are worth 40, 60, 80, 100 and 120 in "
                   "that order.")},
        {"avondale": N_("♠ ♣ ♦ ♥ NT"), "seed": N_("♣ ♦ ♥ ♠ NT")},
        short={"avondale": N_("Strains ranked ♠ ♣ ♦ ♥ NT, lowest first"),
               "seed": N_("Strains ranked ♣ ♦ ♥ ♠ NT, lowest first")}),
    "misere": Switch(N_("Misère and open misère"), {True: Stated("500.bid.misere"),
                                                     False: N_("Misère is not played.")},
                     short={False: N_("No misère")}),
    "misere_defenders": Switch(N_("The defenders' tricks in misère"), {
        "tricks": N_("In misère the defenders score 10 for each trick they take."),
        "none": N_("In misère the defenders score nothing.")},
        {"tricks": N_("10 a trick"), "none": N_("nothing")},
        short={"tricks": N_("In misère the defenders score 10 a trick"),
               "none": N_("In misère the defenders score nothing")}),
    "single_round": Switch(N_("Each player bids once"), {
        True: N_("Each player bids only once, then the highest bid takes the contract."),
        False: Stated("500.bid.pass")}, short={False: N_("The bidding goes round until all but one pass")}),
    "must_bid_to_win": Switch(N_("Win only by making a bid"), {
        True: N_("A side wins only by making a bid that takes it to the target: trick points as defenders never "
                 "take a side there, and a side at minus the target loses."),
        False: N_("The first side to reach the target wins, however it gets there.")}, scope="game",
        short={False: N_("A side wins however it reaches the target")}),
    "target": Switch(N_("Game to"), N_("The game is played to {value} points."), scope="game", short=GAME_TO),
    "first_dealer": FIRST_DEALER,
}
