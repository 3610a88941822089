import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English; tests that switch language switch back."""
    from atout.i18n import language

    with language("en"):
        yield


def referee_examples():
    lines = (DATA / "rules" / "referee-examples.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]
