"""The robots' system card over REST (docs/rules.md § Robots, *Its bidding system*):
every rule the robots bid, alert and explain by, and their leads and signals, in the
language of the request."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from .system.card import system_card


class SystemCardApi(APIView):
    """The robots' system card: its name, a legend, and its rules section by section,
    in the order the robots try them (public: the card is what any opponent may ask)."""

    permission_classes = [AllowAny]

    class RuleSerializer(serializers.Serializer):
        auction = serializers.CharField(help_text="When the rule applies.")
        call = serializers.CharField()
        meaning = serializers.CharField()
        conditions = serializers.ListField(child=serializers.CharField())
        artificial = serializers.BooleanField(help_text="Alerted when a robot makes it.")
        forcing = serializers.BooleanField()
        invitational = serializers.BooleanField()

        class Meta:
            ref_name = "RobotSystemRule"

    class SectionSerializer(serializers.Serializer):
        title = serializers.CharField()
        rules = serializers.ListField(child=serializers.DictField())

        class Meta:
            ref_name = "RobotSystemSection"

    class OutputSerializer(serializers.Serializer):
        name = serializers.CharField()
        legend = serializers.CharField()
        sections = serializers.ListField(child=serializers.DictField())
        play = serializers.DictField(help_text="The card play's leads and signals.")

        class Meta:
            ref_name = "RobotSystemCard"

    @extend_schema(operation_id="robots_system_retrieve", responses={200: OutputSerializer})
    def get(self, request):
        return Response(system_card(gettext))
