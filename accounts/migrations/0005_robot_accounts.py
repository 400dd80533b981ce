"""The four robot accounts (docs/rules.md § Robots), made before anyone can take their
names."""

from django.contrib.auth.hashers import make_password
from django.db import migrations

ROBOTS = {
    "robot-north": "Robot North",
    "robot-east": "Robot East",
    "robot-south": "Robot South",
    "robot-west": "Robot West",
}


def robots_create(apps, schema_editor):
    from accounts.names import name_key

    User = apps.get_model("accounts", "User")
    for username, name in ROBOTS.items():
        if User.objects.filter(username=username).exists():  # a person has the name
            username = f"{username}-bot"
        User.objects.get_or_create(username=username, defaults=dict(
            display_name=name, is_robot=True, is_active=True,
            password=make_password(None), username_key=name_key(username),
            name_key=name_key(name),
        ))  # fmt: skip


def robots_delete(apps, schema_editor):
    apps.get_model("accounts", "User").objects.filter(is_robot=True).delete()


class Migration(migrations.Migration):
    dependencies = [("accounts", "0004_user_is_robot")]

    operations = [migrations.RunPython(robots_create, robots_delete)]
