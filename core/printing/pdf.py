"""The print view as a PDF, printed by headless Chromium (see :mod:`core.printing` for why).

Chromium is found as ``$TANKTABLE_CHROMIUM`` if set, else as ``chromium``,
``chromium-browser``, ``google-chrome`` or ``google-chrome-stable`` on the
``PATH``. It prints with the document's own page sizes (CSS ``@page``), no
header or footer and no margins of its own. Without it, :func:`print_pdf`
raises a :class:`~core.errors.TanktableError` that says how to get one and
that the HTML print view needs none.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from core.errors import TanktableError

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT_S = 120.0


class NoBrowser(TanktableError):
    """No Chromium to print a PDF with."""


def find_chromium() -> str | None:
    """The Chromium to print with: ``$TANKTABLE_CHROMIUM`` (a path or a command name), else
    the first of :data:`CANDIDATES` on the ``PATH``; ``None`` when there is none."""
    wanted = os.environ.get("TANKTABLE_CHROMIUM", "").strip()
    if wanted:
        return shutil.which(wanted) or (wanted if Path(wanted).is_file() else None)
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


def no_browser_message(target: Path) -> str:
    html = target.with_suffix(".html")
    wanted = os.environ.get("TANKTABLE_CHROMIUM", "").strip()
    why = (f"TANKTABLE_CHROMIUM={wanted} is not a program" if wanted
           else "no Chromium or Chrome was found on the PATH")
    return (f"cannot write {target}: a PDF is printed by Chromium, and {why}. Install it "
            f"(Debian/Ubuntu: sudo apt-get install chromium) or point TANKTABLE_CHROMIUM at a Chrome; "
            f"or write the same print view as HTML (-o {html}) and print it from any browser "
            f"(margins: none, scale: 100%)")


def print_pdf(html: str, target: Path, *, timeout: float = TIMEOUT_S) -> None:
    """Write ``html`` (a complete print view) to ``target`` as a PDF."""
    chromium = find_chromium()
    if chromium is None:
        raise NoBrowser(no_browser_message(target))
    with tempfile.TemporaryDirectory(prefix="tanktable-print-") as tmp:
        page = Path(tmp) / "print.html"
        page.write_text(html, encoding="utf-8")
        out = Path(tmp) / "print.pdf"
        command = [chromium, "--headless=new", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                   "--disable-extensions", "--no-default-browser-check", f"--user-data-dir={Path(tmp) / 'profile'}",
                   "--no-pdf-header-footer", "--print-to-pdf-no-header", f"--print-to-pdf={out}",
                   page.resolve().as_uri()]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise TanktableError(f"cannot write {target}: Chromium ({chromium}) did not finish printing "
                                 f"in {timeout:g} s") from None
        except OSError as exc:
            raise NoBrowser(f"cannot write {target}: {chromium} would not start ({exc.strerror})") from None
        if not out.is_file() or out.stat().st_size == 0:
            said = [ln for ln in (done.stderr or "").splitlines() if ln.strip()][-3:]
            raise TanktableError(f"cannot write {target}: Chromium ({chromium}) printed no PDF (exit "
                                 f"{done.returncode})" + (": " + " / ".join(said) if said else ""))
        try:
            shutil.copyfile(out, target)
        except OSError as exc:
            raise TanktableError(f"cannot write {target}: {exc.strerror}") from None
