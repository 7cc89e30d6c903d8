"""The docs' links lead somewhere: every relative link opens a file, every anchor a heading.

Read from the Markdown itself (``docs/``, its subfolders, and the README), outside code
blocks. Anchors follow GitHub's rule for a heading's id (lower case, punctuation dropped,
spaces to hyphens, ``-1``, ``-2`` for a repeated heading). The code and the docs also
name sections of docs/measurements.md in words (``docs/measurements.md, "Move
analysis"``): each such name must begin a heading there.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def anchors(path: Path) -> set[str]:
    """The ids GitHub gives the headings of the Markdown file ``path``."""
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#+ (.+)$", FENCE.sub("", path.read_text()), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def links(path: Path) -> list[str]:
    """The link targets of ``path`` that are files of this repository (or anchors in it)."""
    text = FENCE.sub("", path.read_text())
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def test_the_docs_have_links_to_check() -> None:
    assert sum(len(links(path)) for path in DOCS) > 50


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_opens_and_every_anchor_is_a_heading(doc: Path) -> None:
    broken = []
    for target in links(doc):
        name, _, anchor = target.partition("#")
        path = (doc.parent / name).resolve() if name else doc
        if not path.exists():
            broken.append(f"{target}: no file {path.relative_to(ROOT)}")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target}: no heading #{anchor} in {path.relative_to(ROOT)}")
    assert not broken, broken


def test_every_section_of_the_results_page_named_in_words_is_there() -> None:
    headings = re.findall(r"^#+ (.+)$", (ROOT / "docs" / "measurements.md").read_text(), re.M)
    named = []
    for path in [*DOCS, *(ROOT / "src").rglob("*.py"), *(ROOT / "benchmarks").glob("*.py")]:
        # One line of text however the reference was wrapped (in a comment or not).
        text = re.sub(r"\s*\n\s*(?:#\s*)?", " ", path.read_text())
        for section in re.findall(r"\bmeasurements\.md`{0,2},? \(?\"([^\"]+)\"", text):
            named.append((path.relative_to(ROOT), section))
    assert named, "no reference found: the pattern no longer matches how the code cites"
    missing = [(str(p), s) for p, s in named if not any(h.startswith(s) for h in headings)]
    assert not missing, missing
