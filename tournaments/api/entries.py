"""Entries: registration (invite, confirm, decline), withdrawals, director's entries."""

from __future__ import annotations

from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User

from .. import selectors, services
from ..errors import BridgeError
from ..models import Entry
from .permissions import IsEventDirector
from .serializers import EntryBriefSerializer, EntrySerializer, ResultSerializer
from .utils import FieldPagination, error_responses, event_or_404, found, page_params


class _UsernameField(serializers.SlugRelatedField):
    """A player by username. A username with a NUL character is refused before the
    lookup: PostgreSQL cannot compare text with NUL in it (a 500, not a 400)."""

    def to_internal_value(self, data):
        if isinstance(data, str) and "\x00" in data:
            raise serializers.ValidationError(
                ProhibitNullCharactersValidator.message, code="null_characters_not_allowed"
            )
        return super().to_internal_value(data)


def username_field(**kwargs) -> serializers.SlugRelatedField:
    return _UsernameField(
        slug_field="username",
        # every account: a deactivated one is refused by the registration service
        queryset=User.objects.all(),
        # lazy: the message is made when the serializer class is, at import
        error_messages={"does_not_exist": gettext_lazy("No player with the username “{value}”.")},
        **kwargs,
    )


def _entry(entry_id: int) -> Entry:
    return found(selectors.entry_get(entry_id=entry_id), _("No such entry."))


def _entry_response(entry: Entry) -> Response:
    entry = selectors.entry_with_players_get(event=entry.event, entry_id=entry.pk)
    return Response(EntrySerializer(entry).data)


