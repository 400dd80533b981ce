"""Teams in the API: teams and rosters, team events, entering a team, line-ups, matches."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from ...api.entries import username_field
from ...api.events import FormatEventCreateApi, format_create_schema
from ...api.utils import Pagination, error_responses, event_or_404
from ...errors import BridgeError, PermissionDeniedError
from ...models import Entry, Event, Team, TeamsSettings
from ...permissions import is_event_director, may_manage_team
from ...timezones import time_zone_names
from . import selectors
from . import services as team_services


class PlayerBriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()

    class Meta:
        ref_name = "TeamPlayer"


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    captain = PlayerBriefSerializer()
    players = serializers.SerializerMethodField(help_text="The roster, in roster order.")

    class Meta:
        ref_name = "Team"

    @extend_schema(responses=PlayerBriefSerializer(many=True))
    def get_players(self, team) -> list[dict]:
        return [PlayerBriefSerializer(m.player).data for m in team.members.all()]


class TeamInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    players = username_field(many=True, help_text="4 to 6 usernames; the captain is one.")
    captain = username_field(help_text="Defaults to you.", required=False)

    class Meta:
        ref_name = "TeamInput"


def _team_or_404(team_id: int) -> Team:
    team = selectors.team_get(team_id=team_id)
    if team is None:
        raise NotFound(_("No such team."))
    return team


class TeamListCreateApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = Pagination

    @extend_schema(operation_id="teams_list", responses={200: TeamSerializer(many=True)})
    def get(self, request):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(selectors.teams_list(), request, view=self)
        return paginator.get_paginated_response(TeamSerializer(page, many=True).data)

    @extend_schema(
        request=TeamInputSerializer,
        responses={201: TeamSerializer, **error_responses(400, 401)},
        description="Create a team of 4 to 6 players (a player may be on several teams).",
    )
    def post(self, request):
        data = TeamInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = team_services.team_create(
            name=data.validated_data["name"],
            captain=data.validated_data.get("captain") or request.user,
            players=data.validated_data["players"],
        )
        team = selectors.team_get(team_id=team.pk)
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)


class TeamDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: TeamSerializer, **error_responses(404)})
    def get(self, request, team_id: int):
        return Response(TeamSerializer(_team_or_404(team_id)).data)

    @extend_schema(
        request=TeamInputSerializer,
        responses={200: TeamSerializer, **error_responses(400, 403, 404)},
        description="The captain changes the name, roster or captain (all given).",
    )
    def put(self, request, team_id: int):
        team = _team_or_404(team_id)
        if not may_manage_team(user=request.user, team=team):  # permission before input
            raise PermissionDeniedError(
                _("Only the team's captain may change the team."), code="captain"
            )
        data = TeamInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team_services.team_update(
            team=team,
            by=request.user,
            name=data.validated_data["name"],
            players=data.validated_data["players"],
            captain=data.validated_data.get("captain") or team.captain,
        )
        return Response(TeamSerializer(selectors.team_get(team_id=team.pk)).data)


# A team event: the teams formats' creation_serializer.
class TeamsEventCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    kind = serializers.ChoiceField(choices=[Event.Kind.TEAMS_SWISS, Event.Kind.TEAMS_RR])
    start_at = serializers.DateTimeField()
    num_rounds = serializers.IntegerField(
        required=False, allow_null=True, help_text="Swiss teams (a round robin: ignored)."
    )
    teams = serializers.IntegerField(
        required=False, allow_null=True, help_text="Round robin: the expected teams."
    )
    boards_per_round = serializers.IntegerField(default=8, help_text="Boards per match.")
    round_minutes = serializers.FloatField(default=60)
    gap_minutes = serializers.FloatField(default=5)
    vp_scale = serializers.ChoiceField(choices=TeamsSettings.Scale.choices, default="wbf2013")
    vp_table = serializers.JSONField(required=False, default=list)
    bye_vp = serializers.FloatField(default=12)
    adjusted_imps = serializers.ListField(
        child=serializers.IntegerField(), min_length=3, max_length=3, default=[3, 0, -3],
        help_text="IMPs of average-plus, average, average-minus.",
    )  # fmt: skip
    broadcast = serializers.BooleanField(default=True)
    lead_required = serializers.BooleanField(default=True)
    online_play = serializers.BooleanField(default=False)
    traveller_hidden = serializers.BooleanField(default=False)
    time_zone = serializers.ChoiceField(
        choices=time_zone_names(),
        required=False,
        help_text="IANA zone name (default: the site's TIME_ZONE).",
    )

    class Meta:
        ref_name = "TeamsEventCreateInput"


@format_create_schema("teams_event_create", TeamsEventCreateInput)
class TeamsEventCreateApi(FormatEventCreateApi):
    """A director creates a Swiss teams or round-robin teams event."""

    InputSerializer = TeamsEventCreateInput


class TeamRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True)
    entry = serializers.IntegerField(source="entry.pk")
    team = serializers.IntegerField(source="team.pk", allow_null=True)
    name = serializers.CharField(source="team.name", allow_null=True)
    status = serializers.CharField(source="entry.status")
    vp = serializers.FloatField()
    imps_for = serializers.IntegerField()
    imps_against = serializers.IntegerField()
    quotient = serializers.FloatField(
        allow_null=True, help_text="IMPs won / IMPs lost (null: none lost, or none played)."
    )
    matches = serializers.IntegerField()
    master_points = serializers.IntegerField(source="entry.master_points", allow_null=True)

    class Meta:
        ref_name = "TeamStanding"


class EventTeamsApi(APIView):
    """A team event's teams, best first (VPs, IMP quotient, head-to-head); a captain
    (or the director) enters a team."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(serializers.Serializer):
        team = serializers.IntegerField()
        players = username_field(
            many=True, required=False, help_text="4 to 6 of the roster (default: all)."
        )

        class Meta:
            ref_name = "TeamEnterInput"

    @extend_schema(responses={200: TeamRowSerializer(many=True), **error_responses(404)})
    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        rows = selectors.team_standings_get(event=event)
        return Response(TeamRowSerializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: TeamRowSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int):
        event = event_or_404(event_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = _team_or_404(data.validated_data["team"])
        link = team_services.team_enter(
            event=event, team=team, by=request.user, players=data.validated_data.get("players")
        )
        row = next(r for r in selectors.team_standings_get(event=event) if r.entry.pk == link.pk)
        return Response(TeamRowSerializer(row).data, status=status.HTTP_201_CREATED)


class LineupSerializer(serializers.Serializer):
    entry = serializers.IntegerField(source="entry_id")
    round = serializers.IntegerField(source="round_number")
    open = serializers.SerializerMethodField(help_text="The two players in the open room.")
    closed = serializers.SerializerMethodField(help_text="The two in the closed room.")
    submitted_at = serializers.DateTimeField()

    class Meta:
        ref_name = "Lineup"

    @extend_schema(responses=serializers.ListField(child=serializers.IntegerField()))
    def get_open(self, lineup) -> list[int]:
        return list(lineup.open_pair)

    @extend_schema(responses=serializers.ListField(child=serializers.IntegerField()))
    def get_closed(self, lineup) -> list[int]:
        return list(lineup.closed_pair)


class EventLineupsApi(APIView):
    """Line-ups: a team's own and the director see them at once, everyone else once the
    round has started. A captain hands one in for the next round."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(serializers.Serializer):
        entry = serializers.IntegerField(help_text="The team's entry in the event.")
        open = serializers.ListField(child=serializers.IntegerField(), help_text="Two players.")
        closed = serializers.ListField(child=serializers.IntegerField(), help_text="Two players.")
        round = serializers.IntegerField(required=False, allow_null=True)

        class Meta:
            ref_name = "LineupInput"

    @extend_schema(responses={200: LineupSerializer(many=True), **error_responses(404)})
    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        number = request.query_params.get("round", "")
        number = int(number) if number.isascii() and number.isdigit() else event.current_round
        lineups = selectors.lineups_visible_to(user=request.user, event=event, round_number=number)
        return Response(LineupSerializer(lineups, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: LineupSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, event_id: int):
        event = event_or_404(event_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = Entry.objects.filter(event=event, pk=data.validated_data["entry"]).first()
        if entry is None:
            raise BridgeError(_("This is not a team of this event."), code="not_a_team")
        members = {m.player_id: m.player for m in entry.members.select_related("player")}
        if not is_event_director(user=request.user, event=event):
            link = getattr(entry, "team_entry", None)
            if link is None or link.team.captain_id != request.user.pk:
                raise PermissionDeniedError(
                    _("Only the team's captain or the director hands in its line-up."),
                    code="captain",
                )
        ids = [*data.validated_data["open"], *data.validated_data["closed"]]
        if not set(ids) <= set(members):
            raise BridgeError(_("Every player of a line-up must be on the team."), code="roster")
        lineup = team_services.lineup_submit(
            event=event,
            entry=entry,
            by=request.user,
            open_pair=[members[i] for i in data.validated_data["open"]],
            closed_pair=[members[i] for i in data.validated_data["closed"]],
            round_number=data.validated_data.get("round"),
        )
        return Response(LineupSerializer(lineup).data, status=status.HTTP_201_CREATED)
