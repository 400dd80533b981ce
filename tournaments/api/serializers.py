"""Output shapes shared by several endpoints (each view keeps its own Input/Output)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ..models import Entry, MovementSettings, PoolSettings, TeamsSettings


class PlayerSerializer(serializers.Serializer):
    """A player of an entry (``EntryMember``)."""

    username = serializers.CharField(source="player.username")
    name = serializers.CharField(source="player.name")
    confirmed = serializers.SerializerMethodField()

    class Meta:
        ref_name = "Player"

    def get_confirmed(self, member) -> bool:
        return member.confirmed_at is not None


class EntryBriefSerializer(serializers.Serializer):
    """A pair: who plays in it."""

    id = serializers.IntegerField()
    registration_order = serializers.IntegerField(allow_null=True)
    players = PlayerSerializer(source="members", many=True)

    class Meta:
        ref_name = "EntryBrief"


class EntrySerializer(EntryBriefSerializer):
    """A pair with its registration state and running (or final) result."""

    status = serializers.ChoiceField(choices=Entry.Status.choices)
    withdrawn = serializers.SerializerMethodField()
    late = serializers.BooleanField()
    sitting_out = serializers.BooleanField()
    total = serializers.FloatField()
    boards_played = serializers.IntegerField()
    finished = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True, help_text="Within the entry's field.")
    master_points = serializers.IntegerField()
    disconnections = serializers.IntegerField(
        help_text="HCP-par: disconnections recorded, 20 IMPs off the total each."
    )
    field = serializers.SerializerMethodField(
        help_text='A two-winner Mitchell: "NS" or "EW", ranked apart; null otherwise.'
    )

    class Meta:
        ref_name = "Entry"

    @extend_schema_field(serializers.ChoiceField(choices=["NS", "EW"], allow_null=True))
    def get_field(self, entry):
        return entry.field or None

    def get_withdrawn(self, entry) -> bool:
        return entry.status == Entry.Status.WITHDRAWN


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)

    class Meta:
        ref_name = "Round"


class TeamsSettingsSerializer(serializers.Serializer):
    vp_scale = serializers.CharField(help_text="wbf2013, wbf_discrete or table.")
    vp_table = serializers.JSONField(help_text="[[lowest IMP margin, winner VP], …].")
    bye_vp = serializers.FloatField()
    adjusted_imps = serializers.SerializerMethodField(
        help_text="IMPs of an average-plus, average and average-minus."
    )
    broadcast = serializers.BooleanField(
        help_text="Signed-in spectators (no player of the event) follow the results of "
        "boards in play live; anonymous requests see a board once its round has closed."
    )

    class Meta:
        ref_name = "TeamsSettings"

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_adjusted_imps(self, settings):
        return {"A+": settings.adjusted_plus, "A=": settings.adjusted_average,
                "A-": settings.adjusted_minus}  # fmt: skip


class PoolSettingsSerializer(serializers.Serializer):
    ends_at = serializers.DateTimeField(help_text="The pool closes then.")
    boards_per_table = serializers.IntegerField()
    minutes_per_board = serializers.IntegerField()
    score_at = serializers.IntegerField(help_text="A board is scored from this many results.")
    retire_at = serializers.IntegerField(help_text="A board with this many results retires.")
    robot_seats = serializers.IntegerField(
        help_text="How many seats of a table robots may fill (0: no robots)."
    )

    class Meta:
        ref_name = "PoolSettings"


class MovementSettingsSerializer(serializers.Serializer):
    arrow_switch = serializers.BooleanField()
    mp_factoring = serializers.ChoiceField(choices=MovementSettings.Factoring.choices)
    tables = serializers.IntegerField(
        allow_null=True, help_text="Fixed when round 1 opens (null before)."
    )

    class Meta:
        ref_name = "MovementSettings"


class EventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.CharField()
    director = serializers.IntegerField(source="director_id", allow_null=True)
    start_at = serializers.DateTimeField()
    time_zone = serializers.CharField(help_text="IANA zone name the pages show times in.")
    num_rounds = serializers.IntegerField()
    boards_per_round = serializers.IntegerField()
    boards_total = serializers.IntegerField()
    round_minutes = serializers.FloatField(help_text="Minutes; fractions allowed.")
    gap_minutes = serializers.FloatField(help_text="Minutes; fractions allowed.")
    method = serializers.CharField()
    finish_threshold = serializers.SerializerMethodField(
        help_text="Pairs events (null for a team event)."
    )
    bye_score = serializers.SerializerMethodField(help_text="Pairs events (null for a team event).")
    mp_factoring = serializers.SerializerMethodField(
        help_text="Pairs events: 'played' or 'neuberg', how a board played fewer times is "
        "matchpointed (null otherwise)."
    )
    teams = serializers.SerializerMethodField(help_text="Team events' settings (null for pairs).")
    pool = serializers.SerializerMethodField(
        help_text="A scoring pool's settings (null otherwise; a pool has no rounds: "
        "num_rounds is 0, boards_per_round and round_minutes are a table's)."
    )
    movement = serializers.SerializerMethodField(
        help_text="A Mitchell or Howell's settings (null otherwise)."
    )
    lead_required = serializers.BooleanField(help_text="Results need the opening lead.")
    online_play = serializers.BooleanField(help_text="Players see their own hand on my-table.")
    undo_allowed = serializers.BooleanField(
        help_text="Online play: a player may take back their last call or card."
    )
    traveller_hidden = serializers.BooleanField(
        help_text="Other tables' results stay hidden until the round ends."
    )
    spectators = serializers.CharField(
        help_text="Online play: who outside the event may watch the tables: 'off', 'live' "
        "or 'delayed' (by spectator_delay seconds)."
    )
    spectator_delay = serializers.IntegerField(help_text="Seconds, for delayed spectators.")
    cut_double_dummy = serializers.BooleanField(
        help_text="Online play: a board cut during the play is scored by the tricks won plus "
        "the double-dummy result of the rest."
    )
    chat_allowed = serializers.BooleanField(help_text="Online play: chat at the table.")
    robot_substitutes = serializers.CharField(
        help_text="Online play: 'off' (no robot substitutes), 'director' (the director moves "
        "a robot into an absent player's seat) or 'auto' (a robot takes it after the grace "
        "period)."
    )
    current_round = serializers.IntegerField(help_text="Number of the latest round (0: none).")
    registration_open = serializers.BooleanField()
    finished_at = serializers.DateTimeField(allow_null=True)

    class Meta:
        ref_name = "Event"

    @extend_schema_field(serializers.FloatField(allow_null=True))
    def get_finish_threshold(self, event):
        value = getattr(event.settings, "finish_threshold", None)
        return None if value is None else float(value)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_bye_score(self, event):
        return getattr(event.settings, "bye_score", None)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_mp_factoring(self, event):
        return getattr(event.settings, "mp_factoring", None)

    @extend_schema_field(TeamsSettingsSerializer(allow_null=True))
    def get_teams(self, event):
        settings = event.settings
        if not isinstance(settings, TeamsSettings):
            return None
        return TeamsSettingsSerializer(settings).data

    @extend_schema_field(MovementSettingsSerializer(allow_null=True))
    def get_movement(self, event):
        settings = event.settings
        if not isinstance(settings, MovementSettings):
            return None
        return MovementSettingsSerializer(settings).data

    @extend_schema_field(PoolSettingsSerializer(allow_null=True))
    def get_pool(self, event):
        settings = event.settings
        if not isinstance(settings, PoolSettings):
            return None
        return PoolSettingsSerializer(settings).data


class EventDetailSerializer(EventSerializer):
    """An event with its latest round (pass it as ``context["round"]``)."""

    round = serializers.SerializerMethodField()

    class Meta:
        ref_name = "EventDetail"

    @extend_schema_field(RoundSerializer(allow_null=True))
    def get_round(self, event):
        rnd = self.context.get("round")
        return RoundSerializer(rnd).data if rnd is not None else None


def result_score_fields() -> dict[str, serializers.Field]:
    """A stored result's own fields, from its status to its points, as the result and
    the board answers both give them. Made afresh for each serializer that spreads them
    into its class body (``vars().update(...)``), so each keeps its fields in the order
    it declares them."""
    return {
        "status": serializers.CharField(),
        "contract": serializers.CharField(),
        "declarer": serializers.CharField(),
        "tricks": serializers.IntegerField(allow_null=True),
        "lead": serializers.CharField(),
        "ns_score": serializers.IntegerField(allow_null=True),
        "ns_adjustment": serializers.CharField(),
        "ew_adjustment": serializers.CharField(),
        "ns_points": serializers.FloatField(allow_null=True),
        "ew_points": serializers.FloatField(allow_null=True),
    }


class ResultSerializer(serializers.Serializer):
    """One table's result on one board, as stored (NS score; points once scored)."""

    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    board = serializers.IntegerField(source="board_id")
    # status, contract, declarer, tricks, lead, ns_score, adjustments, points
    vars().update(result_score_fields())
    entered_side = serializers.CharField()
    confirmed = serializers.BooleanField(source="is_confirmed")
    confirmed_at = serializers.DateTimeField(allow_null=True)
    disputed = serializers.SerializerMethodField(
        help_text="The confirming side rejected it; it stays as entered until settled."
    )
    dispute_reason = serializers.CharField()

    class Meta:
        ref_name = "Result"

    @extend_schema_field(serializers.BooleanField())
    def get_disputed(self, result) -> bool:
        return result.disputed_at is not None
