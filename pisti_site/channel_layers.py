"""The in-memory channel layer (``make serve``, the tests, one process), made to scale.

Channels' ``InMemoryChannelLayer`` looks through every channel and every group for expired
messages on each ``receive``: with a few hundred connections open, that scan costs more
than the message it delivers (8 % of the process's time with 200 friends tables measured
by ``benchmarks/friends_speed.py``). Here it runs at most once every ``CLEAN_EVERY``
seconds: a message still expires (it lives ``expiry`` = 60 s by default; it is dropped at
most ``CLEAN_EVERY`` later), and a channel that has gone still leaves its groups.
"""

from __future__ import annotations

import time

from channels import layers


class InMemoryChannelLayer(layers.InMemoryChannelLayer):
    CLEAN_EVERY = 1.0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._cleaned_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at < self.CLEAN_EVERY:
            return
        self._cleaned_at = now
        super()._clean_expired()
