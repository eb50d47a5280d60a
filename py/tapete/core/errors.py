"""Typed errors. Every refusal is a ``ValueError`` subclass with a machine code and a readable message."""

from __future__ import annotations


class TapeteError(ValueError):
    """Base of every error Tapete raises on purpose.

    ``code`` is stable and machine-readable (the UI translates it); ``str(err)`` is an English sentence.
    """

    code = "error"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code

    def to_dict(self) -> dict:
        return {"error": type(self).__name__, "code": self.code, "message": str(self)}


class MalformedAction(TapeteError):
    """The action is not a well-formed action text at all."""

    code = "malformed"


class IllegalAction(TapeteError):
    """A well-formed action that the rules refuse for this seat now."""

    code = "illegal"

    def __init__(self, action: str, seat: object, phase: str, reason: str, code: str | None = None):
        self.action, self.seat, self.phase, self.reason = action, seat, phase, reason
        super().__init__(f"{action} refused for seat {seat} in phase {phase}: {reason}", code)


class NotYourTurn(IllegalAction):
    """The seat may not act now."""

    code = "not_your_turn"


class GameOver(IllegalAction):
    """The game has ended; nothing more may be applied."""

    code = "game_over"


class BadOptions(TapeteError):
    """Unknown option, bad value, or unsupported number of players."""

    code = "bad_options"


class BadState(TapeteError):
    """A saved state (JSON) that fails validation."""

    code = "bad_state"
