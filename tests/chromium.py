"""Headless Chromium for the browser tests, driven through the DevTools protocol with a small
standard-library WebSocket client (no test dependency beyond the browser itself)."""
from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

INSTALL = "apt-get install -y chromium (Debian/Ubuntu), or set MTCHALLENGE_CHROMIUM to a Chrome/Chromium binary"
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
TIMEOUT = 30.0


def find_chromium() -> str | None:
    """A Chromium or Chrome executable, or None."""
    named = os.environ.get("MTCHALLENGE_CHROMIUM")
    if named:
        return named if Path(named).is_file() else shutil.which(named)
    return next((path for name in NAMES if (path := shutil.which(name))), None)


class WebSocket:
    """Just enough of RFC 6455 for the DevTools protocol: text frames, client-side masking."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.socket = socket.create_connection((parts.hostname, parts.port), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.socket.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.socket.recv(4096)
            if not chunk:
                raise ConnectionError("DevTools closed the connection during the handshake")
            response += chunk
        if b" 101 " not in response.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"DevTools refused the WebSocket: {response[:200]!r}")
        self.buffer = response.split(b"\r\n\r\n", 1)[1]

    def _read(self, size: int) -> bytes:
        while len(self.buffer) < size:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:size], self.buffer[size:]
        return data

    def send(self, text: str) -> None:
        payload = text.encode()
        header = bytearray([0x81])
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", len(payload))
        mask = os.urandom(4)
        self.socket.sendall(bytes(header) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self) -> str:
        message = b""
        while True:
            first, second = self._read(2)
            size = second & 0x7F
            if size == 126:
                size = struct.unpack("!H", self._read(2))[0]
            elif size == 127:
                size = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(size)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("DevTools closed the WebSocket")
            if opcode in (0x9, 0xA):
                continue  # ping / pong: Chromium does not ping its DevTools clients
            message += payload
            if first & 0x80:
                return message.decode()

    def close(self) -> None:
        self.socket.close()


class Page:
    """One tab: commands, events, console errors."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session
        self.errors: list[str] = []  # console errors, uncaught exceptions, failed requests
        self.requests: list[str] = []  # every URL the page asked for
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.send(f"{domain}.enable")

    def send(self, method: str, **params: object) -> dict[str, object]:
        return self.browser.send(method, params, session=self.session)

    def on_event(self, event: dict[str, object]) -> None:
        method, params = event.get("method"), event.get("params") or {}
        assert isinstance(params, dict)
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self.errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.errors.append(str(details.get("exception", {}).get("description") or details.get("text")))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            self.errors.append(str(params["entry"].get("text")))
        elif method == "Network.requestWillBeSent":
            self.requests.append(str(params.get("request", {}).get("url")))

    def goto(self, url: str) -> None:
        self.browser.events.clear()
        self.send("Page.navigate", url=url)
        self.browser.wait_for("Page.loadEventFired", session=self.session)

    def evaluate(self, expression: str) -> object:
        reply = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in reply:
            raise AssertionError(f"{expression!r} raised: {reply['exceptionDetails']}")
        return reply["result"].get("value")  # type: ignore[union-attr]

    def wait_until(self, expression: str, timeout: float = 10.0) -> object:
        """Evaluate ``expression`` until it is truthy (bounded)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.05)

    def press(self, key: str) -> None:
        """Press and release one key, as typed on a keyboard (``y``, ``ArrowRight``…)."""
        special = {"ArrowRight": 39, "ArrowLeft": 37, "Enter": 13, "Escape": 27, " ": 32}
        params: dict[str, object] = {"key": key}
        if key in special:
            params.update(code="Space" if key == " " else key, windowsVirtualKeyCode=special[key])
            if key in ("Enter", " "):  # a key that types a character: what activates a button or summary
                params["text"] = "\r" if key == "Enter" else key
        else:
            params.update(text=key, code=f"Key{key.upper()}", windowsVirtualKeyCode=ord(key.upper()))
        self.send("Input.dispatchKeyEvent", type="keyDown", **params)
        self.send("Input.dispatchKeyEvent", type="keyUp", **{k: v for k, v in params.items() if k != "text"})

    def click(self, selector: str) -> None:
        """Click the middle of the first element matching ``selector``."""
        box = self.evaluate(f"(() => {{ const element = document.querySelector({json.dumps(selector)}); "
                            "element.scrollIntoView({block: 'center'}); const r = element.getBoundingClientRect(); "
                            "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        x, y = box  # type: ignore[misc]
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self, path: Path, *, width: int, height: int) -> None:
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        data = self.send("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(str(data)))


class Browser:
    """A headless Chromium started for a test and stopped by it (or when the test process ends)."""

    def __init__(self, executable: str) -> None:
        self.profile = tempfile.TemporaryDirectory(prefix="mtchallenge-chromium-")
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile.name}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        url = self._devtools_url()
        self.socket = WebSocket(url)
        self.next_id = 0
        self.events: list[dict[str, object]] = []
        self.pages: dict[str, Page] = {}

    def _devtools_url(self) -> str:
        assert self.process.stderr is not None
        deadline = time.monotonic() + TIMEOUT
        seen = []
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            seen.append(line)
            match = re.search(r"DevTools listening on (ws://\S+)", line)
            if match:
                # Keep reading Chromium's log, or a full pipe would stop it.
                threading.Thread(target=self.process.stderr.read, daemon=True).start()
                return match.group(1)
        self.close()
        raise RuntimeError("Chromium did not start: " + "".join(seen[-5:]))

    def send(self, method: str, params: dict[str, object] | None = None, *, session: str | None = None) -> dict[str, object]:
        self.next_id += 1
        message: dict[str, object] = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            reply = self._receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result") or {}  # type: ignore[return-value]

    def _receive(self) -> dict[str, object]:
        reply = json.loads(self.socket.receive())
        if "method" in reply:
            self.events.append(reply)
            page = self.pages.get(str(reply.get("sessionId")))
            if page is not None:
                page.on_event(reply)
        return reply

    def wait_for(self, method: str, *, session: str) -> dict[str, object]:
        for event in self.events:
            if event.get("method") == method and event.get("sessionId") == session:
                return event
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            event = self._receive()
            if event.get("method") == method and event.get("sessionId") == session:
                return event
        raise TimeoutError(f"no {method} within {TIMEOUT} s")

    def new_page(self) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = str(self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"])
        page = Page.__new__(Page)
        self.pages[session] = page
        Page.__init__(page, self, session)
        return page

    def close(self) -> None:
        try:
            if hasattr(self, "socket"):
                self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            if self.process.stderr is not None:
                self.process.stderr.close()
            self.profile.cleanup()
