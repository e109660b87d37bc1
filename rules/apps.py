from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Rules reference")

    def ready(self) -> None:
        from . import signals  # noqa: F401
