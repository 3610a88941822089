"""Who may start a class. On a laptop, anyone who opens the classroom: nothing is configured and nothing is asked. On a
shared server the administrator may require a teacher's credential, one or both of:

* **a passcode** they set (``atout serve --teacher-passcode-file FILE``, or ``ATOUT_TEACHER_PASSCODE_FILE``): the file
  is read once and only its hash is kept (``ATOUT_TEACHER_PASSCODE_HASH``, scrypt with a salt of its own), in the
  server's environment, which the pages' kernels inherit; never on a command line, where ``ps`` shows it. A passcode
  typed on the teacher's panel is compared with it in constant time, and wrong ones are limited per client
  (``atout.live.limits.WRONG_PASSCODES``).
* **the identity JupyterHub gives**: teachers are the hub's users named in ``ATOUT_TEACHERS`` (names, comma-separated)
  or in the hub group ``ATOUT_TEACHER_GROUP``. Who the visitor is: ``ATOUT_HUB_USER`` with ``ATOUT_HUB_GROUPS`` (a JSON
  list), which Atout's server puts in each page's request when its identity provider is JupyterHub's (Atout as one
  hub service for everyone: ``atout.hub_identity``, ``atout.server_guard``); else ``JUPYTERHUB_USER``, which
  JupyterHub sets for a user's own server, with ``ATOUT_HUB_GROUPS`` set by the hub's spawner
  (``deploy/jupyterhub/jupyterhub_config.py``). A visitor the rule turns away, with no passcode to type instead, is not
  offered "Start a class" (``atout.widgets.live``), and a start asked all the same is refused here.

With both, a known teacher starts a class at once and anyone else may type the passcode. Students never need either:
they join with a class code and a name.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from atout.errors import ConfigError
from atout.i18n import Text
from atout.live.errors import LiveError

PASSCODE_FILE_ENV = "ATOUT_TEACHER_PASSCODE_FILE"
PASSCODE_HASH_ENV = "ATOUT_TEACHER_PASSCODE_HASH"
TEACHERS_ENV = "ATOUT_TEACHERS"
TEACHER_GROUP_ENV = "ATOUT_TEACHER_GROUP"
HUB_USER_ENV = "ATOUT_HUB_USER"          # the page's visitor, as the server's JupyterHub identity says (per page)
HUB_GROUPS_ENV = "ATOUT_HUB_GROUPS"      # their hub groups, a JSON list
OWN_SERVER_USER_ENV = "JUPYTERHUB_USER"  # the user whose own server this is (JupyterHub sets it)
MIN_PASSCODE = 8                         # characters
MAX_PASSCODE = 200
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}   # about 16 MB and a few tens of milliseconds a check


class TeacherCredentialError(LiveError):
    """Starting a class refused: the passcode is missing or wrong, or the visitor is not one of the server's
    teachers."""

    field = "passcode"


def hash_passcode(passcode: str, salt: bytes | None = None) -> str:
    """What is kept of a passcode: ``scrypt$n$r$p$salt$hash`` (salt and hash in base 64).

    >>> stored = hash_passcode("correct horse")
    >>> stored.startswith("scrypt$16384$8$1$"), passcode_matches(stored, "correct horse"), \\
    ...     passcode_matches(stored, "Correct horse")
    (True, True, False)
    """
    salt = secrets.token_bytes(16) if salt is None else salt
    derived = hashlib.scrypt(passcode.encode("utf-8"), salt=salt, **_SCRYPT)
    return "$".join(["scrypt", str(_SCRYPT["n"]), str(_SCRYPT["r"]), str(_SCRYPT["p"]),
                     base64.b64encode(salt).decode(), base64.b64encode(derived).decode()])


def passcode_matches(stored: str, typed: str) -> bool:
    """Whether ``typed`` is the passcode ``stored`` was made from, compared in constant time."""
    try:
        kind, n, r, p, salt, expected = stored.split("$")
        if kind != "scrypt":
            return False
        derived = hashlib.scrypt(typed.encode("utf-8", "surrogatepass"), salt=base64.b64decode(salt), n=int(n),
                                 r=int(r), p=int(p))
        return hmac.compare_digest(derived, base64.b64decode(expected))
    except (ValueError, TypeError):
        return False


def read_passcode_file(path: str | Path) -> str:
    """The passcode an administrator wrote in ``path`` (its first line, spaces around it aside); ``ConfigError``
    saying what is wrong with the file."""
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"the teacher passcode file {where} does not exist: write the passcode in it, alone on its "
                          "first line") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"the teacher passcode file {where} cannot be read: {exc}") from None
    lines = text.splitlines()
    passcode = lines[0].strip() if lines else ""
    if len(passcode) < MIN_PASSCODE:
        raise ConfigError(f"the teacher passcode in {where} has {len(passcode)} characters: a passcode has at least "
                          f"{MIN_PASSCODE}, on the file's first line")
    if len(passcode) > MAX_PASSCODE:
        raise ConfigError(f"the teacher passcode in {where} has {len(passcode)} characters: at most {MAX_PASSCODE}")
    return passcode


def file_readable_by_others(path: str | Path) -> bool:
    """Whether users other than the file's owner may read it (POSIX permissions; never on Windows)."""
    if os.name != "posix":
        return False
    return bool(Path(path).stat().st_mode & 0o044)


