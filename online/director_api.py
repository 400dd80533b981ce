"""The director's console of online play over REST (``docs/rules.md`` § Online play,
*The director*): every table of the open round live, and the director's actions. The
director is checked first, before the body is read (403 to anyone else); the same
services as the console page (``online/director.py``)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.utils import error_responses
from tournaments.models import Event

from . import director
from .api import TableViewSerializer


class SeatStateSerializer(serializers.Serializer):
    name = serializers.CharField()
    username = serializers.CharField()
    state = serializers.ChoiceField(
        choices=["connected", "gone", "disconnected", "away"],
        help_text="gone: no connection, within the grace period; disconnected: gone "
        "longer; away: never connected to this table.",
    )
    gone_seconds = serializers.IntegerField(allow_null=True)
    robot = serializers.BooleanField(help_text="A robot holds the seat (docs/rules.md § Robots).")


class ClaimSerializer(serializers.Serializer):
    seat = serializers.CharField()
    tricks = serializers.IntegerField(help_text="Of the remaining tricks, for the claimer.")
    rejected = serializers.BooleanField(help_text="True: it waits for the director's ruling.")
    declarer = serializers.CharField()
    declarer_won = serializers.IntegerField()
    tricks_left = serializers.IntegerField()


class ConsoleTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    number = serializers.IntegerField()
    board = serializers.IntegerField(allow_null=True)
    board_number = serializers.IntegerField(allow_null=True)
    boards_left = serializers.IntegerField()
    phase = serializers.ChoiceField(
        choices=["waiting", "auction", "play", "claim", "over", "done"],
        help_text="waiting: the board has not started; done: no board left.",
    )
    version = serializers.IntegerField(allow_null=True, help_text="Send it with a ruling.")
    calls = serializers.IntegerField()
    trick = serializers.IntegerField(help_text="The trick being played (0 outside the play).")
    started_at = serializers.DateTimeField(allow_null=True)
    seconds_used = serializers.IntegerField(allow_null=True)
    claim = ClaimSerializer(allow_null=True)
    seats = serializers.DictField(child=SeatStateSerializer())


class ConsoleDisconnectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table_number = serializers.IntegerField()
    board_number = serializers.IntegerField()
    seat = serializers.CharField()
    player = serializers.CharField()
    recorded_at = serializers.DateTimeField()
    outage = serializers.BooleanField(help_text="The server's drop: no penalty.")
    cancelled = serializers.BooleanField()


class ConsoleRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    ends_at = serializers.DateTimeField()


class ConsoleSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    online = serializers.BooleanField()
    rounds = ConsoleRoundSerializer(many=True)
    now = serializers.DateTimeField()
    tables = ConsoleTableSerializer(many=True)
    disconnections = ConsoleDisconnectionSerializer(many=True)

    class Meta:
        ref_name = "OnlineConsole"


def _director_first(request, event_id: int) -> None:
    """403 to anyone but the event's director, before the body is read."""
    director.director_event_get(user=request.user, event_id=event_id)


class ConsoleApi(APIView):
    """Every table of the event's open round, live (the director's console)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="events_online_tables_list",
        responses={200: ConsoleSerializer, **error_responses(403, 404)},
    )
    def get(self, request, event_id: int):
        return Response(director.console_get(user=request.user, event_id=event_id))


class RuleApi(APIView):
    """Rule a claim that waits for a ruling: the declaring side's total tricks, or
    ``play`` to let play go on."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        version = serializers.IntegerField(min_value=0, help_text="The table's version seen.")
        tricks = serializers.CharField(
            max_length=4, help_text='The declaring side\'s tricks in all, or "play".'
        )

        class Meta:
            ref_name = "OnlineRuling"

    @extend_schema(
        operation_id="events_online_tables_rule",
        request=InputSerializer,
        responses={200: TableViewSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int, table_id: int):
        _director_first(request, event_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        view = director.claim_rule(
            director=request.user, event_id=event_id, table_id=table_id,
            version=serializer.validated_data["version"],
            tricks=serializer.validated_data["tricks"],
        )  # fmt: skip
        return Response(view)


class AdjustApi(APIView):
    """An adjusted score for a board at the table (a board in play there is ended)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        board = serializers.IntegerField(help_text="The board's id.")
        ns = serializers.ChoiceField(choices=Event.Adjustment.values)
        ew = serializers.ChoiceField(choices=Event.Adjustment.values)
        reason = serializers.CharField(max_length=200, required=False, allow_blank=True)

        class Meta:
            ref_name = "OnlineAdjustment"

    class OutputSerializer(serializers.Serializer):
        result = serializers.IntegerField(source="pk")
        status = serializers.CharField()
        ns_adjustment = serializers.CharField()
        ew_adjustment = serializers.CharField()

        class Meta:
            ref_name = "OnlineAdjusted"

    @extend_schema(
        operation_id="events_online_tables_adjust",
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int, table_id: int):
        _director_first(request, event_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = director.board_adjust(
            director=request.user, event_id=event_id, table_id=table_id, board_id=data["board"],
            ns_adjustment=data["ns"], ew_adjustment=data["ew"], reason=data.get("reason", ""),
        )  # fmt: skip
        return Response(self.OutputSerializer(result).data)


class SubstituteApi(APIView):
    """Move a substitute into a seat of the table (logged in the event's log)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        seat = serializers.ChoiceField(choices=["N", "E", "S", "W"])
        username = serializers.CharField(max_length=150, help_text="The substitute's user name.")

        class Meta:
            ref_name = "OnlineSubstitute"

    class OutputSerializer(serializers.Serializer):
        table = serializers.IntegerField(source="table_id")
        seat = serializers.CharField()
        player = serializers.CharField(source="player.username")

        class Meta:
            ref_name = "OnlineSeat"

    @extend_schema(
        operation_id="events_online_tables_substitute",
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int, table_id: int):
        _director_first(request, event_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        row = director.seat_substitute(
            director=request.user, event_id=event_id, table_id=table_id,
            seat=serializer.validated_data["seat"],
            username=serializer.validated_data["username"],
        )  # fmt: skip
        return Response(self.OutputSerializer(row).data)


class DisconnectionCancelApi(APIView):
    """Cancel a disconnection the server recorded (its penalty is taken back)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        disconnection = serializers.IntegerField(help_text="The disconnection's id.")

        class Meta:
            ref_name = "OnlineDisconnectionCancel"

    @extend_schema(
        operation_id="events_online_disconnections_cancel",
        request=InputSerializer,
        responses={200: ConsoleDisconnectionSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int):
        _director_first(request, event_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        row = director.disconnection_cancel(
            director=request.user, event_id=event_id,
            disconnection_id=serializer.validated_data["disconnection"],
        )  # fmt: skip
        return Response(
            {
                "id": row.pk, "table_number": row.table.number,
                "board_number": row.board.number, "seat": row.seat, "player": row.player.name,
                "recorded_at": row.recorded_at, "outage": row.outage, "cancelled": True,
            }
        )  # fmt: skip
