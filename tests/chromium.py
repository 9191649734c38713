"""Headless Chromium driven through the DevTools protocol over a pipe (`--remote-debugging-pipe`):
no client library needed, only the JSON messages Chromium reads on fd 3 and writes on fd 4.

Used by the graph page tests to open a page with the network switched off, evaluate the page's
own functions, and take screenshots, in the real browser."""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Self

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--remote-debugging-pipe"]


def find_chromium() -> str | None:
    return next((p for p in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")) if p), None)


class Browser:
    """One headless Chromium with one page; `requests` lists every URL the page asked for."""

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        binary = find_chromium()
        if binary is None:
            raise RuntimeError("no Chromium on this machine")
        self.profile = tempfile.mkdtemp(prefix="gamedsl-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def wire() -> None:  # the child's fd 3 reads our commands, its fd 4 writes the replies
            a, b = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen([binary, *FLAGS, f"--user-data-dir={self.profile}",
                                         f"--window-size={width},{height}", "about:blank"],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, preexec_fn=wire,  # noqa: PLW1509 - tests run one thread
                                        close_fds=False)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.requests: list[str] = []
        targets = self.send("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for method in ("Page.enable", "Network.enable", "Runtime.enable"):
            self.send(method, session=True)
        self.send("Network.emulateNetworkConditions", session=True, offline=True, latency=0,
                  downloadThroughput=-1, uploadThroughput=-1)
        self.send("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)
        self.width, self.height = width, height

    def send(self, method: str, session: bool = False, timeout: float = 60, **params: Any) -> dict[str, Any]:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self._event(reply)

    def _read(self, deadline: float) -> dict[str, Any]:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self._buffer += chunk
        text, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(text)

    def _event(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        if event.get("method") == "Network.requestWillBeSent":
            self.requests.append(event["params"]["request"]["url"])

    def open(self, path: Path, timeout: float = 60) -> float:
        """Open a file and wait for its load event; the seconds it took."""
        start = time.monotonic()
        self.events.clear()
        self.send("Page.navigate", session=True, url=path.resolve().as_uri())
        deadline = start + timeout
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self._event(self._read(deadline))
        return time.monotonic() - start

    def evaluate(self, expression: str, timeout: float = 60) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.send("Runtime.evaluate", session=True, timeout=timeout, expression=expression,
                           awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 60) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"never true in the page: {expression}")

    def mouse(self, kind: str, x: float, y: float, **more: Any) -> None:
        """A real mouse event at page coordinates: mouseMoved, mousePressed, mouseReleased, mouseWheel."""
        if kind in ("mousePressed", "mouseReleased"):
            more.setdefault("button", "left")
            more.setdefault("clickCount", 1)
        self.send("Input.dispatchMouseEvent", session=True, type=kind, x=x, y=y, **more)

    def screenshot(self, path: Path) -> Path:
        data = self.send("Page.captureScreenshot", session=True, format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self.send("Browser.close", timeout=10)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
