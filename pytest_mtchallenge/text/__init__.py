"""Text as the package handles it: normalisation, the words of messages, what a terminal may print, suggestions and time-bounded regular expressions."""
