from modeltranslation.translator import TranslationOptions, register

from .models import Page, Question, Section, Term, Variant


@register(Page)
class PageTranslation(TranslationOptions):
    fields = ("title", "summary")
    required_languages = ("en",)


@register(Section)
class SectionTranslation(TranslationOptions):
    fields = ("heading", "body")
    required_languages = ("en",)


@register(Variant)
class VariantTranslation(TranslationOptions):
    fields = ("title", "body", "default", "alternatives")
    required_languages = ("en",)


@register(Question)
class QuestionTranslation(TranslationOptions):
    fields = ("question", "answer")
    required_languages = ("en",)


@register(Term)
class TermTranslation(TranslationOptions):
    fields = ("term", "definition")
    required_languages = ("en",)
