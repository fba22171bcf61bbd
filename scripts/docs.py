#!/usr/bin/env python3
"""Helpers of `make docs`: split symbol graphs per module, check curation and article code.

  docs.py split GRAPH_DIR OUT_DIR MODULE...
      Copies MODULE.symbols.json and MODULE@*.symbols.json from GRAPH_DIR to OUT_DIR/MODULE/.
      The main graph keeps only MODULE's own symbols: NapkinTesting re-exports napkin
      (`@_exported import`), so its graph also carries every napkin symbol, which belongs to the
      napkin catalog.

  docs.py topics GRAPH_DIR LANDING_PAGE
      Fails unless every top-level public symbol of the graph's module, and every member its
      extensions add to other modules' types, is linked from a `## Topics` section of the
      landing page. DocC itself accepts an uncurated symbol silently.

  docs.py snippets CATALOG TESTS_DIR
      Fails unless every ```swift block of every article in CATALOG appears, line for line
      (indentation, blank lines and `import` lines aside), in TESTS_DIR/<Article>Tests.swift.
      A block is exempt when its first line is a comment containing "not compiled" (the
      hand-written "before" mocks that the repository forbids in Tests/; any case), or starts with
      `// swift-tools-version` (a package manifest). A block preceded by
      `<!-- compiled-in: File.swift -->` is looked up in TESTS_DIR/File.swift instead.
"""

import glob
import json
import os
import re
import sys

from symbolgraph import public_symbols


def owner_of(precise):
    """The symbol a (possibly synthesized) identifier belongs to."""
    return precise.split("::SYNTHESIZED::")[-1]


def module_prefix(module):
    """The USR prefix of a Swift module's own symbols: `s:` + the mangled module name."""
    return "s:%d%s" % (len(module), module)


def split(graph_dir, out_dir, modules):
    for module in modules:
        target = os.path.join(out_dir, module)
        os.makedirs(target, exist_ok=True)
        for stale in glob.glob(os.path.join(target, "*.symbols.json")):
            os.remove(stale)
        main = os.path.join(graph_dir, module + ".symbols.json")
        if not os.path.exists(main):
            sys.exit("docs.py split: %s is missing; did the build emit symbol graphs?" % main)
        extensions = glob.glob(os.path.join(graph_dir, module + "@*.symbols.json"))
        for path in [main] + extensions:
            with open(path) as handle:
                graph = json.load(handle)
            if path == main:
                prefix = module_prefix(module)
                kept = [
                    symbol
                    for symbol in graph["symbols"]
                    if owner_of(symbol["identifier"]["precise"]).startswith(prefix)
                    or symbol["kind"]["identifier"] == "swift.extension"
                ]
                ids = {symbol["identifier"]["precise"] for symbol in kept}
                dropped = len(graph["symbols"]) - len(kept)
                graph["symbols"] = kept
                graph["relationships"] = [
                    relation for relation in graph["relationships"] if relation["source"] in ids
                ]
                print("%s: %d symbols (%d re-exported ones left to their own module)"
                      % (module, len(kept), dropped))
            with open(os.path.join(target, os.path.basename(path)), "w") as handle:
                json.dump(graph, handle)


def curated_links(landing_page):
    """The symbol links under the landing page's `## Topics` heading."""
    with open(landing_page) as handle:
        text = handle.read()
    match = re.search(r"^## Topics\s*$(.*?)(?=^## |\Z)", text, re.S | re.M)
    if not match:
        return set()
    links = re.findall(r"^\s*-\s+``([^`]+)``", match.group(1), re.M)
    # An overload's link carries a disambiguation suffix: `-(any Routing,_)` or a hash.
    return {re.sub(r"\)-(\(.*\)|[0-9a-z]+)$", ")", link) for link in links}


def topics(graph_dir, landing_page):
    links = curated_links(landing_page)
    required = []
    for path in sorted(glob.glob(os.path.join(graph_dir, "*.symbols.json"))):
        name = os.path.basename(path)[: -len(".symbols.json")]
        extended = name.split("@")[1] if "@" in name else None
        for symbol in public_symbols(path):
            components = symbol["pathComponents"]
            if extended:
                # A member added to another module's type: link it as Module/Type/member.
                required.append("/".join([extended] + components))
            elif len(components) == 1:
                required.append(components[0])
    missing = [symbol for symbol in required if symbol not in links]
    for symbol in missing:
        print("%s: ``%s`` is not in a Topics group" % (landing_page, symbol))
    print("%s: %d of %d top-level symbols curated"
          % (landing_page, len(required) - len(missing), len(required)))
    return not missing


def normalized(lines):
    return [
        line.strip()
        for line in lines
        if line.strip() and not re.match(r"^(@\w+\s+)*(public\s+)?import\s", line.strip())
    ]


def contains(haystack, needle):
    if not needle:
        return True
    for start in range(len(haystack) - len(needle) + 1):
        if haystack[start : start + len(needle)] == needle:
            return True
    return False


def swift_blocks(article):
    """Yields (line number, the block's lines, the compiled-in file or None)."""
    with open(article) as handle:
        lines = handle.read().split("\n")
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```swift":
            start = index
            compiled_in = None
            previous = start - 1
            while previous >= 0 and not lines[previous].strip():
                previous -= 1
            if previous >= 0:
                marker = re.match(r"<!--\s*compiled-in:\s*(\S+)\s*-->", lines[previous].strip())
                if marker:
                    compiled_in = marker.group(1)
            index += 1
            block = []
            while index < len(lines) and lines[index].strip() != "```":
                block.append(lines[index])
                index += 1
            yield start + 1, block, compiled_in
        index += 1


def snippets(catalog, tests_dir):
    ok = True
    checked = exempt = 0
    articles = [catalog] if catalog.endswith(".md") else glob.glob(os.path.join(catalog, "*.md"))
    for article in sorted(articles):
        name = os.path.splitext(os.path.basename(article))[0]
        for line, block, compiled_in in swift_blocks(article):
            first = block[0].strip() if block else ""
            if (first.startswith("//") and "not compiled" in first.lower()) or first.startswith(
                "// swift-tools-version"
            ):
                exempt += 1
                continue
            test_file = os.path.join(tests_dir, compiled_in or name + "Tests.swift")
            if not os.path.exists(test_file):
                print("%s:%d: the Swift block has no test file %s" % (article, line, test_file))
                ok = False
                continue
            with open(test_file) as handle:
                source = normalized(handle.read().split("\n"))
            if not contains(source, normalized(block)):
                print("%s:%d: this Swift block is not in %s" % (article, line, test_file))
                ok = False
            checked += 1
    print("%s: %d Swift blocks found in the tests, %d marked as not compiled"
          % (catalog, checked, exempt))
    return ok


def main(argv):
    if len(argv) >= 4 and argv[1] == "split":
        split(argv[2], argv[3], argv[4:])
        return 0
    if len(argv) == 4 and argv[1] == "topics":
        return 0 if topics(argv[2], argv[3]) else 1
    if len(argv) == 4 and argv[1] == "snippets":
        return 0 if snippets(argv[2], argv[3]) else 1
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
