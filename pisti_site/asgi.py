"""The ASGI application: the whole site over HTTP, and the friends' tables over WebSockets.

Daphne serves it (``make serve`` through ``runserver``, production with
``daphne pisti_site.asgi:application``). WebSockets carry the session cookie, which binds a
seat to the browser that took it, and must come from the site's own pages (origin check).
"""

import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pisti_site.settings.prod")
django_http = get_asgi_application()  # sets Django up before the consumers are imported

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402

from friends.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_http,
        "websocket": AllowedHostsOriginValidator(
            SessionMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# A long-lived server holds every module, template and catalogue it loaded at start-up;
# the collector need not look at them again and again (each full collection went through
# ~190,000 objects, a 100-180 ms pause every 10-20 s with 200 friends tables). Frozen, they
# are left out; fewer, larger young collections then cost less than many small ones.
gc.freeze()
gc.set_threshold(10_000, 20, 20)
# Database calls run on threads beside the event loop and give up the interpreter lock on
# every SQLite step; taking it back waits for the loop to yield it, by default up to 5 ms
# each time. 0.5 ms keeps a move's few calls from waiting behind other tables' frames.
sys.setswitchinterval(0.0005)
