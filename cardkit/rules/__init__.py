"""Rules engines that replay the rulebooks' worked examples.

`core` is what every game shares (decisions, scenario reading, checkpoints, replay, the
registry by game). At the top level, the Cosmic Encounter Duel: `state` holds where
everything is, `engine` changes it by the rules, asking for every decision through
`decisions`; `scenario` reads a worked example and `replay` runs it. `vanguard` is the
ISS Vanguard dice test.
"""
