"""Reading a line at the console's prompt on a terminal: editing, history and Tab completion.

The console reads plain lines (`input()`) when its input or output is not a terminal (a pipe,
a script, CI) or with `--plain`. On a terminal it reads them with prompt_toolkit: the arrow
keys move in the line and recall earlier lines (each player has a history of their own, so that
in a hot-seat game nobody recalls another's lines), Ctrl-R searches the history, and Tab
completes the line from what the console offers (the legal moves, the commands, zone names after
`show`, kinds of moves after `moves`), as a shell does.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any

from .terminal import escape, unescaped


def terminal_available() -> bool:
    """Both the keyboard and the screen are a terminal (not a pipe, not a file)."""
    try:
        return sys.stdin.isatty() and unescaped(sys.stdout).isatty()
    except (AttributeError, ValueError):
        return False


class LineEditor:
    """prompt_toolkit sessions, one per player (its own history); `complete(text)` gives the
    whole lines that may follow what is typed."""

    def __init__(self, complete: Callable[[str], Iterable[str]]):
        from prompt_toolkit.output import create_output

        self._complete = complete
        self._sessions: dict[Any, Any] = {}
        # prompt_toolkit draws with escapes of its own: it writes to the terminal itself, not
        # through the stream that escapes what files say
        self._output = create_output(stdout=unescaped(sys.stdout))

    def _session(self, key: Any, completing: bool) -> Any:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.shortcuts import CompleteStyle

        session = self._sessions.get(key)
        if session is not None:
            return session
        complete = self._complete

        class Lines(Completer):
            def get_completions(self, document, complete_event):
                typed = document.text_before_cursor
                for line in complete(typed):
                    yield Completion(line, start_position=-len(typed), display=escape(line))

        session = PromptSession(
            history=InMemoryHistory() if completing else None,
            completer=Lines() if completing else None,
            complete_style=CompleteStyle.READLINE_LIKE,  # a list under the line, as in a shell
            complete_while_typing=False, output=self._output, enable_history_search=False)
        self._sessions[key] = session
        return session

    def read(self, prompt: str, who: Any = None, completing: bool = True) -> str:
        """A line typed by `who` (their history); EOFError at Ctrl-D, KeyboardInterrupt at Ctrl-C."""
        session = self._session(who if completing else ("no history", who), completing)
        return session.prompt(escape(prompt))
