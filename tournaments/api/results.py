"""Play: my table, result entry and confirmation, director's corrections, board pages."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import selectors, services
from ..errors import BridgeError
from ..extensions import result_analyses
from ..formats import format_for
from ..formats.movements.api import MovementRowSerializer, movement_row_data
from ..formats.movements.selectors import movement_next_get
from ..models import Event
from ..permissions import is_event_director
from .idempotency import IDEMPOTENCY_KEY, idempotent
from .serializers import (
    EntryBriefSerializer,
    ResultSerializer,
    RoundSerializer,
    result_score_fields,
)
from .utils import error_responses, event_or_404, found

_CONTRACT_HELP = 'e.g. "4S", "3NTX", "6HXX" or "PASS".'


@extend_schema_field(
    {
        "type": "string",
        "pattern": r"^(A\+|A=|A-)?$",
        "description": "Adjusted score: A+, A= or A- (empty for none).",
    }
)
class _AdjustmentField(serializers.ChoiceField):
    """An adjusted score. Documented as a pattern: the enum is the event's ``bye_score``."""

    def __init__(self, **kwargs):
        super().__init__(choices=Event.Adjustment.choices, **kwargs)


class _TableResultInput(serializers.Serializer):
    """The fields of a table result; the service checks that they make a real result."""

    table = serializers.IntegerField(help_text="Table id (from my-table).")
    board = serializers.IntegerField(help_text="Board id (from my-table).")
    contract = serializers.CharField(max_length=12, help_text=_CONTRACT_HELP)
    declarer = serializers.CharField(
        max_length=1, required=False, allow_blank=True, default="", help_text="N, E, S or W."
    )
    tricks = serializers.IntegerField(
        min_value=0, max_value=13, required=False, allow_null=True, default=None
    )
    lead = serializers.CharField(
        max_length=4, required=False, allow_blank=True, default="", help_text='e.g. "SA", "HT".'
    )


class _MyBoardSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    vulnerability = serializers.CharField()
    result = serializers.SerializerMethodField()
    result_hidden = serializers.SerializerMethodField(
        help_text="A result is stored at this table that you may not see yet: a team member "
        "not seated at this table sees it once seated here (result is then null)."
    )

    class Meta:
        ref_name = "MyTableBoard"

    @extend_schema_field(ResultSerializer(allow_null=True))
    def get_result(self, board):
        result = self.context["results"].get(board.pk)
        return ResultSerializer(result).data if result is not None else None

    def get_result_hidden(self, board) -> bool:
        return board.pk in self.context["withheld"]


class _TableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    room = serializers.CharField(help_text='A team match\'s "open" or "closed" room; else "".')

    class Meta:
        ref_name = "TableRef"


