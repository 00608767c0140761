"""The run's results and their report formats: one module per format."""
