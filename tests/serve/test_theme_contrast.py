"""The design system's colours read (issue 58.10): every text colour of
cli/serve/static/theme.css against each background it is set on, in the light and
the dark theme, has WCAG AA contrast (4.5:1 for text, 3:1 for the focus ring and
other marks that are not text). Read from the stylesheet itself, so a colour
changed there is checked here."""

from __future__ import annotations

import re
from importlib import resources

import pytest

THEME = resources.files("cli.serve").joinpath("static", "theme.css").read_text(encoding="utf-8")
TOKEN = re.compile(r"--tt-([a-z0-9-]+):\s*light-dark\(\s*(#[0-9a-fA-F]{6})\s*,\s*(#[0-9a-fA-F]{6})\s*\)")
COLOURS = {name: (light, dark) for name, light, dark in TOKEN.findall(THEME)}

TEXT = 4.5
MARK = 3.0
PAIRS = [  # (foreground, background, the least contrast)
    *[("text", bg, TEXT) for bg in ("bg", "surface", "surface-2", "surface-3", "highlight", "accent-soft", "danger-soft")],
    *[("muted", bg, TEXT) for bg in ("bg", "surface", "surface-2")],
    *[("link", bg, TEXT) for bg in ("bg", "surface", "surface-2")],
    *[("danger", bg, TEXT) for bg in ("bg", "surface", "surface-2", "danger-soft")],
    *[("accent", bg, TEXT) for bg in ("surface", "surface-2")],  # the "your turn" heading
    ("ok", "surface-2", TEXT), ("roll", "surface", TEXT), ("warn", "surface", TEXT),
    ("on-accent", "accent", TEXT), ("on-accent", "accent-hover", TEXT),
    ("on-bar", "bar", TEXT), ("on-bar-muted", "bar", TEXT), ("bar-warn", "bar", TEXT),
    ("on-bar", "banner", TEXT), ("bar-warn", "banner", TEXT), ("on-bar-danger", "banner", TEXT),  # the rematch button: banner on on-bar
    ("on-warn-bg", "warn-bg", TEXT),
    ("focus", "bg", MARK), ("focus", "surface", MARK), ("border-strong", "surface", MARK),
]


def luminance(colour: str) -> float:
    """WCAG relative luminance of #rrggbb."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_58_10_the_stylesheet_names_every_colour_checked() -> None:
    assert {name for pair in PAIRS for name in pair[:2]} <= set(COLOURS)


@pytest.mark.parametrize("theme", [0, 1], ids=["light", "dark"])
def test_58_10_text_and_marks_have_aa_contrast_in_both_themes(theme: int) -> None:
    weak = [f"{fg} on {bg}: {contrast(COLOURS[fg][theme], COLOURS[bg][theme]):.2f} < {least}"
            for fg, bg, least in PAIRS if contrast(COLOURS[fg][theme], COLOURS[bg][theme]) < least]
    assert weak == []


def test_58_10_contrast_is_measured_as_wcag_says() -> None:
    """The measure itself: black on white is 21:1, a colour on itself 1:1."""
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast("#3f5f2a", "#3f5f2a") == 1.0
