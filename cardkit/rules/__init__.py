"""Rules engines that replay the rulebooks' worked examples and play random games.

`core` is what every game shares: decisions and the runner, the engine contract (one
`Engine` record per game) and its registry, scenario reading, checkpoints, the strict
replay, and random playthroughs with their invariants. Each game is a package on it that
defines its `ENGINE`: `duel` (Cosmic Encounter Duel), `vanguard` (ISS Vanguard's dice
test) and `cosmic` (classic and current Cosmic Encounter). `pytest_plugin` makes scenario
files test items. `compiled` runs the modules random play spends its time in as compiled by
mypyc, while they are those of today's source.
"""

from cardkit.rules.compiled import use_compiled

use_compiled()
