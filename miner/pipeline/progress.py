"""Progress of long operations: counts and rate on a terminal, nothing when stderr is piped."""

from __future__ import annotations

import sys
import time


class Progress:
    """Call `update(n)` as work is done; on a terminal a status line is redrawn at most twice a second."""

    def __init__(self, what: str, stream=None, enabled: bool | None = None):
        self.what = what
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.count = 0
        self.extra = ""
        self._start = self._last = time.monotonic()

    def update(self, n: int = 1, extra: str = "") -> None:
        self.count += n
        self.extra = extra or self.extra
        now = time.monotonic()
        if self.enabled and now - self._last >= 0.5:
            self._last = now
            self.stream.write(f"\r{self.line()}\x1b[K")
            self.stream.flush()

    def line(self) -> str:
        elapsed = max(time.monotonic() - self._start, 1e-9)
        text = f"{self.count} {self.what}, {self.count / elapsed:.0f}/s"
        return f"{text}, {self.extra}" if self.extra else text

    def close(self) -> None:
        if self.enabled and self.count:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
