"""Fixtures shared by the widget tests."""

from urllib.parse import urlencode

import pytest

from atout.widgets.language import set_page_language


@pytest.fixture
def address(monkeypatch):
    """Open a page at an address (its query), as Voilà gives it to the page's kernel."""
    def at(**query: str) -> None:
        monkeypatch.setenv("QUERY_STRING", urlencode(query))
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    monkeypatch.delenv("HTTP_COOKIE", raising=False)
    yield at
    set_page_language("en")
