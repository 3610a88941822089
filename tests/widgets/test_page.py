"""What every page starts with: the page style, which also keeps the page's long-lived objects out of the garbage
collector's sweeps."""

import gc

from atout.widgets.page import page_style


def test_the_page_style_is_inlined_and_freezes_what_the_page_imported():
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    style = page_style()
    assert style.data.startswith("<style>") and ".atout-" in style.data and "http" not in style.data
    assert gc.get_freeze_count() > 10_000          # the modules and objects imported so far
    gc.unfreeze()
