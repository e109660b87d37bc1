from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoresheetConfig(AppConfig):
    name = "scoresheet"
    verbose_name = _("Score sheets")
