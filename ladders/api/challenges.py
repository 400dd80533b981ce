"""The ladder API's challenges: issued on a ladder, then accepted, declined,
cancelled or decided by the director."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.utils import Pagination, error_responses, page_params
from tournaments.timezones import zone

from .. import selectors, services
from ..models import Challenge
from ..permissions import challenge_answer_required, ladder_director_required
from .serializers import (
    ChallengeSerializer,
    challenge_found,
    ladder_found,
    page_answer,
    team_found,
)

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
        ladder = ladder_found(ladder_id)
        wanted = request.query_params.get("status") or None
        if wanted not in (None, "open", *Challenge.Status.values):
            wanted = None
        return page_answer(
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
        ladder = ladder_found(ladder_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        challenge = services.challenge_issue(
            ladder=ladder,
            challenger=team_found(serializer.validated_data["challenger"]),
            defender=team_found(serializer.validated_data["defender"]),
            by=request.user,
        )
        return Response(
            ChallengeSerializer(challenge_found(challenge.pk)).data, status=status.HTTP_201_CREATED
        )


class ChallengeDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="ladders_challenge",
        responses={200: ChallengeSerializer, **error_responses(404)},
    )
    def get(self, request, challenge_id: int):
        return Response(ChallengeSerializer(challenge_found(challenge_id)).data)


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
        challenge = challenge_found(challenge_id)
        challenge_answer_required(user=request.user, challenge=challenge)  # before the input
        serializer = self.InputSerializer(data=request.data)
        with timezone.override(zone(challenge.ladder.time_zone)):  # a time without offset
            serializer.is_valid(raise_exception=True)
        challenge = services.challenge_accept(
            challenge=challenge,
            by=request.user,
            start_at=serializer.validated_data.get("start_at"),
        )
        return Response(ChallengeSerializer(challenge_found(challenge.pk)).data)


class ChallengeDeclineApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="ladders_challenge_decline",
        request=None,
        responses={200: ChallengeSerializer, **error_responses(403, 404, 409)},
    )
    def post(self, request, challenge_id: int):
        challenge = services.challenge_decline(
            challenge=challenge_found(challenge_id), by=request.user
        )
        return Response(ChallengeSerializer(challenge_found(challenge.pk)).data)


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
        challenge = challenge_found(challenge_id)
        ladder_director_required(user=request.user, ladder=challenge.ladder)  # before the input
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        challenge = services.challenge_cancel(
            challenge=challenge,
            director=request.user,
            reason=serializer.validated_data["reason"],
        )
        return Response(ChallengeSerializer(challenge_found(challenge.pk)).data)


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
        challenge = challenge_found(challenge_id)
        ladder_director_required(user=request.user, ladder=challenge.ladder)  # before the input
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        challenge = services.challenge_decide(
            challenge=challenge, director=request.user, **serializer.validated_data
        )
        return Response(ChallengeSerializer(challenge_found(challenge.pk)).data)
