"""The venue's web server (`mjevent serve`): aiohttp, Jinja2 templates and a little JavaScript,
all shipped in the package (docs/serve.md)."""
