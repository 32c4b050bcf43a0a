"""This computer's address on its network, for links that other devices open (``--host 0.0.0.0``)."""

from __future__ import annotations

import contextlib
import socket

#: A documentation address (TEST-NET-1): "connecting" a UDP socket to it only picks the outgoing
#: interface from the routing table; no packet is sent.
PROBE = ("192.0.2.1", 9)


def lan_address() -> str:
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE)
        address = str(probe.getsockname()[0])
        if address and not address.startswith("0."):
            return address
    return "127.0.0.1"
