"""Checks of the card texts themselves, in every language, against their English source."""
