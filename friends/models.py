"""A table for friends: one row holds the seats, the house rules and the whole match.

As in the practice game the match is stored as the engine's own JSON, so the row is the
complete truth: a server restart or a dropped connection loses nothing. ``version`` counts
changes; every change is a compare-and-swap on it, so two servers, a doubled message or a
stale client can never apply one move twice; presence alone never makes a move stale
(``game_version``). ``deadline`` is the turn timer, kept here so that whichever server
process looks first plays for a seat whose time has run out.
"""

import uuid

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from pisti_site.matchplay import MatchRecord, TableKind


class Remark(models.TextChoices):
    """What the moves list says happened at a seat between two plays."""

    AWAY = "away", _("a bot plays for an away player")
    LEFT = "left", _("a bot plays for a player who left")
    BACK = "back", _("a player is back")
    TIME_RAN_OUT = "timeout", _("a bot played when the time ran out")


class Table(MatchRecord):
    KINDS = TableKind.choices
    TIMERS = [
        (0, _("No timer")),
        (15, _("15 seconds a move")),
        (30, _("30 seconds a move")),
        (60, _("60 seconds a move")),
    ]
    LOBBY, PLAYING, FINISHED = "lobby", "playing", "finished"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(_("table"), max_length=3, choices=KINDS)
    # One entry per seat: {"kind": "empty" | "human" | "bot", "name", "level", "token"};
    # ``token`` is the secret held in the session of the seat's browser.
    seats = models.JSONField(_("seats"))
    # Since when each away player's browser has been gone ({"1": iso time}). Kept apart from
    # ``version`` with a counter of its own, so a connection coming and going never makes a
    # player's move stale.
    away = models.JSONField(default=dict)
    away_version = models.PositiveIntegerField(default=0)
    creator_token = models.CharField(max_length=64)
    spectators = models.BooleanField(_("others with the link may watch"), default=False)
    timer = models.PositiveSmallIntegerField(_("turn timer"), choices=TIMERS, default=0)
    deadline = models.DateTimeField(null=True, blank=True)
    match = models.JSONField(_("match"), null=True, blank=True)
    status = models.CharField(max_length=10, default=LOBBY)
    # The version of the last change to the game itself. A player's return from a bot
    # stand-in changes the row (``version``) but not the game, so a move made on any
    # version from this one on is still good.
    game_version = models.PositiveIntegerField(default=0)
    # Which match of the table this is: 1, then one more for each "Play again". A page
    # tells a new match's first deal from the last one's by it (both are deal 1).
    match_number = models.PositiveIntegerField(default=1)
    # What happened at the seats between the plays, for the moves list of every page, the
    # ones opened later and the watchers' too: [{"kind", "seat", "name", "deal", "after",
    # "card"?}], "after" the number of plays of that deal before it. Stored with the change
    # it tells of (pages once worked these out from two frames, and a reload lost them).
    remarks = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("table with friends")
        verbose_name_plural = _("tables with friends")

    def __str__(self) -> str:
        return f"{self.kind} {self.status} {self.id}"

    def get_absolute_url(self) -> str:
        return reverse("friends:table", args=[self.pk])

    def bot_name(self, index: int) -> str:
        """What the table calls the bot in seat ``index``: "Bot" when it is the only bot,
        else numbered among the bots in seat order ("Bot 1", "Bot 2"), so a lone bot in the
        second seat is not a puzzling "Bot 2" and two bots of one level are told apart."""
        from django.utils.translation import gettext

        # a stand-in playing for an away player keeps that player's name and is not
        # counted: a bot taking over once renamed another table bot mid-deal
        bots = [
            i
            for i, entry in enumerate(self.seats)
            if entry["kind"] == "bot" and not entry.get("stand_in")
        ]
        if index not in bots or len(bots) == 1:
            return gettext("Bot")
        return gettext("Bot %(number)d") % {"number": bots.index(index) + 1}

    # What the review of a finished deal (the analysis app) asks of the tables it reviews.

    @classmethod
    def reviewed_by(cls, request):
        """The tables this visitor holds a seat at (its token is in their session)."""
        from .consumers import SESSION_KEY

        tokens = request.session.get(SESSION_KEY, {})
        ids = []
        for key in tokens if isinstance(tokens, dict) else ():
            try:
                ids.append(uuid.UUID(key))
            except ValueError:
                continue
        return cls.objects.filter(pk__in=ids)

    def reviewer_seat(self, request) -> int | None:
        """The seat this visitor holds at the table (its token is in their session): each
        player reviews their own seat's moves; a watcher none."""
        from .consumers import SESSION_KEY
        from .service import seat_of

        tokens = request.session.get(SESSION_KEY, {})
        token = tokens.get(str(self.pk)) if isinstance(tokens, dict) else None
        return seat_of(self, token)

    def review_labels(self, rules, seat: int) -> dict:
        """The players' names ("You" for the reader), the sides named by their players as
        the table names them, and the bots' levels."""
        from django.utils.translation import gettext

        from pisti_site.levels import level_name

        from .frames import seat_summary, side_names

        names = {i: seat_summary(self, i, None)["name"] for i in range(len(self.seats))}
        names[seat] = gettext("You")
        return {
            "seats": names,
            "levels": {
                i: level_name(entry["level"])
                for i, entry in enumerate(self.seats)
                if entry["kind"] == "bot"
            },
            "sides": side_names(rules, names, seat),
        }
