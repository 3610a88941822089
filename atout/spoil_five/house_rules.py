"""Spoil Five's house rules (``atout.house_rules``): what each of its options changes, in words, and how the
classroom and Play pages offer them as switches."""

from __future__ import annotations

from atout.house_rules import FIRST_DEALER, Stated, Switch
from atout.i18n import N_

# By option name: the option's effect, the site's default first, then what other tables do.
HOUSE_RULES: dict[str, str] = {
    "players": N_("Spoil Five is played by two to ten players, each for themself; five is the usual game."),
    "target": N_("Atout ends the game when a player is 10 counters up; you may make it 5 or 20."),
    "first_dealer": N_("Here you (Player 1) deal the first hand; many tables draw for the first deal."),
    "must_follow_suit": N_("Atout lets you trump even when you could follow suit, as the old rule books do; some "
                           "tables make you follow suit when you can, and trump only with none of the suit led."),
    "dealer_rob": N_("When the turned card is an ace, the dealer may rob it or keep the hand; older books say the "
                     "dealer must rob it."),
    "ace_holder_rob": N_("A player dealt the ace of trumps may rob the turned card or keep the hand; older books say "
                         "they must rob."),
    "jinx": N_("A player who takes the first three tricks may jinx: play on for all five, for the pool and a stake "
               "from everyone; some tables play without the jinx."),
    "stake": N_("Each player puts one counter into a fresh pool; some tables put in two or three."),
    "dealer_adds": N_("The dealer puts one counter more into the pool at every deal; some tables leave this out."),
    "after_spoil": N_("After a spoiled hand every player adds one counter to the pool; at some tables only the "
                      "dealer does."),
}

SWITCHES: dict[str, Switch] = {
    "must_follow_suit": Switch(N_("Follow suit when you can"), {
        True: N_("House rule: to a plain-suit lead you must follow suit if you can; you may trump only when you "
                 "have none of the suit led."),
        False: Stated("s5.follow.plain-lead")}, short={False: N_("You may trump even when you can follow suit")}),
    "dealer_rob": Switch(N_("A turned ace"), {
        "may": Stated("s5.rob.dealer-ace"),
        "must": N_("When the turned card is an ace, the dealer must rob it at once: discard a card face down and "
                   "take the ace.")},
        {"must": N_("the dealer must rob it"), "may": N_("the dealer may rob it")},
        short={"must": N_("The dealer must rob a turned ace"), "may": N_("The dealer may rob a turned ace")}),
    "ace_holder_rob": Switch(N_("The ace of trumps dealt"), {
        "may": Stated("s5.rob.ace-holder"),
        "must": N_("A player dealt the ace of trumps must give up another card for the turned card when their turn "
                   "first comes in the first trick.")},
        {"must": N_("its holder must rob"), "may": N_("its holder may rob")},
        short={"must": N_("The ace's holder must rob"), "may": N_("The ace's holder may rob")}),
    "jinx": Switch(N_("The jinx"), {
        True: Stated("s5.play.jinx"),
        False: N_("There is no jinx: whoever takes three tricks takes the pool, and the hand ends there.")},
        short={False: N_("No jinx")}),
    "stake": Switch(N_("Stake"), {1: Stated("s5.score.stake"),
                                  "*": N_("Each player puts {value} counters into a fresh pool.")},
                    short={"*": N_("A stake of {value}")}),
    "dealer_adds": Switch(N_("The dealer adds a counter"), {
        True: Stated("s5.score.dealer-stake"),
        False: N_("The dealer adds no extra counter at each deal.")},
        short={False: N_("The dealer adds nothing more")}),
    "after_spoil": Switch(N_("After a spoiled hand"), {
        "each": Stated("s5.score.spoiled"),
        "dealer": N_("When nobody takes three tricks the hand is spoiled: the pool is carried over to the next deal, "
                     "and only the dealer adds a counter.")},
        {"each": N_("everyone adds a counter"), "dealer": N_("only the dealer adds one")},
        short={"each": N_("Everyone adds a counter after a spoil"),
               "dealer": N_("Only the dealer adds after a spoil")}),
    "target": Switch(N_("Game to"), N_("The game ends when a player is {value} counters up."), scope="game",
                     short={"*": N_("Game to {value} counters")}),
    "first_dealer": FIRST_DEALER,
}
