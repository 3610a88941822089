"""Sentences for the Sixty-Six engine's events and refusals, each citing the rule that made it happen or forbids it.

Events are the full record of a hand; said to the whole table (``ONLOOKER``) their sentences only name cards that
both players see (a draw says who drew, not what); said to a seat they name what it drew, and to the every-hand view
what both drew.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.cards import Card, Suit
from atout.engine import (
    ONLOOKER,
    Action,
    Event,
    Explanation,
    Phase,
    Refusal,
    action_said,
    action_words,
    card_not_held,
    foreign_action_said,
    seat_name,
    sees,
)
from atout.games import game_title
from atout.i18n import N_, OneOf, Plural, Text
from atout.sixty_six import ranking
from atout.sixty_six.hand import Refused
from atout.sixty_six.ranking import NINE_OF
from atout.sixty_six.scoring import LAST_TRICK_BONUS, TARGET_POINTS, marriage_value

if TYPE_CHECKING:
    from atout.sixty_six.hand import SixtySixHand, SixtySixResult


def explain_event(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    """What ``event`` did, for ``viewer`` (a seat, None for every hand face up, ``ONLOOKER`` for the whole table)."""
    kind, seat, data = event.kind, event.seat, event.data
    who = seat_name(seat) if seat is not None else None
    other = seat_name(1 - seat) if seat is not None else None
    if kind == "deal":
        return Explanation("66.deal", Text(
            "{seat} deals: 3 cards to {other}, 3 to the dealer, 3 and 3 again; the next card is turned up and "
            "the 11 others are the stock", seat=who, other=other,
            you=N_("You deal: 3 cards to {other}, 3 to yourself, 3 and 3 again; the next card is turned up and the 11 "
                   "others are the stock")))
    action = event.action
    if kind == "ending":
        assert action is not None, "an ending is taken up by its action"
        return Explanation("66.strict.follow", Text(
            "The hand starts part-way through: {suit} are trumps, the stock is {how}, and each player holds the "
            "cards shown. {seat} plays next.", suit=action.value.trump, seat=who,
            how=Text("closed") if action.value.closed else Text("used up"),
            you=N_("The hand starts part-way through: {suit} are trumps, the stock is {how}, and each player holds "
                   "the cards shown. You play next.")))
    if kind == "turn-up":
        return Explanation("66.trump", Text("{card} is turned up: {suit} are trumps", card=data, suit=data.suit))
    if kind == "play":
        position, strict = data
        assert action is not None, "a play is an action"
        card = action.card
        if position == 1:
            return Explanation("66.open.lead", Text("{seat} leads {card}", seat=who, card=card,
            you=N_("You lead {card}")))
        if strict == "closed":
            return Explanation("66.strict.follow", Text(
                "{seat} plays {card}: the stock is closed, so each player must follow suit and head the trick if "
                "they can, or else trump", seat=who, card=card,
                you=N_("You play {card}: the stock is closed, so each player must follow suit and head the trick if "
                       "they can, or else trump")))
        if strict:
            return Explanation("66.strict.follow", Text(
                "{seat} plays {card}: the stock is used up, so each player must follow suit and head the trick if "
                "they can, or else trump", seat=who, card=card,
                you=N_("You play {card}: the stock is used up, so each player must follow suit and head the trick "
                       "if they can, or else trump")))
        return Explanation("66.open.free", Text("{seat} plays {card}: while the stock is open any card may be "
                                                "played", seat=who, card=card,
                                                you=N_("You play {card}: while the stock is open any card may be "
                                                       "played")))
    if kind == "trick":
        trick, trump, gained = data
        why = ranking.explain_trick(trick.cards, trump)
        return Explanation(why.rule, Text("{seat} wins the trick and its {points}: {why}", seat=who,
                                          points=Plural("{n} card point", "{n} card points", gained), why=why.text,
                                          you=N_("You win the trick and its {points}: {why}")))
    if kind == "marriage-counts":    # one marriage: a second is shown only on lead, so after a trick is won
        return Explanation("66.marriage.pending", Text(
            "{seat} has won a first trick: the {points} points of their marriage now count", seat=who, points=data,
            you=N_("You have won a first trick: the {points} points of your marriage now count")))
    if kind == "draw" and seat is not None and event.cards and (sees(viewer, seat) or sees(viewer, 1 - seat)):
        return _drawn(seat, event.cards, data, viewer)
    if kind == "draw":
        # What the other player does is a sentence of its own, so that it reads "then you draw" to that player
        # (« puis vous piochez à votre tour », never « puis c'est à vous »).
        if data is None:
            return Explanation("66.draw", Text("{seat} draws the top card of the stock, then {then}", seat=who,
                                               then=Text("{seat} draws", seat=other, you=N_("you draw")),
                                               you=N_("You draw the top card of the stock, then {then}")))
        return Explanation("66.draw", Text(
            "{seat} draws the last face-down card, and {then}", seat=who, then=Text(
                "the turned-up trump, {card}, goes to {seat}", seat=other, card=data,
                you=N_("the turned-up trump, {card}, goes to you")),
            you=N_("You draw the last face-down card, and {then}")))
    if kind == "stock-exhausted":
        if data:
            return Explanation("66.strict.follow", Text(
                "The stock is exhausted: from now on you must follow suit and head the trick if you can, or else "
                "trump"))
        return Explanation("66.strict.follow", Text(
            "The stock is exhausted: from now on you must follow suit and head the trick if you can, or else "
            "trump; no more marriages may be declared"))
    if kind == "exchange":
        nine, taken = data
        return Explanation("66.exchange-nine", Text("{seat} exchanges {nine} for the turned-up trump, {card}",
                                                    seat=who, nine=nine, card=taken,
                                                    you=N_("You exchange {nine} for the turned-up trump, {card}")))
    if kind == "close":
        # 66.close: the trump card is turned face down on the stock (``event.cards``), named as it lay face up.
        turned = event.cards[0] if event.cards else None
        if data:
            return Explanation("66.close.before-draw", Text(
                "{seat} closes the stock before drawing, turning {card} face down: nobody draws, the strict rules "
                "apply, there is no 10 for the last trick, and {seat} wins only by declaring 66", seat=who,
                card=turned,
                you=N_("You close the stock before drawing, turning {card} face down: nobody draws, the strict rules "
                       "apply, there is no 10 for the last trick, and you win only by declaring 66")))
        return Explanation("66.close", Text(
            "{seat} closes the stock, turning {card} face down: no more cards are drawn, the strict rules apply, "
            "there is no 10 for the last trick, and {seat} wins only by declaring 66", seat=who, card=turned,
            you=N_("You close the stock, turning {card} face down: no more cards are drawn, the strict rules apply, "
                   "there is no 10 for the last trick, and you win only by declaring 66")))
    if kind == "marriage":
        suit, value, counts = data
        rule = "66.marriage.trump" if value == 40 else "66.marriage"
        if counts:
            return Explanation(rule, Text("{seat} shows the king and queen of {suit}: a marriage worth {points}",
                                          seat=who, suit=suit, points=value,
                                          you=N_("You show the king and queen of {suit}: a marriage worth {points}")))
        return Explanation("66.marriage.pending", Text(
            "{seat} shows the king and queen of {suit}: a marriage worth {points}, which counts only once {seat} "
            "wins a trick", seat=who, suit=suit, points=value,
            you=N_("You show the king and queen of {suit}: a marriage worth {points}, which counts only once you win a "
                   "trick")))
    if kind == "declare":
        return Explanation("66.declare", Text("{seat} stops the play and counts {points}", seat=who,
                                              points=Plural("{n} point", "{n} points", data),
                                              you=N_("You stop the play and count {points}")))
    if kind == "last-trick":
        return Explanation("66.last-trick", Text("{seat} wins the last trick and scores 10 for it", seat=who,
        you=N_("You win the last trick and score 10 for it")))
    if kind == "closed-out":
        closer, reached = data
        if reached:
            return Explanation("66.close", Text(
                "The hands are played out after closing: {seat}, who won the last trick and has no lead left, "
                "counts as declaring 66", seat=who,
                you=N_("The hands are played out after closing: you won the last trick and have no lead left, so "
                       "you count as declaring 66")))
        return Explanation("66.close", Text(
            "{seat} closed the stock and did not declare 66: the hands are played out", seat=seat_name(closer),
            you=N_("You closed the stock and did not declare 66: the hands are played out")))
    if kind == "score":
        return explain_result(data)
    raise ValueError(f"no explanation for event kind {kind!r}")


def explain_result(result: SixtySixResult) -> Explanation:
    """Why the hand scored what it did."""
    rule = result.rule
    winner = result.winner
    gained = game_points(result.game_points[winner] if winner is not None else 0)
    points = _pair(result.points)
    carry = Text(" (with {n} carried from tied hands)", n=result.carried_in) if result.carried_in else ""
    if result.carry_out:
        return Explanation(rule, Text(
            "Both players have 65: nobody scores, and the next hand's winner gets {gp} more",
            gp=game_points(result.carry_out)))
    assert winner is not None, "only a tied hand, its points carried, has no winner"
    # Each part names its own player, so that either of them reading it is "you" with the verb agreeing
    # (« Vous avez fermé le talon … : le joueur 2 marque … », « Le joueur 1 a fermé le talon … : vous marquez … »).
    # 2 game points, or 3 when the scorer had won no trick (when the stock was closed, for a failed close): the 3
    # says why, as the 66.game-points lines do.
    no_trick = ((rule == "66.close.failed" and result.tricks_at_close is not None
                 and result.tricks_at_close[winner] == 0)
                or (rule == "66.declare.wrong" and result.tricks_won[winner] == 0))
    if no_trick and rule == "66.close.failed":
        scored = Text("{seat} scores {gp}{carry}, as they had won no trick when the stock was closed",
                      seat=seat_name(winner), gp=gained, carry=carry,
                      you=N_("you score {gp}{carry}, as you had won no trick when the stock was closed"))
    elif no_trick:
        scored = Text("{seat} scores {gp}{carry}, as they had won no trick", seat=seat_name(winner), gp=gained,
                      carry=carry, you=N_("you score {gp}{carry}, as you had won no trick"))
    else:
        scored = Text("{seat} scores {gp}{carry}", seat=seat_name(winner), gp=gained, carry=carry,
                      you=N_("you score {gp}{carry}"))
    if rule == "66.close.failed":
        assert result.closer is not None, "a failed close has its closer"
        closer = seat_name(result.closer)
        if result.by is not None and result.how == "closed-out":     # the opponent took the last trick with 66
            return Explanation(rule, Text(
                "{closed}, but {won} ({points}), which counts as declaring 66: {scored}", points=points,
                scored=scored, closed=Text("{seat} closed the stock", seat=closer, you=N_("You closed the stock")),
                won=Text("{seat} won the last trick with 66 or more", seat=seat_name(result.by),
                         you=N_("you won the last trick with 66 or more"))))
        if result.by is not None and result.by != result.closer:     # the opponent reached 66 and declared first
            return Explanation(rule, Text(
                "{closed}, but {declared} first ({points}): {scored}", points=points, scored=scored,
                closed=Text("{seat} closed the stock", seat=closer, you=N_("You closed the stock")),
                declared=Text("{seat} reached 66 and declared", seat=seat_name(result.by),
                              you=N_("you reached 66 and declared"))))
        if result.points[result.closer] >= TARGET_POINTS:      # reached, but the closer never said so
            return Explanation(rule, Text("{closed}: {scored}", scored=scored, closed=Text(
                "{seat} closed the stock and reached 66 ({points}) but did not declare it, and a closer wins only "
                "by declaring", seat=closer, points=points,
                you=N_("You closed the stock and reached 66 ({points}) but did not declare it, and a closer wins "
                       "only by declaring"))))
        return Explanation(rule, Text("{closed}: {scored}", scored=scored, closed=Text(
            "{seat} closed the stock and did not reach 66 ({points})", seat=closer, points=points,
            you=N_("You closed the stock and did not reach 66 ({points})"))))
    if rule == "66.declare.wrong":
        assert result.by is not None, "a wrong declaration has its declarer"
        return Explanation(rule, Text("{declared}: {scored}", scored=scored, declared=Text(
            "{seat} declared without 66 ({points})", seat=seat_name(result.by), points=points,
            you=N_("You declared without 66 ({points})"))))
    if rule == "66.game-points":
        loser = 1 - winner
        if result.tricks_won[loser] == 0:
            why = Text("the opponent won no trick")
        elif result.points[loser] < 33:
            why = Text("the opponent has 32 points or fewer")
        else:
            why = Text("the opponent has 33 points or more")
        if result.how == "closed-out":
            return Explanation(rule, Text(
                "{seat} wins the last trick ({points}), which counts as declaring 66: {gp}, as "
                "{why}{carry}", seat=seat_name(winner), points=points, gp=gained, why=why, carry=carry,
                you=N_("You win the last trick ({points}), which counts as declaring 66: {gp}, as "
                       "{why}{carry}")))
        return Explanation(rule, Text("{seat} has reached 66 ({points}): {gp}, as {why}{carry}",
                                      seat=seat_name(winner), points=points, gp=gained, why=why, carry=carry,
                                      you=N_("You have reached 66 ({points}): {gp}, as {why}{carry}")))
    # 66.no-declaration
    if max(result.points) >= 66 > min(result.points):
        return Explanation(rule, Text(
            "All tricks are played and nobody declared: {seat} alone has 66 or more ({points}) and scores "
            "{gp}{carry}", seat=seat_name(winner), points=points, gp=gained, carry=carry,
            you=N_("All tricks are played and nobody declared: you alone have 66 or more ({points}) and score "
                   "{gp}{carry}")))
    return Explanation(rule, Text(
        "All tricks are played, nobody declared and neither or both have 66 ({points}): {seat}, who won the last "
        "trick, scores {gp}{carry}", seat=seat_name(winner), points=points, gp=gained, carry=carry,
        you=N_("All tricks are played, nobody declared and neither or both have 66 ({points}): you won the last trick "
               "and score {gp}{carry}")))


def game_points(n: int) -> Plural:
    return Plural("{n} game point", "{n} game points", n)


def _drawn(seat: int, cards: tuple[Card, ...], turned: Card | None, viewer: int | None) -> Explanation:
    """66.draw, said to a player (or to the every-hand view, None): the card each drew that the viewer sees named,
    the other's said without it; the turned-up trump is named to everybody, as it lay face up."""
    who, other = seat_name(seat), seat_name(1 - seat)
    first, second = cards
    if turned is None:
        if sees(viewer, 1 - seat):
            then = Text("{seat} draws {card}", seat=other, card=second, you=N_("you draw {card}"))
        else:
            then = Text("{seat} draws", seat=other, you=N_("you draw"))
        if sees(viewer, seat):
            return Explanation("66.draw", Text("{seat} draws the top card of the stock, {card}, then {then}", seat=who,
                                               card=first, then=then,
                                               you=N_("You draw the top card of the stock, {card}, then {then}")))
        return Explanation("66.draw", Text("{seat} draws the top card of the stock, then {then}", seat=who, then=then,
                                           you=N_("You draw the top card of the stock, then {then}")))
    taken = Text("the turned-up trump, {card}, goes to {seat}", seat=other, card=turned,
                 you=N_("the turned-up trump, {card}, goes to you"))
    if sees(viewer, seat):
        return Explanation("66.draw", Text("{seat} draws the last face-down card, {card}, and {then}", seat=who,
                                           card=first, then=taken,
                                           you=N_("You draw the last face-down card, {card}, and {then}")))
    return Explanation("66.draw", Text("{seat} draws the last face-down card, and {then}", seat=who, then=taken,
                                       you=N_("You draw the last face-down card, and {then}")))


