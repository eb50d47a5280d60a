"""Game engines; importing this package registers every one of them."""

from . import chupate  # noqa: F401
