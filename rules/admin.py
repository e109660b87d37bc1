"""Content editing with one tab per language (modeltranslation's tabbed admin)."""

from django.contrib import admin
from modeltranslation.admin import TabbedTranslationAdmin, TranslationStackedInline

from .models import Page, Question, Section, Term, Variant


class SectionInline(TranslationStackedInline):
    model = Section
    extra = 0


@admin.register(Page)
class PageAdmin(TabbedTranslationAdmin):
    list_display = ("title", "slug", "order")
    inlines = [SectionInline]


@admin.register(Variant)
class VariantAdmin(TabbedTranslationAdmin):
    list_display = ("title", "key", "order")


@admin.register(Question)
class QuestionAdmin(TabbedTranslationAdmin):
    list_display = ("question", "order")


@admin.register(Term)
class TermAdmin(TabbedTranslationAdmin):
    list_display = ("term", "slug", "order")
