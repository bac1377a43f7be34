"""``tanktable serve``: a live table in the browser, one seat per browser.

The package is imported only when the command runs (the ``serve`` command in
:mod:`cli.serve.command` imports nothing heavy at module level), so the CLI
starts as fast without it. Its parts, one job each:

* :mod:`cli.serve.tables` -- one game at the table: seats, secret links,
  decisions taken for a seat, the record saved after each of them;
* :mod:`cli.serve.store` -- the games directory: new games, the unfinished
  ones found again after a restart;
* :mod:`cli.serve.worker` -- the computer seats, thinking off the request path;
* :mod:`cli.serve.seatview` -- what one seat is sent, built only from what it may see;
* :mod:`cli.serve.aids` -- the ruleset's board aids (where a legal action
  starts and ends on its SVG, so that a click can choose it, and what to draw
  for it) as the page's JSON;
* :mod:`cli.serve.guard` -- who is asking: the ``Host``, ``Origin`` and body
  checks every request passes first, and the security headers;
* :mod:`cli.serve.app` -- the HTTP routes (Starlette) and the push stream.
"""
