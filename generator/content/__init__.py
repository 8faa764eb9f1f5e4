"""Content: typed models and YAML loading. Errors name file:line and the key."""
