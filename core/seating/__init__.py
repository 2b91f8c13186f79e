"""Seating: schedules where nobody meets twice, balanced winds and tables."""
