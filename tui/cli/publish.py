"""`mjevent publish FILE DIR [--zip | --zip-to PATH] [--languages en,ja] [--dry-run]`: the
results site, written into DIR.

The pages come from `mjevent.tui.views.site` (pure: `{relative path: bytes}`);
this module writes them.
Only pages whose bytes changed are written, each to a temporary file beside it and renamed into
place, so a reader (a web server, `python -m http.server`) never sees half a page, and running
it again with nothing new writes nothing. DIR keeps a manifest, `.mjevent-site.json`, of the
files the site wrote: a page the site no longer has is removed only when the manifest lists it,
and any other file in DIR is left alone. A DIR that is not empty and has no manifest is refused
(it is not a site this command wrote), and so is a page that would overwrite a file the
manifest does not list.

Exit status: 0 written (or nothing to write), 1 the site cannot be made or written, 2 the event
file cannot be opened.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.i18n import N_, _, ngettext
from mjevent.core.standings import StandingsConfigError, StandingsError
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.event_file import echo, open_or_exit, warn_skipped
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import EventFile
from mjevent.tui.views import language
from mjevent.tui.views.site import LANGUAGES, build_site

__all__ = ["MANIFEST", "SiteError", "publish", "site_plan", "write_site", "zip_bytes"]

MANIFEST = ".mjevent-site.json"
"""The file in DIR that lists what the site wrote (and so what it may replace or remove)."""

_MANIFEST_KIND = "mjevent publish"


class SiteError(RuntimeError):
    """DIR cannot take the site; the message names the folder, the files and the fix."""


@dataclass(frozen=True)
class SitePlan:
    """What writing a site into a folder does: the pages to write (new or changed), the pages
    to remove (the manifest lists them, the site no longer has them), the pages already right,
    and the files in the folder the site did not write (left alone)."""

    write: tuple[str, ...]
    remove: tuple[str, ...]
    unchanged: tuple[str, ...]
    foreign: tuple[str, ...]


def _files_under(folder: Path) -> list[str]:
    return sorted(
        p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() or p.is_symlink()
    )


def _read_manifest(folder: Path) -> set[str] | None:
    path = folder / MANIFEST
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise SiteError(
            _(
                "{path}: cannot read the site's manifest ({reason}); remove the folder's "
                "contents or give another folder"
            ).format(path=path, reason=error)
        ) from None
    files = data.get("files") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("written by") != _MANIFEST_KIND
        or not isinstance(files, list)
        or not all(isinstance(f, str) for f in files)
    ):
        raise SiteError(
            _("{path} is not a manifest mjevent publish wrote; give another folder").format(
                path=path
            )
        )
    # A manifest edited to reach outside the folder is not followed.
    return {f for f in files if not f.startswith("/") and ".." not in f.split("/")}


def _manifest_bytes(files: Sequence[str]) -> bytes:
    data = {"written by": _MANIFEST_KIND, "files": sorted(files)}
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode()


def _shown(paths: Sequence[str], most: int = 5) -> str:
    more = len(paths) - most
    listed = ", ".join(paths[:most])
    if more > 0:
        return ngettext("{files} and {count} more", "{files} and {count} more", more).format(
            files=listed, count=more
        )
    return listed


def site_plan(folder: Path, site: Mapping[str, bytes]) -> SitePlan:
    """What `write_site(folder, site)` would do; `SiteError` when the folder cannot take it."""
    if folder.exists() and not folder.is_dir():
        raise SiteError(_("{path} is a file, not a folder; give a folder").format(path=folder))
    present = _files_under(folder) if folder.exists() else []
    owned = _read_manifest(folder) if folder.exists() else None
    if owned is None:
        if present:
            raise SiteError(
                _(
                    "{path} holds files mjevent publish did not write ({files}); give an empty "
                    "or new folder, so that nothing of yours is replaced or removed"
                ).format(path=folder, files=_shown(present))
            )
        owned = set()
    on_disk = set(present)
    clash = sorted(p for p in site if p in on_disk and p not in owned)
    if clash:
        raise SiteError(
            _(
                "{path}: the site would overwrite files it did not write ({files}); move them "
                "out of the folder, or give another folder"
            ).format(path=folder, files=_shown(clash))
        )
    write, unchanged = [], []
    for rel, data in site.items():
        target = folder / rel
        if rel in on_disk and target.is_file() and not target.is_symlink():
            try:
                same = target.read_bytes() == data
            except OSError:
                same = False
            if same:
                unchanged.append(rel)
                continue
        write.append(rel)
    remove = sorted(p for p in owned if p not in site and p in on_disk)
    foreign = sorted(p for p in on_disk if p not in owned and p not in site and p != MANIFEST)
    return SitePlan(tuple(sorted(write)), tuple(remove), tuple(sorted(unchanged)), tuple(foreign))


def _write_atomically(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_symlink():
        target.unlink()
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    except OSError:
        partial.unlink(missing_ok=True)
        raise


def write_site(folder: Path, site: Mapping[str, bytes], plan: SitePlan) -> None:
    """Carry out `plan`: the manifest first claims every page about to be written, the pages
    are written, the pages gone are removed, then the manifest lists exactly the site.
    `OSError` from the file system is left to the caller."""
    folder.mkdir(parents=True, exist_ok=True)
    old = _read_manifest(folder) or set()
    claimed = sorted(old | set(site))
    final = sorted(site)
    manifest = folder / MANIFEST
    current = manifest.read_bytes() if manifest.exists() else b""
    # Claimed before anything is written: an interrupted run leaves no page unlisted.
    if plan.write and current != _manifest_bytes(claimed):
        _write_atomically(manifest, _manifest_bytes(claimed))
    for rel in plan.write:
        _write_atomically(folder / rel, site[rel])
    for rel in plan.remove:
        gone = folder / rel
        gone.unlink(missing_ok=True)
        parent = gone.parent
        # Folders the site emptied go too (never the site's own folder, never one still used).
        while parent != folder and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    wanted = _manifest_bytes(final)
    if (manifest.read_bytes() if manifest.exists() else b"") != wanted:
        _write_atomically(manifest, wanted)


def zip_bytes(site: Mapping[str, bytes], top: str) -> bytes:
    """The site as a zip archive under the folder `top`: entries sorted, dated 1980-01-01,
    mode 644, so the same site always packs to the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for rel in sorted(site):
            info = zipfile.ZipInfo(f"{top}/{rel}", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            info.create_system = 3
            archive.writestr(info, site[rel], compresslevel=9)
    return out.getvalue()



def _languages(text: str) -> tuple[str, ...]:
    wanted = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    known = language.available_languages()
    unknown = [w for w in wanted if w not in known]
    if not wanted or unknown:
        echo(
            error_text(
                _("--languages {given!r}: give one or more of {known}, separated by commas").format(
                    given=text, known=", ".join(known)
                )
            ),
            err=True,
        )
        raise typer.Exit(2)
    return wanted


@command_help(
    N_(
        "Write the results site into DIR: plain HTML pages in English and Japanese (the "
        "event, standings after every round, seating, players, the cross-table, each table's "
        "hands), with relative links; only changed pages are rewritten."
    )
)
def publish(
    file: EventFile,
    folder: Annotated[
        Path,
        typer.Argument(
            metavar="DIR",
            help=N_("The site's folder: new, empty, or one this command wrote before."),
            file_okay=False,
        ),
    ],
    zip_site: Annotated[
        bool, typer.Option("--zip", help=N_("Also pack the site into DIR.zip."))
    ] = False,
    zip_to: Annotated[
        Path | None,
        typer.Option(
            "--zip-to",
            metavar="PATH",
            dir_okay=False,
            help=N_("Pack the site into this zip file (implies --zip)."),
        ),
    ] = None,
    languages: Annotated[
        str,
        typer.Option(
            "--languages",
            metavar="en,ja",
            help=N_("The site's languages, separated by commas (default: English and Japanese)."),
        ),
    ] = ",".join(LANGUAGES),
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help=N_("Say what would be written and removed; write nothing.")),
    ] = False,
) -> None:
    wanted = _languages(languages)
    session = open_or_exit(file, read_only=True, code=2)
    warn_skipped(file, session)
    try:
        site = build_site(session, wanted)
    except (StandingsConfigError, StandingsError) as error:
        echo(error_text(_("{file}: {problem}").format(file=file, problem=error)), err=True)
        raise typer.Exit(1) from None
    try:
        plan = site_plan(folder, site)
    except SiteError as error:
        echo(error_text(str(error)), err=True)
        raise typer.Exit(1) from None
    for rel in plan.foreign:
        echo(
            _("left alone (not written by mjevent publish): {path}").format(path=folder / rel),
            err=True,
        )
    if dry_run:
        for rel in plan.write:
            echo(_("would write {path}").format(path=folder / rel))
        for rel in plan.remove:
            echo(_("would remove {path}").format(path=folder / rel))
        echo(
            _(
                "{folder}: {write} to write, {remove} to remove, {same} unchanged (dry run: "
                "nothing written)"
            ).format(
                folder=folder,
                write=len(plan.write),
                remove=len(plan.remove),
                same=len(plan.unchanged),
            ),
            err=True,
        )
        return
    try:
        write_site(folder, site, plan)
    except OSError as error:
        echo(
            error_text(
                _("cannot write the site into {path}: {reason}").format(path=folder, reason=error)
            ),
            err=True,
        )
        raise typer.Exit(1) from None
    echo(
        _("{folder}: {write} pages written, {remove} removed, {same} unchanged").format(
            folder=folder,
            write=len(plan.write),
            remove=len(plan.remove),
            same=len(plan.unchanged),
        ),
        err=True,
    )
    if zip_site or zip_to is not None:
        here = folder.resolve()
        target = zip_to if zip_to is not None else here.with_name(here.name + ".zip")
        packed = zip_bytes(site, here.name)
        try:
            if not (target.is_file() and target.read_bytes() == packed):
                _write_atomically(target, packed)
        except OSError as error:
            echo(
                error_text(
                    _("cannot write {path}: {reason}").format(path=target, reason=error.strerror)
                ),
                err=True,
            )
            raise typer.Exit(1) from None
        echo(_("wrote {path}").format(path=target), err=True)
