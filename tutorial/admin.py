from django.contrib import admin
from modeltranslation.admin import TabbedTranslationAdmin, TranslationTabularInline

from .models import Lesson, Step, WrongMove


class WrongMoveInline(TranslationTabularInline):
    model = WrongMove
    extra = 0


@admin.register(Lesson)
class LessonAdmin(TabbedTranslationAdmin):
    list_display = ("title", "slug", "order")


@admin.register(Step)
class StepAdmin(TabbedTranslationAdmin):
    list_display = ("__str__", "kind", "order")
    list_filter = ("lesson", "kind")
    inlines = [WrongMoveInline]
