from django.db import migrations


def create_head(apps, schema_editor):
    AuditHead = apps.get_model("incidents", "AuditHead")
    AuditHead.objects.get_or_create(pk=1, defaults={"seq": 0, "hash": "0" * 64})


class Migration(migrations.Migration):
    dependencies = [("incidents", "0001_initial")]
    operations = [migrations.RunPython(create_head, migrations.RunPython.noop)]
