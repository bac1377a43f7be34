"""How a game's header names its scenario: a user's scenario by its own ``name:``.

A shipped scenario is named by its name (``village-crossroads``); a user's file was
named by its stem (``s2``), which is not what its author called it (hidden authoring
tester): it now reads ``My scenario (s2.yaml)``, from the copy of the file the record
keeps, so a resumed game reads the same.
"""

from __future__ import annotations

from typing import Any


def scenario_label(header: Any, shown: str) -> str:
    """``NAME (FILE)`` when ``header`` (a record's header) embeds a scenario file with a
    ``name:`` other than ``shown``; else ``shown``."""
    text = getattr(header, "scenario_data", None)
    if not isinstance(text, str) or not text:
        return shown
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return shown
    title = data.get("name") if isinstance(data, dict) else None
    if not isinstance(title, str) or not title.strip() or title.strip() == shown:
        return shown
    return f"{title.strip()} ({getattr(header, 'scenario', None) or shown})"
