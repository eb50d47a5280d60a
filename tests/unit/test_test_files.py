"""The test tree has no packages, so pytest imports every test file by its basename:
two files with one name in two folders break the collection of the whole run
(CI failed that way twice). This test names the pair before the run does."""

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_basename():
    seen = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if "__pycache__" in path.parts or path.name in ("conftest.py", "__init__.py"):
            continue
        seen[path.name].append(str(path.relative_to(TESTS)))
    twins = {name: paths for name, paths in seen.items() if len(paths) > 1}
    assert not twins, twins
