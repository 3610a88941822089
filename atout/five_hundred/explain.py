"""Sentences for the Five Hundred engine's events and refusals, each citing the rule that made it happen or forbids
it."""

from __future__ import annotations

from atout.cards import ACE, Suit
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
from atout.five_hundred import ranking
from atout.five_hundred.bidding import Auction
from atout.five_hundred.config import PASS, SIDES, Contract
from atout.five_hundred.hand import FiveHundredHand, Refused
from atout.five_hundred.scoring import DEFENDER_TRICK, HandResult
from atout.i18n import N_, Plural, Side, Text, signed


def explain_event(event: Event, viewer: int | None = ONLOOKER) -> Explanation:
    """What ``event`` did, for ``viewer``: the kitty and the discards are named to the contractor and to the
    every-hand view (None), counted for anyone else (``ONLOOKER``: the whole table)."""
    kind, seat, data, action = event.kind, event.seat, event.data, event.action
    who = seat_name(seat) if seat is not None else None
    shown = sees(viewer, seat)
    if kind == "deal":
        return Explanation("500.deal", Text(
            "{seat} deals from their left: 3 cards to each player, 3 to the kitty, then 4 to each and 3 to each",
            seat=who,
            you=N_("You deal from your left: 3 cards to each player, 3 to the kitty, then 4 to each and 3 to each")))
    if kind == "ending":
        assert action is not None, "an ending is taken up by its action"
        contractor, _call = action.value.contract
        return Explanation("500.follow.suit", Text(
            "The hand starts part-way through: the contract is {call}, played by {side}, and each player holds the "
            "cards shown. {seat} plays next.", side=Side(contractor % 2), call=data, seat=who,
            you=N_("The hand starts part-way through: the contract is {call}, played by {side}, and each player holds "
                   "the cards shown. You play next.")))
    if kind == "bid":
        assert action is not None, "a call is an action"
        call = action.value
        if call == PASS:
            return Explanation("500.bid.pass", Text("{seat} passes and may not bid again this hand", seat=who,
            you=N_("You pass and may not bid again this hand")))
        contract = data
        if contract is not None and contract.misere:
            return Explanation("500.bid.misere", Text("{seat} calls {call}: to lose every trick, playing alone",
                                                      seat=who, call=contract,
                                                      you=N_("You call {call}: to lose every trick, playing alone")))
        return Explanation("500.bid.higher", Text("{seat} bids {call}", seat=who, call=contract or call,
        you=N_("You bid {call}")))
    if kind == "contract":
        return Explanation("500.bid.pass", Text("{seat} wins the auction with {call}", seat=who, call=data,
        you=N_("You win the auction with {call}")))
    if kind == "thrown-in":
        return Explanation("500.bid.all-pass", Text("All four passed: the hand is thrown in and the deal passes"))
    if kind == "partner-out":
        if data.open:
            return Explanation("500.bid.misere", Text(
                "{seat} lays their cards aside: their partner plays open misère alone, and will show their hand "
                "after the first trick", seat=who,
                you=N_("You lay your cards aside: your partner plays open misère alone, and will show their hand "
                       "after the first trick")))
        return Explanation("500.bid.misere", Text("{seat} lays their cards aside: their partner plays misère alone",
                                                  seat=who,
                                                  you=N_("You lay your cards aside: your partner plays misère alone")))
    if kind == "kitty" and shown:
        return Explanation("500.kitty", Text(
            "{seat} takes the three cards of the kitty, {cards}, and will discard three", seat=who,
            cards=list(event.cards), you=N_("You take the three cards of the kitty, {cards}, and will discard three")))
    if kind == "kitty":
        return Explanation("500.kitty", Text("{seat} takes the three cards of the kitty and will discard three",
                                             seat=who,
                                             you=N_("You take the three cards of the kitty and will discard three")))
    if kind == "discard" and shown:
        assert action is not None, "a discard is an action"
        return Explanation("500.kitty", Text("{seat} discards {card} face down ({n} of 3)", seat=who,
                                             card=action.card, n=data,
                                             you=N_("You discard {card} face down ({n} of 3)")))
    if kind == "discard":
        return Explanation("500.kitty", Text("{seat} discards a card face down ({n} of 3)", seat=who, n=data,
        you=N_("You discard a card face down ({n} of 3)")))
    if kind == "first-lead":
        return Explanation("500.play.first-lead", Text("{seat}, the contractor, leads the first trick", seat=who,
        you=N_("You, the contractor, lead the first trick")))
    if kind == "play":
        trump, position, lead = data
        assert action is not None and action.card is not None, "a play is an action with its card"
        card = action.card
        if position == 1:
            if action.value is not None:
                return Explanation("500.joker.no-trump", Text(
                    "{seat} leads the joker and names {suit}: the others must follow {suit}", seat=who,
                    card=card, suit=lead,
                    you=N_("You lead the joker and name {suit}: the others must follow {suit}")))
            if ranking.TABLES[trump].is_trump[card.index]:
                if card is ranking.TABLES[trump].left_bower:
                    return Explanation("500.rank.left-bower", Text(
                        "{seat} leads {card}, the left bower: a trump lead", seat=who, card=card,
                        you=N_("You lead {card}, the left bower: a trump lead")))
                return Explanation("500.follow.suit", Text("{seat} leads {card}: a trump lead", seat=who, card=card,
                you=N_("You lead {card}: a trump lead")))
            return Explanation("500.follow.suit", Text("{seat} leads {card}: {suit} are led", seat=who, card=card,
                                                       suit=lead,
                                                       you=N_("You lead {card}: {suit} are led")))
        return Explanation("500.follow.suit", Text("{seat} plays {card}", seat=who, card=card,
        you=N_("You play {card}")))
    if kind == "trick":
        trick, trump = data
        why = ranking.explain_trick(trick.cards, trump, trick.joker_suit)
        return Explanation(why.rule, Text("{seat} wins the trick: {why}", seat=who, why=why.text,
        you=N_("You win the trick: {why}")))
    if kind == "open-hand":
        return Explanation("500.bid.misere", Text("{seat} plays open misère and lays their hand face up: {cards}",
                                                  seat=who, cards=data,
                                                  you=N_("You play open misère and lay your hand face up: {cards}")))
    if kind == "score":
        return explain_score(data)
    raise ValueError(f"no explanation for event kind {kind!r}")


