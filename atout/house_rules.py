"""House rules in words: what each option of a game changes, said once, as a learner reads it.

Tables differ (the robbing of a turned ace, the Five Hundred strain order, the Sixty-Six set). Each option a lesson
or a sentence speaks of is described here, in plain words, never by its id: the lessons' "House rules" box, the
rules index and the engines' sentences all say it from this one table.

>>> house_rule("forty-fives", "must_follow_suit").render("en").startswith("Atout lets you trump even when you could")
True

The classroom and Play pages offer the same options as switches (``SWITCHES``): each named in words, and each value
said as the rule it makes, the rulebook's statement where it has one:

>>> [t.render("en")[:101] for t in in_force("five-hundred", {"misere": True})]
['Misère (250) and open misère (500): the contractor plays alone in no trumps and must lose every trick']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from atout.i18n import N_, Text

# By family, then option name: the option's effect, the site's default first, then what other tables do.
HOUSE_RULES: dict[str, dict[str, str]] = {
    "forty-fives": {
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
    },
    "five-hundred": {
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
        "first_dealer": N_("Here you (Player 1) deal the first hand; many tables cut for the first deal."),
    },
}


def house_rule(family: str, option: str) -> Text:
    """The house rule an option sets, in words (a ``KeyError`` naming it when none is written)."""
    try:
        return Text(HOUSE_RULES[family][option])
    except KeyError:
        raise KeyError(f"no house rule written for option {option!r} of {family}") from None


# --- house rules as switches on the classroom and Play pages ------------------------------------------------------

class Stated(str):
    """A value's rule said by the rulebook statement of this id (one sentence, one place)."""


@dataclass(frozen=True)
class Switch:
    """How a page offers an option: its ``name``; for a choice of more than on and off, the short words of each value
    in a menu (``choices``; numbers show as themselves); and what each value makes the rule, as a sentence (``says``:
    a template taking ``{value}``, a ``Stated`` rule, or one of these by value). ``scope``: "hand" changes a deal (the
    classroom and Play offer it), "game" only a game of many hands (Play alone). ``short``: each value in a few words
    of its own, as a line of the rules in force names it ("Game to {value} points"; by value, "*" for any other;
    a switch that is on is its name)."""

    name: str
    says: Mapping[Any, str] | str
    choices: Mapping[Any, str] = field(default_factory=dict)
    scope: str = "hand"
    short: Mapping[Any, str] = field(default_factory=dict)

    def said(self, value: Any) -> Text:
        says = self.says.get(value, self.says.get("*")) if isinstance(self.says, Mapping) else self.says
        if says is None:
            raise KeyError(f"no words for the value {value!r} of {self.name!r}")
        if isinstance(says, Stated):
            from atout.rulebook import rule

            return rule(says).statement
        return Text(says, value=value)

    def choice(self, value: Any) -> Text | str:
        """A value's words in a menu (a number as itself)."""
        return Text(self.choices[value]) if value in self.choices else str(value)

    def named(self, value: Any) -> Text:
        """The value in a few words, as a line of the rules in force names it (the whole rule is ``said``): the
        switch's name when it is on, else words of the value's own ("Game to 250 points", "No misère"), never
        "name: value", since the line itself follows a colon."""
        short = self.short.get(value, self.short.get("*"))
        if short is None and value is True:
            return Text(self.name)
        if short is None:
            raise KeyError(f"no short words for the value {value!r} of {self.name!r}")
        return Text(short, value=value)


_FIRST_DEALER = Switch(N_("First dealer"), {"seat-0": N_("You deal the first hand."),
                                             "random": N_("The first dealer is drawn by lot.")},
                       {"seat-0": N_("you"), "random": N_("drawn by lot")}, scope="game",
                       short={"seat-0": N_("You deal first"), "random": N_("First dealer drawn by lot")})
_GAME_TO = {"*": N_("Game to {value} points")}