class MyTableApi(APIView):
    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        round = RoundSerializer()
        table = _TableSerializer()
        side = serializers.ChoiceField(choices=["NS", "EW"])
        pair = serializers.SerializerMethodField()
        opponents = EntryBriefSerializer(allow_null=True, help_text="Null for a bye.")
        boards = _MyBoardSerializer(many=True)
        sits_here = serializers.BooleanField(
            help_text="False: a team member not seated yet looking at a room "
            "(POST my-table/sit/ to sit down there)."
        )
        next = serializers.SerializerMethodField(
            help_text="A Mitchell or Howell: where the pair goes in the next round "
            "(table null: it sits out); null otherwise or after the last round."
        )

        class Meta:
            ref_name = "MyTable"

        @extend_schema_field(MovementRowSerializer(allow_null=True))
        def get_next(self, seat):
            event = self.context["event"]
            if not format_for(event).movement:
                return None
            row = movement_next_get(event=event, entry_ids={seat.entry.pk})
            return movement_row_data(row) if row else None

        @extend_schema_field(EntryBriefSerializer)
        def get_pair(self, seat):
            entry = seat.table.ns if seat.side == "NS" else seat.table.ew
            return EntryBriefSerializer(entry).data

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "room",
                str,
                enum=["open", "closed"],
                required=False,
                description="A team member not seated yet: the room to look at (they are "
                "seated there when they first enter or confirm a result).",
            )
        ],
        responses={200: OutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        room = request.query_params.get("room") or None
        seat = selectors.my_table_get(event=event, user=request.user, room=room)
        if seat is None:
            raise NotFound(
                _("You are not seated in this event's current round."), code="not_seated"
            )
        context = {"results": seat.results, "withheld": seat.withheld, "event": event}
        return Response(self.OutputSerializer(seat, context=context).data)


class MyTableSitApi(APIView):
    """A team member not seated yet sits down at one of the team's tables of the round
    in play (from my-table with ``room``), and then sees its results."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        table = serializers.IntegerField(help_text="Table id (from my-table).")

        class Meta:
            ref_name = "MyTableSitInput"

    @extend_schema(
        request=InputSerializer,
        responses={200: MyTableApi.OutputSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int):
        event = event_or_404(event_id)
        if not selectors.entry_ids_of(user=request.user, event=event):  # who asks, first
            raise PermissionDenied(_("You do not sit at this table."), code="not_at_table")
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        table = selectors.table_get(table_id=serializer.validated_data["table"])
        if table is None or table.event_id != event.pk:
            raise NotFound(_("No such table."), code="not_found")
        services.table_sit(table_id=table.pk, user=request.user)
        seat = selectors.my_table_get(event=event, user=request.user)
        if seat is None:  # not reached: sitting down gives a table
            raise NotFound(
                _("You are not seated in this event's current round."), code="not_seated"
            )
        context = {"results": seat.results, "withheld": seat.withheld, "event": event}
        return Response(MyTableApi.OutputSerializer(seat, context=context).data)


class ResultSubmitApi(APIView):
    """A player at the table (or the director) enters a board's result."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(_TableResultInput):
        class Meta:
            ref_name = "ResultSubmitInput"

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: ResultSerializer, **error_responses(400, 403, 409, 422)},
    )
    def post(self, request):
        return idempotent(request, lambda: self._submit(request))

    def _submit(self, request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = services.result_submit(
            table_id=data["table"],
            board_id=data["board"],
            user=request.user,
            contract=data["contract"],
            declarer=data["declarer"],
            tricks=data["tricks"],
            lead=data["lead"],
        )
        return Response(ResultSerializer(result).data, status=status.HTTP_201_CREATED)


class ResultConfirmApi(APIView):
    """The opponents of the side that entered a result (or the director) confirm it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: ResultSerializer, **error_responses(403, 404, 409, 422)},
    )
    def post(self, request, result_id: int):
        return idempotent(request, lambda: self._confirm(request, result_id))

    def _confirm(self, request, result_id: int) -> Response:
        try:
            result = services.result_confirm(result_id=result_id, user=request.user)
        except BridgeError as exc:  # the service reads the result once: no second read here
            if exc.code == "not_found":
                raise NotFound(exc.message, code="not_found") from exc
            raise
        return Response(ResultSerializer(result).data)


class ResultRejectApi(APIView):
    """The confirming side rejects an entered result with a reason: the board is
    disputed until the director corrects it or the side accepts it."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=200, help_text="Why the entry is wrong.")

        class Meta:
            ref_name = "ResultRejectInput"

    @extend_schema(
        request=InputSerializer,
        responses={200: ResultSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, result_id: int):
        data = self.InputSerializer(data=request.data)
        valid = data.is_valid()  # refused below only once the service has checked who asks
        try:
            result = services.result_reject(
                result_id=result_id,
                user=request.user,
                reason=data.validated_data["reason"] if valid else "",
            )
        except BridgeError as exc:
            if exc.code == "not_found":
                raise NotFound(exc.message, code="not_found") from exc
            if exc.code == "reason" and not valid:
                data.is_valid(raise_exception=True)
            raise
        return Response(ResultSerializer(result).data)


class ResultNotPlayedApi(APIView):
    """A side reports that a board was not played at its table (stored as not played)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        table = serializers.IntegerField()
        board = serializers.IntegerField()

        class Meta:
            ref_name = "ResultNotPlayedInput"

    @extend_schema(
        request=InputSerializer,
        responses={201: ResultSerializer, **error_responses(400, 403, 409)},
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.result_not_played(
            table_id=data.validated_data["table"],
            board_id=data.validated_data["board"],
            user=request.user,
        )
        return Response(ResultSerializer(result).data, status=201)


class ResultCorrectApi(APIView):
    """The director enters, corrects or adjusts a result; every change is audited."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(_TableResultInput):
        contract = serializers.CharField(
            max_length=12,
            required=False,
            allow_blank=True,
            default="",
            help_text=_CONTRACT_HELP + " Leave empty for an adjusted score.",
        )
        ns_adjustment = _AdjustmentField(required=False, allow_blank=True, default="")
        ew_adjustment = _AdjustmentField(required=False, allow_blank=True, default="")
        reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")

        class Meta:
            ref_name = "ResultCorrectInput"

    @extend_schema(
        request=InputSerializer,
        responses={200: ResultSerializer, **error_responses(400, 403, 409)},
        description="Give a contract (with declarer, tricks, lead) for a table result, or "
        "ns_adjustment and ew_adjustment (A+, A=, A-) for an adjusted score. In a closed "
        "round the board, totals and standings are recomputed at once.",
    )
    def post(self, request):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        table = selectors.table_get(table_id=data["table"])
        if table is None:
            raise ValidationError({"table": [_("No such table.")]})
        if not is_event_director(user=request.user, event=table.round.event):
            raise PermissionDenied(_("Only the director can correct results."), code="director")
        result = services.result_correct(
            table_id=table.pk,
            board_id=data["board"],
            director=request.user,
            contract=data["contract"],
            declarer=data["declarer"],
            tricks=data["tricks"],
            lead=data["lead"],
            ns_adjustment=data["ns_adjustment"],
            ew_adjustment=data["ew_adjustment"],
            reason=data["reason"],
        )
        return Response(ResultSerializer(result).data)


class _SeatSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text="N, E, S or W.")
    username = serializers.CharField(source="player.username")
    name = serializers.CharField(source="player.name")

    class Meta:
        ref_name = "TableSeat"


class _PlayAnalysisSerializer(serializers.Serializer):
    """docs/rules.md § The analysis of the play."""

    cards = serializers.ListField(
        child=serializers.CharField(), help_text='The cards in the order played ("SA").'
    )
    card_costs = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Parallel to cards: the tricks the card's side lost with it, double dummy.",
    )
    tricks_after = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Parallel to cards: the tricks the card's side could still take on the "
        "whole deal after it (won plus double dummy).",
    )
    claim_cost = serializers.IntegerField(
        allow_null=True, help_text="Tricks a claim gave up double dummy; null: no claim."
    )
    par_score = serializers.IntegerField(allow_null=True, help_text="NS's par.")
    imps_from_par = serializers.IntegerField(
        allow_null=True, help_text="The table's NS score against par, in IMPs, NS's side."
    )
    missed_game = serializers.BooleanField()
    missed_slam = serializers.BooleanField()

    class Meta:
        ref_name = "PlayAnalysis"


