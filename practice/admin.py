from django.contrib import admin

from .models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read-only: games are changed by their players' moves, never by hand."""

    list_display = ("id", "level", "table", "finished", "version", "updated")
    list_filter = ("level", "table", "finished")
    readonly_fields = [f.name for f in Game._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
