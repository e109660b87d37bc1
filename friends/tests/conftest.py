"""WebSocket tests run the consumer's database calls on the test's own thread.

Each test is a plain function that drives its scenario with ``async_to_sync``, so the
consumer's thread-sensitive database calls run inside the test's transaction (rolled back
afterwards, the rules content kept). Channels closes "old" connections around each call,
which inside a test transaction would break it, so that one call is switched off here; and
the reads that run on a pool of threads of their own in a server (``FRIENDS_READ_THREADS``)
stay on the test's thread, where the test's rows are.
"""

import pytest


@pytest.fixture(autouse=True)
def _keep_test_connection(monkeypatch):
    import channels.db

    monkeypatch.setattr(channels.db, "close_old_connections", lambda: None)


@pytest.fixture(autouse=True)
def _reads_on_the_test_thread(settings):
    settings.FRIENDS_READ_THREADS = 0
