"""House rules in words: what each option of a game changes, said once, as a learner reads it.

Tables differ (the robbing of a turned ace, the Five Hundred strain order, the Sixty-Six set). Each option a lesson
or a sentence speaks of is described here, in plain words, never by its id: the lessons' "House rules" box, the
rules index and the engines' sentences all say it from this one table.

>>> house_rule("forty-fives", "must_follow_suit").render("en").startswith("Atout lets you trump even when you could")
True
"""

from __future__ import annotations

from atout.i18n import N_, Text

# By family, then option name: the option's effect, the site's default first, then what other tables do.
HOUSE_RULES: dict[str, dict[str, str]] = {
    "forty-fives": {
        "players": N_("Forty-Fives is played by two to six players, each for themself; three is the usual "
                      "game."),
        "target": N_("The game is played to 45 points (Auction Forty-Fives to 120); some tables play a "
                     "shorter or a longer game."),
        "first_dealer": N_("Here Player 1 deals the first hand; many tables draw for the first deal."),
        "must_follow_suit": N_("Atout lets you trump even when you could follow suit, as most tables do; some "
                               "tables make you follow suit when you can, and trump only with none of the suit "
                               "led."),
        "ace_of_hearts_led": N_("In Forty-Fives, when the A♥ is led and hearts are not trumps, a player with no "
                                "trump to play must play a heart, or a trump they may hold back, if they have one; "
                                "the partnership and auction games leave this rule out, and some tables add it."),
        "dealer_rob": N_("In Forty-Fives the dealer must rob a turned ace at once; in partnerships (the Bicycle "
                         "rules) the dealer may choose, and takes the ace into hand after the first trick."),
        "scoring": N_("In partnerships a side scores its trick points minus the other side's; some tables "
                      "score 5 for taking three or four tricks and 10 for all five."),
        "partners": N_("Auction Forty-Fives is played each for themself; four players may also play it as two "
                       "partnerships."),
        "min_bid": N_("The lowest bid is 5; most tables start the bidding at 15."),
        "dealer_forced": N_("When everyone passes, the hand is thrown in; some tables make the dealer take it at "
                            "the lowest bid."),
        "free_discard": N_("Once trumps are named, every card that is not a trump is discarded; some tables let "
                           "each player choose their discards."),
        "kitty": N_("The kitty holds four cards; some tables deal three, or none."),
        "rotation": N_("In Auction Forty-Fives the deal passes to the right, as our source says; every other "
                       "source, and the other games, pass it to the left."),
    },
    "five-hundred": {
        "players": N_("Five Hundred is played by four, in two partnerships: partners sit opposite."),
        "strain_order": N_("The strains rank ♠ ♣ ♦ ♥ NT, lowest first, as every published score table does; our "
                           "source text ranks them ♣ ♦ ♥ ♠ NT, and with that order the values follow it."),
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
        "first_dealer": N_("Here Player 1 deals the first hand; many tables cut the cards to choose the first "
                           "dealer."),
    },
    "sixty-six": {
        "strict_marriages": N_("Once the stock is exhausted or closed no marriage may be declared; some tables "
                               "allow them to the end."),
        "tie_carries": N_("When all the tricks are played, nobody declared and both players have 65, the winner "
                          "of the last trick scores 1; some tables (the Bicycle rules) score nothing then and give "
                          "the next hand's winner 1 more."),
        "target": N_("A set is won with 7 game points; some tables play to 10."),
        "show_totals": N_("Players must remember their points, as the rules say; lessons and the classroom may "
                          "show each player's running total."),
        "first_dealer": N_("Here Player 1 deals the first hand; many tables cut for the first deal."),
    },
}


def house_rule(family: str, option: str) -> Text:
    """The house rule an option sets, in words (a ``KeyError`` naming it when none is written)."""
    try:
        return Text(HOUSE_RULES[family][option])
    except KeyError:
        raise KeyError(f"no house rule written for option {option!r} of {family}") from None
