"""The domain of mjevent: rules, the hand calculator, game state, seating and standings.

Pure code: the standard library and numpy only. No Textual, Rich, Typer, TOML or file I/O, so that
every rule can be tested, replayed and audited without a terminal or a disk.
"""
