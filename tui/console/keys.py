"""The keys a screen offers, read from the live bindings: what the help screen lists and what
the command palette offers, so neither can drift from what the keys really do."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from mjevent.core.i18n import _

__all__ = ["ScreenKey", "binding_ids", "screen_keys", "translate_bindings"]


def translate_bindings(node: DOMNode) -> None:
    """Put `node`'s bindings in the language in use: each description and tooltip (marked
    `N_` in `BINDINGS`, a class attribute built at import) through the catalogue.

    Textual copies the class's merged bindings into `node._bindings` when the node is built
    (`DOMNode.__init__`), sharing the lists of the class; this replaces them with translated
    copies on this node alone, so the footer, F1 help and the palette all read the translation
    and the class keeps its English. Ids are kept: `keymap.toml` rebinds by id as before. Call
    it at the end of the node's `__init__`, once the language is chosen.
    """
    bindings = node._bindings
    bindings.key_to_bindings = {
        key: [_translated(b) for b in group] for key, group in bindings.key_to_bindings.items()
    }


def _translated(binding: Binding) -> Binding:
    description = _(binding.description) if binding.description else ""
    tooltip = _(binding.tooltip) if binding.tooltip else ""
    if description == binding.description and tooltip == binding.tooltip:
        return binding
    return replace(binding, description=description, tooltip=tooltip)


@dataclass(frozen=True, slots=True)
class ScreenKey:
    """One binding as the user has it: `key` after the user's keymap, shown as `display`;
    `node` is where the action runs; `enabled` False when it is dimmed right now."""

    key: str
    display: str
    binding: Binding
    node: DOMNode
    enabled: bool


def screen_keys(screen: Screen[Any]) -> list[ScreenKey]:
    """Every binding with an id on the focused widget and its containers, the screen's other
    widgets, `screen` and the app, after the user's keymap, in that order, each id once; hidden
    actions (`check_action` False) left out.

    Unlike `Screen.active_bindings`, a letter key of the screen stays listed while an input
    has the focus (the input would take the letter, but the action is still there).
    """
    app = screen.app
    focused = screen.focused
    nodes: list[DOMNode] = list(focused.ancestors_with_self) if focused is not None else []
    # Then the keys of the screen's other widgets (the list of tables when the entry line has
    # the focus): they work once that widget has the focus, so help and palette show them.
    nodes.extend(w for w in screen.walk_children() if w not in nodes)
    for last in (screen, app):
        if last not in nodes:
            nodes.append(last)
    keys: list[ScreenKey] = []
    seen: set[str] = set()
    for node in nodes:
        bindings = node._bindings.copy()
        bindings.apply_keymap(app._keymap)
        for key, binding in bindings:
            if not binding.id or binding.id in seen:
                continue
            state = app._check_action_state(binding.action, node)
            if state is False:
                continue
            seen.add(binding.id)
            display = binding.key_display or app.get_key_display(binding.with_key(key))
            keys.append(ScreenKey(key, display, binding, node, bool(state)))
    return keys


_BINDING_MODULES = (
    "mjevent.tui.console.app",
    "mjevent.tui.console.launcher",
    "mjevent.tui.console.timer_app",
    "mjevent.tui.console.display_app",
    "mjevent.tui.console.screens",
    "mjevent.tui.console.dialogs",
    "mjevent.tui.console.widgets",
)


def binding_ids() -> frozenset[str]:
    """Every binding id of the console's apps, screens, dialogs and widgets: the ids a
    `keymap.toml` may name (a name outside them would change nothing, silently)."""
    import importlib
    import inspect
    import pkgutil

    ids: set[str] = set()
    modules = []
    for name in _BINDING_MODULES:
        module = importlib.import_module(name)
        modules.append(module)
        for info in pkgutil.walk_packages(getattr(module, "__path__", []), name + "."):
            modules.append(importlib.import_module(info.name))
    for module in modules:
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, DOMNode) and cls.__module__ == module.__name__:
                for binding in cls.__dict__.get("BINDINGS", []):
                    if isinstance(binding, Binding) and binding.id:
                        ids.add(binding.id)
    return frozenset(ids)
