"""Settings split by environment: base (shared), dev (default), test, prod."""
