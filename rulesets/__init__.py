"""The shipped rulesets; each registers itself through the ``tanktable.rulesets`` entry points."""
