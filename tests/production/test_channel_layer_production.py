"""The Redis channel layer as production configures it, against the leg's own Redis."""

from __future__ import annotations

import asyncio
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer

from pisti_site.settings.base import redis_channel_layer

pytestmark = pytest.mark.production


def run_apart(coroutine_function, *args):
    """Run a coroutine on an event loop of its own thread: the browser tests' Playwright
    keeps a loop running in the test thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine_function(*args)).result()


def test_one_process_hears_every_table_s_change_at_once(production_env):
    """300 tables' first plays at the same moment each reach their connection (the
    list-based layer once dropped, silently, what went past one shared ``capacity``)."""

    async def delivered(connections: int) -> int:
        config = redis_channel_layer(production_env["REDIS_URL"])["CONFIG"]
        layer = RedisPubSubChannelLayer(**{**config, "prefix": f"test-{uuid.uuid4().hex}"})
        channels = [await layer.new_channel() for _ in range(connections)]
        for index, channel in enumerate(channels):
            await layer.group_add(f"table{index}", channel)
        for index in range(connections):
            await layer.group_send(f"table{index}", {"type": "table.changed"})
        got = 0
        for channel in channels:
            try:
                await asyncio.wait_for(layer.receive(channel), 2)
                got += 1
            except TimeoutError:
                pass
        await layer.flush()
        return got

    assert run_apart(delivered, 300) == 300
