"""The web table: the board in a browser, served by the bot process itself (aiohttp).

No discord here: pages talk to the table service, and the chat adapter hands this package what it
needs (telling the table after a web action) and tells it about every committed change.
"""
