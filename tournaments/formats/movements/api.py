"""The API of a Mitchell or Howell event (``docs/rules.md`` § Movements): its movement
cards, and a card's round as the API writes it (also a pair's next table in the
my-table answer)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.utils import error_responses, event_or_404

from .selectors import MOVEMENT_KINDS, CardRow, movement_cards_get


class MovementRowSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="null: the pair sits out.")
    direction = serializers.ChoiceField(choices=["NS", "EW"], allow_null=True)
    opponent = serializers.IntegerField(allow_null=True, help_text="The opponents' entry.")
    set = serializers.IntegerField(allow_null=True, help_text="The board set played.")
    boards = serializers.ListField(child=serializers.IntegerField(), help_text="Numbers.")

    class Meta:
        ref_name = "MovementCardRow"


def movement_row_data(row: CardRow) -> dict:
    """A movement card's round as the API writes it."""
    return {
        "round": row.round,
        "table": row.table,
        "direction": row.direction,
        "opponent": row.opponent.pk if row.opponent else None,
        "set": row.board_set,
        "boards": list(range(row.first_board, row.last_board + 1)) if row.board_set else [],
    }


class MovementCardSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    pair = serializers.IntegerField(help_text="The pair's number in the movement.")
    field = serializers.ChoiceField(
        choices=["NS", "EW"], allow_null=True, help_text="Two-winner Mitchell: its field."
    )
    rounds = serializers.ListField(child=MovementRowSerializer())

    class Meta:
        ref_name = "MovementCard"


class MovementCardsSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["mitchell", "howell"])
    tables = serializers.IntegerField(allow_null=True)
    rounds = serializers.IntegerField()
    boards_per_round = serializers.IntegerField()
    arrow_switch = serializers.BooleanField()
    pairs = serializers.ListField(child=MovementCardSerializer())

    class Meta:
        ref_name = "MovementCards"


class MovementCardsApi(APIView):
    """Movement cards of a Mitchell or Howell event (``docs/rules.md`` § Movements):
    each pair's table, direction, opponents and board set in every round. Empty
    ``pairs`` until round 1 fixes the movement."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="events_movement",
        responses={200: MovementCardsSerializer, **error_responses(404)},
    )
    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        if event.kind not in MOVEMENT_KINDS:
            raise NotFound(_("This event has no movement."))
        cards = movement_cards_get(event=event)
        return Response(
            {
                "event": event.pk,
                "kind": event.kind,
                "tables": event.settings.tables,
                "rounds": event.num_rounds,
                "boards_per_round": event.boards_per_round,
                "arrow_switch": event.settings.arrow_switch,
                "pairs": [
                    {
                        "entry": c.entry.pk,
                        "pair": c.number,
                        "field": c.field or None,
                        "rounds": [movement_row_data(r) for r in c.rows],
                    }
                    for c in cards
                ],
            }
        )
