"""Persistence: SQLAlchemy models, engine set-up and repository functions."""
