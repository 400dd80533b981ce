"""HTML pages of the tournaments app. Thin: forms validate, services and selectors work."""
