"""The boards' ends queue their analysis (filled in below)."""
