from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.i18n import set_language

from .forms import SignupForm
from .selectors import players_search
from .services import language_choose


def language_set(request):
    """Django's ``set_language`` (the language switcher); a signed-in player's choice is
    also kept as the language of their emails (``User.language``)."""
    response = set_language(request)
    if request.method == "POST" and request.user.is_authenticated:
        language_choose(user=request.user, language=request.POST.get("language", ""))
    return response


def signup(request):
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            # the password backend: the login throttle's backend logs nobody in
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                _(
                    "Welcome to Bridgehall, %(name)s! Register for an event with a partner, "
                    "or accept a partner's invitation on your profile."
                )
                % {"name": user.name},
            )
            return redirect("tournaments:event_list")
    else:
        form = SignupForm()
    return render(request, "registration/signup.html", {"form": form})


@login_required
@require_GET
def player_search(request):
    """``GET /accounts/players/search/?q=ali``: ``{"results": [{"username", "name"}]}``,
    the players a partner box suggests (at least 2 characters; 10 at most)."""
    players = players_search(query=request.GET.get("q", "")[:80], exclude=request.user)
    response = JsonResponse(
        {"results": [{"username": p.username, "name": p.name} for p in players]}
    )
    response["Cache-Control"] = "private, no-store"
    return response
