"""How often a page may try: joining a class, typing the teacher's passcode. Beyond a limit the attempt is refused,
saying when to try again, and nothing else is done.

A class code is six characters of 32: about a billion codes, and a few hundred classes open at once on a large
server, so each code typed at random names an open class about once in a few million. Without a limit a program
tried 18,400 a second; with these, a client tries at most ``WRONG_CODES.most`` codes that name no open class in
``WRONG_CODES.per_s`` seconds.

**A client** is what the site's server says a page's visitor comes from: their network address, the 64-bit prefix of
an IPv6 one (a single machine is often given a whole /64), handed to the page's kernel as ``ATOUT_CLIENT``
(``atout.server_guard``). A class behind a school's one NAT address is one client: the limits are set so that thirty
students mistyping the code, reloading and joining again stay well inside them. Where no server says (a notebook in
JupyterLab), the page's client is its own machine.

The attempts are kept in the class store, so every kernel and every machine of a site counts them together, as a
keyed hash of the client (never its address: ``Store.secret`` is the key) for as long as the limit looks back.
Counting and checking are two steps: two pages of one client trying at the same instant may pass one attempt over a
limit, never more than the pages that client has open (which the server caps).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from atout.i18n import Plural, Text
from atout.live.errors import LiveError

if TYPE_CHECKING:
    from atout.live.store import Store

CLIENT_ENV = "ATOUT_CLIENT"     # the page's client, as the site's server saw it (atout.server_guard)
THIS_MACHINE = "this machine"   # the client of a page no server named (a notebook on a laptop)


@dataclass(frozen=True)
class Limit:
    """At most ``most`` attempts of one kind by one party (a client, a class) in any ``per_s`` seconds."""

    kind: str
    most: int
    per_s: float


# Class codes typed that name no open class (a wrong code, or an ended class: one answer for both), per client. A class
# of 30 behind one address, every student mistyping twice, is 60.
WRONG_CODES = Limit("wrong-code", 100, 600)
# Every join, per client: a class of 200 behind one address joining, some twice.
JOINS_BY_CLIENT = Limit("join", 400, 600)
# Joins of one class, from any client: a class of 200 (the most a class takes) joins in four minutes.
JOINS_OF_CLASS = Limit("class-join", 60, 60)
# Teacher's passcodes that were wrong, per client.
WRONG_PASSCODES = Limit("passcode", 10, 600)
LIMITS = (WRONG_CODES, JOINS_BY_CLIENT, JOINS_OF_CLASS, WRONG_PASSCODES)
KEPT_S = max(limit.per_s for limit in LIMITS)


class TooManyAttempts(LiveError):
    """An attempt beyond a limit: refused, with when the next one will be taken (``wait_s``)."""

    field = "limit"

    def __init__(self, message: Text, wait_s: float) -> None:
        super().__init__(message)
        self.wait_s = wait_s


def page_client(environ: dict[str, str] | None = None) -> str:
    """The client of this page: as the site's server named it (``CLIENT_ENV``), else this machine.

    >>> page_client({"ATOUT_CLIENT": "203.0.113.7"}), page_client({})
    ('203.0.113.7', 'this machine')
    """
    env = os.environ if environ is None else environ
    return env.get(CLIENT_ENV, "").strip()[:100] or THIS_MACHINE


def wait_words(seconds: float) -> Plural:
    """A wait as a person says it: seconds under a minute and a half, else whole minutes, rounded up.

    >>> wait_words(1.2).render("en"), wait_words(89).render("en"), wait_words(90).render("fr")
    ('2 seconds', '89 seconds', '2 minutes')
    """
    if seconds < 90:
        n = max(1, math.ceil(seconds))
        return Plural("{n} second", "{n} seconds", n)
    n = math.ceil(seconds / 60)
    return Plural("{n} minute", "{n} minutes", n)


class Limits:
    """The limits of one class store, by its clock."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self._key: bytes | None = None

    def _scope(self, limit: Limit, party: str) -> str:
        if self._key is None:
            self._key = self.store.secret("limits").encode()
        digest = hmac.new(self._key, party.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:32]
        return f"{limit.kind}:{digest}"

    def wait_s(self, limit: Limit, party: str) -> float:
        """How long until ``party`` may try once more (0: now)."""
        now = self.clock()
        made = self.store.attempts(self._scope(limit, party), now - limit.per_s)
        if len(made) < limit.most:
            return 0.0
        return max(0.0, made[len(made) - limit.most] + limit.per_s - now)

    def check(self, limit: Limit, party: str, refusal: Callable[[Plural], Text]) -> None:
        """Refuse (``TooManyAttempts``, with ``refusal`` of the wait) when ``party`` has used up ``limit``."""
        wait = self.wait_s(limit, party)
        if wait > 0:
            raise TooManyAttempts(refusal(wait_words(wait)), wait)

    def count(self, *attempts: tuple[Limit, str]) -> None:
        """One attempt more of each (limit, party)."""
        now = self.clock()
        self.store.add_attempts([self._scope(limit, party) for limit, party in attempts], now, now - KEPT_S)
