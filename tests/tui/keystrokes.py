"""Typing a line into the console's focused input in a Pilot test, without the pilot's pause after
every key.

`Pilot.press` sends each key through the driver and then waits for the app to fall idle (at least
two 20 ms sleeps a key, more while the preview is recomputed): a 16-character line costs most of
a second, and the console's tests type hundreds of lines. `type_keys` sends the very same key
events, built the way `App._press_keys` builds them, through the same driver and in the same
order, and waits once at the end. The app handles them one by one from its queue as it would a
fast typist's keys, so every Changed, preview and Submitted still happens, in order; only the idle
waits in between are gone.

Use it only for keys that stay in the focused input (text, backspace, arrows, then Enter last):
a key that opens a screen or a dialog must be pressed with `pilot.press`, which waits for the
new screen to take the focus before the next key.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot


def key_event(key: str) -> events.Key:
    """The Key event `Pilot.press(key)` sends (textual 8's `App._press_keys`, step for step)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    char: str | None
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def type_keys(pilot: Pilot[Any], *keys: str) -> None:
    """Send `keys` (names or single characters, as `pilot.press` takes them) in one go, then
    wait until every widget has handled its messages and the app is idle."""
    app = pilot.app
    driver = app._driver
    assert driver is not None
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        driver.send_message(event)
    await pilot.pause()


def keys_of(text: str) -> list[str]:
    """The keys that type `text` (a space is the key "space")."""
    return ["space" if c == " " else c for c in text]
