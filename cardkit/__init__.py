"""cardkit: the card database of Cosmic Encounter Duel, checked, translated, printed and replayed."""

__version__ = "0.1.0"
