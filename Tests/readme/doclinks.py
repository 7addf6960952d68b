#!/usr/bin/env python3
"""Checks the Markdown pages a reader follows — README.md and every .md under docs/ — as a map:

- every relative link goes to a file or directory that exists, and its `#anchor` to a heading
  of the page it names (GitHub's anchors: the heading's text in lower case, without punctuation
  but `-` and `_`, spaces as `-`, a repeated one with `-1`, `-2`…; or an `<a id="…">`);
- every page under docs/ is linked from README.md, so that the README is the map of all of
  them (but a page that scripts fill in from a template, listed in TEMPLATES);
- every repository path written in backticks (`scripts/…`, `Sources/…`, `Tests/…`, `docs/…`,
  `Examples/…`, `Benchmarks/…`) names a file or directory that exists at the checkout's root,
  in an example package under Examples/, or in Benchmarks/ — but the paths of the package a
  guide makes with `backgrounder new Sync` (`Sources/Sync/…`, `Tests/SyncTests/…`);
- every walk-through marker is where Tests/readme/walkthroughs.py can run it (the same parser).

Text in fenced code blocks and in code spans is not read for links. Prints each fault as
PAGE:LINE: what is wrong, and exits 1 if there is one.

    python3 Tests/readme/doclinks.py
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import walkthroughs  # noqa: E402  (the same pages and the same parser as the walk-throughs)

# Pages under docs/ that are not for readers: templates a script fills in.
TEMPLATES = {"docs/PERFORMANCE-NOTES.md": "scripts/benchmark-all fills it into docs/PERFORMANCE.md"}
# Paths of the package a guide makes with `backgrounder new Sync`, not of this checkout.
MADE_BY_A_GUIDE = ("Sources/Sync/", "Tests/SyncTests/")

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
LINK = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
PATH = re.compile(r"`((?:scripts|Sources|Tests|docs|Examples|Benchmarks)/[^`\s]*)`")


def prose(text):
    """`text` with fenced code blocks blanked (their lines kept, so line numbers hold)."""
    lines, fenced = [], False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            lines.append("")
            continue
        lines.append("" if fenced else line)
    return "\n".join(lines)


def slug(heading):
    """GitHub's anchor for a heading's Markdown text."""
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page):
    """The anchors of a page: its headings' (repeats numbered as GitHub numbers them) and its
    `<a id>`s."""
    found, counts = set(), {}
    text = prose(page.read_text(encoding="utf-8"))
    for line in text.split("\n"):
        heading = HEADING.match(line)
        if heading:
            base = slug(heading.group(2))
            count = counts.get(base, 0)
            counts[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        found.update(HTML_ANCHOR.findall(line))
    return found


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def main():
    pages = walkthroughs.pages()
    names = {page: walkthroughs.page_name(page) for page in pages}
    known = {page.resolve(): anchors(page) for page in pages}
    faults = []
    linked_from_readme = set()
    for page in pages:
        raw = page.read_text(encoding="utf-8")
        text = CODE_SPAN.sub(lambda m: " " * len(m.group(0)) if "\n" not in m.group(0) else m.group(0), prose(raw))
        for match in LINK.finditer(text):
            target = match.group(2)
            where = f"{names[page]}:{line_of(text, match.start())}"
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # http:, https:, mailto:
            path_part, _, anchor = target.partition("#")
            destination = (page.parent / path_part).resolve() if path_part else page.resolve()
            if not destination.exists():
                faults.append(f"{where}: the link to {target} goes to {path_part}, which does not exist")
                continue
            if page.name == "README.md" and page.parent == ROOT:
                linked_from_readme.add(destination)
            if anchor:
                if destination.suffix != ".md":
                    faults.append(f"{where}: the link to {target} has an anchor, but {path_part} is not a Markdown page")
                    continue
                if destination not in known:
                    known[destination] = anchors(destination)
                if anchor not in known[destination]:
                    faults.append(f"{where}: the link to {target}: {walkthroughs.page_name(destination)} has no heading "
                                  f"(or <a id>) whose anchor is #{anchor}")
        for match in PATH.finditer(raw):
            name = match.group(1).rstrip("/.,:;")
            if any(mark in name for mark in ("*", "…", "{", "NAME", "PATH", "FILE")) or name.startswith(MADE_BY_A_GUIDE):
                continue
            places = [ROOT / name, ROOT / "Benchmarks" / name] + [example / name for example in (ROOT / "Examples").iterdir()
                                                                   if example.is_dir()]
            if not any(place.exists() for place in places):
                faults.append(f"{names[page]}:{line_of(raw, match.start())}: `{name}` names no file or directory of the "
                              f"checkout (nor of Examples/*, nor of Benchmarks/)")
        try:
            walkthroughs.parse(page)
        except SystemExit as error:
            faults.append(str(error))
    for page in pages:
        name = names[page]
        if name == "README.md" or name in TEMPLATES:
            continue
        if page.resolve() not in linked_from_readme:
            faults.append(f"{name}: no link from README.md goes to it (the README is the map of every page under docs/)")
    for fault in faults:
        print(fault)
    if faults:
        print(f"doclinks: {len(faults)} fault(s) in the links, paths and walk-through markers of {len(pages)} pages")
        sys.exit(1)
    print(f"doclinks: the links, anchors, repository paths and walk-through markers of {len(pages)} pages hold, "
          f"and README.md links every page under docs/")


if __name__ == "__main__":
    main()
