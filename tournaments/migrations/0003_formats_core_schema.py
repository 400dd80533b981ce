"""The formats core, step 1: the new tables and columns (nothing removed yet)."""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_scheduler"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="SwissSettings",
            fields=[
                ("num_rounds", models.PositiveSmallIntegerField(verbose_name="rounds")),
                (
                    "boards_per_round",
                    models.PositiveSmallIntegerField(verbose_name="boards per round"),
                ),
                (
                    "round_minutes",
                    models.FloatField(
                        default=24,
                        validators=[django.core.validators.MinValueValidator(0.05)],
                        verbose_name="round length (minutes)",
                    ),
                ),
                (
                    "gap_minutes",
                    models.FloatField(
                        default=3,
                        validators=[django.core.validators.MinValueValidator(0)],
                        verbose_name="gap between rounds (minutes)",
                    ),
                ),
                (
                    "event",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="swiss_settings",
                        serialize=False,
                        to="tournaments.event",
                    ),
                ),
                (
                    "finish_threshold",
                    models.DecimalField(
                        decimal_places=2,
                        default=0.7,
                        help_text="Share of the event's boards a pair must play to be ranked.",
                        max_digits=3,
                        verbose_name="finishing threshold",
                    ),
                ),
                (
                    "bye_score",
                    models.CharField(
                        choices=[("A+", "Average plus"), ("A=", "Average"), ("A-", "Average minus")],
                        default="A=",
                        max_length=2,
                        verbose_name="bye score",
                    ),
                ),
                (
                    "seed",
                    models.BigIntegerField(
                        default=0,
                        help_text="Makes seating tie-breaks reproducible.",
                        verbose_name="seed",
                    ),
                ),
                (
                    "preset_deals",
                    models.JSONField(
                        blank=True,
                        default=dict,
                        help_text="Board number to PBN deal, used instead of a shuffle (PBN import).",
                        verbose_name="imported deals",
                    ),
                ),
            ],
            options={
                "verbose_name": "Swiss pairs settings",
                "verbose_name_plural": "Swiss pairs settings",
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("num_rounds__gte", 1)), name="swiss_rounds_positive"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("boards_per_round__gte", 1)),
                        name="swiss_boards_positive",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("finish_threshold__gte", 0), ("finish_threshold__lte", 1)),
                        name="swiss_threshold_share",
                    ),
                ],
            },
        ),
        migrations.AddField(
            model_name="board",
            name="board_set",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="board set"),
        ),
        migrations.AlterField(
            model_name="board",
            name="round",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="boards",
                to="tournaments.round",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="board_set",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="board set"),
        ),
        migrations.AddField(
            model_name="table",
            name="event",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="tables",
                to="tournaments.event",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="room",
            field=models.CharField(
                blank=True,
                choices=[("open", "Open room"), ("closed", "Closed room")],
                max_length=6,
                verbose_name="room",
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="round",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="tables",
                to="tournaments.round",
            ),
        ),
        migrations.CreateModel(
            name="TableSeat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "seat",
                    models.CharField(
                        choices=[("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")],
                        max_length=1,
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="tournaments.table",
                    ),
                ),
            ],
            options={
                "ordering": ["table", "seat"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("table", "seat"), name="tableseat_one_per_seat"
                    ),
                    models.UniqueConstraint(
                        fields=("table", "player"), name="tableseat_player_once"
                    ),
                ],
            },
        ),
    ]
