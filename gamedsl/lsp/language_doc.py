"""Keyword help read from grammar/LANGUAGE.md: its index of constructs, and the sections it names."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .. import resources

_CODE = re.compile(r"`([^`]*)`")
_WORD = re.compile(r"[A-Za-z_']+")


@dataclass(frozen=True)
class IndexRow:
    construct: str
    example: str
    sections: tuple[str, ...]


def language_reference_text() -> str:
    """LANGUAGE.md as shipped (in the wheel beside the grammar, or in the checkout)."""
    return (resources.data_dir("grammar") / "LANGUAGE.md").read_text(encoding="utf-8")


def parse_index(text: str) -> list[IndexRow]:
    """The rows of the table under '## Index of constructs'."""
    index = text.split("## Index of constructs", 1)[-1].split("\n## ", 1)[0]
    headings = [line[4:].strip() for line in text.splitlines() if line.startswith("### ")]
    rows = []
    for line in index.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("construct", "---") or set(cells[0]) <= {"-"}:
            continue
        named = cells[2]  # one section ("Cards, suits and ranks as values") or several ("Moves, Combinations")
        whole = any(h.startswith(named) for h in headings)
        rows.append(IndexRow(cells[0], cells[1], (named,) if whole else tuple(s.strip() for s in named.split(","))))
    return rows


def parse_sections(text: str) -> dict[str, str]:
    """Each '### ' heading of the reference with its first paragraph."""
    sections = {}
    for block in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
        heading, _, body = block.partition("\n")
        body = re.sub(r"^ *```.*?^ *```", "", body, flags=re.DOTALL | re.MULTILINE)  # examples: the prose says what it means
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", body) if p.strip()]
        prose = next((p for p in paragraphs if not p.startswith(("```", "|", "-"))), paragraphs[0] if paragraphs else "")
        sections[heading.strip()] = prose
    return sections


@lru_cache(maxsize=1)
def _reference() -> tuple[list[IndexRow], dict[str, str]]:
    text = language_reference_text()
    return parse_index(text), parse_sections(text)


def keyword_help(keyword: str, rows_shown: int = 3) -> str:
    """Markdown for a keyword: the index rows whose examples use it, and the section they name
    (empty when LANGUAGE.md has nothing for it)."""
    rows, sections = _reference()
    using = [row for row in rows if keyword in _WORD.findall(" ".join(_CODE.findall(row.example)))]
    if not using:
        return ""
    parts = [f"**{keyword}** — grammar/LANGUAGE.md"]
    for row in using[:rows_shown]:
        parts.append(f"- *{row.construct}*: {row.example} ({', '.join(row.sections)})")
    if len(using) > rows_shown:
        parts.append(f"- … and {len(using) - rows_shown} more constructs")
    first_section = using[0].sections[0]
    heading = next((h for h in sections if h.startswith(first_section)), None)
    if heading and sections[heading]:
        parts.append(f"\n### {heading}\n\n{sections[heading]}")
    return "\n".join(parts)
