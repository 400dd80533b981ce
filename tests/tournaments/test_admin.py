"""Directors in the admin: events are created through the service and run on the clock."""

from datetime import timedelta

from django.utils import timezone

from tournaments.models import Event, EventLog


def test_director_creates_an_event_in_the_admin(client, director):
    director.is_superuser = True
    director.save()
    client.force_login(director)
    start = timezone.now() + timedelta(days=1)
    resp = client.post(
        "/admin/tournaments/event/add/",
        {
            "name": "Admin Swiss",
            "kind": "swiss_pairs",
            "director": director.pk,
            "start_at_0": start.strftime("%Y-%m-%d"),
            "start_at_1": start.strftime("%H:%M:%S"),
            "num_rounds": 5,
            "boards_per_round": 3,
            "round_minutes": 20,
            "gap_minutes": 2,
            "method": "mp",
            "finish_threshold": "0.70",
            "bye_score": "A=",
        },
    )
    assert resp.status_code == 302, resp.content[:2000]
    event = Event.objects.get(name="Admin Swiss")
    assert event.method == "mp" and event.num_rounds == 5
    assert event.next_transition_at == event.start_at  # the scheduler will start it
    assert EventLog.objects.filter(event=event, action="event_create").exists()


def test_the_schedule_is_fixed_once_play_has_begun(client, director, make_event):
    director.is_superuser = True
    director.save()
    client.force_login(director)
    event = make_event(pairs=4, start=True)
    page = client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert 'name="num_rounds"' not in page and 'name="name"' in page


def test_the_admin_refuses_bad_settings_on_the_form_and_creates_nothing(client, director):
    director.is_superuser = True
    director.save()
    client.force_login(director)
    start = timezone.now() + timedelta(days=365 * 3)  # more than two years ahead
    resp = client.post(
        "/admin/tournaments/event/add/",
        {
            "name": "Far Swiss",
            "kind": "swiss_pairs",
            "director": director.pk,
            "start_at_0": start.strftime("%Y-%m-%d"),
            "start_at_1": start.strftime("%H:%M:%S"),
            "num_rounds": 99,
            "boards_per_round": 3,
            "round_minutes": 20,
            "gap_minutes": 2,
            "method": "mp",
            "finish_threshold": "0.70",
            "bye_score": "A=",
        },
    )
    assert resp.status_code == 200
    page = resp.content.decode()
    assert "The number of rounds must be between 1 and 50." in page
    assert "The start time must be from now to two years ahead." in page
    assert not Event.objects.filter(name="Far Swiss").exists()


def test_director_creates_and_edits_a_team_event_in_the_admin(client, director):
    director.is_superuser = True
    director.save()
    client.force_login(director)
    start = timezone.now() + timedelta(days=1)
    resp = client.post(
        "/admin/tournaments/event/add/",
        {
            "name": "Admin teams",
            "kind": "teams_swiss",
            "director": director.pk,
            "start_at_0": start.strftime("%Y-%m-%d"),
            "start_at_1": start.strftime("%H:%M:%S"),
            "num_rounds": 4,
            "boards_per_round": 8,
            "round_minutes": 60,
            "gap_minutes": 5,
            "method": "imp",
            "finish_threshold": "0.70",
            "bye_score": "A=",
        },
    )
    assert resp.status_code == 302, resp.content[:2000]
    event = Event.objects.get(name="Admin teams")
    assert event.kind == "teams_swiss" and event.settings.boards_per_round == 8
    page = client.get(f"/admin/tournaments/event/{event.pk}/change/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'name="teams_settings-0-vp_scale"' in html and 'name="finish_threshold"' not in html
    assert client.get("/admin/tournaments/event/").status_code == 200
    assert client.get("/admin/tournaments/team/").status_code == 200
    assert client.get("/admin/tournaments/match/").status_code == 200


def test_the_admin_actions_run_the_services_row_by_row(client, director, make_event):
    """Each action calls its service for every selected row: a refusal is named with
    its row, the rest are done and counted."""
    director.is_superuser = True
    director.save()
    client.force_login(director)
    waiting, too_small = make_event(pairs=4, name="Four pairs"), make_event(pairs=1)
    resp = client.post(
        "/admin/tournaments/event/",
        {"action": "start_now", "_selected_action": [waiting.pk, too_small.pk]},
        follow=True,
    )
    text = resp.content.decode()
    assert "1 event(s) started." in text and "At least two confirmed pairs" in text
    waiting.refresh_from_db()
    assert waiting.current_round == 1
    resp = client.post(
        "/admin/tournaments/event/",
        {"action": "close_current_round", "_selected_action": [waiting.pk]},
        follow=True,
    )
    assert "1 round(s) closed." in resp.content.decode()
    first, second = waiting.entries.order_by("registration_order")[:2]
    for action, done in [("sit_out", "sit out"), ("sit_in", "back in")]:
        resp = client.post(
            "/admin/tournaments/entry/",
            {"action": action, "_selected_action": [first.pk]},
            follow=True,
        )
        assert f"1 pair(s) {done}." in resp.content.decode()
    resp = client.post(
        "/admin/tournaments/entry/",
        {"action": "withdraw", "_selected_action": [second.pk]},
        follow=True,
    )
    assert "1 pair(s) withdrawn." in resp.content.decode()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.sitting_out, second.status) == (False, "withdrawn")
