"""Pure rules engines: no I/O, no asyncio, no Discord, no SQL."""
