"""The `regency` command line: play, replay and simulate in the terminal."""
