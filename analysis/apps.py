from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = "Analysis"

    def ready(self) -> None:
        from pisti_site.matchplay import deal_finished

        from .service import queue_finished_deal

        deal_finished.connect(queue_finished_deal, dispatch_uid="analysis-queue-finished-deal")