def explain_score(result: HandResult) -> Explanation:
    """Why the hand scored what it did, with the arithmetic: the contract's value, won or lost, and the
    defenders' 10 a trick (`500.score.defenders`; in misère as the option ``misere_defenders`` reads it)."""
    if result.thrown_in:
        return Explanation("500.bid.all-pass", Text("The hand was thrown in: nothing is scored"))
    assert result.contractor_side is not None and result.contract is not None, "a hand played has its contract"
    side = Side(result.contractor_side)
    scores = [Text("{n} for {who}", n=signed(s), who=Side(i))      # "40 for your side, …"
              for i, s in enumerate(result.scores_after)]
    contract = result.contract
    taken = result.tricks_won[result.contractor_side]
    if contract.misere:
        rule = "500.bid.misere"
        text = _misere(result, side, taken)
    elif result.slam:
        rule = "500.score.slam"
        text = Text("{side} took all ten tricks on {call}, worth less than 250, which scores 250", side=side,
                    call=contract)
    elif result.made:
        rule = "500.score.contract"
        text = Text("{side} made {call} with {tricks} tricks: +{value}", side=side, call=contract, tricks=taken,
                    value=contract.value)
    else:
        rule = "500.score.contract"
        text = Text("{side} took only {tricks} on {call}: −{value}", side=side, call=contract, tricks=tricks(taken),
                    value=contract.value)
    text = Text("{first}; {then}; totals now: {scores}", first=text, then=_defenders(result), scores=scores)
    if result.winner is not None:
        return Explanation("500.game.target", _game_end(result, text))
    return Explanation(rule, text)


