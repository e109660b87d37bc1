from modeltranslation.translator import TranslationOptions, register

from .models import Lesson, Step, WrongMove


@register(Lesson)
class LessonTranslation(TranslationOptions):
    fields = ("title", "summary")
    required_languages = ("en",)


@register(Step)
class StepTranslation(TranslationOptions):
    fields = ("title", "text", "success")
    required_languages = ("en",)


@register(WrongMove)
class WrongMoveTranslation(TranslationOptions):
    fields = ("text",)
    required_languages = ("en",)
