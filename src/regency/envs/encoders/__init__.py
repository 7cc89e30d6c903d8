"""One observation encoder per game, found by name (``regency.envs.encoding.encoder_for``)."""
