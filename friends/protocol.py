"""The table's WebSocket protocol in one place: close codes, message types and their shapes.

Every message from a client is read here before anything else looks at it: it must be a
JSON object of at most ``MAX_MESSAGE_CHARS`` characters, nested no deeper than
``MAX_DEPTH`` (checked by a scan of the text before it is parsed, so a thousand brackets
cost nothing and never reach the parser's recursion), whose ``type`` is one of
``INCOMING`` and whose fields have the types listed there. Anything else is refused with a
reason; :func:`read_message` never raises anything but :class:`~friends.service.Refused`.

The close codes and the message types are sent to the page too (``close_codes``,
``message_types``), so the script repeats neither.
"""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from pisti_site.matchplay import no_version, not_a_card

from .service import Refused

# Close codes of the table's socket (4000-4999 are the application's own).
CLOSE_FORBIDDEN = 4403  # not a player, and the table is not open to watchers
CLOSE_NOT_FOUND = 4404  # no such table, or no such WebSocket path
CLOSE_FLOOD = 4429  # too many messages from one connection

CLOSE_CODES = {"forbidden": CLOSE_FORBIDDEN, "not_found": CLOSE_NOT_FOUND, "flood": CLOSE_FLOOD}

# What the server sends.
STATE, REFUSED, REACTION = "state", "refused", "reaction"

# What a client may send.
PLAY, NEXT, REACT, TAKE_OVER, SYNC = "play", "next", "react", "take_over", "sync"

# Every message type by name, for the page's script (``message_types``).
MESSAGE_TYPES = {
    "state": STATE,
    "refused": REFUSED,
    "reaction": REACTION,
    "play": PLAY,
    "next": NEXT,
    "react": REACT,
    "take_over": TAKE_OVER,
    "sync": SYNC,
}

MAX_MESSAGE_CHARS = 2000
# Every message is one flat object: depth 1. A little room, and no more.
MAX_DEPTH = 2


def _seat_refusal() -> Refused:
    return Refused(_("There is no such seat at this table."), "seat")


def no_such_reaction() -> Refused:
    return Refused(_("There is no such reaction."), "reaction")


def malformed() -> Refused:
    return Refused(_("That message could not be read."), "malformed")


# Each field: (its type, the refusal when it is missing or of another type).
CARD, VERSION, SEAT, REACTION_NAME = (
    (str, not_a_card),
    (int, no_version),
    (int, _seat_refusal),
    (str, no_such_reaction),
)
INCOMING = {
    PLAY: {"card": CARD, "version": VERSION},
    NEXT: {"version": VERSION},
    REACT: {"reaction": REACTION_NAME},
    TAKE_OVER: {"seat": SEAT},
    SYNC: {},
}
# Fields a message may leave out: a reaction's ``at``, [deal, plays shown] on the sender's
# page, so that every log puts it between the plays it was said between.
OPTIONAL = {REACT: {"at": list}}


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether brackets outside strings nest deeper than ``limit``: one pass, no recursion."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def read_message(text_data) -> tuple[str, dict]:
    """The message's type and fields, checked by shape; raises :class:`Refused` otherwise.

    A field of the wrong type is refused with that field's own reason (a card that is not a
    string is "not a card"), anything else as unreadable.
    """
    if not isinstance(text_data, str) or len(text_data) > MAX_MESSAGE_CHARS:
        raise malformed()
    if too_deep(text_data):
        raise malformed()
    try:
        message = json.loads(text_data)
    except (ValueError, RecursionError):
        raise malformed() from None
    if not isinstance(message, dict):
        raise malformed()
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in INCOMING:
        raise malformed()
    fields, optional = INCOMING[kind], OPTIONAL.get(kind, {})
    if set(message) - {"type", *fields, *optional}:
        raise malformed()
    for name, (wanted, refusal) in fields.items():
        value = message.get(name)
        # bool is an int to Python, never to this protocol
        if type(value) is not wanted:
            raise refusal()
    for name, wanted in optional.items():
        if name in message and type(message[name]) is not wanted:
            raise malformed()
    read = {name: message[name] for name in fields}
    read.update({name: message[name] for name in optional if name in message})
    return kind, read
