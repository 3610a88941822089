"""Rules of Sixty-Six."""

from atout.i18n import N_

RULES: dict[str, str] = {
    "66.deck": N_("Sixty-Six uses 24 cards: A 10 K Q J 9 of each suit."),
    "66.rank": N_("In every suit the cards rank A 10 K Q J 9: the ten is above the king."),
    "66.points": N_("Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0 (120 in the pack)."),
    "66.deal": N_("Six cards each, in packets of three, non-dealer first; the next card is turned up."),
    "66.trump": N_("The suit of the turned-up trump, the card turned up after the deal, is trumps."),
    "66.open.lead": N_("The non-dealer leads to the first trick; then the winner of each trick leads."),
    "66.open.free": N_("While the stock is open you need not follow suit nor trump: any card may be "
                       "played."),
    "66.trick.winner": N_("The higher trump wins; with no trump, the higher card of the suit led."),
    "66.draw": N_("After each trick the winner draws the top card of the stock, then the loser."),
    "66.exchange-nine": N_("A player on lead who has won a trick may exchange the 9 of trumps for the "
                           "turned-up trump while the stock is open."),
    "66.marriage": N_("A player on lead holding the king and queen of a suit may declare a marriage "
                      "(20 points) and lead one of them."),
    "66.marriage.trump": N_("A marriage in trumps is worth 40."),
    "66.marriage.pending": N_("A marriage's points count only once its player has won a trick."),
    "66.strict.follow": N_("Once the stock is gone or closed you must follow suit and head the trick if "
                           "you can; with no card of the suit led you must trump if you can."),
    "66.strict.no-marriage": N_("Once the stock is gone or closed no marriage may be declared."),
    "66.last-trick": N_("When the stock ran out (not when it was closed), the winner of the last trick scores "
                        "10."),
    "66.close": N_("A player on lead may close the stock: no more drawing, the strict rules apply, there is no 10 "
                   "for the last trick, and the closer wins only by declaring 66. Atout's reading, where the rules are "
                   "silent: a closed hand played out to its last trick counts as declared by the winner of that "
                   "trick when their points reach 66."),
    "66.close.before-draw": N_("The winner of a trick may close the stock before drawing: then neither player "
                               "draws, and play goes on from five cards each."),
    "66.close.after-marriage": N_("Atout's reading, where the rules are silent: showing a marriage begins the lead, "
                                  "so the stock may be closed only before a marriage is shown on that lead."),
    "66.declare": N_("A player on lead whose points reach 66 may stop the play and count."),
    "66.game-points": N_("A correct declaration scores 1 game point, 2 if the opponent has 32 points "
                         "or fewer, 3 if the opponent has won no trick."),
    "66.declare.wrong": N_("A player who declares without 66 gives the opponent 2 game points, or 3 if "
                           "the opponent had won no trick."),
    "66.close.failed": N_("A closer who fails to reach 66, or whose opponent reaches 66 and declares first, "
                          "gives the opponent 2 game points, or 3 if the opponent had won no trick when the stock "
                          "was closed."),
    "66.no-declaration": N_("If all tricks are played and nobody declared, a player who alone has 66 or more "
                            "(with the 10 for the last trick) wins as if declared; otherwise the winner of the last "
                            "trick scores 1 game point (Atout's choice, as tables differ)."),
    "66.game.target": N_("The first to 7 game points wins the set."),
}

# Where each rule holds (see ``atout.rulebook.forty_fives.WHERE``): the option values it is stated for.
WHERE: dict[str, dict[str, object]] = {
    "66.strict.no-marriage": {"strict_marriages": False},
    "66.no-declaration": {"tie_carries": False},
    "66.game.target": {"target": 7},
}
