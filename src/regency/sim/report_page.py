"""A balance report as one self-contained HTML page, with a CSV file per figure.

The page carries its figures as base64 PNG images and its style inline, so it opens
anywhere with no network; each figure's numbers sit under it in a table and beside the
page in ``<page>.<figure>.csv``. Figures are drawn with matplotlib's object API (no
pyplot, no display), which is an optional extra: ``pip install 'regency[report]'``.
"""

from __future__ import annotations

import base64
import csv
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regency.core.errors import RegencyError
from regency.sim.balance import Figure

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["ReportError", "ReportInfo", "csv_text", "figure_png", "render_page", "write_report"]


class ReportError(RegencyError):
    """A report that cannot be drawn (matplotlib is not installed)."""


_DPI = 80
"""Small PNGs: the sample report stays a few hundred kilobytes."""


@dataclass(frozen=True, slots=True)
class ReportInfo:
    """What the page says about the run above its figures.

    Attributes:
        title: The page's heading (``Claim, 3 players``).
        facts: Label and value pairs (game, players, options, agents, games, seed...).
        agents: The summary table's rows (``AgentStats.to_dict()`` dicts).
        score_name: What a score counts.
    """

    title: str
    facts: tuple[tuple[str, str], ...]
    agents: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    score_name: str = "score"


def _plt_figure(height: float) -> Any:
    try:
        from matplotlib.figure import Figure as MplFigure
    except ImportError:
        raise ReportError("reports need matplotlib: pip install 'regency[report]'") from None
    return MplFigure(figsize=(8.0, height), dpi=_DPI, layout="constrained")


def _percent(ax: Axes, axis: str) -> None:
    from matplotlib.ticker import PercentFormatter

    target = ax.xaxis if axis == "x" else ax.yaxis
    target.set_major_formatter(PercentFormatter(1.0))


