"""Output: imposition, crop marks and files."""
