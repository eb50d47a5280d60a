"""The browser's side of a room, the bridge from Python to static/js: :class:`BrowserTransport` over a
``tapeteP2P`` handle (static/js/p2p.js), :class:`BrowserSigner` and :class:`BrowserVerifier` over
static/js/keys.js, and :func:`open_transport`. They need the page (``js``, ``pyodide.ffi``, imported
inside the calls); the rest of tapete.ui imports them lazily or only in the browser."""

from __future__ import annotations

from ..net.keys import Signer
from ..net.protocol import b64, unb64
from ..net.transport import Transport


class BrowserTransport(Transport):
    """A :class:`Transport` over a ``tapeteP2P`` handle (static/js/p2p.js)."""

    def __init__(self, handle) -> None:
        super().__init__()
        self.handle = handle
        self.self_id = str(handle.selfId)
        self._proxies = []

    def start(self) -> None:
        from pyodide.ffi import create_proxy

        def wrap(fn):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            return proxy

        self.handle.onMessage(wrap(lambda text, peer: self.on_message(str(peer), str(text))))
        self.handle.onPeerJoin(wrap(lambda peer: self.on_join(str(peer))))
        self.handle.onPeerLeave(wrap(lambda peer: self.on_leave(str(peer))))
        for peer in self.handle.peers():
            self.on_join(str(peer))

    def send(self, peer: str | None, text: str) -> None:
        self.handle.send(text, peer)

    def close(self) -> None:
        self.handle.close()

    async def aclose(self) -> None:
        """Close and wait until the signalling room is left (before joining it again)."""
        await self.handle.close()

    def code_state(self) -> dict | None:
        """The join code's ``{"failures", "locked", "checks": {peer: check}, "runs", "dropped"}`` (host with
        a code), or None. ``runs``: handshakes started; ``dropped``: pake1 dropped by the meters."""
        code = self.handle.code
        if not code:
            return None
        state = code.state()
        return {"failures": int(state.failures), "locked": bool(state.locked),
                "checks": {str(k): str(v) for k, v in state.checks.to_py().items()},
                "runs": int(state.runs or 0), "dropped": int(state.dropped or 0)}

    def on_code_event(self, callback) -> None:
        """Call ``callback()`` after every code attempt (right or wrong)."""
        from pyodide.ffi import create_proxy
        if self.handle.code:
            proxy = create_proxy(lambda event: callback())
            self._proxies.append(proxy)
            self.handle.code.onEvent(proxy)


class BrowserSigner(Signer):
    """A :class:`~tapete.net.keys.Signer` over a non-extractable WebCrypto key (static/js/keys.js):
    ``which`` is ``"seat"`` or ``"host"``, ``public`` its public half (base64url)."""

    def __init__(self, keys, which: str, public: str) -> None:
        self.keys, self.which = keys, which
        self.public = unb64(public, 32) or b""
        self._proxies = []

    def sign(self, data: bytes, then) -> None:
        from pyodide.ffi import create_once_callable

        def done(signature) -> None:
            sig = unb64(str(signature), 64)
            if sig is not None:
                then(sig)
        self.keys.sign(self.which, b64(data)).then(create_once_callable(done))


class BrowserVerifier:
    """The room protocol's :data:`~tapete.net.protocol.Verify` in the page: ``keys.verify`` of
    static/js/keys.js (@noble/curves Ed25519, strict RFC 8032, small-order keys and R refused), synchronous."""

    def __init__(self, keys) -> None:
        self.keys = keys

    def __call__(self, public: bytes, message: bytes, signature: bytes) -> bool:
        return self.keys.verify(b64(public), b64(message), b64(signature)) is True


async def p2p_module():
    import js
    return await js.window.tapeteLoadP2P()


async def open_transport(code: str, secret: str, join_code: str = "", host: bool = False,
                         code_failures: int = 0) -> BrowserTransport:
    import js
    from pyodide.ffi import to_js

    p2p = await p2p_module()
    options = to_js({"room": code, "secret": secret, "joinCode": join_code, "codeFailures": code_failures, "host": host},
                    dict_converter=js.Object.fromEntries)
    handle = await p2p.open(options)
    return BrowserTransport(handle)