def _misere(result: HandResult, side: Side, taken: int) -> Text:
    """A misère scored, naming who played it: the contractor alone, their partner's cards aside (500.bid.misere);
    the points go to the side. The referee's score query knows the side only: then it is "the contractor of"."""
    assert result.contract is not None, "a hand played has its contract"
    contract, seat = result.contract, result.contractor
    if seat is None and result.made:
        return Text("The contractor of {side}, playing alone, made {call}, taking no trick: +{value}", side=side,
                    call=contract, value=contract.value)
    if seat is None:
        return Text("The contractor of {side}, playing alone, took {tricks} in {call}, a contract that must lose "
                    "every trick: −{value}", side=side, tricks=tricks(taken), call=contract, value=contract.value)
    if result.made:
        return Text("{seat} made {call} alone, taking no trick: +{value} for {side}", seat=seat_name(seat), side=side,
                    call=contract, value=contract.value,
                    you=N_("You made {call} alone, taking no trick: +{value} for {side}"))
    return Text("{seat} took {tricks} in {call}, a contract that must lose every trick: −{value} for {side}",
                seat=seat_name(seat), side=side, tricks=tricks(taken), call=contract, value=contract.value,
                you=N_("You took {tricks} in {call}, a contract that must lose every trick: −{value} for {side}"))


def _game_end(result: HandResult, text: Text) -> Text:
    """The hand that ends the game, and why it goes to that side when the side with more points may not be it
    (500.game.target): both sides past the target go to the contractors, and with must_bid_to_win a side at
    minus the target loses whatever the other holds."""
    assert result.winner is not None, "only a hand that ends the game says who won it"
    winner, loser, scores = Side(result.winner), Side(1 - result.winner), result.scores_after
    if result.minus_target_loses and scores[1 - result.winner] <= -result.target:
        return Text("{why}. {loser} fell to −{score}, and a side at −{target} or below loses the game: the game "
                    "goes to {side}", why=text, loser=loser, score=-scores[1 - result.winner], target=result.target,
                    side=winner)
    if min(scores) >= result.target:
        return Text("{why}. Both sides reached {target} in this hand: the game goes to the contractors, {side}",
                    why=text, target=result.target, side=winner)
    return Text("{why}. The game goes to {side}", why=text, side=winner)


def _defenders(result: HandResult) -> Text:
    """What the other side scored: 10 a trick, nothing in misère where a table says so, or what the Australian
    target rule leaves of it."""
    assert result.contractor_side is not None and result.contract is not None, "a hand played has its contract"
    other = 1 - result.contractor_side
    defenders, taken, points = Side(other), result.tricks_won[other], result.points[other]
    # The cap comes first: with must_bid_to_win a side at 490 scores 0 for its tricks even in a misère that pays
    # defenders 10 a trick, and saying "nothing in misère" there would teach a false rule.
    if result.capped[other]:
        return Text("{side} took {tricks} ({worth}), but at this table defenders' trick points stop at {limit}: "
                    "+{points}", side=defenders, tricks=tricks(taken), worth=taken * DEFENDER_TRICK,
                    limit=result.scores_after[other], points=points)
    if result.contract.misere and points == 0 and taken:
        return Text("no points for the {tricks} of {side}: at this table defenders score nothing in misère",
                    side=defenders, tricks=tricks(taken))
    if not taken:
        return Text("{side} took no trick", side=defenders)
    return Text("10 a trick to {side}: {tricks} × 10 = {points}", side=defenders, tricks=taken, points=points)


def tricks(n: int) -> Plural:
    return Plural("{n} trick", "{n} tricks", n)


# --- what the table says in words (``TableView.score_labels`` and ``notes``) ---------------------------------------

def score_labels() -> list[Text]:
    """Whose each score on the table is: the two sides."""
    return [Text("{side}", side=Side(i)) for i in range(SIDES)]


def table_notes(sitting_out: int | None, contract: Contract | None, joker_suit: Suit | None) -> list[Text]:
    """The table's notes: the partner sitting out a misère, the suit a joker led in no trumps calls for."""
    notes = []
    if sitting_out is not None:
        notes.append(Text("{seat} sits out: their partner plays {call} alone", seat=seat_name(sitting_out),
                          call=contract, you=N_("You sit out: your partner plays {call} alone")))
    if joker_suit is not None:
        notes.append(Text("The joker was led calling for {suit}", suit=joker_suit))
    return notes


