"""A rules engine for Cosmic Encounter Duel that replays the rulebooks' worked examples.

`state` holds where everything is, `engine` changes it by the rules, asking for every
decision through `decisions`; `scenario` reads a worked example and `replay` runs it.
"""
