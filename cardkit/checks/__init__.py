"""Checks layer: everything `cardkit validate` reports, gathered before anything is printed."""
