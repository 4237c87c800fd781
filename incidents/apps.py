from django.apps import AppConfig


class IncidentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "incidents"

    def ready(self) -> None:
        from incidents import checks  # noqa: F401 - registers the audit trail's deploy checks