def _pair(points: list[int]) -> list[Text]:
    """Both players' points, each with its owner ("44 for Player 1 and 41 for you"), never a bare "44–41" that
    leaves the reader to guess whose number comes first."""
    return [Text("{points} for {who}", points=n, who=seat_name(seat)) for seat, n in enumerate(points)]


# --- what the table says in words (``TableView.score_labels`` and ``notes``) ---------------------------------------

def score_labels(points: bool) -> list[Text]:
    """Whose each score on the table is: each player's game points, or with ``points`` their running points."""
    if points:
        return [Text("Points of {seat}", seat=seat_name(s), you=N_("Your points")) for s in range(2)]
    return [Text("{seat}", seat=seat_name(s), you=N_("You")) for s in range(2)]


def hint_reason(hand: SixtySixHand, seat: int, action: Action) -> Text | None:
    """Why ``seat`` might choose ``action``, one that plays no card (to declare, close, draw, exchange the 9 or show
    a marriage), in facts ``seat`` knows whatever the hidden cards are: its own points and cards, and what the
    action does by the rules (the hint's reason, ``atout.hints``)."""
    points = hand.points(seat)
    need = max(0, TARGET_POINTS - points)
    counted = Plural("{n} point", "{n} points", points)     # French says « 0 point »: the count takes its form
    kind = action.kind
    if kind == "declare":
        if need:
            return Text("you have {points}: declaring with fewer than 66 loses the hand", points=counted)
        return Text("you have {points}, 66 or more: declaring stops the play now and wins the hand",
                    points=counted)
    if kind in ("close", "draw") and not need:
        return Text("you have {points}, 66 or more: you may declare them when you lead", points=counted)
    if kind == "close":
        return Text("you have {points}, {need} short of 66: once the stock is closed nobody draws, {other} "
                    "must follow suit and head the trick if they can, and you win the hand only by reaching 66 with "
                    "the cards you hold", points=counted, need=need, other=seat_name(1 - seat))
    if kind == "draw":
        return Text("you have {points}, {need} short of 66: if you closed instead, you would have to win them "
                    "with the cards you hold, as nobody would draw again", points=counted, need=need)
    if kind == "exchange" and action.card is not None and hand.turn_up is not None:
        return Text("the turned-up trump, {card}, is higher than {nine} and worth {n} points in a trick; the 9 is "
                    "worth none", card=hand.turn_up, nine=action.card, n=ranking.POINTS[hand.turn_up.index])
    suit = action.card.suit if action.card is not None else None
    if kind == "marriage" and suit is not None and hand.trump is not None:
        value = marriage_value(suit, hand.trump)
        if hand.tricks_won[seat]:
            return Text("the marriage in {suit} adds {n} points to yours", suit=suit, n=value)
        return Text("the marriage in {suit} is worth {n} points, which count once you win a trick", suit=suit,
                    n=value)
    return None


