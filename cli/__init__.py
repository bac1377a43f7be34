"""The ``tanktable`` command line (typer); thin over core and rulesets.

The command needs all four of tanktable's top-level packages, so importing it
first checks that none of them is shadowed by a same-named module or package
of the user's (see :mod:`core.layout`), and stops with that one sentence
(exit status 1) instead of a traceback from deep inside.
"""

from importlib.util import find_spec

try:
    from core.layout import PACKAGES, ShadowedPackage, check
except ImportError as error:  # another ``core`` came first on sys.path
    spec = find_spec("core")
    found = spec.origin if spec is not None and spec.origin else "another module"
    raise SystemExit(
        f"tanktable's package 'core' is shadowed by {found}, found first on sys.path; "
        "rename that 'core' or run from another folder"
    ) from error

try:
    check(*PACKAGES)
except ShadowedPackage as error:
    raise SystemExit(str(error)) from error
