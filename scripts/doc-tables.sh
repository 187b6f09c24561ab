#!/bin/bash
# The tables of the docs that are made from the code (`make doc-tables`): between the lines
#   <!-- generated: NAME ... -->
#   <!-- end of generated NAME -->
# of README.md and docs/user-guide.md goes what `a11y-demo --generate NAME` prints (keys-markdown:
# the key table, made from the key map). Edit the source (Sources/A11yInput/KeyMap.swift for the
# keys, Sources/DemoCommandLine/KeyTable.swift for what they do), not the table.
#
#   scripts/doc-tables.sh [--check] [A11Y_DEMO]
#
# --check changes nothing and fails, naming the file, when a table differs from what the program
# prints (GeneratedDocumentationTests checks the same in the suite). A11Y_DEMO defaults to the
# debug build, .build/debug/a11y-demo.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
demo=${1:-.build/debug/a11y-demo}
[ -x "$demo" ] || { echo "doc-tables: no $demo (swift build --product a11y-demo first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
for file in README.md docs/user-guide.md; do
    names=$(sed -n 's/^<!-- generated: \([a-z-]*\) .*-->$/\1/p' "$file" | sort -u)
    for name in $names; do
        [ -f "$work/$name" ] || "$demo" --generate "$name" >"$work/$name"
    done
    awk -v dir="$work" '
        match($0, /^<!-- generated: [a-z-]+ /) {
            print
            name = substr($0, 17, RLENGTH - 17)
            while ((getline line < (dir "/" name)) > 0) print line
            close(dir "/" name)
            skipping = name
            next
        }
        skipping != "" && $0 == "<!-- end of generated " skipping " -->" { skipping = "" }
        skipping == "" { print }
        END { if (skipping != "") { print "doc-tables: no end marker for " skipping > "/dev/stderr"; exit 1 } }
    ' "$file" >"$work/out"
    if cmp -s "$file" "$work/out"; then echo "doc-tables: $file is current"; continue; fi
    if [ $check = 1 ]; then
        echo "doc-tables: $file differs from what the code makes (make doc-tables writes it):" >&2
        diff -u "$file" "$work/out" >&2 || true
        status=1
    else
        cp "$work/out" "$file"
        echo "doc-tables: $file written"
    fi
done
exit $status
