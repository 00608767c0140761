"""A run as a whole: its plan, scoring outside pytest, the files it writes, where it is stored, and its comparison with a baseline and the gate."""
