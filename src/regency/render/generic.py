"""The fallback screen: the observation as JSON, for games without a renderer."""

from __future__ import annotations

import json
from typing import Any

from rich.console import RenderableType
from rich.syntax import Syntax

__all__ = ["action_label", "board", "result"]


def board(observation: dict[str, Any]) -> RenderableType:
    """Show the observation as highlighted JSON."""
    return Syntax(json.dumps(observation, indent=1), "json", word_wrap=True)


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """Show the result as highlighted JSON."""
    del observation
    return Syntax(json.dumps(result, indent=1), "json", word_wrap=True)


def action_label(notation: str, observation: dict[str, Any]) -> str:
    """No label: the notation is all a generic screen knows."""
    del notation, observation
    return ""
