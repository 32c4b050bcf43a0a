"""Speltafel: the chat adapter, the table service and the store."""
