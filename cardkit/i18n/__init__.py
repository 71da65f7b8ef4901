"""Translators' workflow: recording what a translation was made from, and exchange formats."""
