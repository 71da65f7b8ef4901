"""Faces: the HTML of each card face, deck back and document (reference sheets, duplex check,
credits) from the templates, and the pictures they show, ready for a renderer. Nothing here
lays out a page: this package never imports WeasyPrint (render/ does)."""
