"""Sentences for the Spoil Five engine's events and refusals, each citing the rule that made it happen or forbids it.
Where Spoil Five does what Forty-Fives does (robbing, following, winning a trick), it says it in the same words."""

from __future__ import annotations

from atout.cards import ACE, Card
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
from atout.games import game_title
from atout.i18n import N_, Plural, Text
from atout.spoil_five import ranking
from atout.spoil_five.hand import Refused, SpoilFiveHand
from atout.spoil_five.scoring import HandResult


def _counters(n: int) -> Plural:
    return Plural("{n} counter", "{n} counters", n)


def explain_event(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    """What ``event`` did, for ``viewer``: a card given up face down is named to its owner and to the every-hand view
    (None), not to anyone else."""
    kind, seat, data, action = event.kind, event.seat, event.data, event.action
    who = seat_name(seat) if seat is not None else None
    if kind == "deal":
        return Explanation("s5.score.stake", Text(
            "{seat} deals a packet of 3 to each player from the dealer's left, then a packet of 2; the pool holds "
            "{pool}", seat=who, pool=_counters(data),
            you=N_("You deal a packet of 3 to each player from your left, then a packet of 2; the pool holds "
                   "{pool}")))
    if kind == "ending":
        assert action is not None, "an ending is taken up by its action"
        return Explanation("s5.play.first-lead", Text(
            "The hand starts part-way through: {suit} are trumps and each player holds the cards shown. {seat} plays "
            "next.", suit=action.value.trump, seat=who,
            you=N_("The hand starts part-way through: {suit} are trumps and each player holds the cards shown. You "
                   "play next.")))
    if kind == "turn-up":
        return Explanation("s5.deal.turn-up", Text("{card} is turned up: {suit} are trumps",
                                                   card=data, suit=data.suit))
    if kind == "rob":
        assert action is not None, "a rob gives up its card"
        shown = sees(viewer, seat)
        if data.rank == ACE and shown:
            return Explanation("s5.rob.dealer-ace", Text(
                "The turned card is an ace: {seat}, the dealer, robs it, discarding {given} face down to take {card}",
                seat=who, given=action.card, card=data,
                you=N_("The turned card is an ace: you, the dealer, rob it, discarding {given} face down to take "
                       "{card}")))
        if data.rank == ACE:
            return Explanation("s5.rob.dealer-ace", Text(
                "The turned card is an ace: {seat}, the dealer, robs it, discarding a card face down to take {card}",
                seat=who, card=data,
                you=N_("The turned card is an ace: you, the dealer, rob it, discarding a card face down to take "
                       "{card}")))
        if shown:
            return Explanation("s5.rob.ace-holder", Text(
                "{seat} holds the ace of trumps and robs: they give up {given} face down and take the turned {card}",
                seat=who, given=action.card, card=data,
                you=N_("You hold the ace of trumps and rob: you give up {given} face down and take the turned "
                       "{card}")))
        return Explanation("s5.rob.ace-holder", Text(
            "{seat} holds the ace of trumps and robs: they give up a card face down and take the turned {card}",
            seat=who, card=data, you=N_("You hold the ace of trumps and rob: you give up a card face down and take "
                                        "the turned {card}")))
    if kind == "keep":
        if data is None:
            return Explanation("s5.rob.dealer-ace", Text(
                "{seat}, the dealer, keeps their hand and leaves the turned ace", seat=who,
                you=N_("You, the dealer, keep your hand and leave the turned ace")))
        return Explanation("s5.rob.ace-holder", Text(
            "{seat} keeps their hand and is announced as holding {card}", seat=who, card=data,
            you=N_("You keep your hand and are announced as holding {card}")))
    if kind == "play":
        trump, position, led = data
        assert action is not None and action.card is not None, "a play is an action with its card"
        card = action.card
        is_trump = ranking.TABLES[trump].is_trump
        if position == 1:
            if is_trump[card.index]:
                return Explanation("s5.trick.led-suit", Text("{seat} leads {card}: a trump lead", seat=who, card=card,
                                                             you=N_("You lead {card}: a trump lead")))
            return Explanation("s5.trick.led-suit", Text("{seat} leads {card}: {suit} are led", seat=who,
                                                         card=card, suit=card.suit,
                                                         you=N_("You lead {card}: {suit} are led")))
        rule = "s5.follow.trump-lead" if is_trump[led.index] else "s5.follow.plain-lead"
        return Explanation(rule, Text("{seat} plays {card}", seat=who, card=card, you=N_("You play {card}")))
    if kind == "trick":
        trick, trump = data
        why = ranking.explain_trick(trick.cards, trump)
        return Explanation(why.rule, Text("{seat} wins the trick: {why}", seat=who, why=why.text,
                                          you=N_("You win the trick: {why}")))
    if kind == "jinx":
        return Explanation("s5.play.jinx", Text(
            "{seat} took the first three tricks and jinxes: they play on to take all five, for the pool of {pool} "
            "and one stake more from each player; losing a trick now loses the pool", seat=who, pool=_counters(data),
            you=N_("You took the first three tricks and jinx: you play on to take all five, for the pool of {pool} "
                   "and one stake more from each player; losing a trick now loses the pool")))
    if kind == "stop":
        return Explanation("s5.score.three-tricks", Text(
            "{seat} took the first three tricks and stops there, taking the pool", seat=who,
            you=N_("You took the first three tricks and stop there, taking the pool")))
    if kind == "score":
        return explain_score(data)
    raise ValueError(f"no explanation for the event {kind!r}")


def explain_score(result: HandResult) -> Explanation:
    """Who took the pool, or why it is carried over, and how many counters that is."""
    if result.jinx == "made":
        assert result.winner is not None
        return Explanation("s5.score.jinx-made", Text(
            "{seat} took all five tricks as announced: the pool of {pool} and one stake more from each player",
            seat=seat_name(result.winner), pool=_counters(result.pool),
            you=N_("You took all five tricks as announced: the pool of {pool} and one stake more from each player")))
    if result.jinx == "failed":
        return Explanation("s5.score.jinx-failed", Text(
            "The jinx failed: nobody takes the pool, and its {pool} are carried over to the next deal",
            pool=_counters(result.pool)))
    if result.winner is not None:
        return Explanation("s5.score.three-tricks", Text(
            "{seat} took three tricks and wins the pool of {pool}", seat=seat_name(result.winner),
            pool=_counters(result.pool), you=N_("You took three tricks and win the pool of {pool}")))
    return Explanation("s5.score.spoiled", Text(
        "Nobody took three tricks: the hand is spoiled, and the pool of {pool} is carried over to the next deal",
        pool=_counters(result.pool)))


def score_labels(players: int) -> list[Text]:
    """Whose each score on the table is: each player's."""
    return [Text("{seat}", seat=seat_name(i), you=N_("You")) for i in range(players)]


def hint_reason(hand: SpoilFiveHand, seat: int, action: Action) -> Text | None:
    """Why ``seat`` might make a choice that plays no card (the hint's reason, ``atout.hints``), from what it sees:
    robbing or keeping the hand as Forty-Fives says it; stopping or jinxing by what each stakes on the pool."""
    from atout.hints import rob_reason

    if action.kind == "stop":
        return Text("stopping, you take the pool of {pool} now", pool=_counters(hand.pool))
    if action.kind == "jinx":
        return Text("jinxing, you play on for the pool of {pool} and one stake more from each player, and lose the "
                    "pool if another player takes a trick", pool=_counters(hand.pool))
    return rob_reason(hand, seat, action)


def table_notes(ace_holder: int | None, pool: int, jinxed: int | None, result: HandResult | None = None) -> list[Text]:
    """The table's notes: the pool (once the hand is over, who took it or that it is carried over), who jinxed (while
    the hand is played), who announced holding the ace of trumps."""
    if result is None:
        notes = [Text("The pool holds {pool}", pool=_counters(pool))]
    elif result.winner is not None:
        notes = [Text("{seat} took the pool", seat=seat_name(result.winner), you=N_("You took the pool"))]
    else:
        notes = [Text("The pool of {pool} is carried over to the next deal", pool=_counters(result.pool_after))]
    if jinxed is not None and result is None:
        notes.append(Text("{seat} jinxes: all five tricks or nothing", seat=seat_name(jinxed),
                          you=N_("You jinx: all five tricks or nothing")))
    if ace_holder is not None:
        notes.append(Text("{seat} holds the ace of trumps", seat=seat_name(ace_holder),
                          you=N_("You hold the ace of trumps")))
    return notes


_PHASE_RULE = {Phase.ROB: "s5.rob.dealer-ace", Phase.PLAY: "s5.play.first-lead"}


def explain_refusal(refusal: Refusal) -> Explanation:
    """Why the hand refuses an action, in words, citing the rule."""
    reason, seat, action, data = refusal
    who = seat_name(seat) if seat is not None else None
    if reason is Refused.OVER:
        return Explanation("s5.score.three-tricks", Text("The hand is over: no more actions"))
    if reason is Refused.NOT_DEALT:
        return Explanation("s5.deal.packets", Text("The cards must be dealt first"))
    if reason is Refused.ACE_KEPT:
        return Explanation("s5.rob.ace-holder", Text(
            "{seat} keeps the ace of trumps, {ace}: another card is given up for the turned card", seat=who,
            ace=data, you=N_("You keep the ace of trumps, {ace}: another card is given up for the turned card")))
    if reason is Refused.TURNED_ACE_IS_THE_DEALERS:
        dealer, must = data
        if must:
            return Explanation("s5.rob.dealer-ace", Text(
                "The turned card is an ace: {seat}, the dealer, must rob it, and nobody else may",
                seat=seat_name(dealer),
                you=N_("The turned card is an ace: you, the dealer, must rob it, and nobody else may")))
        return Explanation("s5.rob.dealer-ace", Text(
            "The turned card is an ace: only {seat}, the dealer, may rob it", seat=seat_name(dealer),
            you=N_("The turned card is an ace: only you, the dealer, may rob it")))
    if reason is Refused.TURNED_ACE_DECIDED:
        return Explanation("s5.rob.dealer-ace", Text(
            "The dealer decides about the turned ace once, before the first lead"))
    if reason is Refused.NOT_THE_ACE_HOLDER:
        turned, ace = data
        return Explanation("s5.rob.ace-holder", Text(
            "{card} is turned, not an ace: only a player dealt the ace of trumps, {ace}, may rob it, and {seat} "
            "does not hold it", card=turned, ace=ace, seat=who,
            you=N_("{card} is turned, not an ace: only a player dealt the ace of trumps, {ace}, may rob it, "
                   "and you do not hold it")))
    if reason is Refused.ROB_DECIDED:
        return Explanation("s5.rob.ace-holder", Text(
            "{seat} decides about the turned card once, when their turn first comes in the first trick", seat=who,
            you=N_("You decide about the turned card once, when your turn first comes in the first trick")))
    if reason is Refused.ROB_CARD_NOT_HELD:
        return Explanation("s5.rob.ace-holder", Text(
            "{seat} does not hold {card}: the card given up for the turned card comes from their hand",
            seat=who, card=action.card,
            you=N_("You do not hold {card}: the card given up for the turned card comes from your hand")))
    if reason is Refused.ROB_OR_KEEP_FIRST and data:
        return Explanation("s5.rob.ace-holder", Text(
            "{seat} holds the ace of trumps and must first rob: give up a card for the turned card", seat=who,
            you=N_("You hold the ace of trumps and must first rob: give up a card for the turned card")))
    if reason is Refused.ROB_OR_KEEP_FIRST:
        return Explanation("s5.rob.ace-holder", Text(
            "{seat} holds the ace of trumps and must first rob (exchange a card for the turned card) "
            "or keep their hand", seat=who,
            you=N_("You hold the ace of trumps and must first rob (exchange a card for the turned card) or "
                   "keep your hand")))
    if reason is Refused.HOLDER_MUST_ROB:
        return Explanation("s5.rob.ace-holder", Text(
            "At this table the holder of the ace of trumps must rob: keeping the hand as dealt is not allowed"))
    if reason is Refused.DEALER_MUST_ROB:
        return Explanation("s5.rob.dealer-ace", Text("The turned card is an ace: the dealer must rob it"))
    if reason is Refused.JINX_OR_STOP_FIRST:
        return Explanation("s5.play.jinx", Text(
            "{seat} took the first three tricks and must first say whether they stop and take the pool or jinx",
            seat=who,
            you=N_("You took the first three tricks and must first say whether you stop and take the pool or "
                   "jinx")))
    if reason is Refused.NO_JINX_NOW:
        holder, jinx_played = data
        if not jinx_played:
            return Explanation("s5.score.three-tricks", Text(
                "This table plays without the jinx: three tricks take the pool and end the hand"))
        return Explanation("s5.play.jinx", Text(
            "Only a player who has taken the first three tricks may jinx or stop, right after the third trick"))
    if reason is Refused.CARD_NOT_HELD:
        return card_not_held("s5.deal.packets", who, action.card, data)
    if reason is Refused.SUIT_NAMED:
        return Explanation("s5.trick.led-suit", Text(
            "In {game} a card is played without naming a suit: play {card} alone", game=Text(game_title(data)),
            card=action.card))
    if reason is Refused.AGAINST_THE_PLAY:
        assert action.card is not None, "a card refused in the play"
        return ranking.explain_illegal(action.card, data.hand, data.plays, data.trump, data.must_follow_suit)
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
    """Why ``seat`` may rob the turned ``card`` now: the dealer on a turned ace, else the holder of the ace of
    trumps, ``ace``; ``may_keep``: the table lets them keep their hand instead."""
    if by_dealer and may_keep:
        return Explanation("s5.rob.dealer-ace", Text(
            "The turned card is an ace: {seat}, the dealer, may rob it (discard one card face down and take {card}) "
            "or keep their hand, before the first lead", seat=seat_name(seat), card=card,
            you=N_("The turned card is an ace: you, the dealer, may rob it (discard one card face down and take "
                   "{card}) or keep your hand, before the first lead")))
    if by_dealer:
        return Explanation("s5.rob.dealer-ace", Text(
            "The turned card is an ace: {seat}, the dealer, must rob it at once, before the first lead: "
            "discard one card face down and take {card}; at this table the dealer has no choice",
            seat=seat_name(seat), card=card,
            you=N_("The turned card is an ace: you, the dealer, must rob it at once, before the first lead: "
                   "discard one card face down and take {card}; at this table the dealer has no choice")))
    if not may_keep:
        return Explanation("s5.rob.ace-holder", Text(
            "{seat} was dealt the ace of trumps, {ace}: before playing to the first trick they must give up another "
            "card for the turned card {card}", seat=seat_name(seat), ace=ace, card=card,
            you=N_("You were dealt the ace of trumps, {ace}: before playing to the first trick you must give up "
                   "another card for the turned card {card}")))
    return Explanation("s5.rob.ace-holder", Text(
        "{seat} was dealt the ace of trumps, {ace}: before playing to the first trick they may give up any "
        "other card for the turned card {card}, or keep their hand and be announced as holding the ace",
        seat=seat_name(seat), ace=ace, card=card,
        you=N_("You were dealt the ace of trumps, {ace}: before playing to the first trick you may give up "
               "any other card for the turned card {card}, or keep your hand and be announced as holding "
               "the ace")))
