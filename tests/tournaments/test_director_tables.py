"""The director page's list of pairs says where each pair sits in the round in play: its
table number (or its bye), as the console lists each table's pairs."""

from __future__ import annotations

import re

from django.urls import reverse

from tournaments.models import Entry


def entry_rows(html: str) -> tuple[str, dict[str, str]]:
    """The entries table's head, and each row's table cell by registration number."""
    body = html.split('<table class="data entries">')[1].split("</table>")[0]
    head = re.search(r"<thead>(.*?)</thead>", body, re.S).group(1)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("</thead>")[1], re.S)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in rows]
    return head, {c[0].strip(): re.sub(r"<[^>]+>|\s+", " ", c[2]).strip() for c in cells}


def test_the_entries_list_shows_each_pairs_table_in_the_round_in_play(client, make_event, director):
    event = make_event(pairs=5, start=True)
    client.force_login(director)
    html = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    head, rows = entry_rows(html)
    assert "Table" in head
    rnd = event.rounds.get(number=1)
    for entry in Entry.objects.filter(event=event):
        table = rnd.tables.get(**{"ew" if rnd.tables.filter(ew=entry).exists() else "ns": entry})
        expected = "Bye" if table.is_bye else str(table.number)
        assert rows[str(entry.registration_order)] == expected, (entry, rows)
    assert rows["5"] == "Bye"  # the last registered pair has round 1's bye


def test_before_the_start_no_pair_has_a_table(client, make_event, director):
    event = make_event(pairs=4)
    client.force_login(director)
    html = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    _, rows = entry_rows(html)
    assert set(rows.values()) == {"—"}
