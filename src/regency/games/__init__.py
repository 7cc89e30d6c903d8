"""The games. Importing this package registers each of them with the registry."""

from regency.games import (
    claim,  # noqa: F401
    claim_kingdoms,  # noqa: F401
    kingdoms,  # noqa: F401
)