def score_unit(points: bool) -> Text:
    """What the table's scores count: the points each player has counted toward 66 this hand (its cards, and its
    marriages once it has won a trick), or with ``points`` False the game points the hand has given."""
    if points:
        return Text("Points counted toward 66 this hand")
    return Text("Game points won this hand")


def table_notes(hand: SixtySixHand, teacher: bool) -> list[Text]:
    """What the table says in words: the exchange, the marriages shown, a closed or exhausted stock, who has
    won a trick (a seat knows no more than that), game points carried in."""
    notes: list[Text] = []
    if hand.exchanged_by is not None:
        assert hand.trump is not None, "the 9 of trumps was exchanged"
        # Said as done, as the notes beside it are ("has shown", "closed"): the note stays for the rest of the hand.
        notes.append(Text("{seat} exchanged {nine} for the turned-up trump, {card}",
                          seat=seat_name(hand.exchanged_by), nine=NINE_OF[hand.trump], card=hand.turned_card,
                          you=N_("You exchanged {nine} for the turned-up trump, {card}")))
    for i, (seat, suit, value) in enumerate(hand.marriages):
        who = seat_name(seat)
        if hand.married is not None and i == len(hand.marriages) - 1:
            notes.append(Text("{seat} declared the marriage in {suit}: the lead must be its king or queen",
                              seat=who, suit=suit,
                              you=N_("You declared the marriage in {suit}: the lead must be its king or queen")))
        elif hand.tricks_won[seat]:
            notes.append(Text("{seat} has shown the marriage in {suit}: {points} points", seat=who, suit=suit,
                              points=value,
                              you=N_("You have shown the marriage in {suit}: {points} points")))
        else:
            notes.append(Text("{seat} has shown the marriage in {suit}: {points} points once {seat} wins a "
                              "trick", seat=who, suit=suit, points=value,
                              you=N_("You have shown the marriage in {suit}: {points} points once you win a "
                                     "trick")))
    if hand.closer is not None:
        notes.append(Text("{seat} closed the stock: the turned-up trump, {card}, lies face down",
                          seat=seat_name(hand.closer), card=hand.turn_up,
                          you=N_("You closed the stock: the turned-up trump, {card}, lies face down")))
    elif hand.is_strict and hand.phase is Phase.PLAY:
        if hand.config.strict_marriages:
            notes.append(Text("The stock is exhausted: from now on you must follow suit and head the trick if "
                              "you can, or else trump"))
        else:
            notes.append(Text("The stock is exhausted: from now on you must follow suit and head the trick if "
                              "you can, or else trump; no more marriages may be declared"))
    if not teacher and (hand.phase is Phase.PLAY or hand.phase is Phase.DRAW):
        for seat in range(2):
            notes.append(Text("{seat} has won a trick", seat=seat_name(seat), you=N_("You have won a trick"))
                         if hand.tricks_won[seat]
                         else Text("{seat} has not won a trick yet", seat=seat_name(seat),
                                   you=N_("You have not won a trick yet")))
    if hand.carry and hand.phase is not Phase.OVER:
        notes.append(Text("Game points carried from tied hands, for this hand's winner: {n}", n=hand.carry))
    return notes


