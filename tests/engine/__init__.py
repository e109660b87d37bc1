"""Engine tests: pisti/ checked against docs/engine.md."""
