"""A local table: a game in the browser on this computer, without Discord (``python -m bot local``).

The same table service, store, AI players and web table as the bot, wired together by a small
driver instead of the chat adapter; see cli.py for the command and table.py for the assembly.
"""