class _CardPoints:
    """The sum of the cards' points as it is written out, "A♠ 11 + 10♠ 10", each card in the reader's language
    (written when the sentence is, so a question marked after a change of language names them in the new one)."""

    __slots__ = ("cards",)

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards

    def render(self, lang: str | None = None) -> str:
        return " + ".join(f"{c.render(lang)} {ranking.POINTS[c.index]}" for c in self.cards)


def explain_points(cards: list[Card], won: int, marriages: list[tuple[Suit, int]], any_trick: bool,
                   last_trick: bool, total: int, reached: bool) -> Explanation:
    """The count of one player's points: the cards' points, each marriage (counted once a trick is won), the last
    trick's 10, and whether they make 66."""
    parts = [Text("{cards} = {total} card points", total=won, cards=_CardPoints(cards))
             if cards else Text("No trick won yet, so no card points")]
    rule = "66.points"
    for suit, value in marriages:
        if any_trick:
            parts.append(Text("the marriage in {suit} adds {points}", suit=suit, points=value))
        else:
            parts.append(Text("the marriage in {suit} ({points}) counts only once a trick is won", suit=suit,
                              points=value))
            rule = "66.marriage.pending"
    if last_trick:
        parts.append(Text("the last trick adds {points}", points=LAST_TRICK_BONUS))
    in_all = Plural("{n} point", "{n} points", total)
    verdict = (Text("{points} in all: 66 reached", points=in_all) if reached
               else Text("{points} in all: not yet 66", points=in_all))
    return Explanation(rule, Text("{parts}; {verdict}", parts=parts, verdict=verdict))


