"""Events: list, create, detail, standings; the director's start and round close."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

import scoring

from .. import selectors, services
from ..formats import format_for, formats, kinds_where
from ..models import Event, MovementSettings
from ..services.events import EVENT_LIMITS, event_settings_validate
from ..timezones import time_zone_names
from .permissions import IsDirector, IsEventDirector
from .serializers import (
    EntrySerializer,
    EventDetailSerializer,
    EventSerializer,
)
from .utils import (
    FieldPagination,
    Pagination,
    error_responses,
    event_or_404,
    found,
    page_params,
    paginated_response,
)


def _bounds(name: str) -> dict:
    limits = EVENT_LIMITS[name]
    return {"min_value": limits.low, "max_value": limits.high}


#: The kinds ``POST /api/events/`` creates: every format but those only imported.
CREATED_KINDS = kinds_where(lambda f: f.creation != "import")


def _detail(event: Event, *, status_code: int = status.HTTP_200_OK) -> Response:
    rnd = selectors.round_current(event=event)
    return Response(EventDetailSerializer(event, context={"round": rnd}).data, status=status_code)


def event_create_from(request, input_class: type, *, kind: str = Event.Kind.SWISS_PAIRS) -> Event:
    """A request's new event (``event_create``), its settings read by ``input_class``
    (a format's ``creation_serializer``): a 400 names each bad field."""
    serializer = input_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    settings = {"kind": kind, **serializer.validated_data}
    return services.event_create(user=request.user, **settings)


class FormatEventCreateApi(APIView):
    """``POST``: a director creates an event of one format's own endpoint (a team event,
    a scoring pool), read by its ``InputSerializer`` (``kind``: when the input names
    none); the answer is the event's summary. ``POST /api/events/`` takes any format."""

    permission_classes = [IsDirector]
    InputSerializer: type[serializers.Serializer]
    kind: str = Event.Kind.SWISS_PAIRS

    def post(self, request):
        event = event_create_from(request, self.InputSerializer, kind=self.kind)
        event = selectors.event_get(event_id=event.pk)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)


def format_create_schema(operation_id: str, input_class: type):
    """The schema of a ``FormatEventCreateApi`` endpoint."""
    return extend_schema_view(
        post=extend_schema(
            operation_id=operation_id,
            request=input_class,
            responses={201: EventSerializer, **error_responses(400, 403)},
        )
    )


# A pairs event in timed rounds: the pairs formats' creation_serializer.
class EventCreateInput(serializers.Serializer):
    """The ranges are the service's (``EVENT_LIMITS``); ``validate`` runs its check."""

    name = serializers.CharField(max_length=120)
    start_at = serializers.DateTimeField(
        help_text="From now to two years ahead (ISO 8601 with a time zone)."
    )
    num_rounds = serializers.IntegerField(**_bounds("num_rounds"))
    boards_per_round = serializers.IntegerField(**_bounds("boards_per_round"))
    round_minutes = serializers.FloatField(
        **_bounds("round_minutes"), default=24, help_text="Fractions allowed."
    )
    gap_minutes = serializers.FloatField(**_bounds("gap_minutes"), default=3)
    method = serializers.ChoiceField(choices=Event.Method.choices, default=Event.Method.XIMP)
    finish_threshold = serializers.FloatField(**_bounds("finish_threshold"), default=0.70)
    bye_score = serializers.ChoiceField(
        choices=Event.Adjustment.choices, default=Event.Adjustment.AVERAGE
    )
    lead_required = serializers.BooleanField(default=True)
    online_play = serializers.BooleanField(
        default=False, help_text="Each player sees their own hand on my-table."
    )
    traveller_hidden = serializers.BooleanField(
        default=False, help_text="Other tables' results stay hidden until the round ends."
    )
    spectators = serializers.ChoiceField(
        choices=Event.Spectators.choices,
        default=Event.Spectators.OFF,
        help_text="Online play: who outside the event may watch the tables.",
    )
    spectator_delay = serializers.IntegerField(
        min_value=1, max_value=3600, default=120, help_text="Seconds, for 'delayed'."
    )
    cut_double_dummy = serializers.BooleanField(
        default=False, help_text="Online play: score a board cut during the play double dummy."
    )
    chat_allowed = serializers.BooleanField(
        default=False, help_text="Online play: chat at the table."
    )
    robot_substitutes = serializers.ChoiceField(
        choices=Event.RobotSubstitutes.choices,
        default=Event.RobotSubstitutes.DIRECTOR,
        help_text="Online play: who moves a robot into an absent player's seat: 'off', "
        "'director' or 'auto' (after the grace period).",
    )
    time_zone = serializers.ChoiceField(
        choices=time_zone_names(),
        required=False,
        help_text="IANA zone name; the pages show the event's times in it "
        "(default: the site's TIME_ZONE).",
    )
    kind = serializers.ChoiceField(
        choices=[(k, Event.Kind(k).label) for k in CREATED_KINDS],
        default=Event.Kind.SWISS_PAIRS,
        help_text="Swiss pairs, or a Mitchell or Howell movement, with the fields here; "
        "any other format with the fields of its own endpoint (a team event: "
        "/api/events/teams/; a scoring pool: /api/events/pool/).",
    )
    arrow_switch = serializers.BooleanField(
        default=False, help_text="Mitchell only: one winner (the tables turn in some rounds)."
    )
    mp_factoring = serializers.ChoiceField(
        choices=MovementSettings.Factoring.choices,
        required=False,
        help_text="How a board played fewer times is matchpointed (default: 'played' "
        "in Swiss pairs, 'neuberg' in movements).",
    )

    class Meta:
        ref_name = "EventCreateInput"

    def validate(self, attrs):
        names = ("start_at", *EVENT_LIMITS)
        problems = event_settings_validate(**{n: attrs[n] for n in names if n in attrs})
        kind = attrs.get("kind", Event.Kind.SWISS_PAIRS)
        if attrs.get("arrow_switch") and not format_for(kind).arrow_switch:
            raise serializers.ValidationError(
                {"arrow_switch": [_("Only a Mitchell has an arrow switch.")]}
            )
        if problems:
            errors: dict[str, list[str]] = {}
            for problem in problems:
                errors.setdefault(problem.field, []).append(problem.message)
            raise serializers.ValidationError(errors)
        return attrs


