"""The event file: one TOML file with the settings and the append-only log, and its replay."""
