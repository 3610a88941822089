"""Every notebook of the site executes without error (nbclient), and is stored with its outputs stripped."""

import nbformat
import pytest

from atout.resources import NOTEBOOKS as FOLDER
from tests.kernels import execute

NOTEBOOKS = sorted(FOLDER.rglob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_executes(path):
    nb = nbformat.read(path, as_version=4)
    execute(nb, cwd=path.parent)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_stored_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in nb.cells if c.cell_type == "code")


def test_the_pages_are_the_ones_atout_notebooks_writes():
    from atout.notebooks import expected

    wanted = expected()
    assert set(NOTEBOOKS) == set(wanted), "run make pages: atout/data/notebooks/ holds other pages"
    for path, text in wanted.items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run make pages"


def test_the_site_waits_for_a_slow_cells_output_instead_of_rendering_the_page_without_it():
    """With 30 pages of a class opening on two loaded cores, Voilà logged "Timeout waiting for IOPub output" while
    preheating the course page and the page then never showed its lesson: nbclient waits 4 s by default for a cell's
    output once the cell has answered, then renders the page without it. The site's voila.json waits a minute; the
    executor Voilà makes from that configuration (as the server does) has it."""
    import json
    from pathlib import Path

    from traitlets.config import Config
    from voila.execute import VoilaExecutor

    site_config = Path(__file__).resolve().parents[2] / "atout" / "data" / "voila.json"
    config = Config(json.loads(site_config.read_text(encoding="utf-8")))
    assert VoilaExecutor(nbformat.v4.new_notebook(), config=config).iopub_timeout >= 60