class EventListCreateApi(APIView):
    pagination_class = Pagination

    def get_permissions(self):
        if self.request.method == "POST":
            return [IsDirector()]
        return [IsAuthenticatedOrReadOnly()]

    class FilterSerializer(serializers.Serializer):
        q = serializers.CharField(
            required=False, allow_blank=True, default="", help_text="Search in the name."
        )
        status = serializers.ChoiceField(
            choices=Event.Status.choices, required=False, allow_blank=True, default=""
        )

        class Meta:
            ref_name = "EventFilter"

    #: The input of a pairs event; another format's is its ``creation_serializer``.
    InputSerializer = EventCreateInput

    @extend_schema(
        operation_id="events_list",
        parameters=[FilterSerializer],
        responses={200: EventSerializer(many=True), **error_responses(400)},
    )
    def get(self, request):
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        events = selectors.event_list_filtered(
            query=filters.validated_data["q"], status=filters.validated_data["status"]
        )
        return paginated_response(
            pagination_class=self.pagination_class,
            serializer_class=EventSerializer,
            queryset=events,
            request=request,
            view=self,
        )

    @extend_schema(
        operation_id="events_create",
        request=InputSerializer,
        description="Creates an event of any format; `kind` chooses it (default "
        "`swiss_pairs`). A pairs event (Swiss pairs, Mitchell, Howell) takes the fields "
        "here; a team event those of `POST /api/events/teams/`, a scoring pool those of "
        "`POST /api/events/pool/`. The answer is the event's detail.",
        responses={201: EventDetailSerializer, **error_responses(400, 403)},
    )
    def post(self, request):
        # Any format's event (event_create): the kind chooses the format, whose
        # creation_serializer reads the rest (an unknown kind: the pairs input refuses it).
        kind = request.data.get("kind") or Event.Kind.SWISS_PAIRS
        fmt = formats().get(kind) if isinstance(kind, str) else None
        input_class = (fmt and fmt.creation_serializer()) or EventCreateInput
        event = event_create_from(request, input_class, kind=kind)
        return _detail(event, status_code=status.HTTP_201_CREATED)


class EventDetailApi(APIView):
    @extend_schema(responses={200: EventDetailSerializer, **error_responses(404)})
    def get(self, request, event_id: int):
        return _detail(event_or_404(event_id))


class EventStandingsApi(APIView):
    """The standings, best first, a page of pairs at a time (``limit``/``offset``): the
    default page (500 pairs) holds a whole normal field."""

    pagination_class = FieldPagination

    class OutputSerializer(serializers.Serializer):
        event = serializers.IntegerField(source="event.pk")
        status = serializers.CharField(source="event.status")
        current_round = serializers.IntegerField(source="event.current_round")
        final = serializers.BooleanField(help_text="True once the event has finished.")
        count = serializers.IntegerField(help_text="Pairs in the standings (every page).")
        next = serializers.URLField(allow_null=True, help_text="The next page (null: none).")
        previous = serializers.URLField(allow_null=True, help_text="The page before (or null).")
        entries = EntrySerializer(many=True, help_text="This page's pairs, best first.")

        class Meta:
            ref_name = "Standings"

    @extend_schema(
        parameters=page_params(FieldPagination),
        responses={200: OutputSerializer, **error_responses(404)},
    )
    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        paginator = self.pagination_class()
        # places come from the whole field: the page is cut from the sorted standings
        entries = paginator.paginate_queryset(
            selectors.standings_get(event=event), request, view=self
        )
        data = {
            "event": event,
            "final": event.status == Event.Status.FINISHED,
            "count": paginator.count,
            "next": paginator.get_next_link(),
            "previous": paginator.get_previous_link(),
            "entries": entries,
        }
        return Response(self.OutputSerializer(data).data)


