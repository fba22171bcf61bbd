"""Reading the symbol graphs `swift build -Xswiftc -emit-symbol-graph` writes.

Shared by docs.py and check-doc-comments.py.
"""

import json


def public_symbols(path):
    """The public and open symbols declared in the symbol graph at `path`.

    Extension blocks and synthesized members (a default implementation seen through a
    conformer) are skipped: they document nothing of their own.
    """
    with open(path) as handle:
        graph = json.load(handle)
    for symbol in graph["symbols"]:
        if symbol["kind"]["identifier"] == "swift.extension":
            continue
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        yield symbol
