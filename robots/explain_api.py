"""An opponent asks what a robot's call shows (docs/rules.md § Robots, its bidding
system): the robot answers as an alert would, from its system, never from its hand."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from online import services
from tableplay.cards import partner
from tournaments.api.utils import error_responses
from tournaments.errors import BridgeError, PermissionDeniedError
from tournaments.models import TableSeat

from .explain import call_explain


def robot_call_explain(*, user, event_id: int, table_id: int, index: int) -> dict:
    """What the ``index``-th call of the board in play (0: the dealer's) shows, when a
    robot made it: for anyone who may see the table, except the robot's partner (an
    alert is never explained to partner)."""
    view = services.table_state_get(user=user, event_id=event_id, table_id=table_id)
    robots = set(
        TableSeat.objects.filter(table_id=table_id, player__is_robot=True).values_list(
            "seat", flat=True
        )
    )
    return view_call_explain(view, index, robots=robots)


def view_call_explain(view: dict, index: int, *, robots: set[str]) -> dict:
    """The one rule of asking a robot's call, on the table view the asker may see (an
    online table's or a practice table's): the ``index``-th call of its auction, made by
    a robot (one of ``robots``' seats), explained unless the asker is its partner."""
    auction = view.get("auction") or []
    if not 0 <= index < len(auction):
        raise BridgeError(gettext("No such call in this auction."), code="no_call")
    seat, call = auction[index]["seat"], auction[index]["call"]
    if view["seat"] is not None and view["seat"] == partner(seat):
        raise PermissionDeniedError(
            gettext("Your partner's calls are not explained to you."), code="partner"
        )
    if seat not in robots:
        raise BridgeError(gettext("A person made that call: ask the director."), code="not_robot")
    before = [(a["seat"], a["call"]) for a in auction[:index]]
    explanation = call_explain(before, seat, call, gettext)
    return {"index": index, "seat": seat, "call": call, "explanation": explanation}


def index_param(request) -> int:
    """The ``?index=`` of the call asked about (a clear 400 when it is not a number)."""
    try:
        return int(request.query_params.get("index", ""))
    except ValueError:
        error = BridgeError(gettext("Say which call: ?index=0 is the first."), code="index")
        raise error from None


class RobotCallExplainApi(APIView):
    """What a robot's call shows in its system (docs/rules.md § Robots)."""

    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        index = serializers.IntegerField(help_text="The call's place in the auction, from 0.")
        seat = serializers.CharField()
        call = serializers.CharField()
        explanation = serializers.CharField(help_text="In the language of the request.")

        class Meta:
            ref_name = "RobotCallExplanation"

    @extend_schema(
        operation_id="events_tables_explain_retrieve",
        parameters=[OpenApiParameter("index", int, required=True, description="From 0.")],
        responses={200: OutputSerializer, **error_responses(400, 403, 404, 409)},
    )
    def get(self, request, event_id: int, table_id: int):
        answer = robot_call_explain(
            user=request.user, event_id=event_id, table_id=table_id, index=index_param(request)
        )
        return Response(answer)