def _draw_rates(ax: Axes, fig: Figure) -> None:
    rows = fig.records()
    label_column = fig.columns[0]
    labels = [
        f"seat {r[label_column]}" if label_column == "seat" else str(r[label_column]) for r in rows
    ]
    rate_column = fig.columns[3]
    rates = [r[rate_column] for r in rows]
    # Clamped at 0: at a rate of 0% or 100% rounding can leave a bound a hair past it.
    errors = [
        [max(0.0, rate - r["ci_low"]) for rate, r in zip(rates, rows, strict=True)],
        [max(0.0, r["ci_high"] - rate) for rate, r in zip(rates, rows, strict=True)],
    ]
    positions = list(range(len(rows)))
    ax.barh(positions, rates, xerr=errors, color="#4c78a8", capsize=3, height=0.6)
    ax.set_yticks(positions, labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    _percent(ax, "x")
    if label_column == "seat" and rows:
        average = sum(rates) / len(rates)
        ax.axvline(average, color="#888888", linestyle="--", linewidth=1, label="average seat")
        ax.legend(loc="lower right", fontsize=8)
    for position, rate in zip(positions, rates, strict=True):
        ax.text(0.01, position, f"{rate:.1%}", va="center", fontsize=8, color="white")


def _draw_stacked(ax: Axes, fig: Figure) -> None:
    rows = fig.records()
    labels = [f"seat {r['seat']}" for r in rows]
    power = [r["power_points"] for r in rows]
    faction = [r["faction_points"] for r in rows]
    ax.bar(labels, power, color="#f58518", label="from powers")
    ax.bar(labels, faction, bottom=power, color="#4c78a8", label="from factions")
    ax.set_ylabel("mean points")
    ax.legend(loc="lower right", fontsize=8)


def _draw_lines(ax: Axes, fig: Figure) -> None:
    rows = fig.records()
    for seat in sorted({r["seat"] for r in rows}):
        mine = [r for r in rows if r["seat"] == seat]
        epochs = [r["epoch"] for r in mine]
        ax.plot(epochs, [r["mean_gold"] for r in mine], marker="o", label=f"seat {seat}")
        ax.fill_between(
            epochs, [r["ci_low"] for r in mine], [r["ci_high"] for r in mine], alpha=0.2
        )
    ax.set_xticks(sorted({r["epoch"] for r in rows}))
    ax.set_xlabel("after epoch")
    ax.set_ylabel("mean gold")
    ax.legend(fontsize=8)


def _draw_counts(ax: Axes, fig: Figure) -> None:
    series_column, value_column, count_column = fig.columns
    rows = fig.records()
    names = list(dict.fromkeys(r[series_column] for r in rows))
    values = sorted({r[value_column] for r in rows})
    if len(values) <= 25:
        width = 0.8 / len(names)
        index = {v: i for i, v in enumerate(values)}
        for k, name in enumerate(names):
            mine = [r for r in rows if r[series_column] == name]
            ax.bar(
                [index[r[value_column]] - 0.4 + width * (k + 0.5) for r in mine],
                [r[count_column] for r in mine],
                width=width,
                label=str(name),
            )
        ax.set_xticks(range(len(values)), [f"{v:g}" for v in values])
    else:
        for name in names:
            mine = [r for r in rows if r[series_column] == name]
            ax.hist(
                [r[value_column] for r in mine],
                bins=30,
                range=(values[0], values[-1]),
                weights=[r[count_column] for r in mine],
                histtype="step",
                linewidth=1.5,
                label=str(name),
            )
    ax.set_xlabel(value_column)
    ax.set_ylabel("games")
    if len(names) > 1:
        ax.legend(fontsize=8)


_DRAW = {
    "rates": _draw_rates,
    "stacked": _draw_stacked,
    "lines": _draw_lines,
    "counts": _draw_counts,
}


def figure_png(fig: Figure) -> bytes:
    """Draw one figure as a PNG image.

    Raises:
        ReportError: if matplotlib is not installed.
    """
    bars = len(fig.rows) if fig.kind == "rates" else 0
    drawing = _plt_figure(max(2.6, 0.32 * bars + 1.0) if bars else 3.4)
    ax = drawing.add_subplot()
    _DRAW[fig.kind](ax, fig)
    ax.set_title(fig.title, fontsize=11)
    ax.grid(axis="x" if fig.kind == "rates" else "y", alpha=0.3)
    out = io.BytesIO()
    drawing.savefig(out, format="png", dpi=_DPI, metadata={"Software": None})
    return out.getvalue()


def csv_text(fig: Figure) -> str:
    """The figure's numbers as CSV (full precision, one row per bar, point or count)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(fig.columns)
    writer.writerows(fig.rows)
    return out.getvalue()


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if value == value else "nan"
    return html.escape(str(value))


def _table(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; }
h1 { margin-bottom: 0.2rem; }
section { border-top: 1px solid #ddd; margin-top: 1.5rem; padding-top: 0.5rem; }
img { max-width: 100%; }
table { border-collapse: collapse; font-size: 0.85rem; margin: 0.5rem 0; }
th, td { border: 1px solid #ccc; padding: 0.15rem 0.5rem; text-align: right; }
th { background: #f3f3f3; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.1rem 1rem; }
dt { font-weight: bold; }
dd { margin: 0; }
.caption { color: #444; }
"""


def render_page(info: ReportInfo, figures: Sequence[Figure], csv_names: Sequence[str]) -> str:
    """The whole page as HTML text: facts, the agent table, then every figure.

    Args:
        info: What the page says about the run.
        figures: The figures, in order.
        csv_names: The CSV file name of each figure (linked from the page).
    """
    facts = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in info.facts)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Balance report: {html.escape(info.title)}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>Balance report: {html.escape(info.title)}</h1>",
        f"<dl>{facts}</dl>",
    ]
    if info.agents:
        columns = ("agent", "games", "wins", "draws", "losses", "win rate", "95% CI")
        rows = [
            (
                a["label"],
                a["games"],
                a["wins"],
                a["draws"],
                a["losses"],
                f"{a['win_rate']:.1%}",
                f"{a['ci_low']:.1%} to {a['ci_high']:.1%}",
            )
            for a in info.agents
        ]
        parts.append(f"<h2>Contestants</h2>{_table(columns, rows)}")
    for fig, name in zip(figures, csv_names, strict=True):
        image = base64.b64encode(figure_png(fig)).decode("ascii")
        parts.append(
            f'<section id="{fig.key}"><h2>{html.escape(fig.title)}</h2>'
            f'<p class="caption">{html.escape(fig.caption)}</p>'
            f'<img alt="{html.escape(fig.title)}" src="data:image/png;base64,{image}">'
            f'<details><summary>The numbers (<a href="{html.escape(name)}">'
            f"{html.escape(name)}</a>)</summary>"
            f"{_table(fig.columns, fig.rows)}</details></section>"
        )
    parts.append("</body></html>\n")
    return "\n".join(parts)


def write_report(path: Path, info: ReportInfo, figures: Sequence[Figure]) -> list[Path]:
    """Write the page at ``path`` and each figure's CSV beside it.

    Returns:
        Every file written, the page first.

    Raises:
        ReportError: if matplotlib is not installed.
        OSError: if a file cannot be written.
    """
    names = [f"{path.stem}.{fig.key}.csv" for fig in figures]
    page = render_page(info, figures, names)
    path.write_text(page, encoding="utf-8")
    written = [path]
    for fig, name in zip(figures, names, strict=True):
        target = path.with_name(name)
        target.write_text(csv_text(fig), encoding="utf-8")
        written.append(target)
    return written
