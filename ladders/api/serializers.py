"""What the ladder API reads and answers: the ladders, challenges, positions and
position changes, and the lookups that answer 404."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from tournaments.api.utils import Pagination, found
from tournaments.models import Team

from .. import selectors
from ..models import Challenge, Ladder, PositionChange


def ladder_found(ladder_id: int) -> Ladder:
    return found(selectors.ladder_get(ladder_id=ladder_id), _("No such ladder."))


def challenge_found(challenge_id: int) -> Challenge:
    return found(selectors.challenge_get(challenge_id=challenge_id), _("No such challenge."))


def team_found(team_id: int) -> Team:
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


def page_answer(request, view, items, serializer_class):
    paginator = Pagination()
    page = paginator.paginate_queryset(items, request, view=view)
    return paginator.get_paginated_response(serializer_class(page, many=True).data)
