"""The database as data for other programs: the JSON dataset and its schema (docs/export.md).

It works at the level of the i18n layer: it reads the model and the translation states of
the checks, and knows nothing of rendering, so `export json` never loads WeasyPrint.
"""
