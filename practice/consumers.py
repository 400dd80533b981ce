"""The practice table's WebSocket (``ws/practice/<session>/``): the online table's
socket and protocol (``online.sockets``, docs/online-play.md § WebSocket) serving a
practice session (``docs/rules.md`` § Robots, *Practice*).

Only the session's own player connects (another user is refused ``not_seated``, as at
another's table). An ``act`` goes through :func:`practice.services.practice_act`, the
REST API's path; the player's view of each stored action, theirs or a robot's, reaches
the socket from ``practice.play.practice_broadcast``, whole or as a change. The page
polls the API only while the socket is down, as the online table's page does.
"""

from __future__ import annotations

from channels.db import database_sync_to_async

from online.sockets import TableSocket
from tournaments.errors import BridgeError

from . import services
from .state import group_name


class PracticeConsumer(TableSocket):
    async def connect(self) -> None:
        self.session_id = self.scope["url_route"]["kwargs"]["session_id"]
        if not await self.opened():
            return
        group = group_name(self.session_id)
        # in the group before the board is read: nothing stored after the read is missed
        await self.channel_layer.group_add(group, self.channel_name)
        self.group = group
        try:
            view = await database_sync_to_async(self.state_get)()
        except BridgeError as error:
            await self._refuse(error.code, error.message)
            return
        await self._view_send(view, whole=True)

    def act(self, version: int, content: dict) -> None:
        services.practice_act(
            user=self.scope["user"],
            session_id=self.session_id,
            version=version,
            kind=str(content.get("kind", "")),
            value=content.get("value"),
            alert=content.get("alert") or "",
        )

    def state_get(self) -> dict:
        return services.practice_state_get(user=self.scope["user"], session_id=self.session_id)

    async def practice_view(self, message: dict) -> None:
        """A stored change: the player's view of it."""
        if not self.shown_out:
            await self._view_send(message["view"])
