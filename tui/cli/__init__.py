"""The `mjevent` command line (Typer): one module per command group."""
