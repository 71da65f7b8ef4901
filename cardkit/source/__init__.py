"""Source layer: reads the YAML files of the database, keeping every value's position."""
