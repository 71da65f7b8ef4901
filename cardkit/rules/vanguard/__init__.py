"""ISS Vanguard's dice test as a rules engine, on the shared core (`cardkit.rules.core`).

The rulebook (`004_8e317cd5b1651ee0.txt`, Spanish) is the authority. `state` holds the
crew, their dice, cards and injuries, the actions' meters and what the crew has gained;
`engine` is the ten-step dice test as a procedure; `scenario` reads an example and the
facts it relies on (actions, cards, injuries, each citing its lines); `replay` runs it.
The dice's face sets are not in the text: a scenario scripts every face it rolls as a
chance decision, and the engine checks only what the text fixes.
"""
