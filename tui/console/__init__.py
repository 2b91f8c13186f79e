"""The director's console (Textual): the app, its screens, widgets and dialogs."""
