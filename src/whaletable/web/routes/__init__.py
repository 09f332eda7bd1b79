"""The routes of the web table, one router per concern; ``create_app`` includes them all.

- ``lobby``: the lobby page.
- ``tables``: new tables (form and JSON), claiming an open seat, playing again.
- ``table``: a table's page and its WebSocket.
- ``records``: record download and upload, the replay page.
- ``health``: ``/healthz``.

``services`` holds what they share (``Services``, reached through ``Depends``), ``errors``
how refused requests are answered.
"""
