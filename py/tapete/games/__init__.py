"""Game engines; importing this package registers every one of them."""

from . import chupate  # noqa: F401
from . import skypo  # noqa: F401
from . import francesa  # noqa: F401
from . import dos  # noqa: F401
from . import taki  # noqa: F401
