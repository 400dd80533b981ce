"""The ratings API (``/api/...``): disconnections, the Rate leaderboards, a player's
Rate. Refusals answer ``{detail, code, fields}`` (``tournaments.api.errors``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from tournaments.api.utils import error_responses, found
from tournaments.models import Board, Event

from .models import Disconnection
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
