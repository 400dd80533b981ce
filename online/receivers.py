"""What online play does when the tournaments app says so (it never imports ``online``)."""

from __future__ import annotations

from django.dispatch import receiver

from tournaments.signals import round_closing

from .services import round_boards_cut


@receiver(round_closing, dispatch_uid="online.round_cut")
def round_cut(sender, *, event, rnd, now, **kwargs) -> None:
    """The round close cuts the boards still in play before it scores the round."""
    if event.online_play:
        round_boards_cut(rnd=rnd, now=now)
