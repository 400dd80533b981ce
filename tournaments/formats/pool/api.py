"""The scoring pool in the API (``docs/rules.md`` § The scoring pool): creating a pool,
the lobby, getting ready (alone, with a partner, or as a table of four), the player's
table and results, and the leaderboard. Results are entered and confirmed with the
``/api/results/`` endpoints, as at any table."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from ...api.entries import username_field
from ...api.events import FormatEventCreateApi, format_create_schema
from ...api.utils import Pagination, error_responses, event_or_404
from ...deals import deal_hands
from ...models import Event, Result
from ...timezones import time_zone_names
from .. import format_for
from . import selectors as pool_selectors
from . import services as pool_services


def _pool_or_404(event_id: int) -> Event:
    event = event_or_404(event_id)
    if event.kind != Event.Kind.POOL:
        raise NotFound(_("This event is not a scoring pool."))
    return event


# A scoring pool: the pool's creation_serializer.
class PoolCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    start_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    boards = serializers.IntegerField(default=200, help_text="Boards dealt into the library now.")
    boards_per_table = serializers.IntegerField(default=4)
    minutes_per_board = serializers.IntegerField(default=8)
    score_at = serializers.IntegerField(default=6)
    retire_at = serializers.IntegerField(default=40)
    robot_seats = serializers.IntegerField(
        default=3, help_text="How many seats of a table robots may fill (0: no robots)."
    )
    lead_required = serializers.BooleanField(default=True)
    online_play = serializers.BooleanField(default=True)
    time_zone = serializers.ChoiceField(choices=time_zone_names(), required=False)

    class Meta:
        ref_name = "PoolCreateInput"


@format_create_schema("pool_create", PoolCreateInput)
class PoolCreateApi(FormatEventCreateApi):
    """A director creates a scoring pool open from ``start_at`` to ``ends_at``."""

    InputSerializer = PoolCreateInput
    kind = Event.Kind.POOL


class PoolPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()

    class Meta:
        ref_name = "PoolPlayer"


def _player(user) -> dict:
    return {"id": user.pk, "username": user.username, "name": user.name}


class PoolReadySerializer(serializers.Serializer):
    player = PoolPlayerSerializer()
    partner = PoolPlayerSerializer(allow_null=True)
    since = serializers.DateTimeField()

    class Meta:
        ref_name = "PoolReady"


class PoolTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    players = serializers.DictField(child=serializers.CharField(), help_text="Seat → name.")
    boards = serializers.IntegerField()
    results = serializers.IntegerField()
    ends_at = serializers.DateTimeField()

    class Meta:
        ref_name = "PoolTableInPlay"


class PoolOwnResultSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The result's place in the pool's arrival order.")
    board = serializers.IntegerField(help_text="Board number.")
    table = serializers.IntegerField()
    seat = serializers.CharField()
    contract = serializers.CharField()
    declarer = serializers.CharField()
    tricks = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True, help_text="From the player's side.")
    imps = serializers.IntegerField(
        allow_null=True, help_text="Final score; null: provisional (0)."
    )
    datum = serializers.IntegerField(allow_null=True)
    provisional = serializers.BooleanField()

    class Meta:
        ref_name = "PoolOwnResult"


def _own(rows) -> list[dict]:
    return [
        {
            "seq": r.seq, "board": r.board.number, "table": r.table_number, "seat": r.seat,
            "contract": r.contract, "declarer": r.declarer, "tricks": r.tricks, "score": r.score,
            "imps": r.imps, "datum": r.datum, "provisional": r.provisional,
        }
        for r in rows
    ]  # fmt: skip


class PoolLobbySerializer(serializers.Serializer):
    event = serializers.IntegerField()
    status = serializers.CharField()
    ends_at = serializers.DateTimeField()
    boards_per_table = serializers.IntegerField()
    score_at = serializers.IntegerField()
    retire_at = serializers.IntegerField()
    robot_seats = serializers.IntegerField(help_text="How many seats of a table robots may fill.")
    library = serializers.DictField(child=serializers.IntegerField())
    ready = PoolReadySerializer(many=True)
    tables = PoolTableSerializer(many=True)
    my_table = serializers.IntegerField(allow_null=True, help_text="Your table in play, if any.")
    waiting = serializers.BooleanField(help_text="You are ready and waiting for a table.")
    results = PoolOwnResultSerializer(many=True, help_text="Your latest results.")

    class Meta:
        ref_name = "PoolLobby"


class PoolLobbyApi(APIView):
    """The lobby: ready players, tables in play, and your own table and results."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="pool_lobby", responses={200: PoolLobbySerializer, **error_responses(404)}
    )
    def get(self, request, event_id: int):
        event = _pool_or_404(event_id)
        lobby = pool_selectors.lobby_get(event=event, user=request.user)
        settings = event.settings
        return Response(
            {
                "event": event.pk, "status": event.status, "ends_at": settings.ends_at,
                "boards_per_table": settings.boards_per_table, "score_at": settings.score_at,
                "retire_at": settings.retire_at, "robot_seats": settings.robot_seats,
                "library": lobby.library,
                "ready": [
                    {"player": _player(r.player),
                     "partner": _player(r.partner) if r.partner else None, "since": r.since}
                    for r in lobby.ready
                ],
                "tables": [
                    {"table": t.table.number, "players": t.players, "boards": t.boards,
                     "results": t.results, "ends_at": t.ends_at}
                    for t in lobby.tables
                ],
                "my_table": lobby.my_table.number if lobby.my_table else None,
                "waiting": lobby.my_ready is not None,
                "results": _own(lobby.results),
            }
        )  # fmt: skip


