from django.urls import include, path

from .formats.movements import views as movements
from .formats.pool import views as pool
from .formats.teams import live_views as live
from .formats.teams import views as teams
from .views import boards, director, director_entries, events, imports, pairs, tables

app_name = "tournaments"

# events/<event>/director/entries/<entry>/...: the director's actions on one pair
director_entry_patterns = [
    path("sit-out/", director_entries.director_sit_out, name="director_sit_out"),
    path("withdraw/", director_entries.director_withdraw, name="director_withdraw"),
    path("reinstate/", director_entries.director_reinstate, name="director_reinstate"),
    path("disconnection/", director_entries.director_disconnection, name="director_disconnection"),
]

# events/<event>/director/...: the director's pages and actions
director_patterns = [
    path("", director.event_director, name="event_director"),
    path("edit/", director.event_edit, name="event_edit"),
    path("scoring-check/", imports.scoring_check, name="scoring_check"),
    path("add-pair/", director_entries.director_add_pair, name="director_add_pair"),
    path("start/", director.director_start, name="director_start"),
    path("rounds/<int:number>/close/", director.director_close_round, name="director_close_round"),
    path("clock/", director.director_clock, name="director_clock"),
    path("console.fragment", director.director_console, name="director_console"),
    path("entries/<int:entry_id>/", include(director_entry_patterns)),
    path("hcp-par-table/", imports.director_hcp_par_table, name="director_hcp_par_table"),
    path("import-deals/", imports.director_import_deals, name="director_import_deals"),
    path("rounds/<int:number>/hands/", boards.hand_records, name="hand_records"),
    path("rounds/<int:number>/hands.pbn", boards.hand_records_pbn, name="hand_records_pbn"),
    path("correct/", director.director_correct, name="director_correct"),
]

# events/<event>/...: an event's pages, its registration, live match pages, the player's table
event_patterns = [
    path("", events.event_detail, name="event_detail"),
    path("standings.fragment", events.standings_fragment, name="standings_fragment"),
    path("register/", events.event_register, name="event_register"),
    path("entries/<int:entry_id>/confirm/", events.entry_confirm, name="entry_confirm"),
    path("entries/<int:entry_id>/decline/", events.entry_decline, name="entry_decline"),
    path("entries/<int:entry_id>/withdraw/", events.entry_withdraw, name="entry_withdraw"),
    path("live/", live.event_live, name="event_live"),
    path("live.json", live.event_live_json, name="event_live_json"),
    path("matches/<int:match_id>/", live.match_detail, name="match_detail"),
    path("matches/<int:match_id>/live.json", live.match_live_json, name="match_live_json"),
    path("boards/<int:number>/", boards.board_detail, name="board_detail"),
    path("pairs/<int:entry_id>/", pairs.pair_detail, name="pair_detail"),
    path("my-table/", tables.my_table, name="my_table"),
    path("my-table/state.json", tables.my_table_state, name="my_table_state"),
    path("my-table/entry/", tables.my_table, {"typed": True}, name="my_table_entry"),
    path("my-table/results/<int:result_id>/confirm/", tables.result_confirm, name="result_confirm"),
    path("my-table/results/<int:result_id>/reject/", tables.result_reject, name="result_reject"),
    path("director/", include(director_patterns)),
]

urlpatterns = [
    path("", events.event_list, name="event_list"),
    path("my-table/", tables.my_table_current, name="my_table_current"),
    path("events/new/", director.event_create, name="event_create"),
    path("events/import/", imports.results_import, name="results_import"),
    path("events/import/<int:job_id>/", imports.results_import_job, name="results_import_job"),
    path(
        "events/import/<int:job_id>/status.json",
        imports.results_import_job_status,
        name="results_import_job_status",
    ),
    # The older addresses of the one new-event page, each presetting its format.
    path(
        "events/new/teams/",
        director.event_create,
        {"kind": "teams_swiss"},
        name="teams_event_create",
    ),
    path(
        "events/new/movement/",
        director.event_create,
        {"kind": "mitchell"},
        name="movement_event_create",
    ),
    path("events/<int:event_id>/movement/", movements.movement_cards, name="movement_cards"),
    path("events/new/pool/", director.event_create, {"kind": "pool"}, name="pool_create"),
    path("events/<int:event_id>/pool/", pool.pool_lobby, name="pool_lobby"),
    path("events/<int:event_id>/pool/join/", pool.pool_join, name="pool_join"),
    path("events/<int:event_id>/pool/table/", pool.pool_table, name="pool_table"),
    path(
        "events/<int:event_id>/pool/table/entry/",
        pool.pool_table,
        {"typed": True},
        name="pool_table_entry",
    ),
    path(
        "events/<int:event_id>/pool/table/state.json",
        pool.pool_table_state,
        name="pool_table_state",
    ),
    path("events/<int:event_id>/pool/leaderboard/", pool.pool_leaderboard, name="pool_leaderboard"),
    path("teams/", teams.team_list, name="team_list"),
    path("teams/new/", teams.team_create, name="team_create"),
    path("teams/<int:team_id>/", teams.team_detail, name="team_detail"),
    path("teams/<int:team_id>/edit/", teams.team_edit, name="team_edit"),
    path("events/<int:event_id>/enter-team/", teams.event_enter_team, name="event_enter_team"),
    path("events/<int:event_id>/lineup/", teams.event_lineup, name="event_lineup"),
    path("events/<int:event_id>/", include(event_patterns)),
]
