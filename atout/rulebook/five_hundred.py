"""Rules of Five Hundred."""

from atout.i18n import N_

RULES: dict[str, str] = {
    "500.deck": N_("Five Hundred uses 43 cards: A to 5 of each suit, the 4♥ and 4♦, and the joker."),
    "500.rank.trump": N_("Trumps rank, highest first: the joker, the right bower (jack of trumps), the "
                         "left bower (the other jack of the same colour), then A K Q 10 9 8 7 6 5, and the 4 in hearts "
                         "and diamonds."),
    "500.rank.left-bower": N_("The left bower, the jack of the other suit of the trump colour, is the "
                              "third-highest trump and belongs to the trump suit for every purpose."),
    "500.rank.joker": N_("The joker is the highest trump and belongs to the trump suit."),
    "500.rank.plain": N_("Other suits rank A K Q J 10 9 8 7 6 5, and the 4 in hearts and diamonds; a suit "
                         "whose jack is the left bower has no jack."),
    "500.rank.no-trump": N_("In no trumps the joker is the only trump and beats everything; each suit "
                            "ranks A K Q J 10 down."),
    "500.deal": N_("Three cards to each player, 3 to the kitty, 4 to each, 3 to each: ten each and a kitty "
                   "of three."),
    "500.bid.shape": N_("A bid names a number of tricks, 6 to 10, and a strain: a suit or no trumps."),
    "500.bid.order": N_("Strains rank, lowest first: ♠ ♣ ♦ ♥ NT."),
    "500.bid.higher": N_("Each bid must be higher than the last: more tricks, or as many in a higher "
                         "strain."),
    "500.bid.pass": N_("Bidding goes round from the dealer's left until all but the last bidder have "
                       "passed; a player who passed may not bid again."),
    "500.bid.all-pass": N_("If all four pass, the hand is thrown in and the deal passes."),
    "500.bid.misere": N_("Misère (250) and open misère (500): the contractor plays alone in no trumps "
                         "and must lose every trick. The contract scores its value when the contractor takes no "
                         "trick and loses it otherwise; the hand is played out to its tenth trick all the same, and "
                         "the defenders score 10 for each trick they take, as in any contract (some tables give them "
                         "nothing in misère)."),
    "500.kitty": N_("The contractor takes the kitty and discards any three cards face down."),
    "500.play.first-lead": N_("The contractor leads the first trick."),
    "500.follow.suit": N_("You must follow the suit led if you can; otherwise play any card. The left "
                          "bower and the joker belong to the trump suit."),
    "500.joker.no-trump": N_("In no trumps the joker wins any trick it is played to; it may be played only when "
                             "leading or when you cannot follow suit, and its holder is never forced to play it. "
                             "Leading it, you name the suit the others must follow: not a suit you have already "
                             "shown out of."),
    "500.trick.winner": N_("The highest trump wins (the joker highest), otherwise the highest card of "
                           "the suit led."),
    "500.score.table": N_("Six tricks score ♠ 40, ♣ 60, ♦ 80, ♥ 100, NT 120; each trick more adds 100."),
    "500.score.contract": N_("The contractors score the bid's value if they take at least that many "
                             "tricks, otherwise they lose it."),
    "500.score.slam": N_("Taking all ten tricks on a bid worth less than 250 scores 250."),
    "500.score.defenders": N_("The defenders score 10 for each trick they take."),
    "500.game.target": N_("The first side to reach 500 wins; if both do in the same hand, the "
                          "contractors win."),
    "500.deal.rotation": N_("The deal passes to the left."),
}

# Where each rule holds (see ``atout.rulebook.forty_fives.WHERE``): the option values it is stated for.
WHERE: dict[str, dict[str, object]] = {
    "500.bid.order": {"strain_order": "avondale"},
    "500.score.table": {"strain_order": "avondale"},
    "500.bid.pass": {"single_round": False},
    "500.bid.misere": {"misere": True},
    "500.game.target": {"target": 500, "must_bid_to_win": False},
}