class PoolJoinApi(APIView):
    """Get ready for a table: alone, with ``partner``, or (naming ``partner`` and two
    ready ``opponents``) as a table of four that starts at once. ``robots``: start a
    table at once with robots in the empty seats (alone, or with ``partner``, ready
    already, or the partner you wait with). ``leave``: stop waiting. Answers the table
    you were seated at, if one started."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        partner = username_field(required=False, allow_null=True)
        opponents = username_field(many=True, required=False)
        leave = serializers.BooleanField(default=False)
        robots = serializers.BooleanField(
            default=False,
            help_text="Start a table now with robots in the empty seats (at most the "
            "pool's robot_seats); not with opponents.",
        )

        class Meta:
            ref_name = "PoolJoinInput"

    class OutputSerializer(serializers.Serializer):
        table = serializers.IntegerField(allow_null=True)
        waiting = serializers.BooleanField()

        class Meta:
            ref_name = "PoolJoinOutput"

    @extend_schema(
        operation_id="pool_join",
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int):
        event = _pool_or_404(event_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        args = data.validated_data
        if args["leave"]:
            pool_services.pool_leave(event=event, player=request.user)
            return Response({"table": None, "waiting": False})
        if args["robots"]:
            if args.get("opponents"):
                raise ValidationError({"robots": [_("Robots fill the seats of no opponents.")]})
            table = pool_services.pool_robots_join(
                event=event, player=request.user, partner=args.get("partner")
            )
            return Response({"table": table.number, "waiting": False})
        table = pool_services.pool_join(
            event=event, player=request.user, partner=args.get("partner"),
            opponents=args.get("opponents") or [],
        )  # fmt: skip
        return Response({"table": table.number if table else None, "waiting": table is None})


class PoolBoardSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The board id to give /api/results/.")
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    vulnerability = serializers.CharField()
    hand = serializers.CharField(allow_null=True, help_text="Your own hand (online play).")
    result = serializers.DictField(allow_null=True)

    class Meta:
        ref_name = "PoolTableBoard"


class PoolMyTableSerializer(serializers.Serializer):
    table_id = serializers.IntegerField(help_text="The table id to give /api/results/.")
    table = serializers.IntegerField()
    seat = serializers.CharField()
    players = serializers.DictField(child=PoolPlayerSerializer())
    ends_at = serializers.DateTimeField()
    boards = PoolBoardSerializer(many=True)

    class Meta:
        ref_name = "PoolMyTable"


class PoolMyTableApi(APIView):
    """Your table in play: its four players, its boards and their results."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="pool_my_table", responses={200: PoolMyTableSerializer, **error_responses(404)}
    )
    def get(self, request, event_id: int):
        event = _pool_or_404(event_id)
        table = pool_selectors.my_pool_table(event=event, user=request.user)
        if table is None:
            raise NotFound(_("You have no table in play."))
        seats = {s.seat: s.player for s in table.seats.select_related("player")}
        mine = next(k for k, p in seats.items() if p.pk == request.user.pk)
        boards = format_for(event).round_boards(rnd=table.round, tables=[table])[table.pk]
        results = {r.board_id: r for r in Result.objects.filter(table=table)}

        def hand(board):
            if not event.online_play:
                return None
            cards = deal_hands(board.deal)[mine]
            return ".".join(cards[s] for s in "SHDC")

        def result(board):
            r = results.get(board.id)
            if r is None:
                return None
            return {
                "id": r.pk, "status": r.status, "contract": r.contract, "declarer": r.declarer,
                "tricks": r.tricks, "lead": r.lead, "ns_score": r.ns_score,
                "entered_side": r.entered_side, "confirmed": r.confirmed_at is not None,
                "disputed": r.disputed_at is not None,
            }  # fmt: skip

        return Response(
            {
                "table_id": table.pk, "table": table.number, "seat": mine,
                "players": {k: _player(p) for k, p in seats.items()},
                "ends_at": table.round.ends_at,
                "boards": [
                    {"id": b.pk, "number": b.number, "dealer": b.dealer,
                     "vulnerability": b.vulnerability, "hand": hand(b), "result": result(b)}
                    for b in boards
                ],
            }
        )  # fmt: skip


class PoolResultsApi(APIView):
    """Your results in the pool, newest first, final or provisional."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="pool_results",
        responses={200: PoolOwnResultSerializer(many=True), **error_responses(404)},
    )
    def get(self, request, event_id: int):
        event = _pool_or_404(event_id)
        return Response(_own(pool_selectors.own_results(event=event, user=request.user)))


class PoolLeaderSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = PoolPlayerSerializer()
    imps = serializers.IntegerField()
    boards = serializers.IntegerField(help_text="Boards with a final score.")

    class Meta:
        ref_name = "PoolLeader"


class PoolLeaderboardApi(APIView):
    """The pool's leaderboard this period, paginated."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = Pagination

    @extend_schema(
        operation_id="pool_leaderboard",
        responses={200: PoolLeaderSerializer(many=True), **error_responses(404)},
    )
    def get(self, request, event_id: int):
        event = _pool_or_404(event_id)
        rows = pool_selectors.leaderboard_get(event=event)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(rows, request, view=self)
        return paginator.get_paginated_response(
            [
                {"place": r.place, "imps": r.imps, "boards": r.boards,
                 "player": {"id": r.player_id, "username": r.username, "name": r.name}}
                for r in page
            ]
        )  # fmt: skip
