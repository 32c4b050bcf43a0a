"""The Discord chat adapter: the only package that imports discord."""
