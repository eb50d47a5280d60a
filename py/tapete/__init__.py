"""Tapete: five shedding card games, engines in pure Python (CPython and Pyodide)."""
