"""The message catalogues: one gettext `.po` file per language (`ja.po`), English being the
message ids in the source. `tui.language` reads them; docs/i18n.md says how to add a language."""
