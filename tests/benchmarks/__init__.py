"""Benchmarks: run on demand with ``python -m tests.benchmarks``, never collected as tests."""
