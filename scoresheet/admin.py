from django.contrib import admin

from .models import Deal, Sheet


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    readonly_fields = ("number", "mode", "entry", "deleted")
    can_delete = False


@admin.register(Sheet)
class SheetAdmin(admin.ModelAdmin):
    """Read-only: a sheet belongs to the table that keeps it."""

    list_display = ("__str__", "table", "updated")
    list_filter = ("table",)
    readonly_fields = ("id", "share", "table", "names", "rules", "created", "updated")
    exclude = ("session_key",)
    inlines = [DealInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
