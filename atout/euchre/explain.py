"""Sentences for the Euchre engine's events and refusals, each citing the rule that made it happen or forbids it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.cards import Suit
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
from atout.euchre import ranking
from atout.euchre.config import SIDES
from atout.euchre.hand import Refused
from atout.euchre.scoring import HandResult
from atout.i18n import N_, Plural, Side, Text

if TYPE_CHECKING:
    from atout.euchre.hand import EuchreHand


def explain_event(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    """What ``event`` did, for ``viewer``: the dealer's discard is named to the dealer and to the every-hand view
    (None), and only said to be made to anyone else."""
    kind, seat, data, action = event.kind, event.seat, event.data, event.action
    who = seat_name(seat) if seat is not None else None
    if kind == "deal":
        return Explanation("eu.deal", Text(
            "{seat} deals five cards to each player and turns up {card} on the four left over", seat=who, card=data,
            you=N_("You deal five cards to each player and turn up {card} on the four left over")))
    if kind == "ending":
        maker, trump, alone = data
        said = Text("{seat}, alone", seat=seat_name(maker), you=N_("you, alone")) if alone else Side(maker % 2)
        return Explanation("eu.follow.suit", Text(
            "The hand starts part-way through: {suit} are trumps, made by {maker}, and each player holds the cards "
            "shown. {seat} plays next.", suit=trump, maker=said, seat=who,
            you=N_("The hand starts part-way through: {suit} are trumps, made by {maker}, and each player holds the "
                   "cards shown. You play next.")))
    if kind == "pass":
        if data:
            return Explanation("eu.make.name", Text("{seat} passes and names no trumps", seat=who,
                                                    you=N_("You pass and name no trumps")))
        return Explanation("eu.make.order", Text("{seat} passes", seat=who, you=N_("You pass")))
    if kind == "turned-down":
        return Explanation("eu.make.name", Text(
            "All four passed: {card} is turned down, and each player in turn may now name another suit as trumps",
            card=data))
    if kind == "thrown-in":
        return Explanation("eu.make.all-pass", Text(
            "All four passed twice: the hand is thrown in and the deal passes"))
    if kind == "order":
        return Explanation("eu.make.order", Text(
            "{seat} orders {card} up: {suit} are trumps, and the dealer takes {card}", seat=who, card=data,
            suit=data.suit, you=N_("You order {card} up: {suit} are trumps, and the dealer takes {card}")))
    if kind == "name":
        return Explanation("eu.make.name", Text("{seat} names {suit} as trumps", seat=who, suit=data,
                                                you=N_("You name {suit} as trumps")))
    if kind == "alone":
        return Explanation("eu.alone", Text(
            "{seat} goes alone: their partner lays their cards down and takes no part", seat=who,
            you=N_("You go alone: your partner lays their cards down and takes no part")))
    if kind == "with-partner":
        return Explanation("eu.alone", Text("{seat} plays with their partner", seat=who,
                                            you=N_("You play with your partner")))
    if kind == "partner-out":
        return Explanation("eu.alone", Text("{seat} sits out this hand: their partner goes alone", seat=who,
                                            you=N_("You sit out this hand: your partner goes alone")))
    if kind == "left-down":
        return Explanation("eu.alone.dealer", Text(
            "{seat}, the dealer, sits out: {card} is not taken up and is turned down", seat=who, card=data,
            you=N_("You, the dealer, sit out: {card} is not taken up and is turned down")))
    if kind == "pickup":
        return Explanation("eu.make.pickup", Text(
            "{seat}, the dealer, takes {card} into their hand and will discard one card", seat=who, card=data,
            you=N_("You, the dealer, take {card} into your hand and will discard one card")))
    if kind == "discard":
        assert action is not None, "a discard is an action"
        if sees(viewer, seat):
            return Explanation("eu.make.pickup", Text("{seat} discards {card} face down", seat=who, card=action.card,
                                                      you=N_("You discard {card} face down")))
        return Explanation("eu.make.pickup", Text("{seat} discards a card face down", seat=who,
                                                  you=N_("You discard a card face down")))
    if kind == "first-lead":
        return Explanation("eu.play.first-lead", Text("{seat} leads the first trick", seat=who,
                                                      you=N_("You lead the first trick")))
    if kind == "play":
        trump, position, lead = data
        assert action is not None and action.card is not None, "a play is an action with its card"
        card = action.card
        if position == 1:
            tables = ranking.TABLES[trump]
            if card is tables.left_bower:
                return Explanation("eu.rank.left-bower", Text(
                    "{seat} leads {card}, the left bower: a trump lead", seat=who, card=card,
                    you=N_("You lead {card}, the left bower: a trump lead")))
            if tables.is_trump[card.index]:
                return Explanation("eu.follow.suit", Text("{seat} leads {card}: a trump lead", seat=who, card=card,
                                                          you=N_("You lead {card}: a trump lead")))
            return Explanation("eu.follow.suit", Text("{seat} leads {card}: {suit} are led", seat=who, card=card,
                                                      suit=lead, you=N_("You lead {card}: {suit} are led")))
        return Explanation("eu.follow.suit", Text("{seat} plays {card}", seat=who, card=card,
                                                  you=N_("You play {card}")))
    if kind == "trick":
        trick, trump = data
        why = ranking.explain_trick(trick.cards, trump)
        return Explanation(why.rule, Text("{seat} wins the trick: {why}", seat=who, why=why.text,
                                          you=N_("You win the trick: {why}")))
    if kind == "score":
        return explain_score(data)
    raise ValueError(f"no explanation for event kind {kind!r}")


def tricks(n: int) -> Plural:
    return Plural("{n} trick", "{n} tricks", n)


def points(n: int) -> Plural:
    return Plural("{n} point", "{n} points", n)


def explain_score(result: HandResult) -> Explanation:
    """Why the hand scored what it did: the makers' tricks, the march, going alone, a euchre; the totals."""
    if result.thrown_in:
        return Explanation("eu.make.all-pass", Text("The hand was thrown in: nothing is scored"))
    assert result.maker_side is not None, "a hand played has its makers"
    side, other = Side(result.maker_side), Side(1 - result.maker_side)
    taken = result.tricks_won[result.maker_side]
    if result.euchred:
        text = Text("{side} made trumps but took only {tricks}: they are euchred, and {other} score {points}",
                    side=side, tricks=tricks(taken), other=other, points=points(result.points[1 - result.maker_side]))
    elif result.march and result.alone:
        text = Text("{side} took all five tricks with the maker alone, a lone march: {points}", side=side,
                    points=points(result.points[result.maker_side]))
    elif result.march:
        text = Text("{side} took all five tricks, the march: {points}", side=side,
                    points=points(result.points[result.maker_side]))
    else:
        text = Text("{side} made trumps and took {tricks}: {points}", side=side, tricks=tricks(taken),
                    points=points(result.points[result.maker_side]))
    scores = [Text("{n} for {who}", n=s, who=Side(i)) for i, s in enumerate(result.scores_after)]
    text = Text("{first}; totals now: {scores}", first=text, scores=scores)
    if result.winner is not None:
        return Explanation("eu.game.target", Text("{why}. The game goes to {side}", why=text,
                                                  side=Side(result.winner)))
    return Explanation(result.rule, text)


