"""Things that belong to one visitor: found through their session, 404 for anyone else,
and answered the way they asked (JSON for ``fetch``, a page for a plain form)."""

from django.http import Http404


def session_key(request) -> str:
    """The visitor's session key, creating the session on first use."""
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def owned_or_404(model, request, pk):
    """``model`` row ``pk`` if it belongs to this visitor's session; 404 otherwise, so a
    stranger cannot even tell whether it exists."""
    key = request.session.session_key
    if not key:
        raise Http404
    try:
        return model.objects.get(pk=pk, session_key=key)
    except (model.DoesNotExist, ValueError):
        raise Http404 from None


def wants_json(request) -> bool:
    """Whether the request came from the page's script rather than a plain form post."""
    return "application/json" in request.headers.get("Accept", "")
