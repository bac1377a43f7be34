"""``tanktable check RULESET``: a conformance run for any installed ruleset.

Each module checks one part of the contract of :mod:`core.game` through the
public protocol only, the way the CLI, the browser table, records and the
computer players use it (see docs/writing-a-ruleset.md, "Checking your
ruleset"): :mod:`~cli.check.protocol` (determinism, clones, records,
positions), :mod:`~cli.check.differential` (the secrets differential),
:mod:`~cli.check.liveness` (games between computer seats end), run and
reported by :mod:`~cli.check.runner`.
"""
