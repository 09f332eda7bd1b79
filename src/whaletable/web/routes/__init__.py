"""The routes of the web table, one router per concern; ``create_app`` includes them all.

- ``lobby``: the lobby page.
- ``tables``: new tables (form and JSON) and their page of links, claiming an open seat,
  playing again.
- ``table``: a table's page and its WebSocket.
- ``mine``: "My games", the tables a browser opened with a seat's link.
- ``alerts``: where a seat is told of its turn while its page is closed.
- ``records``: record download and upload, the replay page.
- ``health``: ``/healthz``.

``services`` holds what they share (``Services``, reached through ``Depends``), ``errors``
how refused requests are answered.
"""
