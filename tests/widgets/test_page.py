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


def test_what_a_page_cell_builds_is_frozen_once_the_cell_has_run():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.run_cell("from atout.widgets.page import page_style\nstyle = page_style()")
        hooks = len(shell.events.callbacks["post_run_cell"])
        shell.run_cell("style = page_style()")                  # a second call adds no second hook
        assert len(shell.events.callbacks["post_run_cell"]) == hooks
        gc.unfreeze()
        assert gc.get_freeze_count() == 0
        shell.run_cell("built = [[] for _ in range(5000)]")      # a cell building the page's widgets
        assert gc.get_freeze_count() >= 5000
    finally:
        gc.unfreeze()
        InteractiveShell.clear_instance()
