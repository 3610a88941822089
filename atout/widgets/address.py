"""A page's state written into its address, and read back: the moves of a game as one short URL-safe word.

Each action is its text form (``atout.engine.Action``) with ``_`` for its spaces, a card played is its card alone,
and the actions are joined by ``.`` — characters an address carries as they are:

>>> from atout.engine import Action
>>> text = moves_text([Action.parse(a) for a in ("bid 6S", "kitty", "discard 7C", "play 5H", "play JK H")])
>>> text
'bid_6S.kitty.discard_7C.5H.play_JK_H'
>>> [str(a) for a in parse_moves(text)]
['bid 6S', 'kitty', 'discard 7C', 'play 5H', 'play JK H']
>>> parse_moves("")
[]
"""

from __future__ import annotations

from collections.abc import Iterable

from atout.engine import Action
from atout.errors import AtoutError, NotationError
from atout.i18n import Text

MAX_VALUE = 20_000      # characters: longer values in an address are refused before any work is done
MAX_MOVES = 3_000       # a whole game of many hands is well under this


def moves_text(actions: Iterable[Action]) -> str:
    """The actions as one address word."""
    return ".".join(_token(action) for action in actions)


def _token(action: Action) -> str:
    if action.kind == "play" and action.value is None and action.card is not None:
        return action.card.code
    return str(action).replace(" ", "_")


def parse_moves(text: str) -> list[Action]:
    """The actions an address word stands for; a word that is not one says which and why (``NotationError``)."""
    if len(text) > MAX_VALUE:
        raise NotationError(Text("the moves in the address are too long ({n} characters; at most {most})",
                                 n=len(text), most=MAX_VALUE))
    tokens = [token for token in text.split(".") if token]
    if len(tokens) > MAX_MOVES:
        raise NotationError(Text("the address has too many moves ({n}; at most {most})", n=len(tokens),
                                 most=MAX_MOVES))
    actions = []
    for number, token in enumerate(tokens, 1):
        try:
            actions.append(Action.parse(token.replace("_", " ")) if "_" in token else _single(token))
        except AtoutError as exc:
            raise NotationError(Text("move {n} in the address, “{move}”, is not a move: {reason}", n=number,
                                     move=token[:40], reason=str(exc))) from exc
    return actions


def _single(token: str) -> Action:
    """A word alone: a card played (``5H``), else an action that takes nothing (``kitty``, ``keep``, ``draw``)."""
    try:
        return Action.parse("play " + token)
    except AtoutError:
        return Action.parse(token)
