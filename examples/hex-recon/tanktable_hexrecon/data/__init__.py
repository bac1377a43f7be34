"""Hex Recon's shipped data: units/, maps/ and scenarios/ (read by core.package_data)."""