# --- what the table says in words (``TableView.score_labels`` and ``notes``) ---------------------------------------

def score_labels() -> list[Text]:
    """Whose each score on the table is: the two sides."""
    return [Text("{side}", side=Side(i)) for i in range(SIDES)]


def table_notes(hand: EuchreHand) -> list[Text]:
    """The table's notes: the up-card turned down, the makers, the partner sitting out."""
    notes = []
    if hand.turned_down and hand.maker is None and hand.up_card is not None:
        notes.append(Text("{card} was turned down: {suit} may not be named", card=hand.up_card,
                          suit=hand.up_card.suit))
    if hand.maker is not None and hand.trump is not None:
        notes.append(Text("{seat} made {suit} trumps", seat=seat_name(hand.maker), suit=hand.trump,
                          you=N_("You made {suit} trumps")))
    if hand.sitting_out is not None:
        notes.append(Text("{seat} sits out: their partner goes alone", seat=seat_name(hand.sitting_out),
                          you=N_("You sit out: your partner goes alone")))
    return notes


# --- why an action is refused (the hand's ``Refusal``) -------------------------------------------------------------

_PHASE_RULE = {Phase.BID: "eu.make.order", Phase.TRUMP: "eu.make.name", Phase.DISCARD: "eu.make.pickup",
               Phase.PLAY: "eu.follow.suit"}


