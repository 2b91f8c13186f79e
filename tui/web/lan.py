"""This machine's address on the venue's network, for the URLs printed for tables and phones."""

from __future__ import annotations

import socket

__all__ = ["base_url", "lan_address"]

DEFAULT_PORT = 8000
"""The port `mjevent serve` listens on unless `--port` says otherwise."""


def lan_address() -> str:
    """The address other machines on the local network reach this one by (the one the default
    route leaves from), or 127.0.0.1 when there is no network.

    A UDP socket "connected" to a documentation address (TEST-NET-1) sends nothing; it only
    makes the system choose the outgoing interface, whose address is then read.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
    return address if address and address != "0.0.0.0" else "127.0.0.1"


def base_url(port: int = DEFAULT_PORT) -> str:
    """`http://<this machine's LAN address>:<port>`, the default base of printed URLs."""
    return f"http://{lan_address()}:{port}"
