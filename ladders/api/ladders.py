"""The ladder API's ladders: the list, one ladder, its positions, its teams (added,
removed, placed) and a team's history."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import IsDirector
from tournaments.api.utils import Pagination, error_responses, page_params

from .. import selectors, services
from ..permissions import ladder_director_required
from .serializers import (
    ChangeSerializer,
    LadderSerializer,
    PositionSerializer,
    ladder_found,
    page_answer,
    team_found,
)


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
        return page_answer(request, self, selectors.ladder_list(), LadderSerializer)

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
        ladder = ladder_found(ladder_id)
        ladder.teams = selectors.ladder_size(ladder=ladder)
        return Response(LadderSerializer(ladder).data)

    @extend_schema(
        operation_id="ladders_settings",
        request=SettingsSerializer,
        responses={200: LadderSerializer, **error_responses(400, 403, 404)},
        description="The director sets K, the deadlines, the cooldown, the boards.",
    )
    def patch(self, request, ladder_id: int):
        ladder = ladder_found(ladder_id)
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
        ladder = ladder_found(ladder_id)
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
        ladder = ladder_found(ladder_id)
        ladder_director_required(user=request.user, ladder=ladder)  # before the input
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team = team_found(serializer.validated_data["team"])
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
            ladder=ladder_found(ladder_id), team=team_found(team_id), director=request.user
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
        ladder = ladder_found(ladder_id)
        ladder_director_required(user=request.user, ladder=ladder)  # before the input
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.ladder_position_set(
            ladder=ladder,
            team=team_found(team_id),
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
        ladder = ladder_found(ladder_id)
        history = selectors.team_history(ladder=ladder, team_id=team_found(team_id).pk)
        return page_answer(request, self, history, ChangeSerializer)
