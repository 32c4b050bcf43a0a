"""War Chest (base game, 2 or 4 players): see ``engine.py`` for the action and event shapes."""