def explain_refusal(refusal: Refusal) -> Explanation:
    """Why the hand refuses an action, in words, citing the rule."""
    reason, seat, action, data = refusal
    who = seat_name(seat) if seat is not None else None
    if reason is Refused.OVER:
        return Explanation("eu.game.target", Text("The hand is over: no more actions"))
    if reason is Refused.BAD_DEAL:
        return Explanation("eu.deal", Text("A deal must order the 24 cards of the Euchre deck, each once"))
    if reason is Refused.NOT_DEALT:
        return Explanation("eu.deal", Text("The cards must be dealt first"))
    if reason is Refused.TURNED_DOWN:
        return Explanation("eu.make.name", Text(
            "{card} was turned down, so {suit} may not be named as trumps: name another suit", card=data,
            suit=data.suit))
    if reason is Refused.STUCK:
        return Explanation("eu.make.stick", Text(
            "The dealer may not pass in the second round at this table (stick the dealer): {seat} must name trumps",
            seat=who, you=N_("The dealer may not pass in the second round at this table (stick the dealer): you "
                             "must name trumps")))
    if reason is Refused.MUST_GO_ALONE:
        return Explanation("eu.alone.partner-orders", Text(
            "At this table the dealer's partner who orders the up-card up must go alone"))
    if reason is Refused.DISCARD_NOT_HELD:
        return card_not_held("eu.make.pickup", who, action.card, data)
    if reason is Refused.CARD_NOT_HELD:
        return card_not_held("eu.follow.suit", who, action.card, data)
    if reason is Refused.SUIT_NAMED:
        return Explanation("eu.follow.suit", Text(
            "No card names a suit in Euchre: play {card} without naming a suit", card=action.card))
    if reason is Refused.AGAINST_THE_PLAY:
        assert action.card is not None, "a card refused in the play"
        return ranking.explain_illegal(action.card, data.hand, data.plays, data.trump)
    if reason is Refused.NOT_OF_THIS_GAME:
        return Explanation(_PHASE_RULE[data.phase], Text(
            "{action} is not part of Euchre: {seat} must {allowed}",
            action=foreign_action_said(action, data.game), seat=who, allowed=allowed_words(data.legal),
            you=N_("{action} is not part of Euchre: you must {allowed}")))
    if reason is Refused.NOT_NOW:
        return Explanation(_PHASE_RULE[data.phase], Text(
            "{action} is not allowed during {phase}: {seat} must {allowed}", action=action_said(action),
            phase=phase_words(data.phase), seat=who, allowed=allowed_words(data.legal),
            you=N_("{action} is not allowed during {phase}: you must {allowed}")))
    raise ValueError(f"no explanation for the refusal {reason!r}")


# --- the hint's reason for a choice that plays no card (``atout.hints``) ------------------------------------------

def hint_reason(hand: EuchreHand, seat: int, action: Action) -> Text | None:
    """Why ``seat`` might make this choice, from its own cards and the rules: the trumps a suit would give, what a
    pass leaves, what going alone scores."""
    from atout.hints import with_trumps

    kind, up = action.kind, hand.up_card
    if kind == "order" and up is not None:
        return with_trumps(hand, seat, up.suit)
    if kind == "name" and isinstance(action.value, Suit):
        return with_trumps(hand, seat, action.value)
    if kind == "pass" and seat == hand.dealer and hand.phase is Phase.BID and up is not None:
        return Text("if you pass, {card} is turned down and each player may name another suit", card=up)
    if kind == "pass" and seat == hand.dealer:
        return Text("if you pass, the hand is thrown in and the deal passes")
    if kind == "pass":
        return Text("passing leaves the choice to the next player")
    if kind == "alone":
        return Text("alone, your side scores 4 for all five tricks, 1 for three or four, and your partner's cards "
                    "do not play")
    if kind == "with-partner":
        return Text("with your partner, your side scores 2 for all five tricks and 1 for three or four")
    return None
