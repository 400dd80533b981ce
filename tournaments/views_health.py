"""``/health/``: the database answers and the scheduler ran recently."""

from django.conf import settings
from django.http import JsonResponse
from django.utils import timezone

from .models import SchedulerTick


def health(request):
    now = timezone.now()
    ticks = {
        t.name: {
            "last_run_at": t.last_run_at.isoformat(),
            "seconds_ago": round((now - t.last_run_at).total_seconds(), 1),
            "runs": t.runs,
            "transitions": t.transitions,
        }
        for t in SchedulerTick.objects.all()
    }
    limit = max(60.0, settings.SCHEDULER_TICK_SECONDS * 6)
    fresh = any(t["seconds_ago"] <= limit for t in ticks.values())
    return JsonResponse(
        {"database": "ok", "scheduler": "ok" if fresh else "stale", "ticks": ticks},
        status=200,
    )
