"""Board grids: squares with 8 facings (tank chess) and hexes (duel of the giants, HTC maps)."""
