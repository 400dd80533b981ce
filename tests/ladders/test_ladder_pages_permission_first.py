"""The ladder pages' write actions refuse someone without the right before they read the
form: a player sending garbage to a director's action or to another team's answer is
told they may not, not what was wrong with the form, and nothing changes."""

from __future__ import annotations

import pytest
from django.test import Client

from ladders import selectors, services
from ladders.models import Challenge, LadderLog

pytestmark = pytest.mark.django_db

GARBAGE = {
    "k": "ninety",
    "accept_days": "x",
    "boards": "99",
    "time_zone": "Nowhere/Else",
    "team": "garbage",
    "position": "-5",
    "winner": "nobody",
    "start_at": "not a time",
}


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


@pytest.mark.parametrize(
    ("url", "refusal"),
    [
        ("/ladders/{ladder}/director/settings/", "director"),
        ("/ladders/{ladder}/director/add/", "director"),
        ("/ladders/{ladder}/director/remove/", "director"),
        ("/ladders/{ladder}/director/position/", "director"),
        ("/ladders/challenges/{challenge}/cancel/", "director"),
        ("/ladders/challenges/{challenge}/decide/", "director"),
        ("/ladders/challenges/{challenge}/accept/", "captain"),
    ],
)
def test_a_player_without_the_right_is_refused_before_the_form_is_read(make_ladder, url, refusal):
    ladder, t = make_ladder(4)
    c = services.challenge_issue(ladder=ladder, challenger=t[3], defender=t[2], by=t[3].captain)
    before = (selectors.ladder_order(ladder=ladder), LadderLog.objects.count())
    outsider = Client()
    outsider.force_login(t[0].captain)  # a captain, but not of the defending team
    response = outsider.post(url.format(ladder=ladder.pk, challenge=c.pk), GARBAGE, follow=True)
    assert response.status_code == 200
    shown = " ".join(messages_of(response))
    assert ("director" if refusal == "director" else "defending team") in shown, shown
    assert "whole numbers" not in shown and "start time" not in shown
    assert (selectors.ladder_order(ladder=ladder), LadderLog.objects.count()) == before
    assert Challenge.objects.get(pk=c.pk).status == "open"
