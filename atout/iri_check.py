"""Importing jsonschema without its optional IRI format check, in the processes that never ask for it.

Jupyter installs ``rfc3987_syntax`` for that check, and importing it builds an Earley grammar: over a second of CPU in
every process that imports jsonschema. A lesson page's kernel does (the lessons' schema, ``atout.lessons``), and so
does the site's server (jupyter_server's event logger validates its events with jsonschema); neither schema has an
``iri`` format. Without the module, jsonschema leaves the ``iri`` and ``iri-reference`` formats unchecked, as where it
is not installed.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def without_iri_format_check() -> Iterator[None]:
    """Within the ``with``, a first import of jsonschema leaves the IRI check out; a process that loaded jsonschema or
    ``rfc3987_syntax`` already keeps them as they were, and ``rfc3987_syntax`` stays importable afterwards (a test
    starts the processes that use it: tests/widgets/test_page.py)."""
    if "jsonschema" in sys.modules or "rfc3987_syntax" in sys.modules:
        yield
        return
    sys.modules["rfc3987_syntax"] = None     # type: ignore[assignment]  # importing a None entry raises ImportError
    try:
        yield
    finally:
        del sys.modules["rfc3987_syntax"]
