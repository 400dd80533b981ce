"""Robots at the online tables over REST (``docs/rules.md`` § Robots, *Substitutes*): the
director moves a robot into a seat of a table or removes it (the console's buttons), and
the player a robot replaced asks for the seat back. The director is checked first,
before the body is read (403 to anyone else); the same services as the pages
(``robots/seating.py``)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from online.director import director_event_get
from tournaments.api.utils import error_responses

from . import seating
from .selectors import reclaim_state


class RobotSeatInput(serializers.Serializer):
    seat = serializers.ChoiceField(choices=["N", "E", "S", "W"])

    class Meta:
        ref_name = "OnlineRobotSeatInput"


class RobotSeatSerializer(serializers.Serializer):
    table = serializers.IntegerField(source="table_id")
    seat = serializers.CharField()
    robot = serializers.CharField(source="robot.username")
    replaced = serializers.SerializerMethodField(help_text="The replaced player's user name.")
    reason = serializers.ChoiceField(choices=["director", "auto", "fill", "practice"])
    release_requested = serializers.BooleanField(
        help_text="The replaced player asked for the seat back: theirs when this board ends."
    )

    class Meta:
        ref_name = "OnlineRobotSeat"

    def get_replaced(self, row) -> str:
        return row.replaced.username if row.replaced_id else ""


class RobotRemovedSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    seat = serializers.CharField()
    removed = serializers.BooleanField()

    class Meta:
        ref_name = "OnlineRobotRemoved"


class ReclaimSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text="The seat: N, E, S or W.")
    state = serializers.ChoiceField(
        choices=["robot", "asked", "yours"],
        help_text="robot: a robot plays the seat; asked: it is yours when the board in play "
        "ends; yours: you hold it (open the table).",
    )

    class Meta:
        ref_name = "OnlineSeatReclaim"


def _seat_in(request) -> str:
    serializer = RobotSeatInput(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data["seat"]


class RobotPlaceApi(APIView):
    """Move a robot into a seat of the table (refused with ``connected`` when a player
    is connected to it, ``robot_seated``, ``round_over``, ``not_online``)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="events_online_tables_robot",
        request=RobotSeatInput,
        responses={200: RobotSeatSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int, table_id: int):
        director_event_get(user=request.user, event_id=event_id)  # the director first
        row = seating.robot_substitute(
            director=request.user, event_id=event_id, table_id=table_id, seat=_seat_in(request)
        )
        return Response(RobotSeatSerializer(row).data)


class RobotRemoveApi(APIView):
    """Remove the robot from a seat at once (refused with ``no_robot`` when none sits
    there); the line-up names whom it named before."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="events_online_tables_robot_remove",
        request=RobotSeatInput,
        responses={200: RobotRemovedSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int, table_id: int):
        director_event_get(user=request.user, event_id=event_id)  # the director first
        seat = _seat_in(request)
        seating.robot_remove(director=request.user, event_id=event_id, table_id=table_id, seat=seat)
        return Response({"table": table_id, "seat": seat, "removed": True})


class ReclaimApi(APIView):
    """The player a robot replaced: ``GET`` where their seat stands, ``POST`` to take it
    back (at once when no board is in play at the table, else when it ends). 403
    ``not_seated`` to anyone no robot replaced at this table."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="events_tables_reclaim_get",
        responses={200: ReclaimSerializer, **error_responses(403, 404)},
    )
    def get(self, request, event_id: int, table_id: int):
        return Response(reclaim_state(user=request.user, event_id=event_id, table_id=table_id))

    @extend_schema(
        operation_id="events_tables_reclaim",
        request=None,
        responses={200: ReclaimSerializer, **error_responses(403, 404, 409)},
    )
    def post(self, request, event_id: int, table_id: int):
        seating.seat_reclaim(user=request.user, event_id=event_id, table_id=table_id)
        return Response(reclaim_state(user=request.user, event_id=event_id, table_id=table_id))
