"""Shared test settings."""

import os

from hypothesis import HealthCheck, settings

# Property tests explore fresh examples on a developer's machine; CI pins them so a red
# run is reproducible (HYPOTHESIS_PROFILE=ci).
settings.register_profile(
    "dev", deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=40,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
