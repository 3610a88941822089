"""Rules of Euchre (`tests/data/rules/euchre.md`)."""

from atout.i18n import N_

RULES: dict[str, str] = {
    "eu.deck": N_("Euchre uses 24 cards: A K Q J 10 9 of each suit."),
    "eu.rank.trump": N_("Trumps rank, highest first: the right bower (the jack of trumps), the left bower (the other "
                        "jack of the same colour), then A K Q 10 9."),
    "eu.rank.left-bower": N_("The left bower, the jack of the other suit of the trump colour, is the second-highest "
                             "trump and belongs to the trump suit for every purpose."),
    "eu.rank.plain": N_("Other suits rank A K Q J 10 9; the suit of the trump's colour has no jack."),
    "eu.deal": N_("Five cards to each player, in packets of 3 and 2; the top card of the four left over is turned "
                  "up: the up-card."),
    "eu.deal.rotation": N_("The deal passes to the left."),
    "eu.deal.first": N_("Atout's reading: you (Player 1) deal the first hand; many tables deal cards face up until a "
                        "jack appears."),
    "eu.make.order": N_("First round: from the dealer's left, each player passes or orders the up-card up; its suit "
                        "becomes trumps."),
    "eu.make.pickup": N_("When the up-card is ordered up, the dealer takes it and discards one card face down."),
    "eu.make.name": N_("If all four pass, the up-card is turned down; in the second round each player passes or names "
                       "another suit as trumps."),
    "eu.make.all-pass": N_("If all four pass twice, the hand is thrown in and the deal passes."),
    "eu.make.stick": N_("Stick the dealer: in the second round the dealer may not pass and must name trumps."),
    "eu.alone": N_("Before the first lead the maker may go alone: the maker's partner takes no part in the hand."),
    "eu.alone.dealer": N_("Atout's reading: when the dealer's partner goes alone, the dealer sits out and does not "
                          "take the up-card."),
    "eu.alone.partner-orders": N_("The dealer's partner who orders the up-card up must go alone."),
    "eu.play.first-lead": N_("The player on the dealer's left leads the first trick (the next one if that player "
                             "sits out)."),
    "eu.follow.suit": N_("You must follow the suit led if you can; otherwise play any card. The left bower belongs to "
                         "the trump suit."),
    "eu.trick.winner": N_("The highest trump wins, otherwise the highest card of the suit led."),
    "eu.score.made": N_("The makers taking 3 or 4 tricks score 1 point."),
    "eu.score.march": N_("The makers taking all five tricks, the march, score 2 points."),
    "eu.score.alone": N_("A maker alone taking all five tricks scores 4 points."),
    "eu.score.euchre": N_("Makers taking fewer than 3 tricks are euchred: the defenders score 2 points."),
    "eu.game.target": N_("The first side to reach 10 points wins."),
}

# Where each rule holds (see ``atout.rulebook.forty_fives.WHERE``): the option values it is stated for.
WHERE: dict[str, dict[str, object]] = {
    "eu.make.all-pass": {"stick_the_dealer": False},
    "eu.make.stick": {"stick_the_dealer": True},
    "eu.alone.partner-orders": {"partner_orders_alone": True},
    "eu.game.target": {"target": 10},
    "eu.deal.first": {"first_dealer": "seat-0"},
}
