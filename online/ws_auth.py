"""``?token=<API token>`` on a WebSocket's URL: the same knox tokens as the REST API's
``Authorization: Token``, for a script or a robot that has no session cookie."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from knox.auth import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed


@database_sync_to_async
def _token_user(token: str):
    try:
        user, _auth = TokenAuthentication().authenticate_credentials(token.encode())
    except AuthenticationFailed:
        return None
    return user


class TokenAuthMiddleware(BaseMiddleware):
    """Sets ``scope["user"]`` from a valid ``token`` query parameter (after the session
    middleware: a token, when given, is who the connection is). An invalid token leaves
    the connection anonymous, and the consumer refuses it."""

    async def __call__(self, scope, receive, send):
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        token = (query.get("token") or [""])[0]
        if token:
            from django.contrib.auth.models import AnonymousUser

            user = await _token_user(token[:200])
            scope = dict(scope, user=user or AnonymousUser())
        return await super().__call__(scope, receive, send)
