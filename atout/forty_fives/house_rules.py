"""Forty-Fives's house rules (``atout.house_rules``): what each of its options changes, in words, and how the
classroom and Play pages offer them as switches."""

from __future__ import annotations

from atout.house_rules import FIRST_DEALER, GAME_TO, Stated, Switch
from atout.i18n import N_

# By option name: the option's effect, the site's default first, then what other tables do.
HOUSE_RULES: dict[str, str] = {
    "players": N_("Forty-Fives is played by two to six players, each for themself; three is the usual "
                  "game."),
    "target": N_("The game is played to 45 points (Auction Forty-Fives to 120); some tables play a "
                 "shorter or a longer game."),
    "first_dealer": N_("Here you (Player 1) deal the first hand; many tables draw for the first deal."),
    "must_follow_suit": N_("Atout lets you trump even when you could follow suit, as most tables do; some "
                           "tables make you follow suit when you can, and trump only with none of the suit "
                           "led."),
    "ace_of_hearts_led": N_("In Forty-Fives, when the A♥ is led and hearts are not trumps, a player with no "
                            "trump to play must play a heart, or a trump they may hold back, if they have one; "
                            "the partnership and auction games leave this rule out, and some tables add it."),
    "dealer_rob": N_("In Forty-Fives the dealer must rob a turned ace at once; in partnerships (the Bicycle "
                     "rules) the dealer may rob it (discard at once, take the ace into hand after the first trick) "
                     "or keep the hand as dealt."),
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
}

SWITCHES: dict[str, Switch] = {
    "must_follow_suit": Switch(N_("Follow suit when you can"), {
        True: N_("House rule: to a plain-suit lead you must follow suit if you can; you may trump only when you "
                 "have none of the suit led."),
        False: Stated("45.follow.plain-lead")}, short={False: N_("You may trump even when you can follow suit")}),
    "ace_of_hearts_led": Switch(N_("The A♥ led calls for a heart"), {
        True: Stated("45.follow.ace-of-hearts-led"),
        False: N_("When the A♥ is led, a player with no trump to play may play any card.")},
        short={False: N_("The A♥ led calls for no heart")}),
    "dealer_rob": Switch(N_("A turned ace"), {
        "must": N_("When the turned card is an ace, the dealer must rob it at once: discard a card face down and "
                   "take the ace."),
        "may": N_("When the turned card is an ace, the dealer may rob it (discard a card face down at once and "
                  "take the ace into hand after the first trick) or keep the hand as dealt.")},
        {"must": N_("the dealer must rob it"), "may": N_("the dealer may rob it")},
        short={"must": N_("The dealer must rob a turned ace"), "may": N_("The dealer may rob a turned ace")}),
    "scoring": Switch(N_("Partnership scoring"), {
        "net": N_("A side scores its trick points minus the other side's, when that is more than nothing."),
        "tricks": N_("A side scores 5 for taking three or four tricks, and 10 for all five.")},
        {"net": N_("points less the other side's"), "tricks": N_("by tricks: 5 or 10")},
        short={"net": N_("Each side scores its points less the other side's"),
               "tricks": N_("Sides score by tricks, 5 or 10")}),
    "partners": Switch(N_("Two partnerships"), {
        True: N_("Four players play as two partnerships: partners sit opposite and score together."),
        False: N_("Each player plays and scores alone.")}, short={False: N_("Each for themself")}),
    "min_bid": Switch(N_("Lowest bid"), {5: Stated("a45.bid.values"), "*": N_("The lowest bid is {value}.")},
                      short={"*": N_("Bids start at {value}")}),
    "dealer_forced": Switch(N_("The dealer takes a hand nobody bids"), {
        True: N_("When everyone passes, the dealer must take the hand at the lowest bid."),
        False: Stated("a45.bid.all-pass")}, short={False: N_("A hand nobody bids is thrown in")}),
    "free_discard": Switch(N_("Choose your discards"), {
        True: N_("Once trumps are named, each player in turn from the dealer's left, the bidder included, chooses "
                 "which cards to discard, keeping five at most; the draw then brings every hand back to five."),
        False: Stated("a45.discard.others")}, short={False: N_("Every card but the trumps is discarded")}),
    "kitty": Switch(N_("Cards in the kitty"), {4: Stated("45.deal.kitty"),
                                               3: N_("The kitty holds three cards."),
                                               0: N_("There is no kitty: the high bidder names trumps from "
                                                     "their own hand, then discards as every other player does.")},
                    short={0: N_("No kitty"), "*": N_("{value} cards in the kitty")}),
    "rotation": Switch(N_("The deal passes"), {"left": Stated("45.deal.rotation"),
                                               "right": Stated("a45.deal.rotation")},
                       {"left": N_("to the left"), "right": N_("to the right")}, scope="game",
                       short={"left": N_("The deal passes to the left"),
                              "right": N_("The deal passes to the right")}),
    "target": Switch(N_("Game to"), N_("The game is played to {value} points."), scope="game", short=GAME_TO),
    "first_dealer": FIRST_DEALER,
}
