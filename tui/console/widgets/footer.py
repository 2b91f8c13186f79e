"""`ConsoleFooter`: the key bar at the foot of every console screen, fitted to its width.

Textual's `Footer` lays every shown key in one row and lets the right-docked palette key cover
what does not fit: at 80 columns the mode keys F4-F7 and a screen's last keys were never seen.
This footer picks what it shows for the width it has:

1. every key with its description, as Textual draws it, when that fits;
2. else the compact style, the mode keys F2-F7 by name when every key of the screen still
   fits (200 columns), else one group (`f2 f3 f4 f5 f6 f7 Modes`, the current mode dimmed,
   each key's tooltip naming its mode);
3. else, still compact, the screen's own keys in the order of its `FOOTER_KEYS` (binding ids,
   the keys that matter most first; keys not named there come after, in binding order) as many
   as fit (a long key skipped, a shorter one after it may still fit), then `ctrl+q Quit` if
   there is room. F1 help and the mode group always show, and F1 lists every key.

Widths are counted the way the footer's CSS lays the keys out (key, space, description, one
cell between keys), so nothing is cut and the palette key never covers a key.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

from mjevent.core.i18n import N_, _
from mjevent.tui.views.cells import cell_width

__all__ = ["FOOTER_KEYS_ATTRIBUTE", "ConsoleFooter"]

FOOTER_KEYS_ATTRIBUTE = "FOOTER_KEYS"
"""A screen's class attribute: the ids of its keys the footer keeps first when space is short."""

_MODES_LABEL = N_("Modes")


@dataclass(frozen=True, slots=True)
class _Key:
    binding: Binding
    enabled: bool
    tooltip: str
    display: str

    def width(self, compact: bool) -> int:
        """Cells the key takes in the footer, with the cell that follows it."""
        text = cell_width(self.display) + cell_width(self.binding.description)
        return text + (2 if compact else 3)


class ConsoleFooter(Footer):
    """The console's footer: every key when it fits, else the keys that matter (module doc)."""

    DEFAULT_CSS = """
    ConsoleFooter.-compact {
        padding-left: 1;
    }
    ConsoleFooter.-compact KeyGroup.-compact {
        padding-left: 0;
        margin: 0;
        FooterKey.-grouped {
            margin: 0 1 0 0;
        }
    }
    """

    PALETTE_ID: ClassVar[str] = "app.palette"

    def __init__(self) -> None:
        super().__init__()
        self._width = 0

    def _keys(self) -> tuple[list[_Key], list[_Key], list[_Key], _Key | None]:
        """The shown keys split: the screen's own, the modes, the app's, the palette."""
        own: list[_Key] = []
        modes: list[_Key] = []
        app_keys: list[_Key] = []
        palette: _Key | None = None
        seen: set[str] = set()
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.action in seen:
                continue
            key = _Key(binding, enabled, tooltip, self.app.get_key_display(binding))
            if binding.id == self.PALETTE_ID:
                palette = key
                continue
            if not binding.show:
                continue
            seen.add(binding.action)
            area = (binding.id or "").split(".")[0]
            if area == "mode":
                modes.append(key)
            elif area == "app":
                app_keys.append(key)
            else:
                own.append(key)
        return own, modes, app_keys, palette

    def _plan(
        self, width: int
    ) -> tuple[bool, list[_Key], list[_Key], list[_Key], _Key | None, bool]:
        """(compact, own keys, app keys, mode keys, palette, modes named) that fit in `width`
        cells; modes not named are one group (`f2 f3 f4 f5 f6 f7 Modes`)."""
        own, modes, app_keys, palette = self._keys()
        full = sum(k.width(False) for k in (*own, *modes, *app_keys))
        if palette is not None:
            full += palette.width(False) + 1
        if full <= width:
            return False, own, app_keys, modes, palette, True
        room = width - 1 - (palette.width(True) + 1 if palette is not None else 0)
        group = 0
        if modes:
            label = cell_width(_(_MODES_LABEL))
            group = sum(2 + cell_width(m.display) - 1 for m in modes) + label + 1
            room -= group
        helps = [k for k in app_keys if k.binding.id == "app.help"]
        others = [k for k in app_keys if k.binding.id != "app.help"]
        room -= sum(k.width(True) for k in helps)
        order = list(getattr(self.screen, FOOTER_KEYS_ATTRIBUTE, ()))
        ranked = sorted(
            own,
            key=lambda k: order.index(k.binding.id) if k.binding.id in order else len(order),
        )
        kept: set[int] = set()
        for key in ranked:
            if key.width(True) <= room:
                kept.add(id(key))
                room -= key.width(True)
        shown_others = []
        for key in others:
            if key.width(True) <= room:
                shown_others.append(key)
                room -= key.width(True)
        app_shown = [k for k in app_keys if k in helps or k in shown_others]
        # Room left once every key is placed: the modes by name ("f4 Players"), not a group.
        named = bool(modes) and len(kept) == len(own) and (
            room + group >= sum(m.width(True) for m in modes)
        )
        return True, [k for k in own if id(k) in kept], app_shown, modes, palette, named

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        width = self._width or self.app.size.width
        compact, own, app_keys, modes, palette, named = self._plan(width)
        self.set_reactive(Footer.compact, compact)
        self.set_class(compact, "-compact")
        yield from self._footer_keys(own, compact)
        yield from self._footer_keys(app_keys, compact)
        if modes and not named:
            with KeyGroup(classes="-compact"):
                for key in modes:
                    yield FooterKey(
                        key.binding.key,
                        key.display,
                        "",
                        key.binding.action,
                        disabled=not key.enabled,
                        tooltip=key.tooltip or key.binding.description,
                        classes="-grouped",
                    ).data_bind(compact=Footer.compact)
            yield FooterLabel(_(_MODES_LABEL))
        elif modes:
            yield from self._footer_keys(modes, compact)
        if palette is not None and self.show_command_palette:
            yield FooterKey(
                palette.binding.key,
                palette.display,
                palette.binding.description,
                palette.binding.action,
                classes="-command-palette",
                disabled=not palette.enabled,
                tooltip=palette.binding.tooltip or palette.binding.description,
            )

    def _footer_keys(self, keys: list[_Key], compact: bool) -> Iterator[Widget]:
        for key in keys:
            yield FooterKey(
                key.binding.key,
                key.display,
                key.binding.description,
                key.binding.action,
                disabled=not key.enabled,
                tooltip=key.tooltip,
            ).data_bind(compact=Footer.compact)

    def on_resize(self, event: events.Resize) -> None:
        """Lay the keys out again for the new width."""
        if event.size.width != self._width:
            self._width = event.size.width
            if self._bindings_ready:
                self.call_after_refresh(self.recompose)
