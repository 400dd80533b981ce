"""A player's master points and rank tier, kept with the ledger (``docs/rules.md``
§ Master points): after every ledger write the players' totals are summed again from
their ledger rows; a tier that moved (up with an award, down with a deduction) is a
``TierChange``, announced on the profile and by email once the transaction commits."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.dispatch import dispatch_on_commit
from tournaments.services.mail import _message, site_url

from ..calc import TIERS, next_tier, rank_tier
from ..lock_objects import player_rate_for_update
from ..models import MasterPointEntry, PlayerRate, TierChange
from .rate import player_rates_ensure

logger = logging.getLogger(__name__)


def standing_recount(*, player_ids) -> list[TierChange]:
    """Sum each player's ledger into their master points and tier (players locked in
    id order, after whatever the caller holds); the tier changes, each to be emailed."""
    ids = sorted(set(player_ids))
    if not ids:
        return []
    with transaction.atomic():
        player_rates_ensure(player_ids=ids)
        totals = dict(
            MasterPointEntry.objects.filter(player_id__in=ids)
            .values("player_id")
            .annotate(s=Sum("amount"))
            .values_list("player_id", "s")
        )
        changes = []
        for pid in ids:
            row = player_rate_for_update(player_id=pid)
            total = totals.get(pid) or 0
            tier = rank_tier(total).level
            if (row.master_points, row.tier) == (total, tier):
                continue
            if tier != row.tier:
                changes.append(
                    TierChange.objects.create(
                        player_id=pid, from_tier=row.tier, to_tier=tier, master_points=total
                    )
                )
            PlayerRate.objects.filter(pk=row.pk).update(master_points=total, tier=tier)
        for change in changes:
            dispatch_on_commit("ratings.tasks.send_tier_change_email", change.pk)
        return changes


def tier_change_email_send(*, change_id: int) -> bool:
    """Email the player of a tier change, once (``emailed_at``); False when it was sent
    already or the player has no address."""
    with transaction.atomic(durable=True):
        change = (
            TierChange.objects.select_related("player")
            .filter(pk=change_id, emailed_at__isnull=True)
            .first()
        )
        if change is None or not change.player.email:
            return False
        updated = TierChange.objects.filter(pk=change.pk, emailed_at__isnull=True).update(
            emailed_at=timezone.now()
        )
        if not updated:  # another worker sent it
            return False
        tier = TIERS[change.to_tier]
        with translation.override(change.player.email_language):
            upcoming = next_tier(change.master_points)
            context = {
                "player": change.player,
                "change": change,
                "tier": tier,
                "previous": TIERS[change.from_tier],
                "next_tier": upcoming,
                "to_next": upcoming.threshold - change.master_points if upcoming else None,
                "url": site_url(reverse("ratings:player_detail", args=[change.player.username])),
            }
            subject = (
                _("You are now %(tier)s") if change.is_up else _("Your rank tier is now %(tier)s")
            ) % {"tier": tier.name}
            _message(
                subject=subject, template="tier_change", context=context, to=change.player.email
            ).send()
    return True
