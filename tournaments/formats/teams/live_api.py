"""Team matches: an event's matches with their scores, and a match's live state
(``docs/rules.md`` § Live match view), served from the cache with an ETag (304 when the
client's ``If-None-Match`` names it)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from ...api.utils import Pagination, error_responses, event_or_404, found, paginated_response
from ...models import Match, Round
from .live_cache import live_match_for
from .live_views import live_response


class LiveTeamSerializer(serializers.Serializer):
    entry = serializers.IntegerField(help_text="The team's entry in the event.")
    name = serializers.CharField()

    class Meta:
        ref_name = "LiveTeam"


class LiveScoreSerializer(serializers.Serializer):
    home_imps = serializers.IntegerField()
    away_imps = serializers.IntegerField()
    boards_scored = serializers.IntegerField(
        help_text="Boards played in both rooms (or adjusted) that the score counts."
    )
    home_vp = serializers.FloatField(help_text="On the event's scale for boards_scored.")
    away_vp = serializers.FloatField(allow_null=True, help_text="null for a bye.")

    class Meta:
        ref_name = "LiveScore"


class LiveRoomSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["not_started", "finished", "cut"])
    confirmed = serializers.BooleanField(help_text="The opponents confirmed the result.")
    contract = serializers.CharField(allow_null=True, help_text='e.g. "4SX" or "PASS".')
    declarer = serializers.CharField(allow_null=True)
    tricks = serializers.IntegerField(allow_null=True)
    result = serializers.CharField(allow_null=True, help_text='e.g. "4SN=", "3NTS+1".')
    ns_score = serializers.IntegerField(allow_null=True, help_text="North–South's score.")
    adjusted = serializers.CharField(allow_null=True, help_text='e.g. "A+/A-" (NS/EW).')

    class Meta:
        ref_name = "LiveRoom"


class LiveBoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=["pending", "played", "adjusted", "cut"],
        help_text="pending: not yet finished in both rooms (or hidden from you).",
    )
    hidden = serializers.BooleanField(
        help_text="The results are hidden from you while you have not played the board."
    )
    home_imps = serializers.IntegerField(allow_null=True)
    away_imps = serializers.IntegerField(allow_null=True)
    open = LiveRoomSerializer(help_text="Home North–South, away East–West.")
    closed = LiveRoomSerializer(help_text="Away North–South, home East–West.")

    class Meta:
        ref_name = "LiveBoard"


class LiveMatchSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    event = serializers.IntegerField()
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["in_play", "final"])
    bye = serializers.BooleanField()
    home = LiveTeamSerializer()
    away = LiveTeamSerializer(allow_null=True)
    scale = serializers.CharField(help_text="The event's VP scale.")
    boards_total = serializers.IntegerField()
    boards_finished = serializers.IntegerField(help_text="Boards finished in both rooms.")
    score = LiveScoreSerializer(help_text="The running score.")
    boards = LiveBoardSerializer(many=True)

    class Meta:
        ref_name = "LiveMatch"


class MatchSerializer(serializers.Serializer):
    """A match with the score its round close stored (null while it is in play)."""

    id = serializers.IntegerField()
    round = serializers.IntegerField(source="round.number")
    number = serializers.IntegerField()
    status = serializers.SerializerMethodField()
    home = serializers.SerializerMethodField()
    away = serializers.SerializerMethodField()
    home_imps = serializers.IntegerField(allow_null=True)
    away_imps = serializers.IntegerField(allow_null=True)
    boards_scored = serializers.IntegerField(allow_null=True)
    home_vp = serializers.FloatField(allow_null=True)
    away_vp = serializers.FloatField(allow_null=True)
    live = serializers.SerializerMethodField()

    class Meta:
        ref_name = "Match"

    def get_status(self, match: Match) -> str:
        return "final" if match.round.status == Round.Status.CLOSED else "in_play"

    @staticmethod
    def _team(entry) -> dict | None:
        if entry is None:
            return None
        link = getattr(entry, "team_entry", None)
        return {"entry": entry.pk, "name": link.team.name if link else f"#{entry.pk}"}

    @extend_schema_field(LiveTeamSerializer)
    def get_home(self, match: Match):
        return self._team(match.home)

    @extend_schema_field(LiveTeamSerializer(allow_null=True))
    def get_away(self, match: Match):
        return self._team(match.away)

    def get_live(self, match: Match) -> str:
        return f"/api/matches/{match.pk}/live/"


ROUND = OpenApiParameter(
    name="round",
    type=OpenApiTypes.INT,
    location=OpenApiParameter.QUERY,
    required=False,
    description="Only this round's matches.",
)


class EventMatchesApi(APIView):
    """An event's matches, round by round (none for a pairs event), a page at a time."""

    pagination_class = Pagination
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="event_matches_list",
        parameters=[ROUND],
        responses={200: MatchSerializer(many=True), **error_responses(400, 404)},
    )
    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        matches = (
            Match.objects.filter(event=event)
            .select_related("round", "home__team_entry__team", "away__team_entry__team")
            .order_by("round__number", "number")
        )
        number = request.query_params.get("round")
        if number:
            field = serializers.IntegerField(min_value=1)
            matches = matches.filter(round__number=field.run_validation(number))
        return paginated_response(
            pagination_class=self.pagination_class,
            serializer_class=MatchSerializer,
            queryset=matches,
            request=request,
            view=self,
        )


class MatchLiveApi(APIView):
    """The live state of a match, from the cache: send the last ``ETag`` in
    ``If-None-Match`` to get a 304 while it has not changed. A player entered in the event
    does not see the results of the boards they may not see yet."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="match_live",
        responses={
            200: LiveMatchSerializer,
            304: OpenApiResponse(description="Not modified: the state named by If-None-Match."),
            **error_responses(404),
        },
    )
    def get(self, request, match_id: int):
        served = found(live_match_for(user=request.user, match_id=match_id), _("No such match."))
        return live_response(request, served)
