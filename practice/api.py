"""Practice over REST (``docs/rules.md`` § Robots, *Practice*): start a session, read
its table, act at it, and read its scores. The table's shape is online play's table view
(docs/online-play.md) with the session's number and, once a board is over, its practice
score; errors are ``{"code", "detail"}`` with online play's codes."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from online.api import TableViewSerializer
from robots.explain_api import RobotCallExplainApi, index_param
from tournaments.api.utils import error_responses

from . import services
from .selectors import session_summary


class PracticeTableSerializer(TableViewSerializer):
    """The practice table as the player's seat may see it."""

    session = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="Always null: no event table.")
    ends_at = serializers.DateTimeField(allow_null=True, help_text="Always null: no clock.")
    next = serializers.DictField(
        allow_null=True,
        help_text='After the board: {"board", "board_number"}, or {"round_over": true} '
        "after the session's last board.",
    )
    practice = serializers.DictField(
        allow_null=True,
        help_text='Once the board is over: {"points", "text", "field_size"}, the score '
        "for the player's side against the event's field (MP % or IMPs).",
    )

    class Meta:
        ref_name = "PracticeTable"


class FieldResultSerializer(serializers.Serializer):
    contract = serializers.CharField()
    declarer = serializers.CharField()
    tricks = serializers.IntegerField(allow_null=True)
    ns_score = serializers.IntegerField()


class PracticeBoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    done = serializers.BooleanField()
    contract = serializers.CharField(source="row.contract")
    declarer = serializers.CharField(source="row.declarer")
    tricks = serializers.IntegerField(source="row.tricks", allow_null=True)
    ns_score = serializers.IntegerField(source="row.ns_score", allow_null=True)
    points = serializers.FloatField(
        source="row.points", allow_null=True, help_text="MP % or IMPs for the player's side."
    )
    datum = serializers.IntegerField(
        source="row.datum", allow_null=True,
        help_text="Datum IMPs: the NS datum it was scored against (the field's).",
    )  # fmt: skip
    text = serializers.CharField()
    field = FieldResultSerializer(many=True, help_text="Only once the board is played.")


class PracticeSessionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField(source="event_id")
    seat = serializers.CharField()
    created_at = serializers.DateTimeField()
    method = serializers.CharField(source="event.method")
    boards = PracticeBoardSerializer(many=True)
    total = serializers.FloatField(
        allow_null=True, help_text="Average MP % under matchpoints, else the sum of IMPs."
    )


def _session_data(session) -> dict:
    summary = session_summary(session)
    data = {
        "id": session.pk,
        "event_id": session.event_id,
        "event": session.event,
        "seat": session.seat,
        "created_at": session.created_at,
        "boards": summary["boards"],
        "total": summary["total"],
    }
    return PracticeSessionSerializer(data).data


class PracticeCreateApi(APIView):
    """Start a practice session on an event's boards (a finished event, or a pool's
    retired boards)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        event = serializers.IntegerField(min_value=1)
        boards = serializers.ListField(
            child=serializers.IntegerField(min_value=1), required=False, max_length=100,
            help_text="Board numbers; none: every board you may practise (up to 36).",
        )  # fmt: skip
        seat = serializers.ChoiceField(choices=["N", "E", "S", "W"], default="S")

        class Meta:
            ref_name = "PracticeCreate"

    @extend_schema(
        operation_id="practice_create",
        request=InputSerializer,
        responses={201: PracticeSessionSerializer, **error_responses(400, 403, 404)},
    )
    def post(self, request):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        session = services.practice_create(
            user=request.user, event_id=data["event"], numbers=data.get("boards"),
            seat=data["seat"],
        )  # fmt: skip
        session = services.session_for(user=request.user, session_id=session.pk)
        return Response(_session_data(session), status=status.HTTP_201_CREATED)


class PracticeSessionApi(APIView):
    """A session's boards, their results against the field and the total."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="practice_retrieve",
        responses={200: PracticeSessionSerializer, **error_responses(403, 404)},
    )
    def get(self, request, session_id: int):
        session = services.session_for(user=request.user, session_id=session_id)
        return Response(_session_data(session))


class PracticePlayApi(APIView):
    """The session's board in play (or its last one), and the player's actions on it."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        version = serializers.IntegerField(min_value=0, help_text="The table's version seen.")
        kind = serializers.ChoiceField(choices=list(services.PLAYER_KINDS))
        value = serializers.CharField(
            max_length=8, required=False, allow_blank=True, default="",
            help_text='A call ("1NT", "P", "X", "XX"), a card ("SA") or the tricks claimed.',
        )  # fmt: skip
        alert = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")

        class Meta:
            ref_name = "PracticeAction"

    @extend_schema(
        operation_id="practice_play_retrieve",
        responses={200: PracticeTableSerializer, **error_responses(403, 404)},
    )
    def get(self, request, session_id: int):
        return Response(services.practice_state_get(user=request.user, session_id=session_id))

    @extend_schema(
        operation_id="practice_play_create",
        request=InputSerializer,
        responses={200: PracticeTableSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, session_id: int):
        services.session_for(user=request.user, session_id=session_id)  # who asks, first
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        view = services.practice_act(
            user=request.user, session_id=session_id, version=data["version"],
            kind=data["kind"], value=data["value"], alert=data["alert"],
        )  # fmt: skip
        return Response(view)


class PracticeExplainApi(APIView):
    """What a robot opponent's call shows in the robots' system (docs/rules.md § Robots):
    the online table's rule of asking, at the player's practice table (the robot
    partner's calls are not explained, as an alert never is to partner)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="practice_explain_retrieve",
        parameters=[OpenApiParameter("index", int, required=True, description="From 0.")],
        responses={
            200: RobotCallExplainApi.OutputSerializer, **error_responses(400, 403, 404)
        },
    )  # fmt: skip
    def get(self, request, session_id: int):
        services.session_for(user=request.user, session_id=session_id)  # who asks, first
        answer = services.practice_call_explain(
            user=request.user, session_id=session_id, index=index_param(request)
        )
        return Response(answer)
