"""Sentences for the Forty-Fives engine's events and refusals, each citing the rule that made it happen or forbids
it."""

from __future__ import annotations

from atout.cards import Card, Suit
from atout.engine import (
    ONLOOKER,
    Action,
    Event,
    Explanation,
    Phase,
    Refusal,
    action_said,
    allowed_words,
    card_not_held,
    foreign_action_said,
    phase_words,
    seat_name,
    sees,
)
from atout.forty_fives import ranking
from atout.forty_fives.bidding import Auction, call_text
from atout.forty_fives.config import bid_level
from atout.forty_fives.hand import HAND_SIZE, FortyFivesHand, Refused
from atout.forty_fives.scoring import HandResult
from atout.games import game_title
from atout.i18n import N_, Person, Plural, Side, Text, signed


def explain_event(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    """What ``event`` did, for ``viewer``: the cards laid or taken face down are named to their owner and to the
    every-hand view (None), counted for anyone else (``ONLOOKER``: the whole table)."""
    kind, seat, data = event.kind, event.seat, event.data
    who = seat_name(seat) if seat is not None else None
    action = event.action
    shown = sees(viewer, seat)
    if kind == "deal" and data is not None:
        first, second = data
        return Explanation("45.deal.kitty", Text(
            "{seat} deals: a packet of 3 to each player from the dealer's left, {first} face down to the kitty, "
            "a packet of 2 to each player, then {second} to the kitty", seat=who,
            first=Plural("{n} card", "{n} cards", first), second=Plural("{n} more card", "{n} more cards", second),
            you=N_("You deal: a packet of 3 to each player from your left, {first} face down to the kitty, a packet "
                   "of 2 to each player, then {second} to the kitty")))
    if kind == "deal":
        return Explanation("45.deal.packets", Text(
            "{seat} deals: a packet of 3 to each player from the dealer's left, then a packet of 2", seat=who,
            you=N_("You deal: a packet of 3 to each player from your left, then a packet of 2")))
    if kind == "ending":
        assert action is not None, "an ending is taken up by its action"
        return Explanation("45.play.first-lead", Text(
            "The hand starts part-way through: {suit} are trumps and each player holds the cards shown. {seat} plays "
            "next.", suit=action.value.trump, seat=who,
            you=N_("The hand starts part-way through: {suit} are trumps and each player holds the cards shown. You "
                   "play next.")))
    if kind == "turn-up":
        return Explanation("45.deal.turn-up", Text("{card} is turned up: {suit} are trumps",
                                                   card=data, suit=data.suit))
    if kind == "rob" and data.rank == 14 and not event.cards:     # the turned ace waits on the table (dealer_rob)
        assert action is not None, "a rob gives up its card"
        if shown:
            return Explanation("45.rob.dealer-ace", Text(
                "The turned card is an ace: {seat}, the dealer, robs it, discarding {given} face down now and taking "
                "{card} into hand after the first trick", seat=who, given=action.card, card=data,
                you=N_("The turned card is an ace: you, the dealer, rob it, discarding {given} face down now and "
                       "taking {card} into hand after the first trick")))
        return Explanation("45.rob.dealer-ace", Text(
            "The turned card is an ace: {seat}, the dealer, robs it, discarding a card face down now and taking {card} "
            "into hand after the first trick", seat=who, card=data,
            you=N_("The turned card is an ace: you, the dealer, rob it, discarding a card face down now and taking "
                   "{card} into hand after the first trick")))
    if kind == "rob" and shown:
        assert action is not None, "a rob gives up its card"
        if data.rank == 14:
            return Explanation("45.rob.dealer-ace", Text(
                "The turned card is an ace: {seat}, the dealer, robs it, discarding {given} face down to take {card}",
                seat=who, given=action.card, card=data,
                you=N_("The turned card is an ace: you, the dealer, rob it, discarding {given} face down to take "
                       "{card}")))
        return Explanation("45.rob.ace-holder", Text(
            "{seat} holds the ace of trumps and robs: they give up {given} face down and take the turned {card}",
            seat=who, given=action.card, card=data,
            you=N_("You hold the ace of trumps and rob: you give up {given} face down and take the turned {card}")))
    if kind == "rob":
        if data.rank == 14:   # the dealer robs a turned ace; a holder of the ace robs any other card
            return Explanation("45.rob.dealer-ace", Text(
                "The turned card is an ace: {seat}, the dealer, robs it, discarding a card face down to take {card}",
                seat=who, card=data,
                you=N_("The turned card is an ace: you, the dealer, rob it, discarding a card face down to take "
                       "{card}")))
        return Explanation("45.rob.ace-holder", Text(
            "{seat} holds the ace of trumps and robs: they give up a card face down and take the turned {card}",
            seat=who, card=data, you=N_("You hold the ace of trumps and rob: you give up a card face down and take the "
                                        "turned {card}")))
    if kind == "keep":
        if data is None:
            return Explanation("45.rob.dealer-ace", Text(
                "{seat}, the dealer, keeps their hand and leaves the turned ace", seat=who,
                you=N_("You, the dealer, keep your hand and leave the turned ace")))
        return Explanation("45.rob.ace-holder", Text(
            "{seat} keeps their hand and is announced as holding {card}", seat=who, card=data,
            you=N_("You keep your hand and are announced as holding {card}")))
    if kind == "take-ace":
        return Explanation("45.rob.dealer-ace", Text(
            "{seat}, the dealer, takes the robbed {card} into hand after the first trick", seat=who, card=data,
            you=N_("You, the dealer, take the robbed {card} into hand after the first trick")))
    if kind == "play":
        trump, position, led = data
        assert action is not None and action.card is not None, "a play is an action with its card"
        card = action.card
        if position == 1:
            if ranking.TABLES[trump].is_trump[card.index]:
                return Explanation("45.trick.led-suit", Text("{seat} leads {card}: a trump lead", seat=who, card=card,
                                                             you=N_("You lead {card}: a trump lead")))
            return Explanation("45.trick.led-suit", Text("{seat} leads {card}: {suit} are led", seat=who,
                                                         card=card, suit=card.suit,
                                                         you=N_("You lead {card}: {suit} are led")))
        # A card played to a lead is allowed by the rule on following; whether it wins is the trick's business.
        rule = "45.follow.trump-lead" if ranking.TABLES[trump].is_trump[led.index] else "45.follow.plain-lead"
        return Explanation(rule, Text("{seat} plays {card}", seat=who, card=card, you=N_("You play {card}")))
    if kind == "trick":
        trick, trump = data
        why = ranking.explain_trick(trick.cards, trump)
        return Explanation(why.rule, Text("{seat} wins the trick: {why}", seat=who, why=why.text,
                                          you=N_("You win the trick: {why}")))
    if kind == "score":
        return explain_score(data)
    if kind == "bid":
        assert action is not None, "a call is an action"
        call = action.value
        if call == "pass":
            return Explanation("a45.bid.order", Text("{seat} passes and may not bid again this hand", seat=who,
                                                     you=N_("You pass and may not bid again this hand")))
        if call == "hold":
            return Explanation("a45.bid.hold", Text(
                "{seat}, the dealer, holds: they take the standing bid of {bid} at the same level", seat=who,
                bid=call_text(data), you=N_("You, the dealer, hold: you take the standing bid of {bid} at the same "
                                            "level")))
        return Explanation("a45.bid.values", Text("{seat} bids {call}", seat=who, call=call_text(call),
                                                  you=N_("You bid {call}")))
    if kind == "contract":
        return Explanation("a45.bid.order", Text("{seat} wins the auction with {call}", seat=who,
                                                 call=call_text(data), you=N_("You win the auction with {call}")))
    if kind == "thrown-in":
        return Explanation("a45.bid.all-pass", Text("Everyone passed: the hand is thrown in"))
    if kind == "kitty-in-place":
        if shown:
            return Explanation("a45.trump.name", Text(
                "{seat} takes the kitty in place of their hand: {kitty}; their hand goes face down: {hand}",
                seat=who, kitty=data[0], hand=data[1],
                you=N_("You take the kitty in place of your hand: {kitty}; your hand goes face down: {hand}")))
        return Explanation("a45.trump.name", Text("{seat} takes the kitty in place of their hand", seat=who,
                                                  you=N_("You take the kitty in place of your hand")))
    if kind == "trump":
        return Explanation("a45.trump.name", Text("{seat} names {suit} as trumps", seat=who, suit=data,
                                                  you=N_("You name {suit} as trumps")))
    if kind == "kitty":
        if shown:
            return Explanation("a45.discard.bidder", Text(
                "{seat}, the bidder, adds the kitty to their hand: {cards}", seat=who, cards=list(event.cards),
                you=N_("You, the bidder, add the kitty to your hand: {cards}")))
        return Explanation("a45.discard.bidder", Text(
            "{seat}, the bidder, adds the kitty to their hand: {n}", seat=who, n=_cards(data),
            you=N_("You, the bidder, add the kitty to your hand: {n}")))
    if kind == "discards":
        return _automatic_discard(who, data, list(event.cards), shown)
    if kind == "discard":
        rule = "a45.discard.bidder" if data else "a45.discard.others"
        assert action is not None, "a discard is an action"
        if shown:
            return Explanation(rule, Text("{seat} discards {card} face down", seat=who, card=action.card,
                                          you=N_("You discard {card} face down")))
        return Explanation(rule, Text("{seat} discards a card face down", seat=who,
                                      you=N_("You discard a card face down")))
    if kind == "discard-done":
        bidder, held = data
        rule = "a45.discard.bidder" if bidder else "a45.discard.others"
        if not held:
            return Explanation(rule, Text("{seat} has discarded their whole hand", seat=who,
                                          you=N_("You have discarded your whole hand")))
        return Explanation(rule, Text("{seat} has finished discarding and keeps {n}", seat=who, n=_cards(held),
                                      you=N_("You have finished discarding and keep {n}")))
    if kind == "draw":
        return Explanation("a45.draw", Text(
            "The dealer deals from the stock to bring every hand back to five: {each}",
            each=_clauses([_drawn(s, cards, sees(viewer, s)) for s, cards in data])))
    raise ValueError(f"no explanation for event kind {kind!r}")


def _cards(n: int) -> Plural:
    return Plural("{n} card", "{n} cards", n)


def _clauses(clauses: list[Text]) -> Text:
    """Clauses one after the other, each after a semicolon ("Player 2 draws 7♣ and 9♦; Player 3 draws 1 card"):
    joined with "and", a clause naming cards with "and" of its own would read as one list."""
    said = clauses[-1]
    for clause in reversed(clauses[:-1]):
        said = Text("{first}; {then}", first=clause, then=said)
    return said


def _automatic_discard(who: Person | None, bidder: bool, thrown: list[Card], shown: bool) -> Explanation:
    """a45.discard.others, a45.discard.bidder: a player keeps only trumps (the bidder five at most) and discards the
    rest face down, named to that player and to the every-hand view, counted for the others."""
    if bidder:
        rule = "a45.discard.bidder"
        if not thrown:
            text = Text("{seat}, the bidder, holds only trumps and discards nothing", seat=who,
                        you=N_("You, the bidder, hold only trumps and discard nothing"))
        elif shown:
            text = Text("{seat}, the bidder, keeps only trumps, five at most, and discards the rest face down: "
                        "{cards}", seat=who, cards=thrown,
                        you=N_("You, the bidder, keep only trumps, five at most, and discard the rest face down: "
                               "{cards}"))
        else:
            text = Text("{seat}, the bidder, keeps only trumps, five at most, and discards the rest face down: {n}",
                        seat=who, n=_cards(len(thrown)),
                        you=N_("You, the bidder, keep only trumps, five at most, and discard the rest face down: "
                               "{n}"))
        return Explanation(rule, text)
    rule = "a45.discard.others"
    if not thrown:
        text = Text("{seat} holds only trumps and discards nothing", seat=who,
                    you=N_("You hold only trumps and discard nothing"))
    elif shown:
        text = Text("{seat} discards every card that is not a trump, face down: {cards}", seat=who, cards=thrown,
                    you=N_("You discard every card that is not a trump, face down: {cards}"))
    else:
        text = Text("{seat} discards every card that is not a trump, face down: {n}", seat=who,
                    n=_cards(len(thrown)), you=N_("You discard every card that is not a trump, face down: {n}"))
    return Explanation(rule, text)


def _drawn(seat: int, cards: list[Card], shown: bool) -> Text:
    """What one player draws (a45.draw): the cards to that player and to the every-hand view, a count to others."""
    if not cards:
        return Text("{seat} draws nothing", seat=seat_name(seat), you=N_("you draw nothing"))
    if shown:
        return Text("{seat} draws {cards}", seat=seat_name(seat), cards=cards, you=N_("you draw {cards}"))
    return Text("{seat} draws {n}", seat=seat_name(seat), n=_cards(len(cards)), you=N_("you draw {n}"))


def _unit(result: HandResult, i: int) -> Person | Side:
    """Who scores the ``i``-th points of a result: a side in partnerships, else a player."""
    return Side(i, len(result.tricks_won)) if result.by_side else Person(i)


def _each(result: HandResult, values: list[int]) -> list[Text]:
    """ "20 for Player 1, 5 for Player 2 and 0 for Player 3": each player's or side's value, said as whose it is."""
    return [Text("{n} for {who}", who=_unit(result, i), n=signed(v)) for i, v in enumerate(values)]


def explain_score(result: HandResult) -> Explanation:
    """Why a hand scored what it did, with the arithmetic."""
    after = _each(result, list(result.scores_after))
    taken = result.taken if result.taken is not None else result.points
    tricks = result.side_tricks if result.side_tricks is not None else result.tricks_won
    if result.bidder is not None:
        return _explain_auction_score(result, after, taken)
    if result.scoring == "net":
        win = 0 if taken[0] > taken[1] else 1
        players = len(result.tricks_won)
        return Explanation("45.score.partners", Text(
            "Each trick is worth 5: {a} took {ta} × 5 = {pa} and {b} took {tb} × 5 = {pb}; the difference, {high} − "
            "{low} = {net}, goes to {w}; totals now: {after}", a=Side(0, players), ta=tricks[0], pa=taken[0],
            b=Side(1, players), tb=tricks[1], pb=taken[1], w=_unit(result, win), high=taken[win], low=taken[1 - win],
            net=result.points[win], after=after))
    if result.scoring == "tricks":
        win = 0 if tricks[0] > tricks[1] else 1
        if tricks[win] == 5:
            return Explanation("45.score.partners", Text(
                "{w} took all five tricks: 5 points for 3 or 4 tricks, 10 for all five, so {n}; totals now: {after}",
                w=_unit(result, win), n=result.points[win], after=after))
        return Explanation("45.score.partners", Text(
            "{w} took {t} of the 5 tricks: 5 points for 3 or 4 tricks, 10 for all five, so {n}; totals now: {after}",
            w=_unit(result, win), t=tricks[win], n=result.points[win], after=after))
    # The totals are said only when they differ from this hand's points (not in a game's first hand).
    first = list(result.scores_after) == list(result.points)
    if result.best_seat is None:
        if first:
            return Explanation("45.score.tricks", Text(
                "No trump was played, so no trick is worth 10: 5 points a trick, {each}",
                each=_each(result, result.points)))
        return Explanation("45.score.tricks", Text(
            "No trump was played, so no trick is worth 10: 5 points a trick, {each}; totals now: {after}",
            each=_each(result, result.points), after=after))
    if first:
        return Explanation("45.score.best-card", Text(
            "5 points a trick, and 10 for the trick holding the best card, {card}: {each}",
            card=result.best_card, each=_each(result, result.points)))
    return Explanation("45.score.best-card", Text(
        "5 points a trick, and 10 for the trick holding the best card, {card}: {each}; totals now: {after}",
        card=result.best_card, each=_each(result, result.points), after=after))


def _explain_auction_score(result: HandResult, after: list[Text], taken: list[int]) -> Explanation:
    """a45.score.bidder with the bidder's arithmetic; a45.score.over-100 when it held points back."""
    assert result.bidder is not None and result.bid is not None, "an auction hand's result has its bidder and bid"
    side = result.bidder % 2 if result.by_side else result.bidder
    bidder = _unit(result, side)
    bid = call_text(result.bid)
    if bid_level(result.bid) > 30:     # 30 for 60, 60 for 120: all five tricks or nothing
        if result.made:
            text = Text("{seat} took all five tricks on the bid of {bid}: +{points}", seat=bidder, bid=bid,
                        points=result.points[side], you=N_("You took all five tricks on the bid of {bid}: +{points}"))
        else:
            text = Text("{seat} did not take all five tricks, which the bid of {bid} needs: {points}", seat=bidder,
                        bid=bid, points=signed(result.points[side]),
                        you=N_("You did not take all five tricks, which the bid of {bid} needs: {points}"))
    elif result.made:
        text = Text("{seat} made the bid of {bid}, taking {taken} points: +{points}", seat=bidder, bid=bid,
                    taken=taken[side], points=result.points[side],
                    you=N_("You made the bid of {bid}, taking {taken} points: +{points}"))
    else:
        text = Text("{seat} took {taken}, short of the bid of {bid}, which is subtracted: {points}",
                    seat=bidder, bid=bid, taken=Plural("{n} point", "{n} points", taken[side]),
                    points=signed(result.points[side]),
                    you=N_("You took {taken}, short of the bid of {bid}, which is subtracted: {points}"))
    held = result.held_at_100 or []
    scored = [i for i in range(len(result.points)) if i != side and i not in held]
    if scored:
        text = Text("{first}; {then}", first=text, then=Text(
            "the others score what they took: {each}",
            each=[Text("{n} for {who}", who=_unit(result, i), n=result.points[i]) for i in scored]))
    lost = [Text("{n} for {who}", who=_unit(result, i), n=taken[i]) for i in held if taken[i]]
    if lost:
        text = Text("{first}; {then}", first=text, then=Text(
            "nothing is added for {who}: with 100 or more before this hand, a player scores only as the high "
            "bidder who made the bid (what they took does not count: {lost})",
            who=[_unit(result, i) for i in held], lost=lost))
    elif held:
        text = Text("{first}; {then}", first=text, then=Text(
            "nothing is added for {who}: with 100 or more before this hand, a player scores only as the high "
            "bidder who made the bid", who=[_unit(result, i) for i in held]))
    return Explanation("a45.score.over-100" if held else "a45.score.bidder",
                       Text("{first}; totals now: {after}", first=text, after=after))


# --- what the table says in words (``TableView.score_labels`` and ``notes``) ---------------------------------------

def score_labels(players: int, partners: bool) -> list[Text]:
    """Whose each score on the table is: the two sides in partnerships, else each player."""
    if partners:
        return [Text("{side}", side=Side(i, players)) for i in range(2)]
    return [Text("{seat}", seat=seat_name(i), you=N_("You")) for i in range(players)]


def hint_reason(hand: FortyFivesHand, seat: int, action: Action) -> Text | None:
    """Why ``seat`` might rob giving up ``action.card`` (the hint's reason, ``atout.hints``), from what it sees: the
    turned card is a trump, and the card given up for it is none, or a lower one. Other choices (to keep the hand,
    the calls, the discards) are said from the player's own cards and the rules: the trumps a suit would give,
    what taking the kitty or keeping the hand means."""
    from atout.hints import most_trumps, rob_reason, with_trumps

    kind = action.kind
    if kind == "bid":
        if action.value == "pass":
            return Text("a pass is final: you may not bid again this hand")
        return most_trumps(hand, seat)          # a bid (or the dealer's hold) before trumps are named
    if kind == "trump" and isinstance(action.value, Suit):
        return with_trumps(hand, seat, action.value)
    if kind == "kitty":
        return Text("the kitty replaces your whole hand with {count} you have not seen",
                    count=Plural("{n} card", "{n} cards", hand.config.kitty))
    if kind == "done":
        kept = list(hand.hands[seat])
        if len(kept) < HAND_SIZE:
            return Text("you keep {cards}, and the draw brings your hand back to five", cards=kept)
        return Text("you keep {cards}", cards=kept)
    return rob_reason(hand, seat, action)


def table_notes(ace_holder: int | None) -> list[Text]:
    """The table's notes: who announced holding the ace of trumps (the turned card was not robbed)."""
    if ace_holder is None:
        return []
    return [Text("{seat} holds the ace of trumps", seat=seat_name(ace_holder), you=N_("You hold the ace of trumps"))]


def explain_discards(keep: list[Card], thrown: list[Card], drawn: int, bidder: bool) -> Explanation:
    """What the discard keeps and throws away, and what the draw then brings (`a45.discard.*`, `a45.draw`)."""
    kept_said, thrown_said = keep or Text("none"), thrown or Text("none")
    if drawn:
        said = Text("Kept: {kept}; thrown away: {thrown}; then the draw brings the hand back to five with {n} from "
                    "the stock", kept=kept_said, thrown=thrown_said, n=Plural("{n} card", "{n} cards", drawn))
    else:
        said = Text("Kept: {kept}; thrown away: {thrown}; the hand already has five cards, so nothing is drawn",
                    kept=kept_said, thrown=thrown_said)
    return Explanation("a45.discard.bidder" if bidder else "a45.discard.others", said)


# --- why an action is refused (the hand's ``Refusal``) and who may rob -----------------------------------------------

_PHASE_RULE = {Phase.BID: "a45.bid.order", Phase.ROB: "45.rob.dealer-ace", Phase.TRUMP: "a45.trump.name",
               Phase.DISCARD: "a45.discard.others", Phase.PLAY: "45.play.first-lead"}


def explain_refusal(refusal: Refusal) -> Explanation:
    """Why the hand refuses an action, in words, citing the rule: the hand's ``Refusal`` (its ``Refused`` reason
    and facts) said."""
    reason, seat, action, data = refusal
    who = seat_name(seat) if seat is not None else None
    if reason is Refused.OVER:
        return Explanation("45.game.target", Text("The hand is over: no more actions"))
    if reason is Refused.NOT_DEALT:
        return Explanation("45.deal.packets", Text("The cards must be dealt first"))
    if reason is Refused.NOTHING_TURNED:
        return Explanation("45.rob.dealer-ace", Text(
            "No card is turned up in {game}: the high bidder names trumps, so there is nothing to rob",
            game=Text(game_title(data))))
    if reason is Refused.NO_TURNED_CARD_KNOWN:
        return Explanation("45.rob.ace-holder", Text(
            "No turned card is known in this hand, so there is nothing to rob"))
    if reason is Refused.ACE_KEPT:
        return Explanation("45.rob.ace-holder", Text(
            "{seat} keeps the ace of trumps, {ace}: another card is given up for the turned card", seat=who,
            ace=data,
            you=N_("You keep the ace of trumps, {ace}: another card is given up for the turned card")))
    if reason is Refused.TURNED_ACE_IS_THE_DEALERS:
        dealer, must = data
        if must:       # where the dealer must rob, "only the dealer may" would say the dealer has a choice
            return Explanation("45.rob.dealer-ace", Text(
                "The turned card is an ace: {seat}, the dealer, must rob it, and nobody else may",
                seat=seat_name(dealer),
                you=N_("The turned card is an ace: you, the dealer, must rob it, and nobody else may")))
        return Explanation("45.rob.dealer-ace", Text(
            "The turned card is an ace: only {seat}, the dealer, may rob it", seat=seat_name(dealer),
            you=N_("The turned card is an ace: only you, the dealer, may rob it")))
    if reason is Refused.TURNED_ACE_ROBBED:
        return Explanation("45.rob.dealer-ace", Text(
            "{seat}, the dealer, has already robbed the turned ace: it is robbed once, before the first lead",
            seat=who,
            you=N_("You, the dealer, have already robbed the turned ace: it is robbed once, before the first "
                   "lead")))
    if reason is Refused.TURNED_ACE_KEPT:
        return Explanation("45.rob.dealer-ace", Text(
            "{seat}, the dealer, kept the hand as dealt before the first lead: the turned ace can no longer be "
            "robbed", seat=who,
            you=N_("You, the dealer, kept the hand as dealt before the first lead: the turned ace can no longer "
                   "be robbed")))
    if reason is Refused.NOT_THE_ACE_HOLDER:
        turned, ace = data
        return Explanation("45.rob.ace-holder", Text(
            "{card} is turned, not an ace: only a player dealt the ace of trumps, {ace}, may rob it, and {seat} "
            "does not hold it", card=turned, ace=ace, seat=who,
            you=N_("{card} is turned, not an ace: only a player dealt the ace of trumps, {ace}, may rob it, "
                   "and you do not hold it")))
    if reason is Refused.ROB_DECIDED:
        return Explanation("45.rob.ace-holder", Text(
            "{seat} decides about the turned card once, when their turn first comes in the first trick", seat=who,
            you=N_("You decide about the turned card once, when your turn first comes in the first trick")))
    if reason is Refused.ROB_CARD_NOT_HELD:
        return Explanation("45.rob.ace-holder", Text(
            "{seat} does not hold {card}: the card given up for the turned card comes from their hand",
            seat=who, card=action.card,
            you=N_("You do not hold {card}: the card given up for the turned card comes from your hand")))
    if reason is Refused.ROB_OR_KEEP_FIRST:
        return Explanation("45.rob.ace-holder", Text(
            "{seat} holds the ace of trumps and must first rob (exchange a card for the turned card) "
            "or keep their hand", seat=who,
            you=N_("You hold the ace of trumps and must first rob (exchange a card for the turned card) or "
                   "keep your hand")))
    if reason is Refused.CARD_NOT_HELD:
        return card_not_held("45.deal.packets", who, action.card, data)
    if reason is Refused.SUIT_NAMED:
        return Explanation("45.trick.led-suit", Text(
            "In {game} a card is played without naming a suit: play {card} alone", game=Text(game_title(data)),
            card=action.card))
    if reason is Refused.AGAINST_THE_PLAY:
        assert action.card is not None, "a card refused in the play"
        return ranking.explain_illegal(action.card, data.hand, data.plays, data.trump, data.must_follow_suit,
                                       data.ace_of_hearts_led)
    if reason is Refused.CALL:
        auction: Auction = data
        return auction.explain_illegal(str(action.value))
    if reason is Refused.DEALER_MUST_ROB:
        return Explanation("45.rob.dealer-ace", Text("The turned card is an ace: the dealer must rob it"))
    if reason is Refused.DEALER_LACKS_CARD:
        return Explanation("45.rob.dealer-ace", Text("The dealer does not hold {card}", card=action.card))
    if reason is Refused.DISCARD_DOWN_FIRST:
        return Explanation("a45.discard.bidder", Text("Discard down to five cards before you finish"))
    if reason is Refused.DISCARD_NOT_HELD:
        return Explanation("a45.discard.others", Text("{seat} does not hold {card}", seat=who, card=action.card,
                                                      you=N_("You do not hold {card}")))
    if reason is Refused.NOT_OF_THIS_GAME:
        return Explanation(_PHASE_RULE[data.phase], Text(
            "{action} is not part of {game}: {seat} may only {allowed}",
            action=foreign_action_said(action, data.game), game=Text(game_title(data.game)), seat=who,
            allowed=allowed_words(data.legal),
            you=N_("{action} is not part of {game}: you may only {allowed}")))
    if reason is Refused.NOT_NOW:
        return Explanation(_PHASE_RULE[data.phase], Text(
            "{action} is not allowed during {phase}: {seat} may only {allowed}", action=action_said(action),
            phase=phase_words(data.phase), seat=who, allowed=allowed_words(data.legal),
            you=N_("{action} is not allowed during {phase}: you may only {allowed}")))
    raise ValueError(f"no explanation for the refusal {reason!r}")


def explain_rob_offer(seat: int, card: Card | None, ace: Card, by_dealer: bool, may_keep: bool) -> Explanation:
    """Why ``seat`` may rob the turned ``card`` now: the dealer on a turned ace (``by_dealer``; ``may_keep``: the
    table's ``dealer_rob`` lets them keep their hand instead), else the holder of the ace of trumps, ``ace``."""
    if by_dealer and may_keep:
        return Explanation("45.rob.dealer-ace", Text(
            "The turned card is an ace: {seat}, the dealer, may rob it, discarding one card face down "
            "at once and taking {card} into hand after the first trick, or keep their hand: at this table "
            "the dealer may choose", seat=seat_name(seat), card=card,
            you=N_("The turned card is an ace: you, the dealer, may rob it, discarding one card face "
                   "down at once and taking {card} into hand after the first trick, or keep your hand: "
                   "at this table the dealer may choose")))
    if by_dealer:
        return Explanation("45.rob.dealer-ace", Text(
            "The turned card is an ace: {seat}, the dealer, must rob it at once, before the first lead: "
            "discard one card face down and take {card}; at this table the dealer has no choice",
            seat=seat_name(seat), card=card,
            you=N_("The turned card is an ace: you, the dealer, must rob it at once, before the first lead: "
                   "discard one card face down and take {card}; at this table the dealer has no choice")))
    return Explanation("45.rob.ace-holder", Text(
        "{seat} was dealt the ace of trumps, {ace}: before playing to the first trick they may give up any "
        "other card for the turned card {card}, or keep their hand and be announced as holding the ace",
        seat=seat_name(seat), ace=ace, card=card,
        you=N_("You were dealt the ace of trumps, {ace}: before playing to the first trick you may give up "
               "any other card for the turned card {card}, or keep your hand and be announced as holding "
               "the ace")))
