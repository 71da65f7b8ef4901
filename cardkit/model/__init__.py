"""Model layer: pydantic v2 models of every card kind and of their localized texts; no I/O."""
