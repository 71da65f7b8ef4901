"""Cosmic Encounter Duel as a rules engine, on the shared core (`cardkit.rules.core`).

`state` holds where everything is, `engine` changes it by the rules, asking for every
decision the core's way; `influence` computes a player's influence in a duel or contest;
`view` is the state as plain data for checkpoints; `scenario` reads a worked example
(cards named by id from the card database, or made up for one scenario) and `replay`
runs it.
"""
