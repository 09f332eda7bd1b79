"""Mini-expansions of Survive."""
