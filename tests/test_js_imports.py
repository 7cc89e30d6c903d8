"""Every name a page's script imports is exported by the module it names.

A browser refuses a whole page when one import names nothing ("does not provide an export
named ..."), and only a test that loads that very page would notice. Two branches that
each move a helper between modules merge cleanly and break a page this way, so the
imports are checked here for every script at once, without a browser.
"""

from __future__ import annotations

import re
from pathlib import Path

import regency

WEB = Path(regency.__file__).parent / "web"

IMPORT = re.compile(r'import\s*\{([^}]*)\}\s*from\s*"/static/([^"]+)"', re.S)
EXPORT = re.compile(
    r"^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)", re.M
)
EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\}", re.M)


def exports(module: Path) -> set[str]:
    """The names ``module`` exports (declarations and ``export { a, b as c }`` lists)."""
    text = module.read_text(encoding="utf-8")
    names = set(EXPORT.findall(text))
    for listed in EXPORT_LIST.findall(text):
        for item in listed.split(","):
            if item.strip():
                names.add(item.split(" as ")[-1].strip())
    return names


def imports(script: Path) -> list[tuple[str, str]]:
    """``(module, name)`` for each name ``script`` imports from ``/static/...``."""
    found: list[tuple[str, str]] = []
    for names, module in IMPORT.findall(script.read_text(encoding="utf-8")):
        for item in names.split(","):
            if item.strip():
                found.append((module, item.split(" as ")[0].strip()))
    return found


def test_the_checker_reads_both_forms(tmp_path: Path) -> None:
    module = tmp_path / "m.js"
    module.write_text("export function a() {}\nconst b = 1;\nexport { b as c, b };\n")
    script = tmp_path / "s.js"
    script.write_text('import { a, c as d,\n  b } from "/static/m.js";\n')
    assert exports(module) == {"a", "b", "c"}
    assert imports(script) == [("m.js", "a"), ("m.js", "c"), ("m.js", "b")]


def test_every_imported_name_is_exported() -> None:
    scripts = sorted(WEB.rglob("*.js"))
    assert len(scripts) > 20
    missing = [
        f"{script.relative_to(WEB)} imports {name!r} from {module}, which "
        + ("does not exist" if not (WEB / module).exists() else "does not export it")
        for script in scripts
        for module, name in imports(script)
        if not (WEB / module).exists() or name not in exports(WEB / module)
    ]
    assert not missing, "\n".join(missing)
