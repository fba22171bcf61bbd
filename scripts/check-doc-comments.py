#!/usr/bin/env python3
"""Lists every public or open declaration that lacks a `///` doc comment with a summary.

  check-doc-comments.py GRAPH_DIR SOURCES_DIR MODULE...

GRAPH_DIR holds the symbol graphs `swift build -Xswiftc -emit-symbol-graph` wrote (`make
doc-coverage` builds them). For each MODULE whose folder exists in SOURCES_DIR:

- every public or open symbol the compiler saw, declared in SOURCES_DIR/MODULE (enum cases,
  members of extensions on other modules' types and protocol requirements included), must have a
  doc comment of its own: a comment inherited from a protocol requirement or a superclass does not
  count;
- declarations the compiler did not see on this platform (inside `#if canImport(UIKit)` or
  `#elseif canImport(AppKit)`) are checked in the source text instead, when they are spelled
  `public` or `open` (protocol requirements in such a branch, which carry no modifier, are not).

A doc comment passes when its first paragraph is a summary: prose (not a list, a heading, a code
block or a `- Parameter` field) that ends its first sentence with a period. Synthesized members
(a default implementation seen through a conformer) are the default's business, not the
conformer's, and are skipped.

Prints one line per missing or summary-less comment, then a count; exits 1 if any.
"""

import glob
import os
import re
import sys

from symbolgraph import public_symbols
from urllib.parse import unquote, urlparse

PLATFORM_ONLY = re.compile(r"canImport\((UIKit|AppKit)\)")
DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:nonisolated|final|override|static|class|required|convenience|mutating|lazy"
    r"|indirect|dynamic)\s+)*(?:public|open)\s+(?!import\b|extension\b)"
)
ATTRIBUTE_ONLY = re.compile(r"^\s*@[\w.]+(?:\(.*\))?\s*$")


def summary_problem(lines):
    """Why the doc comment `lines` (text without `///`) has no summary; None if it has one."""
    paragraph = []
    for line in lines:
        if not line.strip():
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    if not paragraph:
        return "the doc comment is empty"
    first = paragraph[0]
    if re.match(r"^(-|\*|#|```|>)", first):
        return "the doc comment starts with a list, heading, code block or aside, not a summary"
    text = " ".join(paragraph)
    sentence = re.match(r"^(.+?[.!?])(\s|$)", text)
    if not sentence:
        return "the summary sentence does not end with a period"
    return None


def source_path(uri):
    return os.path.normpath(unquote(urlparse(uri).path))


def check_graphs(graph_dir, module, module_dir):
    """Problems with the compiled public symbols of `module`: (path, line, name, problem)."""
    problems = []
    checked = 0
    paths = [os.path.join(graph_dir, module + ".symbols.json")]
    paths += glob.glob(os.path.join(graph_dir, module + "@*.symbols.json"))
    if not os.path.exists(paths[0]):
        sys.exit("check-doc-comments: %s is missing; build the symbol graphs first." % paths[0])
    root = os.path.realpath(module_dir) + os.sep
    for path in paths:
        for symbol in public_symbols(path):
            location = symbol.get("location")
            if not location:
                continue
            declared_in = os.path.realpath(source_path(location["uri"]))
            if not declared_in.startswith(root):
                continue  # re-exported from another module
            checked += 1
            line = location["position"]["line"] + 1
            name = ".".join(symbol["pathComponents"])
            comment = symbol.get("docComment")
            own = comment and (
                "uri" not in comment
                or os.path.realpath(source_path(comment["uri"])) == declared_in
            )
            if not own:
                problems.append((declared_in, line, name, "no /// doc comment"))
                continue
            problem = summary_problem([entry["text"] for entry in comment["lines"]])
            if problem:
                problems.append((declared_in, line, name, problem))
    return problems, checked


def platform_regions(lines):
    """For each line, whether it sits in an `#if`/`#elseif` branch for UIKit or AppKit."""
    stack = []  # one entry per open #if: is the current branch platform-only?
    flags = []
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("#if"):
            stack.append(bool(PLATFORM_ONLY.search(stripped)))
        elif stripped.startswith("#elseif") and stack:
            stack[-1] = bool(PLATFORM_ONLY.search(stripped))
        elif stripped.startswith("#else") and stack:
            stack[-1] = False
        elif stripped.startswith("#endif") and stack:
            stack.pop()
        flags.append(any(stack))
    return flags


def check_sources(module_dir):
    """Problems with public declarations the compiler did not see on this platform."""
    problems = []
    checked = 0
    for path in sorted(glob.glob(os.path.join(module_dir, "**", "*.swift"), recursive=True)):
        with open(path) as handle:
            lines = handle.read().split("\n")
        for index, (line, platform_only) in enumerate(zip(lines, platform_regions(lines))):
            if not platform_only or not DECLARATION.match(line):
                continue
            checked += 1
            above = index - 1
            while above >= 0 and ATTRIBUTE_ONLY.match(lines[above]):
                above -= 1
            comment = []
            while above >= 0 and lines[above].strip().startswith("///"):
                comment.insert(0, lines[above].strip()[3:])
                above -= 1
            name = line.strip()
            if not comment:
                problems.append((os.path.realpath(path), index + 1, name, "no /// doc comment"))
                continue
            problem = summary_problem(comment)
            if problem:
                problems.append((os.path.realpath(path), index + 1, name, problem))
    return problems, checked


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    graph_dir, sources, modules = argv[1], argv[2], argv[3:]
    problems = []
    checked = 0
    for module in modules:
        module_dir = os.path.join(sources, module)
        if not os.path.isdir(module_dir):
            continue
        found, count = check_graphs(graph_dir, module, module_dir)
        problems += found
        checked += count
        found, count = check_sources(module_dir)
        problems += found
        checked += count
    cwd = os.getcwd() + os.sep
    for path, line, name, problem in sorted(problems):
        shown = path[len(cwd) :] if path.startswith(cwd) else path
        print("%s:%d: %s: %s" % (shown, line, name, problem))
    print("doc-coverage: %d public declarations checked, %d without a summary doc comment"
          % (checked, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
