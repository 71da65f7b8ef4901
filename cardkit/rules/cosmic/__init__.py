"""Cosmic Encounter, classic (001) and current (002), as one engine with edition profiles.

`profile` says what differs between the editions, each setting with its rulebook lines;
`state` holds players, planets, the warp, decks, destiny and the encounter; `engine` is the
encounter and the turn as procedures on the shared core, reading card values through
`facts` (the card database's models); `scenario` reads an example, `view` gives the state
as plain data for its checkpoints and `replay` runs it.
"""
