"""The ratings API (``/api/...``): disconnections, the Rate leaderboards, a player's
Rate. Refusals answer ``{detail, code, fields}`` (``tournaments.api.errors``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from tournaments.api.permissions import IsDirector
from tournaments.api.utils import Pagination, error_responses, found, page_params
from tournaments.models import Board, Event

from . import selectors, services
from .calc import TIERS, next_tier
from .models import Disconnection, MasterPointEntry
from .services.disconnections import disconnection_record


class DisconnectionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Disconnection
        ref_name = "Disconnection"
        fields = [
            "id",
            "player",
            "event",
            "board",
            "recorded_by",
            "reason",
            "weekly_points",
            "event_points",
            "created_at",
        ]


class DisconnectionCreateApi(APIView):
    """A director records a player's disconnection (−16 weekly points, board Rate 0)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        event = serializers.IntegerField()
        player = serializers.IntegerField()
        board = serializers.IntegerField(required=False, allow_null=True)
        reason = serializers.CharField(max_length=200)

        class Meta:
            ref_name = "DisconnectionInput"

    @extend_schema(
        operation_id="disconnections_create",
        request=InputSerializer,
        responses={201: DisconnectionSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        event = found(Event.objects.filter(pk=data["event"]).first(), _("No such event."))
        player = found(User.objects.filter(pk=data["player"]).first(), _("No such player."))
        board = None
        if data.get("board") is not None:
            board = found(Board.objects.filter(pk=data["board"]).first(), _("No such board."))
        row = disconnection_record(
            player=player, event=event, board=board, reason=data["reason"], recorded_by=request.user
        )
        return Response(DisconnectionSerializer(row).data, status=status.HTTP_201_CREATED)


class TierSerializer(serializers.Serializer):
    level = serializers.IntegerField()
    name_zh = serializers.CharField()
    name_en = serializers.CharField()

    class Meta:
        ref_name = "RankTier"


class LeaderboardRowSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    username = serializers.CharField(source="player.username")
    name = serializers.CharField(source="player.name")
    rate = serializers.FloatField()
    weekly_points = serializers.FloatField()
    boards_this_week = serializers.IntegerField()
    total_boards = serializers.IntegerField()
    last_week_average = serializers.FloatField(allow_null=True)
    master_points = serializers.IntegerField()
    tier = serializers.SerializerMethodField()

    class Meta:
        ref_name = "LeaderboardRow"

    @extend_schema_field(TierSerializer)
    def get_tier(self, row) -> dict:
        tier = TIERS[row.tier]
        return {"level": tier.level, "name_zh": tier.name_zh, "name_en": tier.name_en}


class LeaderboardApi(APIView):
    """A leaderboard: ``week`` (this week's points), ``rate`` or ``mp`` (master points),
    best first, filtered by ``tier`` and ``min_boards``; ``limit``/``offset`` pages."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="leaderboards_get",
        parameters=[
            OpenApiParameter("tier", OpenApiTypes.INT, required=False, description="0 to 11."),
            OpenApiParameter(
                "min_boards", OpenApiTypes.INT, required=False, description="At least."
            ),
            *page_params(Pagination),
        ],
        responses={200: LeaderboardRowSerializer(many=True), **error_responses(400, 404)},
    )
    def get(self, request, board: str):
        if board not in selectors.BOARDS:
            raise NotFound(_("No such leaderboard."), code="not_found")
        query = selectors.leaderboard_query_clean(
            board=board,
            tier=request.query_params.get("tier"),
            min_boards=request.query_params.get("min_boards"),
        )
        paginator = Pagination()
        page = paginator.paginate_queryset(selectors.leaderboard_get(query=query), request, self)
        return paginator.get_paginated_response(LeaderboardRowSerializer(page, many=True).data)


class HistorySerializer(serializers.Serializer):
    week = serializers.CharField(source="week.week")
    boards = serializers.IntegerField()
    weekly_points = serializers.FloatField()
    week_rate = serializers.FloatField(allow_null=True)
    rate_before = serializers.FloatField()
    weight_before = serializers.FloatField()
    rate_after = serializers.FloatField()
    weight_after = serializers.FloatField()

    class Meta:
        ref_name = "RateHistoryRow"


class PlayerRateSerializer(LeaderboardRowSerializer):
    weight = serializers.FloatField()
    week = serializers.CharField()
    next_tier = serializers.SerializerMethodField()
    points_to_next_tier = serializers.SerializerMethodField()
    history = serializers.SerializerMethodField()

    class Meta:
        ref_name = "PlayerRate"

    @extend_schema_field(TierSerializer(allow_null=True))
    def get_next_tier(self, row) -> dict | None:
        tier = next_tier(row.master_points)
        return tier and {"level": tier.level, "name_zh": tier.name_zh, "name_en": tier.name_en}

    @extend_schema_field(OpenApiTypes.INT)
    def get_points_to_next_tier(self, row) -> int | None:
        tier = next_tier(row.master_points)
        return tier.threshold - row.master_points if tier else None

    @extend_schema_field(HistorySerializer(many=True))
    def get_history(self, row) -> list:
        return HistorySerializer(selectors.rate_history_get(player=row.player), many=True).data


class PlayerRateApi(APIView):
    """A player's Rate, this week's points, master points, tier and weekly history."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="player_rate_get",
        responses={200: PlayerRateSerializer, **error_responses(404)},
    )
    def get(self, request, username: str):
        player = found(selectors.player_get(username=username), _("No such player."))
        services.player_rates_ensure(player_ids=[player.pk])
        return Response(PlayerRateSerializer(selectors.player_rate_get(player=player)).data)


class LedgerRowSerializer(serializers.ModelSerializer):
    class Meta:
        model = MasterPointEntry
        ref_name = "LedgerRow"
        fields = ["id", "player", "event", "kind", "amount", "reason", "created_by", "created_at"]


class DeductionApi(APIView):
    """A director deducts master points from a player, with a reason (a ledger row)."""

    permission_classes = [IsDirector]  # before the input is read (the service checks too)

    class InputSerializer(serializers.Serializer):
        amount = serializers.IntegerField(min_value=1, max_value=100000)
        reason = serializers.CharField(max_length=200)

        class Meta:
            ref_name = "DeductionInput"

    @extend_schema(
        operation_id="player_deduct",
        request=InputSerializer,
        responses={201: LedgerRowSerializer, **error_responses(400, 403, 404)},
    )
    def post(self, request, username: str):
        player = found(selectors.player_get(username=username), _("No such player."))
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        row = services.master_points_deduct(
            player=player, director=request.user, **serializer.validated_data
        )
        return Response(LedgerRowSerializer(row).data, status=status.HTTP_201_CREATED)
