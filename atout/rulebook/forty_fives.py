"""Rules of the Forty-Fives family (forty-fives, forty-fives-partners, auction-forty-fives)."""

from atout.i18n import N_

RULES: dict[str, str] = {
    "45.rank.trump": N_("Trumps rank, highest first: the 5 of trumps, the jack of trumps, the A♥, "
                        "the ace, king and queen of trumps, then the rest."),
    "45.rank.top-trumps": N_("The three top trumps are the 5 of trumps, the jack of trumps and the A♥."),
    "45.rank.five-of-trumps": N_("The 5 of trumps is the highest card."),
    "45.rank.jack-of-trumps": N_("The jack of trumps is the second-highest card."),
    "45.rank.ace-of-hearts": N_("The A♥ is always a trump, the third-highest, whatever suit is trumps."),
    "45.rank.ace-of-trumps": N_("The ace of trumps comes fourth (when hearts are not trumps), then the "
                                "king and the queen."),
    "45.rank.red-trumps": N_("In red trumps (♥ ♦) the rest rank by number, highest first: 10 9 8 7 6 4 3 2."),
    "45.rank.black-trumps": N_("In black trumps (♣ ♠) the rest rank in reverse, highest first: 2 3 4 6 7 8 9 10 "
                               "(the 2 is the highest of them, the 10 the lowest)."),
    "45.rank.plain": N_("Plain suits rank K Q J first; below them the red number cards rank highest number first "
                        "and the black ones lowest number first (\"highest in red, lowest in black\": the black 2 "
                        "beats the black 10). The ace of a black suit comes just after its jack, the A♦ is the "
                        "lowest diamond, and hearts have no ace (the A♥ is always a trump)."),
    "45.rank.plain-red": N_("Plain red suits run K Q J 10 9 8 7 6 5 4 3 2 A: the A♦ is the lowest diamond "
                            "(hearts have no ace: the A♥ is a trump)."),
    "45.rank.plain-black": N_("Plain black suits run K Q J A 2 3 4 5 6 7 8 9 10: the 2 is high, the 10 low."),
    "45.trick.led-suit": N_("The suit led is the first card's suit; the A♥ led is a trump lead, and the "
                            "A♥ never counts as a heart for following."),
    "45.trick.winner": N_("The highest trump played wins the trick; with no trump, the highest card of "
                          "the suit led."),
    "45.follow.plain-lead": N_("To a plain-suit lead you must follow suit or trump; only with no card of "
                               "the suit led may you play any card. Tables that play the house rule “follow suit when "
                               "you can” allow a trump only when you have none of the suit led."),
    "45.follow.trump-lead": N_("To a trump lead you must play a trump, any of yours, if you hold one that may not "
                               "be reneged; if your only trumps may be reneged, you may play any card."),
    "45.follow.renege": N_("The 5 of trumps, the jack of trumps and the A♥ may be withheld when the card "
                           "led is a lower trump."),
    "45.follow.ace-of-hearts-led": N_("When the A♥ is led and hearts are not trumps, a player with no "
                                      "trump to play must play a heart or a trump they may renege, "
                                      "if they have one."),
    "45.deal.first-dealer": N_("You, Player 1, deal the first hand (some tables draw for the first deal)."),
    "45.deal.packets": N_("The dealer deals a packet of 3 to each player, from their left, then a packet "
                          "of 2."),
    "45.deal.turn-up": N_("The next card is turned face up: its suit is trumps."),
    "45.deal.kitty": N_("In Auction Forty-Fives, the kitty gets 2 cards after the packets of 3 and 2 "
                        "more after the packets of 2."),
    "45.rob.dealer-ace": N_("If the turned card is an ace, the dealer robs it: discards one card face down and "
                            "takes the ace. In Forty-Fives the dealer must, at once; in partnerships the dealer "
                            "may rob it (discard at once, take the ace into hand after the first trick) or keep "
                            "the hand as dealt."),
    "45.rob.ace-holder": N_("A player dealt the ace of trumps may give up any other card of their hand for the "
                            "turned card when their turn first comes in the first trick (the ace itself is kept); "
                            "one who declines is announced as holding the ace."),
    "45.play.first-lead": N_("The player left of the dealer leads the first trick; the winner of each "
                             "trick leads the next."),
    "45.score.tricks": N_("Each trick is worth 5 points to its winner."),
    "45.score.best-card": N_("The trick holding the best card (the highest trump played in the hand) is "
                             "worth 10 instead of 5; when no trump is played, no trick is worth 10."),
    "45.score.partners": N_("In partnerships, a side scores its trick points minus the other side's, if "
                            "positive (or, at tables that score by tricks, 5 for 3 or 4 tricks and 10 for all "
                            "five)."),
    "45.game.target": N_("The first player or side to reach 45 wins; if several do in the same hand, the "
                         "higher total wins, and if they are level another hand is played (Atout's choice, as tables "
                         "differ)."),
    "45.deal.rotation": N_("The deal passes to the left."),
    "a45.bid.values": N_("Bids, lowest first: 5, 10, 15, 20, 25, 30, 30 for 60, 60 for 120."),
    "a45.bid.order": N_("Bidding starts left of the dealer and goes round; a player who passes may not "
                        "bid again; it ends when all but the high bidder have passed."),
    "a45.bid.hold": N_("The dealer never opens and never bids higher, but may hold: take the standing "
                       "bid at the same level."),
    "a45.bid.all-pass": N_("If nobody bids, the hand is thrown in and the deal passes (Atout's choice, as "
                           "tables differ)."),
    "a45.trump.name": N_("The high bidder names trumps, or first takes the kitty in place of their "
                         "hand and names trumps from it."),
    "a45.discard.others": N_("Every other player discards every card that is not a trump (the A♥ is a "
                             "trump)."),
    "a45.discard.bidder": N_("The bidder adds the kitty, keeps only trumps, and discards the lowest "
                             "trumps if more than five remain."),
    "a45.draw": N_("The dealer deals from the stock to bring every hand back to five, starting left of "
                   "the dealer."),
    "a45.play.first-lead": N_("The player left of the high bidder leads the first trick."),
    "a45.score.tricks": N_("Each trick is worth 5 points, and 5 more go to the player who took the best "
                           "card of the hand (the highest trump played); when no trump is played, nobody gets "
                           "them."),
    "a45.score.bidder": N_("A bidder who takes at least the bid scores what they took; otherwise the bid "
                           "is subtracted. 30 for 60 and 60 for 120 need all five tricks: they then score 60 or "
                           "120, and anything less loses 30 or 60."),
    "a45.score.over-100": N_("A player (or side) who starts a hand at 100 or more adds nothing from it unless "
                             "they were the bidder and made the bid; a bidder at 100 or more who fails still has "
                             "the bid subtracted."),
    "a45.game.target": N_("The first to reach 120 wins; if several do, a successful bidder wins, "
                          "otherwise the higher total, and if they are level another hand is played."),
    "a45.deal.rotation": N_("The deal passes to the right."),
}

