"""Import and export: hand records and results as PBN, results as USEBIO XML.

The exports are files, not JSON: the views return them with their own content type
and a download file name, and ignore the client's Accept header (errors stay JSON).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from ..interchange import exports, pbn_decode
from ..interchange.compare import event_scoring_compare
from ..interchange.deals import event_deals_import
from ..interchange.importers.dispatch import (
    MAX_IMPORT_BYTES,
    AlreadyImportedError,
    event_results_import,
)
from ..models import Result
from ..selectors.events import import_left_out_get
from ..services.handrecords import round_hands_pbn
from .errors import error_body
from .parsers import JSONParser
from .permissions import IsDirector, IsEventDirector
from .utils import error_responses, event_or_404

PBN_CONTENT_TYPE = "application/x-pbn; charset=utf-8"
XML_CONTENT_TYPE = "application/xml; charset=utf-8"
MAX_UPLOAD_BYTES = 2 * 1024 * 1024

_VISIBILITY = (
    "Only boards everyone may see are included: those of closed rounds, or every board "
    "once the event has finished. The round in play is left out, deals and results."
)


class _FileNegotiation(BaseContentNegotiation):
    """A file download: no choice of format, errors in the first renderer (JSON)."""

    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def _download(body: str, *, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body.encode("utf-8"), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class _ExportApi(APIView):
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = _FileNegotiation
    content_type = PBN_CONTENT_TYPE
    suffix = ""
    export: Callable[..., str]  # a service: ``export(event=event) -> text``

    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        return _download(
            self.export(event=event),
            content_type=self.content_type,
            filename=f"event-{event.pk}-{self.suffix}",
        )


def _file_schema(name: str, media_type: str, description: str, refusals: tuple[int, ...] = ()):
    return extend_schema_view(
        get=extend_schema(
            operation_id=f"events_export_{name}",
            responses={
                (200, media_type): OpenApiResponse(
                    response=OpenApiTypes.STR, description=description
                ),
                **error_responses(*refusals, 404),
            },
            description=_VISIBILITY,
        )
    )


@_file_schema("hands", "application/x-pbn", "Hand records, one PBN 2.1 game per board.")
class HandsPbnExportApi(_ExportApi):
    suffix = "hands.pbn"
    export = staticmethod(exports.event_hands_pbn_export)


@_file_schema(
    "results",
    "application/x-pbn",
    "Hand records with a ScoreTable per board, then a TotalScoreTable (PBN 2.1). A "
    "scoring pool has none (400, code ``kind``): its results are in its USEBIO file.",
    (400,),
)
class ResultsPbnExportApi(_ExportApi):
    suffix = "results.pbn"
    export = staticmethod(exports.event_results_pbn_export)


@_file_schema(
    "usebio",
    "application/xml",
    "Participants, travellers and hand records (USEBIO 1.2); a scoring pool as an "
    "individual event (players, and the four players of each line).",
)
class UsebioExportApi(_ExportApi):
    content_type = XML_CONTENT_TYPE
    suffix = "usebio.xml"
    export = staticmethod(exports.event_usebio_export)


@extend_schema_view(
    get=extend_schema(
        operation_id="events_round_hands",
        responses={
            (200, "application/x-pbn"): OpenApiResponse(
                response=OpenApiTypes.STR,
                description="The round's hand records, one PBN 2.1 game per board.",
            ),
            **error_responses(400, 403, 404),
        },
        description="The director's hand records of a round, before (its deals are dealt "
        "ahead) or during play, for duplicating or dealing the boards.",
    )
)
class RoundHandsPbnApi(APIView):
    permission_classes = [IsEventDirector]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = _FileNegotiation

    def get(self, request, event_id: int, number: int):
        event = event_or_404(event_id)
        self.check_object_permissions(request, event)
        text = round_hands_pbn(event=event, number=number, actor=request.user)
        response = _download(
            text, content_type=PBN_CONTENT_TYPE,
            filename=f"event-{event.pk}-round-{number}-hands.pbn",
        )  # fmt: skip
        response["Cache-Control"] = "no-store"
        return response


class DealsImportApi(APIView):
    """The director loads the deals of a PBN file before round 1 starts."""

    permission_classes = [IsEventDirector]
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    class FileInputSerializer(serializers.Serializer):
        file = serializers.FileField(help_text="A PBN file: one game per board with [Deal].")

        class Meta:
            ref_name = "DealsImportFile"

    class TextInputSerializer(serializers.Serializer):
        pbn = serializers.CharField(
            trim_whitespace=False,
            max_length=MAX_UPLOAD_BYTES,
            help_text="The text of a PBN file: one game per board with [Board] and [Deal].",
        )

        class Meta:
            ref_name = "DealsImportText"

    class OutputSerializer(serializers.Serializer):
        event = serializers.IntegerField()
        boards = serializers.ListField(
            child=serializers.IntegerField(), help_text="Board numbers that got a deal."
        )

        class Meta:
            ref_name = "DealsImport"

    @extend_schema(
        request={
            "multipart/form-data": FileInputSerializer,
            "application/json": TextInputSerializer,
        },
        responses={200: OutputSerializer, **error_responses(400, 403, 404, 409)},
        description="Replaces the event's imported deals; boards not in the file are "
        "shuffled as usual. All or nothing: a bad deal, a board number outside the event "
        "or a board given twice refuses the file (400, naming the board). 409 once "
        "round 1 has started.",
    )
    def post(self, request, event_id: int):
        event = event_or_404(event_id)
        self.check_object_permissions(request, event)
        if "file" in request.FILES:
            upload = self.FileInputSerializer(data=request.data)
            upload.is_valid(raise_exception=True)
            source = upload.validated_data["file"]
            if source.size > MAX_UPLOAD_BYTES:
                raise serializers.ValidationError(
                    {"file": [_("The file is larger than 2 MB.")]}, code="too_large"
                )
            text = pbn_decode(source.read())
        else:
            body = self.TextInputSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            text = body.validated_data["pbn"]
        deals = event_deals_import(event=event, text=text, actor=request.user)
        data = {"event": event.pk, "boards": sorted(int(n) for n in deals)}
        return Response(self.OutputSerializer(data).data)


class ImportProblemSerializer(serializers.Serializer):
    """A line of a results file left out of its import (docs/rules.md § Files)."""

    board = serializers.IntegerField()
    section = serializers.CharField(allow_blank=True)
    round = serializers.IntegerField(allow_null=True, help_text="Null: the file gives none.")
    table = serializers.IntegerField(allow_null=True, help_text="Null: the file gives none.")
    ns = serializers.CharField(allow_blank=True, help_text="The NS pair as the file has it.")
    ew = serializers.CharField(allow_blank=True, help_text="The EW pair as the file has it.")
    reason = serializers.CharField()

    class Meta:
        ref_name = "ResultsImportProblem"


class ResultsImportApi(APIView):
    """A director creates a finished event from another scorer's results file."""

    permission_classes = [IsDirector]
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    class FileInputSerializer(serializers.Serializer):
        file = serializers.FileField(help_text="A USEBIO 1.2 XML file or a PBN results file.")
        name = serializers.CharField(
            required=False, default="", max_length=120, help_text="Instead of the file's name."
        )
        force = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Import a file imported before anyway (a second event from it).",
        )

        class Meta:
            ref_name = "ResultsImportFile"

    class TextInputSerializer(serializers.Serializer):
        text = serializers.CharField(
            trim_whitespace=False,
            max_length=MAX_IMPORT_BYTES,
            help_text="The text of a USEBIO 1.2 XML file or a PBN results file.",
        )
        name = serializers.CharField(
            required=False, default="", max_length=120, help_text="Instead of the file's name."
        )
        force = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Import a file imported before anyway (a second event from it).",
        )

        class Meta:
            ref_name = "ResultsImportText"

    class OutputSerializer(serializers.Serializer):
        event = serializers.IntegerField()
        name = serializers.CharField()
        source = serializers.ChoiceField(choices=["usebio", "pbn"])
        method = serializers.CharField()
        kind = serializers.CharField(help_text="swiss_pairs, teams_swiss, teams_rr or pool.")
        entries = serializers.IntegerField(help_text="Pairs, teams, or a pool's players.")
        boards = serializers.IntegerField()
        results = serializers.IntegerField()
        problems = ImportProblemSerializer(
            many=True,
            help_text="Lines of the file that are not results (an impossible contract, "
            "tricks, score or number), left out of the event; its log records them too.",
        )

        class Meta:
            ref_name = "ResultsImport"

    @extend_schema(
        operation_id="events_import_results",
        request={
            "multipart/form-data": FileInputSerializer,
            "application/json": TextInputSerializer,
        },
        responses={201: OutputSerializer, **error_responses(400, 403, 409)},
        description="Creates a finished event from a USEBIO 1.2 file (pairs, teams, or an "
        "IMP-scored individual event, which becomes a finished scoring pool) or a "
        "PBN results file (pairs): pairs or teams (players matched by name, else new "
        "guests), team matches with their IMPs and VPs, boards with their deals, "
        "dealer and vulnerability, every traveller line with the file's scores and "
        "points, and the file's ranking. Nothing is re-scored. A line that is not a result "
        "is left out and listed in problems; any other problem refuses the file "
        "(400) with what is wrong and on which boards; codes unreadable, kind "
        "(an individual event not scored in IMPs), method, content, too_large. A file "
        "imported before (the same bytes) is refused (409, code already_imported) with the "
        "event it became as ``event`` (its id) and ``url`` (its page), unless ``force`` is "
        "true.",
    )
    def post(self, request):
        self.check_permissions(request)
        if "file" in request.FILES:
            upload = self.FileInputSerializer(data=request.data)
            upload.is_valid(raise_exception=True)
            source = upload.validated_data["file"]
            if source.size > MAX_IMPORT_BYTES:
                raise serializers.ValidationError(
                    {"file": [_("The file is larger than 4 MB.")]}, code="too_large"
                )
            data, name = source.read(), upload.validated_data["name"]
            force = upload.validated_data["force"]
        else:
            body = self.TextInputSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            data, name = body.validated_data["text"], body.validated_data["name"]
            force = body.validated_data["force"]
        try:
            event = event_results_import(data=data, actor=request.user, name=name, force=force)
        except AlreadyImportedError as exc:  # the refusal names the event the file became
            existing = exc.event
            body = error_body(exc.message, exc.code)
            url = reverse("tournaments:event_detail", kwargs={"event_id": existing.pk})
            return Response({**body, "event": existing.pk, "url": url}, status=exc.status)
        summary = {
            "event": event.pk, "name": event.name, "source": event.source,
            "method": event.method, "kind": event.kind, "entries": event.entries.count(),
            "boards": event.boards.count(), "results": Result.objects.filter(
                board__event=event
            ).count(), "problems": import_left_out_get(event=event),
        }  # fmt: skip
        return Response(self.OutputSerializer(summary).data, status=201)


