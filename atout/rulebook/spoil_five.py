"""Rules of Spoil Five (``tests/data/rules/spoil-five.md``). Where a rule is Forty-Fives' own, its statement is the
same sentence."""

from atout.i18n import N_

RULES: dict[str, str] = {
    "s5.deal.players": N_("Two to ten play, each for themself; five is the usual game."),
    "s5.deal.first-dealer": N_("You, Player 1, deal the first hand (some tables draw for the first deal)."),
    "s5.deal.packets": N_("The dealer deals a packet of 3 to each player, from their left, then a packet "
                          "of 2."),
    "s5.deal.turn-up": N_("The next card is turned face up: its suit is trumps."),
    "s5.deal.rotation": N_("The deal passes to the left."),
    "s5.rank.trump": N_("Trumps rank, highest first: the 5 of trumps, the jack of trumps, the A♥, "
                        "the ace, king and queen of trumps, then the rest."),
    "s5.rank.five-of-trumps": N_("The 5 of trumps is the highest card."),
    "s5.rank.jack-of-trumps": N_("The jack of trumps is the second-highest card."),
    "s5.rank.ace-of-hearts": N_("The A♥ is always a trump, the third-highest, whatever suit is trumps."),
    "s5.rank.ace-of-trumps": N_("The ace of trumps comes fourth (when hearts are not trumps), then the "
                                "king and the queen."),
    "s5.rank.red-trumps": N_("In red trumps (♥ ♦) the rest rank by number, highest first: 10 9 8 7 6 4 3 2."),
    "s5.rank.black-trumps": N_("In black trumps (♣ ♠) the rest rank in reverse, highest first: 2 3 4 6 7 8 9 10 "
                               "(the 2 is the highest of them, the 10 the lowest)."),
    "s5.rank.plain": N_("Plain suits rank K Q J first; below them the red number cards rank highest number first "
                        "and the black ones lowest number first (\"highest in red, lowest in black\": the black 2 "
                        "beats the black 10). The ace of a black suit comes just after its jack, the A♦ is the "
                        "lowest diamond, and hearts have no ace (the A♥ is always a trump)."),
    "s5.rank.plain-red": N_("Plain red suits run K Q J 10 9 8 7 6 5 4 3 2 A: the A♦ is the lowest diamond "
                            "(hearts have no ace: the A♥ is a trump)."),
    "s5.rank.plain-black": N_("Plain black suits run K Q J A 2 3 4 5 6 7 8 9 10: the 2 is high, the 10 low."),
    "s5.rob.dealer-ace": N_("If the turned card is an ace, the dealer may rob it before the first lead: discard one "
                            "card face down and take the ace, or keep the hand as dealt."),
    "s5.rob.ace-holder": N_("A player dealt the ace of trumps may give up any other card of their hand for the "
                            "turned card when their turn first comes in the first trick (the ace itself is kept); "
                            "one who declines is announced as holding the ace."),
    "s5.play.first-lead": N_("The player left of the dealer leads the first trick; the winner of each "
                             "trick leads the next."),
    "s5.trick.led-suit": N_("The suit led is the first card's suit; the A♥ led is a trump lead, and the "
                            "A♥ never counts as a heart for following."),
    "s5.trick.winner": N_("The highest trump played wins the trick; with no trump, the highest card of "
                          "the suit led."),
    "s5.follow.plain-lead": N_("To a plain-suit lead you must follow suit or trump; only with no card of "
                               "the suit led may you play any card. Tables that play the house rule “follow suit when "
                               "you can” allow a trump only when you have none of the suit led."),
    "s5.follow.trump-lead": N_("To a trump lead you must play a trump, any of yours, if you hold one that may not "
                               "be reneged; if your only trumps may be reneged, you may play any card."),
    "s5.follow.renege": N_("The 5 of trumps, the jack of trumps and the A♥ may be withheld when the card "
                           "led is a lower trump."),
    "s5.score.stake": N_("Each player puts one counter into a fresh pool."),
    "s5.score.dealer-stake": N_("The dealer puts one counter more into the pool at every deal."),
    "s5.score.three-tricks": N_("The first player to take three tricks wins the pool, and the hand ends there."),
    "s5.score.spoiled": N_("When nobody takes three tricks the hand is spoiled: the pool is carried over to the next "
                          "deal, and each player adds one counter."),
    "s5.play.jinx": N_("A player who takes the first three tricks may stop and take the pool, or jinx: play on to "
                        "take all five."),
    "s5.score.jinx-made": N_("A jinx made wins the pool and one stake more from every other player."),
    "s5.score.jinx-failed": N_("A jinx that fails wins nothing: the hand is spoiled and the pool carried over."),
    "s5.score.counters": N_("Each player's score is the counters they have won less those they have put in."),
    "s5.game.target": N_("Atout ends the game when a player is 10 counters up (the tables themselves play on as "
                         "long as they like)."),
}

# Where each rule holds (``atout.rulebook.rules_for``): the option values it is stated for; a house rule that replaces
# a statement says it in its own words (``atout.spoil_five.house_rules``).
WHERE: dict[str, dict[str, object]] = {
    "s5.deal.first-dealer": {"first_dealer": "seat-0"},
    "s5.rob.dealer-ace": {"dealer_rob": "may"},
    "s5.rob.ace-holder": {"ace_holder_rob": "may"},
    "s5.score.stake": {"stake": 1},
    "s5.score.dealer-stake": {"dealer_adds": True},
    "s5.score.spoiled": {"after_spoil": "each"},
    "s5.play.jinx": {"jinx": True},
    "s5.score.jinx-made": {"jinx": True},
    "s5.score.jinx-failed": {"jinx": True},
    "s5.game.target": {"target": 10},
}
