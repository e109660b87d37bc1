"""Engine tests: pisti/ checked against shared/spec/engine-contract.md."""