# --- why an action is refused (the hand's ``Refusal``) -------------------------------------------------------------

_PHASE_RULE = {Phase.BID: "500.bid.pass", Phase.KITTY: "500.kitty", Phase.PLAY: "500.follow.suit"}


def explain_refusal(refusal: Refusal) -> Explanation:
    """Why the hand refuses an action, in words, citing the rule: the hand's ``Refusal`` (its ``Refused`` reason
    and facts) said."""
    reason, seat, action, data = refusal
    who = seat_name(seat) if seat is not None else None
    if reason is Refused.OVER:
        return Explanation("500.game.target", Text("The hand is over: no more actions"))
    if reason is Refused.BAD_DEAL:
        return Explanation("500.deal", Text("A deal must order the 43 cards of the Five Hundred deck, each once"))
    if reason is Refused.NOT_DEALT:
        return Explanation("500.deal", Text("The cards must be dealt first"))
    if reason is Refused.CALL:
        auction: Auction = data
        return auction.explain_illegal(str(action.value))
    if reason is Refused.DISCARD_NOT_HELD:
        return card_not_held("500.kitty", who, action.card, data)
    if reason is Refused.CARD_NOT_HELD:
        return card_not_held("500.follow.suit", who, action.card, data)
    if reason is Refused.JOKER_SUIT:
        return ranking.explain_joker_suit(action.value, data.trump, data.shown_out)
    if reason is Refused.SUIT_NAMED:
        return Explanation("500.joker.no-trump", Text(
            "Only the joker, led in no trumps, is played with a suit named: play {card} without naming a suit",
            card=action.card))
    if reason is Refused.AGAINST_THE_PLAY:
        assert action.card is not None, "a card refused in the play"
        return ranking.explain_illegal(action.card, data.hand, data.plays, data.trump, data.joker_suit)
    if reason is Refused.NOT_OF_THIS_GAME:
        return Explanation(_PHASE_RULE[data.phase], Text(
            "{action} is not part of Five Hundred: {seat} must {allowed}",
            action=foreign_action_said(action, data.game), seat=who, allowed=allowed_words(data.legal),
            you=N_("{action} is not part of Five Hundred: you must {allowed}")))
    if reason is Refused.NOT_NOW:
        return Explanation(_PHASE_RULE[data.phase], Text(
            "{action} is not allowed during {phase}: {seat} must {allowed}", action=action_said(action),
            phase=phase_words(data.phase), seat=who, allowed=allowed_words(data.legal),
            you=N_("{action} is not allowed during {phase}: you must {allowed}")))
    raise ValueError(f"no explanation for the refusal {reason!r}")


def hint_reason(hand: FiveHundredHand, seat: int, action: Action) -> Text | None:
    """Why ``seat`` might make a call (the hint's reason, ``atout.hints``), from its own cards and the rules: the
    trumps the call's suit would give, the joker and aces in no trumps, what misère asks, that a pass is final.
    (Discards and plays are the cards' own facts, in ``atout.hints``.)"""
    from atout.hints import with_trumps

    if action.kind != "bid" or action.value is None:
        return None
    if action.value == PASS:
        return Text("a pass is final: you may not bid again this hand")
    contract = hand.config.contract(action.value)
    if contract.misere:
        if contract.open:
            return Text("open misère is made only if you take no trick, playing alone in no trumps, your hand "
                        "face up after the first trick")
        return Text("misère is made only if you take no trick, playing alone in no trumps")
    if contract.trump is None:
        top = [c for c in hand.hands[seat] if c.is_joker or c.rank == ACE]
        if not top:
            return Text("in no trumps the joker is the only trump and each ace heads its suit, and you hold none "
                        "of them")
        return Text("in no trumps the joker is the only trump and each ace heads its suit: you hold {cards}",
                    cards=top)
    return with_trumps(hand, seat, contract.trump)
