"""Rules engines that replay the rulebooks' worked examples.

`core` is what every game shares (decisions and the runner, scenario reading, checkpoints,
the strict replay, the registry by game). Each game is a package on it: `duel` (Cosmic
Encounter Duel) and `vanguard` (ISS Vanguard's dice test). `replay` finds scenario files
and replays each with the engine of its game; `pytest_plugin` makes them test items.
"""
