"""WebSocket tests run the consumer's database calls on the test's own thread.

Each test is a plain function that drives its scenario with ``async_to_sync``, so the
consumer's thread-sensitive database calls run inside the test's transaction (rolled back
afterwards, the rules content kept). Channels closes "old" connections around each call,
which inside a test transaction would break it, so that one call is switched off here.
"""

import pytest


@pytest.fixture(autouse=True)
def _keep_test_connection(monkeypatch):
    import channels.db

    monkeypatch.setattr(channels.db, "close_old_connections", lambda: None)
