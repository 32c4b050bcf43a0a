"""Battles & Builders: secret chip commits, builder majorities and dice battles over 8 events."""