# Where each rule holds, for the rules a table plays (``atout.rulebook.rules_for``): the preset (``game``) and the
# option values it is stated for, a tuple meaning any of them. A rule not listed holds in every preset, whatever
# the options. A house rule that replaces a statement is said in its own words (``atout.house_rules``).
TURNED_UP = ("forty-fives", "forty-fives-partners")
AUCTION = ("auction-forty-fives",)
WHERE: dict[str, dict[str, object]] = {
    **{rule_id: {"game": AUCTION} for rule_id in RULES if rule_id.startswith("a45.")},
    "45.follow.ace-of-hearts-led": {"ace_of_hearts_led": True},
    "45.deal.first-dealer": {"first_dealer": "seat-0"},
    "45.deal.turn-up": {"game": TURNED_UP},
    "45.deal.kitty": {"game": AUCTION, "kitty": 4},
    # Its statement says what each preset does with a turned ace: a table that plays the other way says its own.
    "45.rob.dealer-ace": {"game": TURNED_UP, "dealer_rob": {"forty-fives": "must", "forty-fives-partners": "may"}},
    "45.rob.ace-holder": {"game": TURNED_UP},
    "45.play.first-lead": {"game": TURNED_UP},
    "45.score.tricks": {"game": TURNED_UP},
    "45.score.best-card": {"game": TURNED_UP},
    "45.score.partners": {"game": ("forty-fives-partners",)},
    "45.game.target": {"game": TURNED_UP, "target": 45},
    "45.deal.rotation": {"rotation": "left"},
    "a45.bid.values": {"game": AUCTION, "min_bid": 5},
    "a45.bid.all-pass": {"game": AUCTION, "dealer_forced": False},
    # The kitty's rules are stated for a table with a kitty: with none, the house rule says how trumps are named
    # and how the bidder discards ("There is no kitty: …"), not "the bidder adds the kitty".
    "a45.trump.name": {"game": AUCTION, "kitty": (4, 3)},
    "a45.discard.others": {"game": AUCTION, "free_discard": False},
    "a45.discard.bidder": {"game": AUCTION, "free_discard": False, "kitty": (4, 3)},
    "a45.game.target": {"game": AUCTION, "target": 120},
    "a45.deal.rotation": {"game": AUCTION, "rotation": "right"},
}
