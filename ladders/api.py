"""The ladder API (``/api/ladders/...``): ladders, positions, challenges, history.
Refusals answer ``{detail, code, fields}`` (``tournaments.api.errors``)."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import IsDirector
from tournaments.api.utils import Pagination, error_responses, found, page_params
from tournaments.models import Team
from tournaments.timezones import zone

from . import selectors, services
from .models import Challenge, Ladder, PositionChange
from .permissions import challenge_answer_required, ladder_director_required


def _ladder(ladder_id: int) -> Ladder:
    return found(selectors.ladder_get(ladder_id=ladder_id), _("No such ladder."))


def _challenge(challenge_id: int) -> Challenge:
    return found(selectors.challenge_get(challenge_id=challenge_id), _("No such challenge."))


def _team(team_id: int) -> Team:
    return found(Team.objects.filter(pk=team_id).first(), _("No such team."))


class TeamBriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()

    class Meta:
        ref_name = "LadderTeam"


class LadderSerializer(serializers.ModelSerializer):
    teams = serializers.IntegerField(read_only=True, required=False, help_text="Teams on it.")

    class Meta:
        model = Ladder
        ref_name = "Ladder"
        fields = [
            "id",
            "name",
            "director",
            "k",
            "accept_days",
            "cooldown_days",
            "play_days",
            "boards",
            "time_zone",
            "created_at",
            "teams",
        ]


class ChallengeSerializer(serializers.ModelSerializer):
    challenger = TeamBriefSerializer()
    defender = TeamBriefSerializer()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    event = serializers.IntegerField(
        source="event_id", allow_null=True, help_text="The match's event, once accepted."
    )
    open = serializers.BooleanField(source="is_open")
    decided_by_director = serializers.SerializerMethodField()
    match_start_at = serializers.DateTimeField(
        source="event.start_at",
        allow_null=True,
        default=None,
        help_text="When the match starts (null until accepted); the ladder's time_zone is "
        "the zone its pages and emails show it in.",
    )

    class Meta:
        model = Challenge
        ref_name = "Challenge"
        fields = [
            "id",
            "ladder",
            "challenger",
            "defender",
            "status",
            "open",
            "issued_at",
            "accept_by",
            "answered_at",
            "play_by",
            "resolved_at",
            "event",
            "challenger_vp",
            "defender_vp",
            "winner",
            "decided_by_director",
            "match_start_at",
        ]

    def get_decided_by_director(self, c) -> bool:
        return c.decided_by_id is not None


class PositionSerializer(serializers.Serializer):
    position = serializers.IntegerField(source="rung.position")
    team = TeamBriefSerializer()
    open_as_challenger = serializers.IntegerField(
        source="open_as_challenger.pk", allow_null=True, default=None
    )
    open_as_defender = serializers.IntegerField(
        source="open_as_defender.pk", allow_null=True, default=None
    )
    form = serializers.ListField(
        child=serializers.CharField(), help_text="Last five results, newest first: W, L or D."
    )

    class Meta:
        ref_name = "LadderPosition"


class ChangeSerializer(serializers.ModelSerializer):
    class Meta:
        model = PositionChange
        ref_name = "LadderPositionChange"
        fields = ["at", "kind", "position_before", "position_after", "challenge", "event"]


def _page(request, view, items, serializer_class):
    paginator = Pagination()
    page = paginator.paginate_queryset(items, request, view=view)
    return paginator.get_paginated_response(serializer_class(page, many=True).data)


class LadderListApi(APIView):
    def get_permissions(self):
        return [IsDirector()] if self.request.method == "POST" else [IsAuthenticatedOrReadOnly()]

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=80)
        k = serializers.IntegerField(default=3)
        accept_days = serializers.IntegerField(default=3)
        cooldown_days = serializers.IntegerField(default=7)
        play_days = serializers.IntegerField(default=7)
        boards = serializers.IntegerField(default=8)
        time_zone = serializers.CharField(default="Asia/Shanghai")

        class Meta:
            ref_name = "LadderCreateInput"

        def validate(self, attrs):
            problems = services.ladder_settings_validate(**attrs)
            if problems:
                raise serializers.ValidationError({k: [v] for k, v in problems.items()})
            return attrs

    @extend_schema(
        operation_id="ladders_list",
        parameters=page_params(Pagination),
        responses={200: LadderSerializer(many=True)},
    )
    def get(self, request):
        return _page(request, self, selectors.ladder_list(), LadderSerializer)

    @extend_schema(
        operation_id="ladders_create",
        request=InputSerializer,
        responses={201: LadderSerializer, **error_responses(400, 403)},
    )
    def post(self, request):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        ladder = services.ladder_create(director=request.user, **serializer.validated_data)
        return Response(LadderSerializer(ladder).data, status=status.HTTP_201_CREATED)


class LadderDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class SettingsSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=80, required=False)
        k = serializers.IntegerField(required=False)
        accept_days = serializers.IntegerField(required=False)
        cooldown_days = serializers.IntegerField(required=False)
        play_days = serializers.IntegerField(required=False)
        boards = serializers.IntegerField(required=False)
        time_zone = serializers.CharField(required=False)

        class Meta:
            ref_name = "LadderSettingsInput"

        def validate(self, attrs):
            problems = services.ladder_settings_validate(**attrs)
            if problems:
                raise serializers.ValidationError({k: [v] for k, v in problems.items()})
            return attrs

    @extend_schema(
        operation_id="ladders_detail", responses={200: LadderSerializer, **error_responses(404)}
    )
    def get(self, request, ladder_id: int):
        ladder = _ladder(ladder_id)
        ladder.teams = selectors.ladder_size(ladder=ladder)
        return Response(LadderSerializer(ladder).data)

    @extend_schema(
        operation_id="ladders_settings",
        request=SettingsSerializer,
        responses={200: LadderSerializer, **error_responses(400, 403, 404)},
        description="The director sets K, the deadlines, the cooldown, the boards.",
    )
    def patch(self, request, ladder_id: int):
        ladder = _ladder(ladder_id)
        ladder_director_required(user=request.user, ladder=ladder)  # before the input
        serializer = self.SettingsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        ladder = services.ladder_settings_set(
            ladder=ladder, director=request.user, **serializer.validated_data
        )
        return Response(LadderSerializer(ladder).data)


class LadderPositionsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="ladders_positions",
        parameters=page_params(Pagination),
        responses={200: PositionSerializer(many=True), **error_responses(404)},
        description="Positions from 1 down, with each team's open challenges and form.",
    )
    def get(self, request, ladder_id: int):
        ladder = _ladder(ladder_id)
        paginator = Pagination()
        limit = paginator.get_limit(request) or paginator.max_limit
        offset = paginator.get_offset(request)
        rows = selectors.ladder_rows(ladder=ladder, offset=offset, limit=limit)
        count = selectors.ladder_size(ladder=ladder)
        nxt = offset + limit < count
        base = request.build_absolute_uri(request.path)
        return Response(
            {
                "count": count,
                "next": f"{base}?limit={limit}&offset={offset + limit}" if nxt else None,
                "previous": (
                    f"{base}?limit={limit}&offset={max(0, offset - limit)}" if offset else None
                ),
                "results": PositionSerializer(rows, many=True).data,
            }
        )


class LadderTeamsApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        team = serializers.IntegerField(help_text="The team's id; it joins at the bottom.")

        class Meta:
            ref_name = "LadderTeamAddInput"

    @extend_schema(
        operation_id="ladders_teams_add",
        request=InputSerializer,
        responses={201: PositionSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, ladder_id: int):
        ladder = _ladder(ladder_id)
        ladder_director_required(user=request.user, ladder=ladder)  # before the input
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team = _team(serializer.validated_data["team"])
        services.ladder_teams_add(ladder=ladder, teams=[team], director=request.user)
        rung = selectors.rung_of(ladder=ladder, team_id=team.pk)
        row = selectors.ladder_rows(ladder=ladder, offset=rung.position - 1, limit=1)[0]
        return Response(PositionSerializer(row).data, status=status.HTTP_201_CREATED)


class LadderTeamRemoveApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="ladders_teams_remove",
        request=None,
        responses={204: None, **error_responses(400, 403, 404)},
        description="The team leaves; its open challenges are cancelled; the teams below "
        "move up one place.",
    )
    def post(self, request, ladder_id: int, team_id: int):
        services.ladder_team_remove(
            ladder=_ladder(ladder_id), team=_team(team_id), director=request.user
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class LadderTeamPositionApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        position = serializers.IntegerField(min_value=1)

        class Meta:
            ref_name = "LadderPositionInput"

    @extend_schema(
        operation_id="ladders_teams_position",
        request=InputSerializer,
        responses={204: None, **error_responses(400, 403, 404)},
        description="The director's correction: the team to a position, the teams in "
        "between move one place.",
    )
    def post(self, request, ladder_id: int, team_id: int):
        ladder = _ladder(ladder_id)
        ladder_director_required(user=request.user, ladder=ladder)  # before the input
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.ladder_position_set(
            ladder=ladder,
            team=_team(team_id),
            position=serializer.validated_data["position"],
            director=request.user,
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class LadderTeamHistoryApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="ladders_teams_history",
        parameters=page_params(Pagination),
        responses={200: ChangeSerializer(many=True), **error_responses(404)},
        description="Every change of the team's position, oldest first.",
    )
    def get(self, request, ladder_id: int, team_id: int):
        ladder = _ladder(ladder_id)
        history = selectors.team_history(ladder=ladder, team_id=_team(team_id).pk)
        return _page(request, self, history, ChangeSerializer)


STATUS_FILTER = OpenApiParameter(
    name="status",
    required=False,
    enum=["open", *Challenge.Status.values],
    description="open: unanswered or accepted (waiting for the match).",
)


class LadderChallengesApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(serializers.Serializer):
        challenger = serializers.IntegerField(help_text="Your team's id (you are its captain).")
        defender = serializers.IntegerField(help_text="A team at most K places above.")

        class Meta:
            ref_name = "ChallengeIssueInput"

    @extend_schema(
        operation_id="ladders_challenges_list",
        parameters=[STATUS_FILTER, *page_params(Pagination)],
        responses={200: ChallengeSerializer(many=True), **error_responses(404)},
    )
    def get(self, request, ladder_id: int):
        ladder = _ladder(ladder_id)
        wanted = request.query_params.get("status") or None
        if wanted not in (None, "open", *Challenge.Status.values):
            wanted = None
        return _page(
            request,
            self,
            selectors.challenge_list(ladder=ladder, status=wanted),
            ChallengeSerializer,
        )

    @extend_schema(
        operation_id="ladders_challenges_issue",
        request=InputSerializer,
        responses={201: ChallengeSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, ladder_id: int):
        ladder = _ladder(ladder_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        challenge = services.challenge_issue(
            ladder=ladder,
            challenger=_team(serializer.validated_data["challenger"]),
            defender=_team(serializer.validated_data["defender"]),
            by=request.user,
        )
        return Response(
            ChallengeSerializer(_challenge(challenge.pk)).data, status=status.HTTP_201_CREATED
        )


class ChallengeDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="ladders_challenge",
        responses={200: ChallengeSerializer, **error_responses(404)},
    )
    def get(self, request, challenge_id: int):
        return Response(ChallengeSerializer(_challenge(challenge_id)).data)


class ChallengeAcceptApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        start_at = serializers.DateTimeField(
            required=False,
            help_text="When the match starts. A time without a UTC offset is read in the "
            "ladder's time zone (its time_zone). Default: an hour after accepting, at the "
            "next quarter hour (accepting at 10:07 starts the match at 11:15). It must "
            "leave the match time to end by the play deadline.",
        )

        class Meta:
            ref_name = "ChallengeAcceptInput"

    @extend_schema(
        operation_id="ladders_challenge_accept",
        request=InputSerializer,
        responses={200: ChallengeSerializer, **error_responses(400, 403, 404, 409)},
        description="The defender's captain accepts: the match event is created, in the "
        "ladder's time zone, starting at start_at (default: an hour later, at the next "
        "quarter hour; the answer's match_start_at says when).",
    )
    def post(self, request, challenge_id: int):
        challenge = _challenge(challenge_id)
        challenge_answer_required(user=request.user, challenge=challenge)  # before the input
        serializer = self.InputSerializer(data=request.data)
        with timezone.override(zone(challenge.ladder.time_zone)):  # a time without offset
            serializer.is_valid(raise_exception=True)
        challenge = services.challenge_accept(
            challenge=challenge,
            by=request.user,
            start_at=serializer.validated_data.get("start_at"),
        )
        return Response(ChallengeSerializer(_challenge(challenge.pk)).data)


class ChallengeDeclineApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="ladders_challenge_decline",
        request=None,
        responses={200: ChallengeSerializer, **error_responses(403, 404, 409)},
    )
    def post(self, request, challenge_id: int):
        challenge = services.challenge_decline(challenge=_challenge(challenge_id), by=request.user)
        return Response(ChallengeSerializer(_challenge(challenge.pk)).data)


class ChallengeCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(required=False, allow_blank=True, default="")

        class Meta:
            ref_name = "ChallengeCancelInput"

    @extend_schema(
        operation_id="ladders_challenge_cancel",
        request=InputSerializer,
        responses={200: ChallengeSerializer, **error_responses(403, 404, 409)},
    )
    def post(self, request, challenge_id: int):
        challenge = _challenge(challenge_id)
        ladder_director_required(user=request.user, ladder=challenge.ladder)  # before the input
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        challenge = services.challenge_cancel(
            challenge=challenge,
            director=request.user,
            reason=serializer.validated_data["reason"],
        )
        return Response(ChallengeSerializer(_challenge(challenge.pk)).data)


class ChallengeDecideApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        winner = serializers.ChoiceField(choices=["challenger", "defender", "none"])
        reason = serializers.CharField(required=False, allow_blank=True, default="")

        class Meta:
            ref_name = "ChallengeDecideInput"

    @extend_schema(
        operation_id="ladders_challenge_decide",
        request=InputSerializer,
        responses={200: ChallengeSerializer, **error_responses(400, 403, 404, 409)},
        description="The director decides an accepted match not played by its play "
        "deadline, or whose every board was cut (docs/rules.md § Ladder). Otherwise 409: "
        "before_deadline (waiting to be played), in_progress (being played), played (it "
        "finished with a result, which decides the challenge) or state (already decided, "
        "or not accepted).",
    )
    def post(self, request, challenge_id: int):
        challenge = _challenge(challenge_id)
        ladder_director_required(user=request.user, ladder=challenge.ladder)  # before the input
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        challenge = services.challenge_decide(
            challenge=challenge, director=request.user, **serializer.validated_data
        )
        return Response(ChallengeSerializer(_challenge(challenge.pk)).data)
