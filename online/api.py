"""The online table over REST: read the table, and call, play, claim, answer or ask for
an undo (docs/online-play.md). The same services and seat check as the WebSocket, so a
script or a robot can play through either; errors are ``{"code", "detail"}`` with the
codes of docs/online-play.md."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.utils import error_responses

from . import services


class LegalSerializer(serializers.Serializer):
    calls = serializers.ListField(child=serializers.CharField())
    cards = serializers.ListField(child=serializers.CharField())


class MaySerializer(serializers.Serializer):
    claim = serializers.BooleanField(help_text="Claim (or concede) tricks now.")
    undo = serializers.BooleanField(help_text="Ask to take back one's last call or card.")
    answer = serializers.BooleanField(
        help_text="Accept or reject the waiting claim or undo (not answered yet)."
    )


class TableViewSerializer(serializers.Serializer):
    """The table as the caller's seat may see it (docs/online-play.md)."""

    event = serializers.IntegerField()
    table = serializers.IntegerField()
    board = serializers.IntegerField(allow_null=True, help_text="Null: no board to play here.")
    board_number = serializers.IntegerField(allow_null=True)
    seat = serializers.ChoiceField(
        choices=["N", "E", "S", "W"], allow_null=True, help_text="Null for a director."
    )
    version = serializers.IntegerField(help_text="Send it with the next action.")
    phase = serializers.ChoiceField(choices=["auction", "play", "over"])
    dealer = serializers.CharField()
    vulnerability = serializers.CharField()
    to_play = serializers.CharField(allow_null=True, help_text="Whose call or card is next.")
    actor = serializers.CharField(
        allow_null=True, help_text="Who acts for it (declarer for dummy)."
    )
    hands = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField(), allow_null=True),
        help_text=(
            "Each seat's cards left, null where this seat may not see them (its own, dummy's "
            "once led, a claimer's once claimed, all once the board is over)."
        ),
    )
    auction = serializers.ListField(child=serializers.DictField())
    contract = serializers.CharField(allow_null=True)
    declarer = serializers.CharField(allow_null=True)
    dummy = serializers.CharField(allow_null=True)
    play = serializers.ListField(child=serializers.CharField())
    tricks = serializers.ListField(child=serializers.DictField())
    tricks_won = serializers.DictField(child=serializers.IntegerField())
    claim = serializers.DictField(allow_null=True)
    undo = serializers.DictField(allow_null=True)
    undone = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Undos accepted on this board, by the side that asked.",
    )
    result = serializers.DictField(allow_null=True)
    deal = serializers.CharField(allow_null=True, help_text="PBN, once the board is over.")
    ends_at = serializers.DateTimeField(help_text="When the round's clock cuts the board.")
    next = serializers.DictField(
        allow_null=True,
        help_text='After the board: {"board", "board_number"}, or {"round_over": true}.',
    )
    connected = serializers.DictField(allow_null=True)
    legal = LegalSerializer(
        help_text="What this seat may call or play now (empty unless it acts): the engine's."
    )
    may = MaySerializer(
        help_text="What else this seat may do now, by the engine's checks (all false for "
        "a spectator or the director)."
    )
    delay = serializers.IntegerField(
        required=False,
        help_text="A delayed spectator's view only: how many seconds behind the table it is.",
    )

    class Meta:
        ref_name = "OnlineTable"


class TablePlayApi(APIView):
    """The table's board in play (or its last one finished), and the actions on it."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        version = serializers.IntegerField(min_value=0, help_text="The table's version seen.")
        kind = serializers.ChoiceField(
            choices=["call", "card", "claim", "accept", "reject", "undo", "rule", "cut"],
            help_text="rule and cut: the director's.",
        )
        value = serializers.CharField(
            max_length=8, required=False, allow_blank=True, default="",
            help_text='A call ("1NT", "P", "X", "XX"), a card ("SA"), the tricks claimed, '
            "or a ruling (the declaring side's tricks, or \"play\").",
        )  # fmt: skip
        alert = serializers.CharField(
            max_length=500, required=False, allow_blank=True, default="",
            help_text="An alerted call's explanation (shown to the opponents).",
        )  # fmt: skip
        seat = serializers.ChoiceField(
            choices=["N", "E", "S", "W"], required=False,
            help_text="The seat acting, if the client names it (another than yours: not_seated).",
        )  # fmt: skip

        class Meta:
            ref_name = "OnlineAction"

    @extend_schema(
        operation_id="events_tables_play_retrieve",
        responses={200: TableViewSerializer, **error_responses(403, 404, 409)},
    )
    def get(self, request, event_id: int, table_id: int):
        view = services.table_state_get(user=request.user, event_id=event_id, table_id=table_id)
        return Response(view)

    @extend_schema(
        operation_id="events_tables_play_create",
        request=InputSerializer,
        responses={200: TableViewSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int, table_id: int):
        # who asks, before the body is read
        services.table_viewer_get(user=request.user, event_id=event_id, table_id=table_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        view = services.play_act(
            user=request.user, event_id=event_id, table_id=table_id,
            version=data["version"], kind=data["kind"], value=data["value"],
            alert=data["alert"], seat=data.get("seat"),
        )  # fmt: skip
        return Response(view)
