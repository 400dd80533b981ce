"""Counts read "1 board", "2 boards": every translated string that puts a number before
a noun has a singular and a plural form (``ngettext`` / ``{% blocktrans count %}``)."""

from __future__ import annotations

import re
from pathlib import Path

from django.urls import reverse
from django.utils import translation

from tournaments.formatting import more_minutes_text
from tournaments.interchange.problems import problems_summary
from tournaments.interchange.rows import problems_text
from tournaments.models import Result
from tournaments.services.results import result_summary

PO = Path(__file__).resolve().parents[1] / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
NOUNS = (
    "boards|rounds|pairs|tables|results|players|teams|minutes|matches|points|entries|days|"
    "hours|weeks|challenges|seconds|places|tricks|cards|problems|sets|deals|leads|members|"
    "sittings|times|invitations"
)
# A number, maybe one word ("confirmed", "master"), then a plural noun.
COUNTED = re.compile(rf"(%\(\w+\)[sd]|%[sd]) (\w+ )?({NOUNS})\b")
NEVER_ONE = {
    "%(card)s appears %(times)d times",  # a repeated card: twice or more
    "A team has %(low)d to %(high)d players.",  # a range
    "%(low)s–%(high)s points",  # ranges: never one
    "%(low)s–%(high)s points between the two hands",
    "%(low)s–%(high)s cards in %(suit)s",
    "%(ladder)s: %(challenger)s challenges %(defender)s",  # verbs, not counts
    "%(card)s is not in the opening leader's hand (%(seat)s leads against %(d)s).",
}


def singular_msgids() -> list[str]:
    found = []
    for block in PO.read_text().split("\n\n")[1:]:
        if "msgid_plural" in block or block.lstrip().startswith("#~"):
            continue
        match = re.search(r'^msgid ((?:".*"\n?)+)', block + "\n", re.M)
        if match:
            found.append("".join(re.findall(r'"(.*)"', match.group(1))))
    return found


def test_no_count_of_a_plural_noun_is_a_singular_string():
    counted = [m for m in singular_msgids() if COUNTED.search(m) and m not in NEVER_ONE]
    assert not counted, counted


def test_one_of_a_thing_is_singular():
    left_out = [(None, f"problem {i}.") for i in range(6)]
    assert problems_summary(left_out).endswith("and 1 more problem.")
    assert problems_text(left_out).endswith("and 1 more problem.")
    assert problems_text([*left_out, (None, "one more.")]).endswith("and 2 more problems.")
    down = Result(contract="7NT", declarer="N", tricks=1, ns_score=-650)
    assert result_summary(down) == "7NT by N, 1 trick (NS -650)"
    with translation.override("zh-hans"):
        assert result_summary(down) == "N 主打 7NT，1 墩 (NS -650)"


def test_the_extend_message_has_plural_forms():
    assert more_minutes_text(1) == "The round has 1 more minute."
    assert more_minutes_text(5) == "The round has 5 more minutes."
    with translation.override("zh-hans"):
        assert "1" in more_minutes_text(1)


def test_one_board_and_one_round_are_singular(client, make_event):
    event = make_event(pairs=0, num_rounds=1, boards_per_round=1)
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert "1 round × 1 board" in page and "1 rounds" not in page and "1 boards" not in page
