"""The pure shaping the console and the command line share: rows, columns, pages, words.

No screens and no commands: a view turns the state into text, cells or bytes, which the console
shows and the command line prints.
"""
