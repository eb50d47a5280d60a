"""The examples in the docs run and print what they say."""

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_engine_doc_examples_are_true():
    result = doctest.testfile(str(DOCS / "engine.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
