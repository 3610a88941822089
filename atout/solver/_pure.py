"""Stands in for Cython's ``cython`` module where Cython is not installed: the search runs as plain Python."""

compiled = False
