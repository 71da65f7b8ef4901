"""Printing: card faces and reference sheets through Jinja templates and WeasyPrint into PDFs.

Nothing imports this package but the CLI; it may import problems, source, model and checks.
"""
