"""HTML to PDF through headless Chromium (Debian's `chromium`), the engine a browser prints with.

The page's own print CSS decides the page size and breaks. Chromium runs with a throw-away
profile, no network services and no sandbox (it runs as root in containers and CI); the PDF is
written beside its target and renamed into place, so a failed print never leaves half a file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from mjevent.core.i18n import _

__all__ = ["PdfError", "chromium_path", "html_to_pdf"]

_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class PdfError(RuntimeError):
    """The PDF could not be made; the message says why and what to install or change."""


def chromium_path() -> str | None:
    """The Chromium to print with: `$MJEVENT_CHROMIUM` if set, else the first on the PATH."""
    override = os.environ.get("MJEVENT_CHROMIUM")
    if override:
        return override
    for name in _NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def html_to_pdf(page: str, target: Path, *, timeout: float = 180.0) -> None:
    """Print the HTML text `page` to the PDF file `target` with headless Chromium.

    `PdfError` when Chromium is missing, fails, or writes nothing.
    """
    browser = chromium_path()
    if browser is None:
        raise PdfError(
            _(
                "no Chromium found to print the PDF with: install it (Debian: apt-get install "
                "chromium), or set MJEVENT_CHROMIUM to its path, or print --format html and "
                "print that page from a browser"
            )
        )
    target = target.resolve()
    with tempfile.TemporaryDirectory(prefix="mjevent-pdf-") as tmp:
        source = Path(tmp) / "paper.html"
        source.write_text(page, encoding="utf-8")
        partial = target.with_name(f".{target.name}.partial")
        command = [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={Path(tmp) / 'profile'}",
            "--no-pdf-header-footer",
            f"--print-to-pdf={partial}",
            source.as_uri(),
        ]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            partial.unlink(missing_ok=True)
            raise PdfError(
                _("Chromium took longer than {seconds:.0f} s to print {path}").format(
                    seconds=timeout, path=target
                )
            ) from None
        except OSError as error:
            raise PdfError(
                _("cannot run Chromium at {path}: {reason}").format(path=browser, reason=error)
            ) from None
        if done.returncode != 0 or not partial.exists() or partial.stat().st_size == 0:
            partial.unlink(missing_ok=True)
            tail = "\n".join(done.stderr.strip().splitlines()[-3:])
            message = _("Chromium ({browser}) did not print {path} (exit status {status}): {tail}")
            raise PdfError(
                message.format(browser=browser, path=target, status=done.returncode, tail=tail)
            )
        os.replace(partial, target)
