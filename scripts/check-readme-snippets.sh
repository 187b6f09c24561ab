#!/usr/bin/env bash
# Checks that every ```swift block of README.md, of docs/*.md and of the DocC articles compiles
# against this package, as a user would build it: a scratch package in .build/readme-snippets depends on this one by path
# and on its A11yControls product, with one executable target per block (the block is its
# main.swift, so top-level code and `try` work as written). examples/swift-embedding is built the
# same way, as one more target of the scratch package: what the docs and the example use must be
# the product's public API, not what the package's own targets may see (`package` declarations).
#
# Honest by construction: nothing in a block is rewritten. The only code added is
# `import A11yControls` (a block may show it too) and the reader's own that the docs name as such
# (speak, show, bytesFromYourTerminal, now, in Yours.swift); `#sourceLocation` makes a compile
# error point at the block's own file and line. A block that does not compile fails the check.
# The blocks' warnings are suppressed (-suppress-warnings, for the snippet targets only): the
# examples show results as bare expressions (`slider.apply(.increment).outcome`), which Swift
# reports as unused. Warnings in the package itself are not suppressed.
#
#   scripts/check-readme-snippets.sh     prints one line; the build log is .build/readme-snippets.log
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pkg=$repo/.build/readme-snippets
log=$repo/.build/readme-snippets.log
mkdir -p "$pkg"
rm -rf "$pkg/Sources"

# The documents whose blocks are checked: README.md, then docs/*.md in name order, then the
# articles of the API documentation (Sources/A11yControls/A11yControls.docc).
documents=("$repo/README.md")
shopt -s nullglob
documents+=("$repo"/docs/*.md "$repo"/Sources/A11yControls/A11yControls.docc/*.md)
shopt -u nullglob

# One directory per block: Sources/snippetNNN/main.swift, starting at the block's line in its own
# document. awk prints one line per document that has blocks ("docs/embedding.md 5") and, last,
# the total.
summary=$(awk -v out="$pkg/Sources" -v repo="$repo/" '
    FNR == 1                 { if (inside) { unterminated(); exit }
                               name = substr(FILENAME, length(repo) + 1) }
    /^```swift[[:space:]]*$/ { n++; per[name]++; if (!(name in seen)) { seen[name] = 1; order[++files] = name }
                               dir = sprintf("%s/snippet%03d", out, n); system("mkdir -p \"" dir "\"")
                               file = dir "/main.swift"
                               print "import A11yControls" > file
                               printf "#sourceLocation(file: \"%s\", line: %d)\n", FILENAME, FNR + 1 > file
                               inside = 1; next }
    inside && /^```/         { inside = 0; close(file); next }
    inside                   { print > file }
    function unterminated()  { print name ": unterminated ```swift block" > "/dev/stderr"; failed = 1 }
    END                      { if (failed) exit 1
                               if (inside) { unterminated(); exit 1 }
                               for (i = 1; i <= files; i++) print order[i], per[order[i]]
                               print "total", n + 0 }
' "${documents[@]}")
count=$(awk '$1 == "total" { print $2 }' <<<"$summary")
where=$(awk '$1 != "total" { printf "%s%s %s", (n++ ? ", " : ""), $1, $2 }' <<<"$summary")
((count > 0)) || { echo "readme-snippets: no \`\`\`swift block in README.md or docs/*.md" >&2; exit 1; }

targets="        .executableTarget(name: \"embedding-example\", dependencies: [a11yControls]),
"
mkdir -p "$pkg/Sources/embedding-example"
cp "$repo"/examples/swift-embedding/*.swift "$pkg/Sources/embedding-example/"
for dir in "$pkg"/Sources/snippet*; do
    name=$(basename "$dir")
    # The reader's own functions and values that the docs' engine loop calls.
    cat >"$dir/Yours.swift" <<'SWIFT'
import A11yControls

// What the docs' examples leave to the reader: their own speech, display, terminal and clock.
func speak<Utterances: Sequence>(_ utterances: Utterances) where Utterances.Element == Utterance {}
func show<Text, Dots, Cursor>(_ text: Text, _ dots: Dots, _ cursor: Cursor) {}
let bytesFromYourTerminal: [UInt8] = []
let now = Duration.zero
SWIFT
    targets+="        .executableTarget(name: \"$name\", dependencies: [a11yControls], swiftSettings: quiet),
"
done

identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')
cat >"$pkg/Package.swift" <<SWIFT
// swift-tools-version:6.0
// Written by scripts/check-readme-snippets.sh: the Swift blocks of README.md and docs/*.md, one target each.
import PackageDescription

let a11yControls: Target.Dependency = .product(name: "A11yControls", package: "$identity")
let quiet: [SwiftSetting] = [.unsafeFlags(["-suppress-warnings"])]

let package = Package(
    name: "readme-snippets",
    dependencies: [.package(path: "$repo")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
SWIFT

start=$(date +%s)
if ! (cd "$pkg" && swift build </dev/null) >"$log" 2>&1; then
    echo "readme-snippets: Swift blocks of README.md or docs/*.md, or examples/swift-embedding, do not compile (log $log):" >&2
    grep -E '^/.*error:' "$log" | awk '!seen[$0]++' >&2 || tail -n 30 "$log" >&2
    exit 1
fi
# The package's own warnings are not ours to hide: show them (the snippets' are suppressed).
grep -E 'warning:' "$log" >&2 || true
echo "readme-snippets: $count Swift blocks compile ($where); embedding-example builds ($(( $(date +%s) - start )) s, log $log)"
