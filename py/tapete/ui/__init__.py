"""Browser UI (the only layer that imports pyscript / js)."""
