"""The site's WSGI application, with each answer naming the gunicorn worker that served it.

Only the production CI leg serves this, so its checks can tell the three workers apart
(an edit seen by every worker, a killed worker's game carried on by another). Nothing else
differs from ``pisti_site.wsgi``.
"""

import os

from pisti_site.wsgi import application as site


def application(environ, start_response):
    def start(status, headers, exc_info=None):
        return start_response(status, [*headers, ("X-Worker-Pid", str(os.getpid()))], exc_info)

    return site(environ, start)
