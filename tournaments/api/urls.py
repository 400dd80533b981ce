"""REST API under /api/ (see /api/docs/ for the OpenAPI documentation)."""

from django.urls import path

from ..formats.movements import api as movements
from ..formats.pool import api as pool
from ..formats.teams import api as teams
from ..formats.teams import live_api as live
from . import auth, entries, events, interchange, results

urlpatterns = [
    path("auth/token/", auth.TokenObtainApi.as_view(), name="api-token"),
    path("auth/logout/", auth.TokenLogoutApi.as_view(), name="api-logout"),
    path("auth/logout-all/", auth.TokenLogoutAllApi.as_view(), name="api-logout-all"),
    path("events/", events.EventListCreateApi.as_view(), name="api-events"),
    path("events/teams/", teams.TeamsEventCreateApi.as_view(), name="api-teams-event-create"),
    path("events/pool/", pool.PoolCreateApi.as_view(), name="api-pool-create"),
    path("events/<int:event_id>/pool/", pool.PoolLobbyApi.as_view(), name="api-pool-lobby"),
    path("events/<int:event_id>/pool/join/", pool.PoolJoinApi.as_view(), name="api-pool-join"),
    path("events/<int:event_id>/pool/table/", pool.PoolMyTableApi.as_view(), name="api-pool-table"),
    path(
        "events/<int:event_id>/pool/results/",
        pool.PoolResultsApi.as_view(),
        name="api-pool-results",
    ),
    path(
        "events/<int:event_id>/pool/leaderboard/",
        pool.PoolLeaderboardApi.as_view(),
        name="api-pool-leaderboard",
    ),
    path("events/<int:event_id>/", events.EventDetailApi.as_view(), name="api-event"),
    path(
        "events/<int:event_id>/hcp-par-table/",
        events.EventHcpParTableApi.as_view(),
        name="api-event-hcp-par-table",
    ),
    path(
        "events/<int:event_id>/movement/",
        movements.MovementCardsApi.as_view(),
        name="api-event-movement",
    ),
    path("events/<int:event_id>/teams/", teams.EventTeamsApi.as_view(), name="api-event-teams"),
    path(
        "events/<int:event_id>/lineups/", teams.EventLineupsApi.as_view(), name="api-event-lineups"
    ),
    path("teams/", teams.TeamListCreateApi.as_view(), name="api-teams"),
    path("teams/<int:team_id>/", teams.TeamDetailApi.as_view(), name="api-team"),
    path(
        "events/<int:event_id>/standings/",
        events.EventStandingsApi.as_view(),
        name="api-event-standings",
    ),
    path("events/<int:event_id>/start/", events.EventStartApi.as_view(), name="api-event-start"),
    path("events/<int:event_id>/clock/", events.EventClockApi.as_view(), name="api-event-clock"),
    path(
        "events/<int:event_id>/rounds/<int:number>/close/",
        events.RoundCloseApi.as_view(),
        name="api-round-close",
    ),
    path(
        "events/<int:event_id>/entries/",
        entries.EventEntriesApi.as_view(),
        name="api-event-entries",
    ),
    path(
        "events/<int:event_id>/entries/add/",
        entries.EntryAddApi.as_view(),
        name="api-event-entry-add",
    ),
    path(
        "events/<int:event_id>/pairs/<int:entry_id>/",
        entries.PairHistoryApi.as_view(),
        name="api-pair-history",
    ),
    path(
        "events/<int:event_id>/matches/",
        live.EventMatchesApi.as_view(),
        name="api-event-matches",
    ),
    path("matches/<int:match_id>/live/", live.MatchLiveApi.as_view(), name="api-match-live"),
    path("events/<int:event_id>/my-table/", results.MyTableApi.as_view(), name="api-my-table"),
    path(
        "events/<int:event_id>/my-table/sit/",
        results.MyTableSitApi.as_view(),
        name="api-my-table-sit",
    ),
    path(
        "events/<int:event_id>/boards/<int:number>/",
        results.BoardDetailApi.as_view(),
        name="api-board",
    ),
    path(
        "entries/<int:entry_id>/confirm/",
        entries.EntryConfirmApi.as_view(),
        name="api-entry-confirm",
    ),
    path(
        "entries/<int:entry_id>/decline/",
        entries.EntryDeclineApi.as_view(),
        name="api-entry-decline",
    ),
    path(
        "entries/<int:entry_id>/withdraw/",
        entries.EntryWithdrawApi.as_view(),
        name="api-entry-withdraw",
    ),
    path(
        "entries/<int:entry_id>/sit-out/",
        entries.EntrySitOutApi.as_view(),
        name="api-entry-sit-out",
    ),
    path(
        "entries/<int:entry_id>/disconnection/",
        entries.EntryDisconnectionApi.as_view(),
        name="api-entry-disconnection",
    ),
    path("results/", results.ResultSubmitApi.as_view(), name="api-results"),
    path("results/correct/", results.ResultCorrectApi.as_view(), name="api-result-correct"),
    path("results/not-played/", results.ResultNotPlayedApi.as_view(), name="api-result-not-played"),
    path(
        "results/<int:result_id>/reject/",
        results.ResultRejectApi.as_view(),
        name="api-result-reject",
    ),
    path(
        "results/<int:result_id>/confirm/",
        results.ResultConfirmApi.as_view(),
        name="api-result-confirm",
    ),
    path(
        "events/<int:event_id>/export/hands.pbn",
        interchange.HandsPbnExportApi.as_view(),
        name="api-event-export-hands",
    ),
    path(
        "events/<int:event_id>/export/results.pbn",
        interchange.ResultsPbnExportApi.as_view(),
        name="api-event-export-results",
    ),
    path(
        "events/<int:event_id>/export/usebio.xml",
        interchange.UsebioExportApi.as_view(),
        name="api-event-export-usebio",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/hands.pbn",
        interchange.RoundHandsPbnApi.as_view(),
        name="api-round-hands",
    ),
    path(
        "events/import/results/",
        interchange.ResultsImportApi.as_view(),
        name="api-events-import-results",
    ),
    path(
        "events/<int:event_id>/scoring-check/",
        interchange.ScoringCheckApi.as_view(),
        name="api-event-scoring-check",
    ),
    path(
        "events/<int:event_id>/import/deals/",
        interchange.DealsImportApi.as_view(),
        name="api-event-import-deals",
    ),
]
