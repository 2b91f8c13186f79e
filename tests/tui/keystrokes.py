"""Typing a line into the console's focused input in a Pilot test, without the pilot's pause after
every key.

`Pilot.press` sends each key through the driver and then waits for the app to fall idle (at least
two 20 ms sleeps a key, more while the preview is recomputed): a 16-character line costs most of
a second, and the console's tests type hundreds of lines. `type_keys` puts the very same key
events, built the way `App._press_keys` builds them, into the app's queue in the same order, and
waits once at the end, as the pilot waits after its last key. The app handles them one by one
from its queue as it would a fast typist's keys, so every Changed, preview and Submitted still
happens, in order; only the idle waits in between are gone.

Use it only for keys that stay in the focused input (text, backspace, arrows, then Enter last):
a key that opens a screen or a dialog must be pressed with `pilot.press`, which waits for the
new screen to take the focus before the next key.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from textual import events
from textual._wait import wait_for_idle
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
    """Send `keys` (names or single characters, as `pilot.press` takes them) in one go, then wait
    as `pilot.press` waits after its last key, and as `pilot.pause` does."""
    app = pilot.app
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        # What the driver's send_message does on the app's loop, done at once: the keys are in
        # the app's queue, in order, before the waits below start.
        app.post_message(event)
    await wait_for_idle(0)
    await app.animator.wait_until_complete()
    await wait_for_idle(0)
    await pilot.pause()


def keys_of(text: str) -> list[str]:
    """The keys that type `text` (a space is the key "space")."""
    return ["space" if c == " " else c for c in text]
