"""What the director sees of a dispute: the reason in words on the console (a phone
shows no tooltip), the disputed result above the correction form, and the event log's
sentence for the correction with the board, table, new and old result and the reason
(docs/rules.md § Entry and confirmation)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import held_lead, player
from tournaments import services
from tournaments.models import EventLog
from tournaments.views.eventlog import log_sentence

pytestmark = pytest.mark.django_db

REASON = "We made 8 tricks, not 9"


def _visible(html: str) -> str:
    """The page without its attributes' text (a title shows only on hover)."""
    return re.sub(r'\s(title|aria-label|data-[\w-]+)="[^"]*"', "", html)


@pytest.fixture
def disputed(make_event):
    """Table 1, board 1 of a running event: 3NT by N, 9 tricks, entered by NS and
    rejected by EW with a reason."""
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.order_by("number").first()
    board = event.boards.get(number=1)
    lead = held_lead(board, "N")
    result = services.result_submit(
        table_id=table.pk, board_id=board.pk, user=player(table.ns), contract="3NT",
        declarer="N", tricks=9, lead=lead,
    )  # fmt: skip
    services.result_reject(result_id=result.pk, user=player(table.ew), reason=REASON)
    return event, table, board, lead


def test_the_console_says_the_dispute_reason_in_words(client, director, disputed):
    event, table, _board, _lead = disputed
    client.force_login(director)
    for name in ("event_director", "director_console"):  # the page and its live fragment
        page = client.get(reverse(f"tournaments:{name}", args=[event.pk]))
        html = _visible(page.content.decode())
        disputes = html.split('id="disputes"')[1]
        assert REASON in disputes
        assert "3NT by N, 9 tricks" in disputes
        assert player(table.ew).name in disputes  # who disputed
        assert player(table.ns).name in disputes  # who entered
        assert "?table=1&amp;board=1#correct" in disputes


def test_the_correction_form_shows_the_disputed_result(client, director, disputed):
    event, table, _board, lead = disputed
    client.force_login(director)
    url = reverse("tournaments:event_director", args=[event.pk])

    html = _visible(client.get(url + "?table=1&board=1").content.decode())

    shown = html.split('id="correct"')[1].split('id="correction-stored"')[1].split("</form>")[0]
    assert "3NT by N, 9 tricks" in shown and f"lead {lead}" in shown and "NS +400" in shown
    assert player(table.ns).name in shown and player(table.ew).name in shown
    assert REASON in shown
    # A correction the form refuses keeps the stored result beside it.
    refused = client.post(
        reverse("tournaments:director_correct", args=[event.pk]),
        {"table": 1, "board": 1, "contract": "9NT", "declarer": "N", "tricks": 9},
    )
    assert refused.status_code == 200 and REASON in _visible(refused.content.decode())


def test_a_board_without_a_result_says_so_above_the_form(client, director, disputed):
    event, *_ = disputed
    client.force_login(director)
    url = reverse("tournaments:event_director", args=[event.pk])
    html = client.get(url + "?table=2&board=1").content.decode()
    assert "No result at table 2 on board 1 yet." in html


def test_the_log_says_what_the_correction_changed_and_why(client, director, disputed):
    event, table, board, _lead = disputed
    services.result_correct(
        table_id=table.pk, board_id=board.pk, director=director, contract="3NT",
        declarer="N", tricks=8, reason="Claim checked",
    )  # fmt: skip

    row = EventLog.objects.filter(event=event, action="result_correct").get()
    sentence = log_sentence(row)
    assert sentence.startswith("The director corrected board 1 at table 1")
    assert "now 3NT by N, 8 tricks (NS -50)" in sentence
    assert "before: 3NT by N, 9 tricks" in sentence
    assert "Reason: “Claim checked”" in sentence
    assert not EventLog.objects.filter(event=event, action="board_unlock").exists()
    client.force_login(director)
    html = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert "before: 3NT by N, 9 tricks" in html


def test_the_log_of_an_adjustment_names_the_scores(director, disputed):
    event, table, board, _lead = disputed
    services.result_correct(
        table_id=table.pk, board_id=board.pk, director=director, ns_adjustment="A+",
        ew_adjustment="A-",
    )  # fmt: skip
    sentence = log_sentence(EventLog.objects.get(event=event, action="result_correct"))
    assert "now an adjusted score (A+/A-)" in sentence and "Reason" not in sentence
