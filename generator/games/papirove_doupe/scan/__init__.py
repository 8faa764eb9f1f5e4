"""Reading photographed or scanned Papírové doupě sheets (needs the `scan` extra: OpenCV, numpy)."""