class ScoringCheckApi(APIView):
    """An imported event's scores beside ours (nothing is changed)."""

    permission_classes = [IsEventDirector]

    class OutputSerializer(serializers.Serializer):
        board = serializers.IntegerField()
        round = serializers.IntegerField()
        table = serializers.IntegerField()
        ns_pair = serializers.IntegerField(allow_null=True)
        ew_pair = serializers.IntegerField(allow_null=True)
        what = serializers.ChoiceField(
            choices=["score", "points"],
            help_text="score: the NS score of the contract; points: the NS MP % or IMPs.",
        )
        file = serializers.FloatField(allow_null=True)
        ours = serializers.FloatField(allow_null=True)

        class Meta:
            ref_name = "ScoringDifference"

    @extend_schema(
        operation_id="events_scoring_check",
        responses={200: OutputSerializer(many=True), **error_responses(400, 403, 404)},
        description="Scores an imported event by our rules in memory and lists every "
        "result where the contract's score or the board's points differ from the file's "
        "(by more than 0.01). Nothing is written. 400 (code source) for an event played "
        "here.",
    )
    def get(self, request, event_id: int):
        event = event_or_404(event_id)
        self.check_object_permissions(request, event)
        differences = event_scoring_compare(event=event, actor=request.user)
        return Response(self.OutputSerializer(differences, many=True).data)
