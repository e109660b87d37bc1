"""The ASGI application: the whole site over HTTP, and the friends' tables over WebSockets.

Daphne serves it (``make serve`` through ``runserver``, production with
``daphne pisti_site.asgi:application``). WebSockets carry the session cookie, which binds a
seat to the browser that took it, and must come from the site's own pages (origin check).
"""

import os

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
