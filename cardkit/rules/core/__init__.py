"""The game-independent rules core every engine shares.

- `decisions`: what an engine asks (a `Decision` with its legal choices), what it reports
  (an `Event`), and `Runner`, which drives a procedure OpenSpiel-style: `advance()`,
  `legal_choices()`, `apply(choice)`. Chance is a participant like the players.
- `choices`: the choice checks the engines share, and random draws among the same choices.
- `engine`: the contract, one `Engine` record per game (its names, loader, actions,
  invariants and random games); `registry` maps game names to the records.
- `scenario`: reading a worked example: the header, typed access with positions,
  citations with rulebook line ranges, hypothetical cards, steps and their checkpoints.
- `checkpoints`: comparing a checkpoint with the state's plain view, and the diff.
- `replay`: finding scenario files, and replaying each strictly on its game's engine.
- `playthrough`: random games with invariants, shrunk and written as scenarios when one
  breaks.

Nothing here knows a game; each engine package (`cardkit.rules.duel`, `.vanguard`,
`.cosmic`) brings its state, its procedures, its scenario setup and its `ENGINE` record.
"""
