"""REST API under /api/ (see /api/docs/ for the OpenAPI documentation)."""

from django.urls import include, path

from ..formats.movements import api as movements
from ..formats.pool import api as pool
from ..formats.teams import api as teams
from ..formats.teams import live_api as live
from . import auth, entries, events, interchange, results

# events/<event>/...: one event, its pool, entries, play, files and the director's actions
event_patterns = [
    path("pool/", pool.PoolLobbyApi.as_view(), name="api-pool-lobby"),
    path("pool/join/", pool.PoolJoinApi.as_view(), name="api-pool-join"),
    path("pool/table/", pool.PoolMyTableApi.as_view(), name="api-pool-table"),
    path("pool/results/", pool.PoolResultsApi.as_view(), name="api-pool-results"),
    path("pool/leaderboard/", pool.PoolLeaderboardApi.as_view(), name="api-pool-leaderboard"),
    path("", events.EventDetailApi.as_view(), name="api-event"),
    path("hcp-par-table/", events.EventHcpParTableApi.as_view(), name="api-event-hcp-par-table"),
    path("movement/", movements.MovementCardsApi.as_view(), name="api-event-movement"),
    path("teams/", teams.EventTeamsApi.as_view(), name="api-event-teams"),
    path("lineups/", teams.EventLineupsApi.as_view(), name="api-event-lineups"),
    path("standings/", events.EventStandingsApi.as_view(), name="api-event-standings"),
    path("start/", events.EventStartApi.as_view(), name="api-event-start"),
    path("clock/", events.EventClockApi.as_view(), name="api-event-clock"),
    path("rounds/<int:number>/close/", events.RoundCloseApi.as_view(), name="api-round-close"),
    path("entries/", entries.EventEntriesApi.as_view(), name="api-event-entries"),
    path("entries/add/", entries.EntryAddApi.as_view(), name="api-event-entry-add"),
    path("pairs/<int:entry_id>/", entries.PairHistoryApi.as_view(), name="api-pair-history"),
    path("matches/", live.EventMatchesApi.as_view(), name="api-event-matches"),
    path("my-table/", results.MyTableApi.as_view(), name="api-my-table"),
    path("my-table/sit/", results.MyTableSitApi.as_view(), name="api-my-table-sit"),
    path("boards/<int:number>/", results.BoardDetailApi.as_view(), name="api-board"),
    path(
        "export/hands.pbn", interchange.HandsPbnExportApi.as_view(), name="api-event-export-hands"
    ),
    path(
        "export/results.pbn",
        interchange.ResultsPbnExportApi.as_view(),
        name="api-event-export-results",
    ),
    path(
        "export/usebio.xml", interchange.UsebioExportApi.as_view(), name="api-event-export-usebio"
    ),
    path(
        "rounds/<int:number>/hands.pbn",
        interchange.RoundHandsPbnApi.as_view(),
        name="api-round-hands",
    ),
    path("scoring-check/", interchange.ScoringCheckApi.as_view(), name="api-event-scoring-check"),
    path("import/deals/", interchange.DealsImportApi.as_view(), name="api-event-import-deals"),
]

# entries/<entry>/...: a pair's registration and the director's actions on it
entry_patterns = [
    path("confirm/", entries.EntryConfirmApi.as_view(), name="api-entry-confirm"),
    path("decline/", entries.EntryDeclineApi.as_view(), name="api-entry-decline"),
    path("withdraw/", entries.EntryWithdrawApi.as_view(), name="api-entry-withdraw"),
    path("sit-out/", entries.EntrySitOutApi.as_view(), name="api-entry-sit-out"),
    path("disconnection/", entries.EntryDisconnectionApi.as_view(), name="api-entry-disconnection"),
]

# results/...: entry, confirmation and the director's corrections
result_patterns = [
    path("", results.ResultSubmitApi.as_view(), name="api-results"),
    path("correct/", results.ResultCorrectApi.as_view(), name="api-result-correct"),
    path("not-played/", results.ResultNotPlayedApi.as_view(), name="api-result-not-played"),
    path("<int:result_id>/reject/", results.ResultRejectApi.as_view(), name="api-result-reject"),
    path("<int:result_id>/confirm/", results.ResultConfirmApi.as_view(), name="api-result-confirm"),
]

urlpatterns = [
    path("auth/token/", auth.TokenObtainApi.as_view(), name="api-token"),
    path("auth/logout/", auth.TokenLogoutApi.as_view(), name="api-logout"),
    path("auth/logout-all/", auth.TokenLogoutAllApi.as_view(), name="api-logout-all"),
    path("events/", events.EventListCreateApi.as_view(), name="api-events"),
    path("events/teams/", teams.TeamsEventCreateApi.as_view(), name="api-teams-event-create"),
    path("events/pool/", pool.PoolCreateApi.as_view(), name="api-pool-create"),
    path(
        "events/import/results/",
        interchange.ResultsImportApi.as_view(),
        name="api-events-import-results",
    ),
    path("events/<int:event_id>/", include(event_patterns)),
    path("teams/", teams.TeamListCreateApi.as_view(), name="api-teams"),
    path("teams/<int:team_id>/", teams.TeamDetailApi.as_view(), name="api-team"),
    path("matches/<int:match_id>/live/", live.MatchLiveApi.as_view(), name="api-match-live"),
    path("entries/<int:entry_id>/", include(entry_patterns)),
    path("results/", include(result_patterns)),
]
