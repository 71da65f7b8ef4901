"""Publishing: what a build makes of its rendered faces besides the PDFs, one module per
format (outputs.py holds the registry): card images, Tabletop Simulator decks, the gallery
site, and the rasteriser they share."""
