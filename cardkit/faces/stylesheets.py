"""The stylesheet sets documents are rendered with: their names and their files, in cascade
order, under templates/. The renderer parses a set, the cache keys a rendering by its digest
and the documents say which set they are printed with."""

FACE_STYLESHEETS = "cards"
REFERENCE_STYLESHEETS = "reference"

STYLESHEETS = {
    FACE_STYLESHEETS: ("fonts.css", "cards.css"),
    REFERENCE_STYLESHEETS: ("fonts.css", "reference.css"),
}
