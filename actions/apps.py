from django.apps import AppConfig


class ActionsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "actions"

    def ready(self) -> None:
        # Register the app's Celery tasks in every process (web included), so a task sent
        # by its registered name also runs in-process when Celery is eager (tests, replay).
        from actions import tasks  # noqa: F401
