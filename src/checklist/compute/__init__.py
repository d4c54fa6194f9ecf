"""Rules that compute: table cells as numbers and ranges, expressions, and success rolls.

Pure functions over the model; the session supplies fact values through a callback.
"""