SWITCHES: dict[str, dict[str, Switch]] = {
    "forty-fives": {
        "must_follow_suit": Switch(N_("Follow suit when you can"), {
            True: N_("House rule: to a plain-suit lead you must follow suit if you can; you may trump only when you "
                     "have none of the suit led."),
            False: Stated("45.follow.plain-lead")}, short={False: N_("Trump even when you can follow suit")}),
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
            True: N_("Once trumps are named, each player chooses which cards to discard."),
            False: Stated("a45.discard.others")}, short={False: N_("Every card but the trumps is discarded")}),
        "kitty": Switch(N_("Cards in the kitty"), {4: Stated("45.deal.kitty"),
                                                   3: N_("The kitty holds three cards."),
                                                   0: N_("There is no kitty.")},
                        short={0: N_("No kitty"), "*": N_("{value} cards in the kitty")}),
        "rotation": Switch(N_("The deal passes"), {"left": Stated("45.deal.rotation"),
                                                   "right": Stated("a45.deal.rotation")},
                           {"left": N_("to the left"), "right": N_("to the right")}, scope="game",
                           short={"left": N_("The deal passes to the left"),
                                  "right": N_("The deal passes to the right")}),
        "target": Switch(N_("Game to"), N_("The game is played to {value} points."), scope="game", short=_GAME_TO),
        "first_dealer": _FIRST_DEALER,
    },
    "five-hundred": {
        "strain_order": Switch(N_("Order of the strains"), {
            "avondale": Stated("500.bid.order"),
            "seed": N_("Strains rank, lowest first: ♣ ♦ ♥ ♠ NT, and six tricks are worth 40, 60, 80, 100 and 120 in "
                       "that order.")},
            {"avondale": N_("♠ ♣ ♦ ♥ NT"), "seed": N_("♣ ♦ ♥ ♠ NT")},
            short={"avondale": N_("Strains ranked ♠ ♣ ♦ ♥ NT"), "seed": N_("Strains ranked ♣ ♦ ♥ ♠ NT")}),
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
        "target": Switch(N_("Game to"), N_("The game is played to {value} points."), scope="game", short=_GAME_TO),
        "first_dealer": _FIRST_DEALER,
    },
    "sixty-six": {
        "strict_marriages": Switch(N_("Marriages to the end"), {
            True: N_("Marriages may be declared to the end, even once the stock is exhausted or closed."),
            False: Stated("66.strict.no-marriage")},
            short={False: N_("No marriage once the stock is exhausted or closed")}),
        "tie_carries": Switch(N_("A tie at 65 carries a point"), {
            True: N_("When all the tricks are played, nobody declared and both players have 65, nobody scores, and "
                     "the next hand's winner gets 1 more game point."),
            False: Stated("66.no-declaration")}, short={False: N_("The last trick breaks a tie at 65")}),
        "show_totals": Switch(N_("Show each player's points"), {
            True: N_("Each player's points so far are shown on the table."),
            False: N_("Players keep count of their points, as the rules say: the table does not show them.")},
            short={False: N_("Players keep count of their points")}),
        "target": Switch(N_("Set to"), {7: Stated("66.game.target"),
                                        "*": N_("The first to {value} game points wins the set.")}, scope="game",
                         short={"*": N_("Set to {value} game points")}),
        "first_dealer": _FIRST_DEALER,
    },
}


def _family_of(game: str) -> str:
    from atout.games import family_id

    return family_id(game)


def switches(game: str, scopes: tuple[str, ...] = ("hand", "game")) -> list[tuple[str, Switch]]:
    """The house rules a page may offer for ``game``, as switches, in the order the game declares its options (how
    many play is chosen apart, so it is not one of them)."""
    from atout.games import family

    table = SWITCHES[_family_of(game)]
    return [(name, table[name]) for name, spec in family(game).config.OPTIONS.items()
            if spec.applies_to(game) and name in table and table[name].scope in scopes]


def said(game: str, option: str, value: Any) -> Text:
    """What the option's value makes the rule, in words."""
    return SWITCHES[_family_of(game)][option].said(value)


def _differing(game: str, options: Mapping[str, Any] | None) -> list[tuple[Switch, Any]]:
    """The switches of a table whose values differ from the game's usual rules, in the declared order."""
    from atout.games import family, make_config

    values = make_config(game, options).options()
    table = SWITCHES[_family_of(game)]
    return [(table[name], values[name]) for name, spec in family(game).config.OPTIONS.items()
            if name in values and name in table and values[name] != spec.default_for(game)]


def in_force(game: str, options: Mapping[str, Any] | None) -> list[Text]:
    """The house rules of a table that differ from the game's usual rules, each in words, in the declared order."""
    return [switch.said(value) for switch, value in _differing(game, options)]


def in_force_named(game: str, options: Mapping[str, Any] | None) -> list[tuple[Text, Text]]:
    """The same house rules, each in a few words (``Switch.named``) beside the whole rule: a page's line of the rules
    in force stays one line above the table, the rule itself a hover away.

    >>> [(n.render("en"), r.render("en")[:22]) for n, r in in_force_named("forty-fives", {"dealer_rob": "may"})]
    [('The dealer may rob a turned ace', 'When the turned card i')]
    """
    return [(switch.named(value), switch.said(value)) for switch, value in _differing(game, options)]
