"""What online play does when the tournaments app says so (it never imports ``online``)."""

from __future__ import annotations

from django.dispatch import receiver

from tournaments.signals import clock_ticked, round_closing

from .disconnections import presence_check
from .services import round_boards_cut
from .warnings import round_end_warn


@receiver(round_closing, dispatch_uid="online.round_cut")
def round_cut(sender, *, event, rnd, now, **kwargs) -> None:
    """The round close cuts the boards still in play before it scores the round."""
    if event.online_play:
        round_boards_cut(rnd=rnd, now=now)


@receiver(clock_ticked, dispatch_uid="online.presence_check")
def presence_check_tick(sender, *, now, **kwargs):
    """The in-process clock (``manage.py run_clock``) does what beat's
    ``online.tasks.check_presence`` does."""
    recorded = presence_check(now=now)
    return {"online_disconnections": recorded} if recorded else None


@receiver(clock_ticked, dispatch_uid="online.round_end_warning")
def round_end_warning(sender, *, now, **kwargs):
    """The demo's in-process clock: warn the tables two minutes before the round's end
    (in production the beat entry ``warn-online-tables`` does it)."""
    told = round_end_warn(now=now)
    return f"online: warned {told} tables" if told else None
