from django.contrib.auth import login
from django.shortcuts import redirect, render

from .forms import SignupForm


def signup(request):
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            # the password backend: the login throttle's backend logs nobody in
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("tournaments:event_list")
    else:
        form = SignupForm()
    return render(request, "registration/signup.html", {"form": form})
