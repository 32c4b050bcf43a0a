"""The table service: lobby, seats, whose turn, applying actions atomically. No Discord here."""
