"""The accuracy and fair-play API (``/api/...``, ``docs/rules.md`` § Accuracy and fair
play): a player's accuracy (public, as the page), and the fair-play screen (its events'
directors only: anyone else a 403 before anything is read). Refusals answer
``{detail, code, fields}`` (``tournaments.api.errors``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings.selectors import player_get
from tournaments.api.utils import error_responses, found

from .accuracy import player_accuracy
from .kibitz import kibitz_log
from .screen import fair_play
from .selectors import scope_get


class FiguresSerializer(serializers.Serializer):
    leads = serializers.IntegerField()
    ddolar = serializers.FloatField(allow_null=True, help_text="% of leads costing nothing")
    adjusted_leads = serializers.IntegerField()
    addolar = serializers.FloatField(allow_null=True)
    declarer_cards = serializers.IntegerField()
    declarer_errors = serializers.IntegerField()
    declarer_rate = serializers.FloatField(allow_null=True, help_text="% of cards")
    defender_cards = serializers.IntegerField()
    defender_errors = serializers.IntegerField()
    defender_rate = serializers.FloatField(allow_null=True, help_text="% of cards")
    par_boards = serializers.IntegerField()
    par_mean = serializers.FloatField(allow_null=True, help_text="mean IMPs from par")

    class Meta:
        ref_name = "AccuracyFigures"


class ThreeSerializer(serializers.Serializer):
    player = FiguresSerializer()
    field = FiguresSerializer()
    robots = FiguresSerializer()

    class Meta:
        ref_name = "AccuracyBeside"


class WeekSerializer(ThreeSerializer):
    week = serializers.CharField()

    class Meta:
        ref_name = "AccuracyWeek"


class AccuracySerializer(serializers.Serializer):
    boards = serializers.IntegerField()
    total = ThreeSerializer()
    weeks = WeekSerializer(many=True)

    class Meta:
        ref_name = "PlayerAccuracy"


class PlayerAccuracyApi(APIView):
    """A player's accuracy against double dummy, in all and week by week, beside the
    field on the same boards and the robots (boards of finished events)."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="player_accuracy_get",
        responses={200: AccuracySerializer, **error_responses(404)},
    )
    def get(self, request, username: str):
        player = found(player_get(username=username), _("No such player."))
        return Response(AccuracySerializer(player_accuracy(player=player)).data)


class PairSerializer(serializers.Serializer):
    user_ids = serializers.ListField(child=serializers.IntegerField())
    names = serializers.ListField(child=serializers.CharField())
    boards = serializers.IntegerField()
    leads = serializers.IntegerField()
    leads_ok = serializers.IntegerField()
    lead_share = serializers.FloatField(allow_null=True)
    lead_expected = serializers.FloatField(allow_null=True)
    p_leads = serializers.FloatField(allow_null=True)
    defender_cards = serializers.IntegerField()
    defender_errors = serializers.IntegerField()
    defender_rate = serializers.FloatField(allow_null=True)
    defender_expected = serializers.FloatField(allow_null=True)
    p_defence = serializers.FloatField(allow_null=True)
    declarer_cards = serializers.IntegerField()
    declarer_errors = serializers.IntegerField()
    declarer_rate = serializers.FloatField(allow_null=True)
    flagged = serializers.BooleanField()

    class Meta:
        ref_name = "FairPlayPair"


class WatchSerializer(serializers.Serializer):
    event_id = serializers.IntegerField()
    table = serializers.IntegerField()
    user_id = serializers.IntegerField()
    name = serializers.CharField()
    network = serializers.CharField()
    opened_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    flags = serializers.ListField(child=serializers.CharField())

    class Meta:
        ref_name = "FairPlayWatch"


class FairPlaySerializer(serializers.Serializer):
    boards = serializers.IntegerField()
    results = serializers.IntegerField()
    threshold = serializers.FloatField()
    min_boards = serializers.IntegerField()
    hidden = serializers.IntegerField(help_text="pairs with fewer boards than the minimum")
    flagged = serializers.IntegerField()
    placebo_flagged = serializers.IntegerField()
    pairs = PairSerializer(many=True)
    placebos = PairSerializer(many=True)
    watches = serializers.SerializerMethodField()

    class Meta:
        ref_name = "FairPlayScreen"

    @extend_schema(responses=WatchSerializer(many=True))
    def get_watches(self, screen) -> list:
        return WatchSerializer(screen["kibitz"]["watches"], many=True).data


class FairPlayApi(APIView):
    """The fair-play screen of events (``event``, repeated) or of a week (``week``):
    each pair's leads and defence against the field, p-values, placebo pairs and the
    kibitzing log. The events' directors only."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="fair_play_get",
        parameters=[
            OpenApiParameter("event", OpenApiTypes.INT, many=True, required=False),
            OpenApiParameter("week", OpenApiTypes.STR, required=False, description="2026-W49"),
            OpenApiParameter("p", OpenApiTypes.FLOAT, required=False, description="threshold"),
            OpenApiParameter("min", OpenApiTypes.INT, required=False, description="min boards"),
        ],
        responses={200: FairPlaySerializer, **error_responses(400, 401, 403)},
    )
    def get(self, request):
        scope = scope_get(
            user=request.user, event_ids=request.query_params.getlist("event"),
            week=request.query_params.get("week", ""),
            threshold=request.query_params.get("p", ""),
            min_boards=request.query_params.get("min", ""),
        )  # fmt: skip
        screen = fair_play(
            scope.results(), threshold=scope.threshold, min_boards=scope.min_boards,
            seed=scope.seed,
        )  # fmt: skip
        screen["kibitz"] = kibitz_log(scope.events)
        return Response(FairPlaySerializer(screen).data)
