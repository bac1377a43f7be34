"""Hex Recon's shipped data: cards/, maps/ and scenarios/ (read by core.package_data)."""
