#!/usr/bin/env python3
"""Makes the changes `new-napkin <Child> --parent <Parent>` prints to attach a child napkin.

  apply-wiring.py [OUTPUT]

OUTPUT (default: standard input) is what the command printed. Each change is a heading naming a
file, a line from 1 and that line's text, then the Swift in a fenced block:

  /path/CheckoutRouter.swift:12: replace the line `protocol CheckoutInteractable: Interactable {}` with:
  ```swift
  protocol CheckoutInteractable: Interactable, CartListener {}
  ```

"replace the line" puts the block in the line's place, "add before the line" before it, "add
after the line" after it. Every line number is of the file as it was when the command ran, so the
changes to a file are made from its last line up. Fails, changing no file, if a named line does
not say what the heading quotes (the file changed since), if the output asks for a change by
hand ("by hand: ..."), or if it has no change at all. Other lines ("wrote ...") are ignored.
`make templates-check` runs it on the command's output.
"""

import re
import sys

HEADING = re.compile(
    r"^(?P<path>.+):(?P<line>\d+): (?P<kind>replace the line|add before the line|add after the line)"
    r" `(?P<existing>.*)`(?: with)?:$"
)


def changes(output):
    """Yields (path, line, kind, existing, block) for each change in the output."""
    lines = output.split("\n")
    index = 0
    while index < len(lines):
        heading = HEADING.match(lines[index])
        index += 1
        if not heading:
            continue
        if index >= len(lines) or lines[index] != "```swift":
            raise SystemExit("apply-wiring: no ```swift block after: " + lines[index - 1])
        end = lines.index("```", index + 1)
        yield (heading["path"], int(heading["line"]), heading["kind"], heading["existing"],
               lines[index + 1 : end])
        index = end + 1


def main(argv):
    output = open(argv[1]).read() if len(argv) > 1 else sys.stdin.read()
    by_hand = [line for line in output.split("\n") if line.startswith("by hand:")]
    if by_hand:
        raise SystemExit("apply-wiring: the output asks for changes by hand:\n" + "\n".join(by_hand))
    files = {}
    for path, line, kind, existing, block in changes(output):
        files.setdefault(path, []).append((line, kind, existing, block))
    if not files:
        raise SystemExit("apply-wiring: the output has no change to make")
    planned = {}
    for path, edits in files.items():
        text = open(path).read().split("\n")
        for line, kind, existing, block in sorted(edits, key=lambda edit: edit[0], reverse=True):
            if line > len(text) or text[line - 1].strip() != existing:
                raise SystemExit(
                    "apply-wiring: %s:%d is not `%s` any more; no file was changed"
                    % (path, line, existing))
            if kind == "replace the line":
                text[line - 1 : line] = block
            elif kind == "add before the line":
                text[line - 1 : line - 1] = block
            else:
                text[line:line] = block
        planned[path] = "\n".join(text)
    for path, text in planned.items():
        with open(path, "w") as handle:
            handle.write(text)
        print("apply-wiring: changed %s (%d changes)" % (path, len(files[path])))


if __name__ == "__main__":
    main(sys.argv)
