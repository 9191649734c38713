"""A minimal editor for the language-server tests: `gamedsl lsp` in a subprocess, spoken to as
an editor does, JSON-RPC messages framed by Content-Length over its standard input and output."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WAIT = 120  # seconds a reply may take at most (a guard against a hung server, not a timing)


class LanguageClient:
    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.process = subprocess.Popen([sys.executable, "-m", "gamedsl", "lsp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env)
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.notifications: list[dict[str, Any]] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                key, _, value = line.decode("ascii").partition(":")
                headers[key.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            self.messages.put(json.loads(body))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        number = self.next_id
        self.send({"id": number, "method": method, "params": params})
        while True:
            message = self._next()
            if message.get("id") == number and "method" not in message:
                assert "error" not in message, message["error"]
                return message.get("result")

    def _next(self) -> dict[str, Any]:
        try:
            message = self.messages.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError("the language server did not answer") from None
        if "method" in message and "id" not in message:
            self.notifications.append(message)
        return message

    def diagnostics(self, uri: str, version: int) -> list[dict[str, Any]]:
        """The diagnostics the server publishes for this version of the document (waits for them)."""
        while True:
            for note in self.notifications:
                params = note["params"]
                if note["method"] == "textDocument/publishDiagnostics" and params["uri"] == uri \
                        and params.get("version") == version:
                    self.notifications.remove(note)
                    return params["diagnostics"]
            self._next()

    def start(self) -> dict[str, Any]:
        result = self.request("initialize", {"processId": os.getpid(), "rootUri": ROOT.as_uri(), "capabilities": {}})
        self.notify("initialized", {})
        return result

    def open(self, path: Path, text: str, version: int = 1) -> str:
        uri = path.resolve().as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "gamedsl",
                                                              "version": version, "text": text}})
        return uri

    def change(self, uri: str, text: str, version: int) -> None:
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": [{"text": text}]})

    def close(self) -> None:
        try:
            self.request("shutdown", {})
            self.notify("exit", {})
            self.process.wait(timeout=WAIT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream:
                    stream.close()