# --- why an action is refused (the hand's ``Refusal``), and the rules of play in force -------------------------------

_OPEN_RULE = "66.open.lead"
_ON_LEAD_RULE = {"exchange": "66.exchange-nine", "close": "66.close", "marriage": "66.marriage",
                 "declare": "66.declare"}
# Why the 9 of trumps may not be exchanged now, said after "You may not exchange now:" (the 9 itself as ``nine``).
_NO_EXCHANGE = {
    Refused.EXCHANGE_CLOSED: lambda who, nine: Text("the 9 can no longer be exchanged once the stock is closed"),
    Refused.EXCHANGE_EXHAUSTED: lambda who, nine: Text("the stock is exhausted, so there is no turned-up trump to "
                                                       "take"),
    Refused.EXCHANGE_NOT_THE_NINE: lambda who, nine: Text("only the 9 of trumps, {nine}, may be exchanged",
                                                          nine=nine),
    Refused.EXCHANGE_NINE_NOT_HELD: lambda who, nine: Text("they do not hold {nine}", seat=who, nine=nine,
                                                           you=N_("you do not hold {nine}")),   # named around it
    Refused.EXCHANGE_NO_TRICK_YET: lambda who, nine: Text("they have not won a trick yet", seat=who,
                                                          you=N_("you have not won a trick yet")),
    Refused.EXCHANGE_TOO_LATE: lambda who, nine: Text("the 9 is exchanged before closing or declaring a marriage"),
}


