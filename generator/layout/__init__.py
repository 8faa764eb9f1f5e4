"""Layout: turns content and layout YAML into pages of positioned drawing operations, in mm."""
