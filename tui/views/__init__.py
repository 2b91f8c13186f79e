"""The pure shaping the console and the command line share: rows, columns, pages, words.

No Textual, no Typer: a view turns the state into text, cells or bytes.
"""
