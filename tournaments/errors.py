"""The error every tournament service raises for bad input or a refused action."""


class BridgeError(Exception):
    """A refused action. ``code`` is stable for API clients; the message is for people."""

    status = 400

    def __init__(self, message: str, *, code: str = "invalid") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class ConflictError(BridgeError):
    """The action collides with the current state (already entered, round closed, ...)."""

    status = 409


class PermissionDeniedError(BridgeError):
    status = 403
