"""The page imports tapete from bytecode compiled as ``python -OO`` (scripts/build.py): assert
statements and docstrings are gone there. Code that runs in the page must not rely on either."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "tapete"


def functions_with_asserts() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found += [f"{path.relative_to(PACKAGE)}:{n.lineno}" for n in ast.walk(node) if isinstance(n, ast.Assert)]
    return found


def test_no_function_of_the_package_checks_with_assert():
    # a module-level assert on a constant (skypo's deck size) is checked by the unit tests under CPython
    assert functions_with_asserts() == []


def test_no_unguarded_docstring_use():
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if "__doc__" in line:
                assert "(__doc__ or " in line, f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"


def test_the_scan_finds_an_assert(tmp_path, monkeypatch):
    (tmp_path / "m.py").write_text("def f(x):\n    assert x > 0\n    return x\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", tmp_path)
    assert functions_with_asserts() == ["m.py:2"]
