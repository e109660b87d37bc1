"""The channel layers the friends' tables use: the in-memory one for one process, Redis for
several."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels import layers
from channels.exceptions import ChannelFull
from channels_redis.utils import create_pool

from pisti_site.channel_layers import InMemoryChannelLayer
from pisti_site.settings.base import redis_channel_layer


def run_apart(coroutine_function, *args):
    """Run a coroutine on an event loop of its own thread: the browser tests' Playwright
    keeps a loop running in the test thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine_function(*args)).result()


def redis_pool_kwargs() -> dict:
    """What the pool of the configured Redis layer is made with (no server needed)."""
    host = redis_channel_layer("redis://127.0.0.1:6379/0")["CONFIG"]["hosts"][0]
    return create_pool(host).connection_kwargs | {
        "max_connections": create_pool(host).max_connections
    }


def test_a_redis_read_waits_longer_than_redis_py_s_five_seconds():
    assert redis_pool_kwargs()["socket_timeout"] > 5


def test_a_redis_pool_takes_every_connection_of_a_busy_process():
    """redis-py 8 fails a command at once past 100 connections in a pool; 500 browsers
    joining at once need more."""
    assert redis_pool_kwargs()["max_connections"] >= 1000


def test_the_in_memory_layer_still_drops_expired_messages_and_delivers_fresh_ones():
    async def scenario():
        layer = InMemoryChannelLayer(expiry=0.05, capacity=1)
        layer.CLEAN_EVERY = 0.0
        await layer.send("old.channel", {"type": "stale"})
        await asyncio.sleep(0.1)
        await layer.send("fresh.channel", {"type": "fresh"})
        assert (await layer.receive("fresh.channel"))["type"] == "fresh"
        # that receive cleaned the stale message away: its full channel takes a new one
        await layer.send("old.channel", {"type": "new"})
        assert (await layer.receive("old.channel"))["type"] == "new"

    run_apart(scenario)


def test_the_in_memory_layer_scans_for_expired_messages_at_most_once_a_period(monkeypatch):
    """The scan looks at every channel; with hundreds of connections it cost more than the
    messages, so it runs once per ``CLEAN_EVERY`` however many messages are received."""
    scans = []
    scan = layers.InMemoryChannelLayer._clean_expired
    monkeypatch.setattr(
        layers.InMemoryChannelLayer, "_clean_expired", lambda self: scans.append(1) or scan(self)
    )

    async def scenario():
        layer = InMemoryChannelLayer(expiry=0.05, capacity=1)
        layer.CLEAN_EVERY = 60.0
        for index in range(50):
            await layer.send(f"c{index}", {"type": "x"})
            await layer.receive(f"c{index}")
        assert len(scans) == 1
        await layer.send("full", {"type": "x"})
        await asyncio.sleep(0.1)
        await layer.send("other", {"type": "x"})
        await layer.receive("other")
        with pytest.raises(ChannelFull):  # within the period an expired message stays
            await layer.send("full", {"type": "y"})

    run_apart(scenario)
