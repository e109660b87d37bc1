"""Benchmarks and measurements, each run from the project root as ``python -m benchmarks.NAME``
(``make bench`` runs them all). Their recorded data lives in ``benchmarks/data/``."""
