"""The game-independent rules core every engine shares.

- `decisions`: what an engine asks (a `Decision` with its legal choices), what it reports
  (an `Event`), and `Runner`, which drives a procedure OpenSpiel-style: `advance()`,
  `legal_choices()`, `apply(choice)`. Chance is a participant like the players.
- `scenario`: reading a worked example: typed access with positions, citations with
  rulebook line ranges, scripted decisions, steps and their checkpoints.
- `checkpoints`: comparing a checkpoint with the state's plain view, and the diff.
- `replay`: running a scenario's steps strictly on a `Runner`.
- `registry`: which engine replays a scenario, from its `game:` field.

Nothing here knows a game; each engine (`cardkit.rules.duel`, `cardkit.rules.vanguard`)
brings its state, its procedures, its scenario setup and its step grammar.
"""
