"""Shipped YAML data: unit cards, maps, scenarios and rules tables (read via importlib.resources)."""