class EntryPageSerializer(serializers.Serializer):
    """A page of entries (documentation only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = EntrySerializer(many=True)

    class Meta:
        ref_name = "EntryPage"


class EventEntriesApi(APIView):
    """The pairs of an event (pending invitations only for their players and directors);
    a logged-in player registers with a partner."""

    class InputSerializer(serializers.Serializer):
        partner = username_field(help_text="Username of the partner, who must confirm.")

        class Meta:
            ref_name = "EntryRegisterInput"

    pagination_class = FieldPagination

    @extend_schema(
        operation_id="events_entries_list",
        parameters=[
            *page_params(FieldPagination),
            OpenApiParameter(
                name="page_size",
                type=OpenApiTypes.INT,
                required=False,
                description="0: every listed pair as a bare JSON list, without pages (the "
                "answer before lists were paged). No other value is accepted.",
            ),
        ],
        responses={
            200: PolymorphicProxySerializer(
                component_name="EntryListOrPage",
                serializers=[EntryPageSerializer, EntrySerializer(many=True)],
                resource_type_field_name=None,
                many=False,
            ),
            **error_responses(400, 404),
        },
        description="One page of the listed pairs, `{count, next, previous, results}` "
        "(`limit`/`offset`, as every list). `?page_size=0`: every listed pair as a bare "
        "JSON list, the answer clients had before the list was paged.",
    )
    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        entries = selectors.entries_listed_for(event=event, user=request.user)
        if "page_size" in request.query_params:
            if request.query_params["page_size"] != "0":
                raise BridgeError(
                    _("page_size takes only 0 (the whole list); pages use limit and offset."),
                    code="page_size",
                )
            return Response(EntrySerializer(entries, many=True).data)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(entries, request, view=self)
        return paginator.get_paginated_response(EntrySerializer(page, many=True).data)

    @extend_schema(
        operation_id="events_entries_register",
        request=InputSerializer,
        responses={201: EntrySerializer, **error_responses(400, 403, 404, 409)},
        description="Invite a partner: the entry stays pending until the partner confirms.",
    )
    def post(self, request, event_id: int):
        event = event_or_404(event_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.entry_register(
            event=event, player=request.user, partner=serializer.validated_data["partner"]
        )
        response = _entry_response(entry)
        response.status_code = status.HTTP_201_CREATED
        return response


class EntryAddApi(APIView):
    """The director enters a confirmed pair (a late entry once the event has started)."""

    permission_classes = [IsEventDirector]

    class InputSerializer(serializers.Serializer):
        players = username_field(many=True, help_text="The two players' usernames.")

        class Meta:
            ref_name = "EntryAddInput"

        def validate_players(self, players):
            if len(players) != 2:
                raise serializers.ValidationError(_("A pair is two players."))
            return players

    @extend_schema(
        request=InputSerializer,
        responses={201: EntrySerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int):
        event = event_or_404(event_id)
        self.check_object_permissions(request, event)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.entry_add(
            event=event, players=serializer.validated_data["players"], director=request.user
        )
        response = _entry_response(entry)
        response.status_code = status.HTTP_201_CREATED
        return response


class EntryConfirmApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: EntrySerializer, **error_responses(403, 404, 409)},
        description="The invited partner confirms: the pair gets its registration order.",
    )
    def post(self, request, entry_id: int):
        entry = services.entry_confirm(entry=_entry(entry_id), player=request.user)
        return _entry_response(entry)


class EntryDeclineApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={204: None, **error_responses(403, 404, 409)},
        description="Either player cancels a pending registration.",
    )
    def post(self, request, entry_id: int):
        services.entry_decline(entry=_entry(entry_id), player=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EntryWithdrawApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: EntrySerializer, **error_responses(403, 404, 409)},
        description="A player withdraws the pair before the start; the director at any time.",
    )
    def post(self, request, entry_id: int):
        entry = services.entry_withdraw(entry=_entry(entry_id), by=request.user)
        return _entry_response(entry)


class EntrySitOutApi(APIView):
    permission_classes = [IsEventDirector]

    class InputSerializer(serializers.Serializer):
        sitting_out = serializers.BooleanField()

        class Meta:
            ref_name = "EntrySitOutInput"

    @extend_schema(
        request=InputSerializer,
        responses={200: EntrySerializer, **error_responses(400, 403, 404)},
        description="Sit a pair out of the next rounds, or bring it back.",
    )
    def post(self, request, entry_id: int):
        entry = _entry(entry_id)
        self.check_object_permissions(request, entry.event)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.entry_set_sitting_out(
            entry=entry,
            sitting_out=serializer.validated_data["sitting_out"],
            director=request.user,
        )
        return _entry_response(entry)


class EntryDisconnectionApi(APIView):
    """HCP-par (``docs/rules.md`` § HCP-par): the director records a pair's
    disconnection, 20 IMPs off its total (``undo``: takes one back)."""

    permission_classes = [IsEventDirector]

    class InputSerializer(serializers.Serializer):
        undo = serializers.BooleanField(default=False)

        class Meta:
            ref_name = "EntryDisconnectionInput"

    @extend_schema(
        request=InputSerializer,
        responses={200: EntrySerializer, **error_responses(400, 403, 404, 409)},
        description="Record a disconnection of a pair of an HCP-par event (or undo one).",
    )
    def post(self, request, entry_id: int):
        entry = _entry(entry_id)
        self.check_object_permissions(request, entry.event)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.entry_disconnection_record(
            entry=entry, director=request.user, undo=serializer.validated_data["undo"]
        )
        return _entry_response(entry)


class PairResultSerializer(ResultSerializer):
    board_number = serializers.IntegerField(source="board.number")
    points = serializers.SerializerMethodField(help_text="This pair's points on the board.")

    class Meta:
        ref_name = "PairResult"

    def get_points(self, result) -> float | None:
        return result.ns_points if self.context["side"] == "NS" else result.ew_points


class _SeatedPlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()

    class Meta:
        ref_name = "SeatedPlayer"


class PairRoundSerializer(serializers.Serializer):
    round_number = serializers.IntegerField()
    table = serializers.IntegerField(source="table.number", help_text="Table number.")
    side = serializers.CharField()
    opponents = EntryBriefSerializer(
        allow_null=True, help_text="Null for a bye, and in an individual event."
    )
    partner = _SeatedPlayerSerializer(
        allow_null=True, help_text="An individual event's: the player's partner at the table."
    )
    opponent_players = _SeatedPlayerSerializer(
        many=True, help_text="An individual event's: the two opponents (else empty)."
    )
    points = serializers.FloatField(source="standing.points", allow_null=True, default=None)
    total = serializers.FloatField(source="standing.total", allow_null=True, default=None)
    place = serializers.IntegerField(source="standing.place", allow_null=True, default=None)
    results = serializers.SerializerMethodField()

    class Meta:
        ref_name = "PairRound"

    @extend_schema_field(PairResultSerializer(many=True))
    def get_results(self, pair_round):
        shown = self.context["sight"].results_at(pair_round.table, pair_round.results)
        return PairResultSerializer(shown, many=True, context={"side": pair_round.side}).data


class PairHistoryApi(APIView):
    """A pair's rounds: opponents, results, points, running total and place.

    Results of boards the caller may not see yet (a round in play that the caller's
    table has not played) are left out, as on the board page.
    """

    class OutputSerializer(serializers.Serializer):
        entry = EntrySerializer()
        rounds = PairRoundSerializer(many=True)

        class Meta:
            ref_name = "PairHistory"

    @extend_schema(responses={200: OutputSerializer, **error_responses(404)})
    def get(self, request, event_id: int, entry_id: int):
        event = event_or_404(event_id)
        entry = found(
            selectors.entry_with_players_get(event=event, entry_id=entry_id), _("No such pair.")
        )
        data = {"entry": entry, "rounds": selectors.pair_history_get(entry=entry)}
        sight = selectors.Sight(user=request.user, event=event)
        return Response(self.OutputSerializer(data, context={"sight": sight}).data)
