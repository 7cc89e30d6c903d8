"""What a host runs and watches (docs/deploy.md).

* ``health.py``: whether the server can take work (``/readyz``), and draining it for a
  restart;
* ``metrics.py``: Prometheus metrics, and the hub that counts moves and refusals;
* ``logs.py``: one log line per event, as text or JSON, never with a token;
* ``running.py``: uvicorn with a graceful restart;
* ``security.py``: security headers, where a request's token is read from, and
  tokens blanked in logs.
"""
