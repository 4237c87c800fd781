from django.apps import AppConfig


class MonitoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "monitoring"

    def ready(self) -> None:
        # Register the app's Celery tasks in every process (web included), so a task sent
        # by its registered name also runs in-process when Celery is eager (tests, replay).
        from monitoring import tasks  # noqa: F401