def explain_refusal(refusal: Refusal) -> Explanation:
    """Why the hand refuses an action, in words, citing the rule: the hand's ``Refusal`` (its ``Refused`` reason
    and facts) said."""
    reason, seat, action, data = refusal
    who = seat_name(seat) if seat is not None else None
    if reason is Refused.OVER:
        return Explanation(data, Text("The hand is over: no more actions"))
    if reason is Refused.NOT_DEALT:
        return Explanation("66.deal", Text("The cards must be dealt first"))
    if reason is Refused.MUST_DRAW:
        return Explanation("66.draw", Text(
            "{seat} has won the trick and must first draw from the stock, or close it before drawing", seat=who,
            you=N_("You have won the trick: first draw from the stock, or close it before drawing")))
    if reason is Refused.ONLY_ON_LEAD:
        return Explanation(_ON_LEAD_RULE[action.kind], Text(
            "Only the player on lead may do that, before leading: {seat} must now play a card to this trick "
            "({cards})", seat=who, cards=OneOf(data),
            you=N_("Only the player on lead may do that, before leading: you must now play a card to this trick "
                   "({cards})")))
    if reason is Refused.CARD_NOT_HELD:
        return card_not_held(_OPEN_RULE, who, action.card, data)
    if reason is Refused.SUIT_NAMED:
        return Explanation(_OPEN_RULE, Text("In {game} a card is played without naming a suit: play {card} alone",
                                            game=Text(game_title("sixty-six")), card=action.card))
    if reason is Refused.MARRIAGE_LEADS:
        return Explanation("66.marriage", Text(
            "{seat} declared the marriage in {suit}: the lead must be its king or queen", seat=who, suit=data,
            you=N_("You declared the marriage in {suit}: the lead must be its king or queen")))
    if reason is Refused.AGAINST_THE_PLAY:
        assert action.card is not None, "a card refused in the play"
        return ranking.explain_illegal(action.card, data.hand, data.plays, data.trump)
    if reason in _NO_EXCHANGE:
        return Explanation("66.exchange-nine", Text("{seat} may not exchange now: {why}", seat=who,
                                                    why=_NO_EXCHANGE[reason](who, data),
                                                    you=N_("You may not exchange now: {why}")))
    if reason is Refused.CLOSE_CLOSED:
        return Explanation("66.close", Text("The stock is already closed"))
    if reason is Refused.CLOSE_EXHAUSTED:
        return Explanation("66.close", Text("The stock is exhausted: there is nothing left to close"))
    if reason is Refused.CLOSE_AFTER_MARRIAGE:
        return Explanation("66.close.after-marriage", Text(
            "The marriage shown has begun the lead: the stock may be closed only before the lead, and the lead must "
            "now be its king or queen"))
    if reason is Refused.MARRIAGE_NOT_KING_OR_QUEEN:
        return Explanation("66.marriage", Text("A marriage is a king and queen of one suit: name it by its king "
                                               "or queen, not {card}", card=action.card))
    if reason is Refused.MARRIAGE_STRICT:
        return Explanation("66.strict.no-marriage", Text(
            "Once the stock is exhausted or closed no marriage may be declared"))
    if reason is Refused.MARRIAGE_ALREADY:
        return Explanation("66.marriage", Text("{seat} has already declared a marriage before this lead", seat=who,
                                               you=N_("You have already declared a marriage before this lead")))
    if reason is Refused.MARRIAGE_NOT_HELD:
        assert action.card is not None, "a marriage is named by a card"
        return Explanation("66.marriage", Text("{seat} cannot declare the marriage in {suit}: they do not hold "
                                               "{cards}", seat=who, suit=action.card.suit, cards=data,
                                               you=N_("You cannot declare the marriage in {suit}: you do not hold "
                                                      "{cards}")))
    if reason is Refused.DECLARE_NOT_NOW:
        return Explanation("66.declare", Text(
            "{seat} may declare only on lead after winning a trick, or at once after declaring a marriage",
            seat=who,
            you=N_("You may declare only on lead after winning a trick, or at once after declaring a marriage")))
    if reason is Refused.DRAW_CLOSED:
        return Explanation("66.close", Text("{seat} closed the stock: nobody draws any more", seat=seat_name(data),
                                            you=N_("You closed the stock: nobody draws any more")))
    if reason is Refused.DRAW_EXHAUSTED:
        return Explanation("66.draw", Text("The stock is exhausted: there is nothing left to draw"))
    if reason is Refused.DRAW_NOT_NOW:
        return Explanation("66.draw", Text("There is nothing to draw now: cards are drawn just after a trick, "
                                           "while the stock is open"))
    if reason is Refused.NOT_OF_THIS_GAME:
        return Explanation(_OPEN_RULE, Text("{action} is not part of Sixty-Six: {seat} may {allowed}",
                                            action=foreign_action_said(action, data.game), seat=who,
                                            allowed=action_words(a.kind for a in data.legal),
                                            you=N_("{action} is not part of Sixty-Six: you may {allowed}")))
    if reason is Refused.NOT_NOW:
        return Explanation(_OPEN_RULE, Text("{action} is not allowed now: {seat} may {allowed}",
                                            action=action_said(action), seat=who,
                                            allowed=action_words(a.kind for a in data.legal),
                                            you=N_("{action} is not allowed now: you may {allowed}")))
    raise ValueError(f"no explanation for the refusal {reason!r}")


def explain_play_rules(closer: int | None, strict: bool, face_down: int) -> Explanation:
    """Which rules of play apply: any card while the stock is open (`66.open.free`, ``face_down`` cards left in
    it); follow suit, head the trick, or else trump once ``closer`` closed it or it is exhausted (``strict``:
    `66.strict.follow`)."""
    if closer is not None:
        return Explanation("66.strict.follow", Text(
            "{seat} closed the stock: no more cards are drawn, and from now on you must follow suit and head the "
            "trick if you can, or else trump", seat=seat_name(closer),
            you=N_("You closed the stock: no more cards are drawn, and from now on you must follow suit and "
                   "head the trick if you can, or else trump")))
    if strict:
        return Explanation("66.strict.follow", Text(
            "The stock is exhausted: from now on you must follow suit and head the trick if you can, or else "
            "trump"))
    return Explanation("66.open.free", Text(
        "The stock still holds {n} and the turned-up trump: you need not follow suit nor "
        "trump, any card may be played", n=Plural("{n} face-down card", "{n} face-down cards", face_down)))