class EventStartApi(APIView):
    permission_classes = [IsEventDirector]

    @extend_schema(
        request=None, responses={200: EventDetailSerializer, **error_responses(403, 404, 409)}
    )
    def post(self, request, event_id: int):
        event = event_or_404(event_id)
        self.check_object_permissions(request, event)
        services.event_start(event=event, actor=request.user)
        event.refresh_from_db()
        return _detail(event)


class RoundCloseApi(APIView):
    permission_classes = [IsEventDirector]

    @extend_schema(
        request=None,
        responses={200: EventDetailSerializer, **error_responses(403, 404, 409)},
        description="Cut the round's unplayed boards, score it, then open the next round "
        "(or finish the event after the last one). Closing a closed round does nothing.",
    )
    def post(self, request, event_id: int, number: int):
        event = event_or_404(event_id)
        self.check_object_permissions(request, event)
        found(selectors.round_get(event=event, number=number), _("No such round."))
        services.round_close(event=event, number=number, actor=request.user)
        event.refresh_from_db()
        return _detail(event)


class EventClockApi(APIView):
    """The director's clock: pause (nothing is cut while paused), resume, extend."""

    permission_classes = [IsEventDirector]

    class InputSerializer(serializers.Serializer):
        action = serializers.ChoiceField(choices=["pause", "resume", "extend"])
        minutes = serializers.FloatField(required=False, min_value=0.1, max_value=240)

        class Meta:
            ref_name = "EventClockInput"

    @extend_schema(
        request=InputSerializer,
        responses={200: EventDetailSerializer, **error_responses(400, 403, 404, 409)},
        description="`pause` stops the clock; `resume` moves the rest of the schedule by "
        "the length of the pause; `extend` gives the round in play `minutes` more.",
    )
    def post(self, request, event_id: int):
        from ..services import schedule

        event = event_or_404(event_id)
        self.check_object_permissions(request, event)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        action = data.validated_data["action"]
        if action == "pause":
            schedule.event_pause(event=event, director=request.user)
        elif action == "resume":
            schedule.event_resume(event=event, director=request.user)
        else:
            minutes = data.validated_data.get("minutes")
            if minutes is None:
                raise serializers.ValidationError({"minutes": [_("How many minutes?")]})
            schedule.round_extend(event=event, director=request.user, minutes=minutes)
        event.refresh_from_db()
        return _detail(event)


class EventHcpParTableApi(APIView):
    """The expected-score table of an HCP-par event (``docs/rules.md`` § HCP-par): GET
    the one it scores with; PUT another (``{"expected": {"None": [41 scores], "NS": …,
    "EW": …, "All": …}}``) or ``{"expected": null}`` for the shipped one, before the start."""

    def get_permissions(self):
        if self.request.method == "PUT":
            return [IsEventDirector()]
        return [IsAuthenticatedOrReadOnly()]

    class TableSerializer(serializers.Serializer):
        expected = serializers.DictField(
            child=serializers.ListField(child=serializers.FloatField()),
            allow_null=True,
            help_text="Vulnerability (None, NS, EW, All) to 41 expected NS scores.",
        )
        shipped = serializers.BooleanField(read_only=True)

        class Meta:
            ref_name = "HcpParTable"

    def _answer(self, event: Event) -> Response:
        table = event.hcp_par_table or {
            vul: list(row) for vul, row in scoring.load_hcp_par_table().items()
        }
        return Response({"expected": table, "shipped": event.hcp_par_table is None})

    @extend_schema(
        operation_id="events_hcp_par_table",
        responses={200: TableSerializer, **error_responses(404)},
    )
    def get(self, request, event_id: int):
        return self._answer(event_or_404(event_id))

    @extend_schema(
        operation_id="events_hcp_par_table_set",
        request=TableSerializer,
        responses={200: TableSerializer, **error_responses(400, 403, 404, 409)},
    )
    def put(self, request, event_id: int):
        event = event_or_404(event_id)
        self.check_object_permissions(request, event)
        serializer = self.TableSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = services.event_hcp_par_table_set(
            event=event, director=request.user, table=serializer.validated_data["expected"]
        )
        return self._answer(event)
