"""Online play: the virtual table of an event's round, over REST and WebSockets.

The rules of a board live in the pure engine ``tableplay``; this app stores every call
and card (``PlayAction``) before it is broadcast, seats the players, and hands a finished
board to the tournaments app's results service. It depends on ``tournaments``, never the
other way round. Message shapes: docs/online-play.md.
"""
