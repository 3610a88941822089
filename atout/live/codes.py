"""Class codes: what a teacher's screen shows and students type to join, such as ``K7M-4QX``.

Six characters in Crockford's base 32, the deal codes' alphabet (``atout.dealcode``): no I, L, O or U, any case,
dashes and spaces optional, and I and L read as 1, O as 0, as on a deal code. A code is drawn at random
(``secrets``): 32⁶, about a billion, codes, so a mistyped code almost never names another class.

>>> normalise(" k7m 4qx ")
'K7M4QX'
>>> display("K7M4QX")
'K7M-4QX'
>>> normalise("K7M-4QU")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
atout.live.errors.ClassCodeError: 'U' is not used in class codes: they use the digits and the letters A to Z without ...
"""

from __future__ import annotations

import secrets

from atout.dealcode import _VALUE as SYMBOL_VALUE  # the deal codes' reading of each character, one rule for both
from atout.dealcode import ALPHABET
from atout.i18n import Text
from atout.live.errors import ClassCodeError

LENGTH = 6


def new_code() -> str:
    """A fresh random code (without its dash)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(text: object) -> str:
    """The code as stored (upper case, no dash); a malformed one raises ``ClassCodeError`` saying what is wrong."""
    if not isinstance(text, str):
        raise ClassCodeError(Text("a class code is text, such as K7M-4QX"))
    cleaned = text.strip().upper().replace("-", "").replace(" ", "")
    if not cleaned:
        raise ClassCodeError(Text("Type the class code shown on the teacher's screen, such as K7M-4QX"))
    for char in cleaned:
        if char not in SYMBOL_VALUE:
            raise ClassCodeError(Text("{char} is not used in class codes: they use the digits and the letters A to Z "
                                      "without I, L, O and U", char=repr(char[:1])))
    if len(cleaned) != LENGTH:
        raise ClassCodeError(Text("a class code has {n} letters and digits (such as K7M-4QX); {code} has {k}",
                                  n=LENGTH, code=repr(text.strip()[:20]), k=len(cleaned)))
    return "".join(ALPHABET[SYMBOL_VALUE[c]] for c in cleaned)


def display(code: str) -> str:
    """The code as a screen shows it, with its dash."""
    return f"{code[:3]}-{code[3:]}"
