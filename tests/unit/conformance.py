"""The conformance checks live in the package (tapete.selftest) so the browser can run them too."""

from tapete.selftest import *  # noqa: F401,F403
from tapete.selftest import OPTION_SETS, PLAYERS, check_game, variants  # noqa: F401