class _BoardResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table.number", help_text="Table number.")
    ns = serializers.IntegerField(source="table.ns_id", help_text="NS entry id.")
    ew = serializers.IntegerField(
        source="table.ew_id", allow_null=True, help_text="EW entry id (null: a bye)."
    )
    ns_pair = EntryBriefSerializer(source="table.ns")
    ew_pair = EntryBriefSerializer(source="table.ew", allow_null=True)
    # status, contract, declarer, tricks, lead, ns_score, adjustments, points
    vars().update(result_score_fields())
    seats = serializers.SerializerMethodField(
        help_text="Who sat where, where the table names its players (a pool's or an "
        "individual event's four players, a team's line-up); else empty."
    )

    analysis = serializers.SerializerMethodField(
        help_text="The double-dummy analysis of its play; null until it is analysed (a "
        "board with its play, in the background at its end)."
    )

    class Meta:
        ref_name = "BoardResult"

    @extend_schema_field(_SeatSerializer(many=True))
    def get_seats(self, result):
        seats = self.context.get("seats", {}).get(result.table_id, [])
        return _SeatSerializer(seats, many=True).data

    @extend_schema_field(_PlayAnalysisSerializer(allow_null=True))
    def get_analysis(self, result):
        analysis = self.context.get("analyses", {}).get(result.pk)
        return None if analysis is None else _PlayAnalysisSerializer(analysis).data


class BoardDetailApi(APIView):
    """A board's deal, analysis and every table's result, once the caller may see them."""

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        number = serializers.IntegerField()
        round = serializers.IntegerField(source="round.number")
        dealer = serializers.CharField()
        vulnerability = serializers.CharField()
        deal = serializers.CharField(help_text="PBN deal, hands clockwise from North.")
        dd_table = serializers.JSONField(allow_null=True, help_text="Double-dummy tricks.")
        par_score = serializers.IntegerField(allow_null=True)
        par_contracts = serializers.CharField()
        results = serializers.SerializerMethodField()

        class Meta:
            ref_name = "BoardDetail"

        @extend_schema_field(_BoardResultSerializer(many=True))
        def get_results(self, board):
            return _BoardResultSerializer(
                self.context["results"], many=True, context=self.context
            ).data

    @extend_schema(
        responses={200: OutputSerializer, **error_responses(403, 404)},
        description="403 until the caller has played the board or its round has closed "
        "(directors always; everyone once the event has finished).",
    )
    def get(self, request, event_id: int, number: int):
        event = event_or_404(event_id)
        board = found(selectors.board_get(event=event, number=number), _("No such board."))
        if not selectors.board_visible(user=request.user, board=board, event=event):
            raise PermissionDenied(
                _("Board %(n)d stays hidden until you have played it or its round has ended.")
                % {"n": board.number},
                code="board_hidden",
            )
        results = selectors.board_results_get(board=board)
        seats = selectors.table_seats_get(table_ids={r.table_id for r in results})
        analyses = result_analyses(results=results)
        context = {"results": results, "seats": seats, "analyses": analyses}
        return Response(self.OutputSerializer(board, context=context).data)