@dataclass(frozen=True)
class Visitor:
    """Who opened the page, as JupyterHub says: their hub name and groups (None: not known)."""

    user: str | None = None
    groups: frozenset[str] | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> Visitor:
        """The page's visitor: the server's word for this page (``ATOUT_HUB_USER``), else the user whose own server
        this is (``JUPYTERHUB_USER``); their groups from ``ATOUT_HUB_GROUPS`` when it says.

        >>> Visitor.from_environ({"JUPYTERHUB_USER": "ada", "ATOUT_HUB_GROUPS": '["teachers"]'})
        Visitor(user='ada', groups=frozenset({'teachers'}))
        >>> Visitor.from_environ({})
        Visitor(user=None, groups=None)
        """
        env = os.environ if environ is None else environ
        user = env.get(HUB_USER_ENV) or env.get(OWN_SERVER_USER_ENV) or None
        groups: frozenset[str] | None = None
        try:
            listed = json.loads(env[HUB_GROUPS_ENV]) if env.get(HUB_GROUPS_ENV) else None
        except ValueError:
            listed = None
        if isinstance(listed, list):
            groups = frozenset(str(group) for group in listed)
        return cls(user, groups)


@dataclass(frozen=True)
class TeacherRule:
    """What the server asks of whoever starts a class (nothing, by default)."""

    passcode_hash: str | None = None
    users: frozenset[str] = frozenset()
    group: str | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> TeacherRule:
        """The rule the administrator set (see the module's docstring); ``ConfigError`` for a passcode file that
        cannot be one."""
        env = os.environ if environ is None else environ
        passcode_hash = env.get(PASSCODE_HASH_ENV) or None
        if passcode_hash is None and env.get(PASSCODE_FILE_ENV):
            passcode_hash = hash_passcode(read_passcode_file(env[PASSCODE_FILE_ENV]))
        users = frozenset(name.strip() for name in env.get(TEACHERS_ENV, "").split(",") if name.strip())
        return cls(passcode_hash, users, env.get(TEACHER_GROUP_ENV, "").strip() or None)

    @property
    def required(self) -> bool:
        """Whether starting a class needs a credential at all."""
        return bool(self.passcode_hash or self.users or self.group)

    @property
    def by_hub(self) -> bool:
        return bool(self.users or self.group)

    def known_teacher(self, visitor: Visitor) -> bool:
        """Whether JupyterHub's identity makes ``visitor`` one of the server's teachers."""
        if visitor.user is None:
            return False
        return visitor.user in self.users or (self.group is not None and visitor.groups is not None
                                               and self.group in visitor.groups)

    def asks_passcode(self, visitor: Visitor) -> bool:
        """Whether the teacher's panel asks ``visitor`` for the passcode before starting a class."""
        return self.passcode_hash is not None and not self.known_teacher(visitor)

    def refusal(self, visitor: Visitor) -> Text | None:
        """Why ``visitor`` may not start a class without a passcode, or None when they may."""
        if not self.required or self.known_teacher(visitor):
            return None
        if self.passcode_hash is not None:
            return Text("Type the teacher passcode to start a class: on this server only teachers start classes, "
                        "and whoever runs Atout at your school gives them the passcode")
        if visitor.user is None:
            return Text("Only teachers start classes on this server, and it does not know who you are: open Atout "
                        "from your school's JupyterHub, signed in as yourself")
        if self.group is not None:
            return Text("Only teachers start classes on this server: you are signed in as {user}, who is not in the "
                        "group {group}. Ask whoever runs Atout at your school to add you to it",
                        user=visitor.user, group=self.group)
        return Text("Only teachers start classes on this server: you are signed in as {user}, who is not one of its "
                    "teachers. Ask whoever runs Atout at your school to add you", user=visitor.user)

    def admits(self, visitor: Visitor, passcode: str | None) -> bool:
        """Whether ``visitor``, with ``passcode`` typed (or None), may start a class."""
        if self.refusal(visitor) is None:
            return True
        return (self.passcode_hash is not None and isinstance(passcode, str)
                and 0 < len(passcode) <= MAX_PASSCODE and passcode_matches(self.passcode_hash, passcode))
