#!/usr/bin/env bash
# Builds the API documentation of the A11yControls module as a DocC archive (`make docs`):
# the module's symbol graph comes from a build of the A11yControls target with
# -emit-symbol-graph (in its own scratch directory, so the flags do not make the normal build
# recompile); it holds every public declaration the umbrella re-exports from the layers. The
# toolchain's docc converts it with the catalog Sources/A11yControls/A11yControls.docc (the
# landing page and the articles). A docc warning fails the build (--warnings-as-errors).
#
#   scripts/docs.sh [OUTPUT]      OUTPUT defaults to .build/docs/A11yControls.doccarchive
#
# To read it: `docc preview` of the catalog, or serve the archive's files with any static web
# server (it is built for static hosting) and open /documentation/a11ycontrols.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
output=${1:-$repo/.build/docs/A11yControls.doccarchive}
scratch=$repo/.build/docs/build
graphs=$repo/.build/docs/symbol-graphs
catalog=$repo/Sources/A11yControls/A11yControls.docc

# The toolchain's docc: beside swift, or on PATH.
docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc
[ -x "$docc" ] || docc=$(command -v docc) || { echo "docs: docc not found beside swift nor on PATH" >&2; exit 1; }

rm -rf "$graphs" && mkdir -p "$graphs"
# The compiler writes a module's graph when it compiles the module: the umbrella's objects are
# removed so that it is compiled (again) and its graph written, even when nothing changed.
rm -f "$scratch"/debug/A11yControls.build/*.o "$scratch"/debug/A11yControls.build/*.swiftdeps "$scratch"/debug/Modules/A11yControls.swiftmodule
log=$repo/.build/docs/build.log
if ! swift build --scratch-path "$scratch" --target A11yControls \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" </dev/null >"$log" 2>&1; then
    tail -n 30 "$log" >&2; echo "docs: the build for the symbol graph failed (log $log)" >&2; exit 1
fi
# The umbrella's graph (and its extensions of other modules' types, if any); the layers' own
# graphs would document the same declarations a second time under their module names.
mkdir -p "$graphs/A11yControls"
mv "$graphs"/A11yControls.symbols.json "$graphs"/A11yControls@*.symbols.json "$graphs/A11yControls/" 2>/dev/null || true
[ -f "$graphs/A11yControls/A11yControls.symbols.json" ] || { echo "docs: no A11yControls.symbols.json in $graphs" >&2; exit 1; }

rm -rf "$output"
"$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs/A11yControls" \
    --fallback-display-name A11yControls --fallback-bundle-identifier a11y-controls.A11yControls \
    --output-path "$output" --warnings-as-errors
# Every public declaration has a doc comment: the graph's symbols with a place in this package's
# sources and no comment are listed, and fail the build. (Symbols without a place are the
# standard library's default implementations, documented there.)
summary=$(python3 - "$graphs/A11yControls/A11yControls.symbols.json" "$repo/" <<'PYTHON'
import json, sys
symbols = json.load(open(sys.argv[1]))["symbols"]
missing = sorted("%s:%d: %s" % (s["location"]["uri"].split(sys.argv[2], 1)[-1], s["location"]["position"]["line"] + 1,
                                ".".join(s["pathComponents"]))
                 for s in symbols if "location" in s and not s.get("docComment"))
for line in missing:
    print("docs: no doc comment: " + line, file=sys.stderr)
print(len(symbols), len(missing))
PYTHON
)
read -r symbols missing <<<"$summary"
if ((missing > 0)); then echo "docs: $missing public declarations without a doc comment" >&2; exit 1; fi
echo "docs: $output ($symbols public symbols, each documented; no docc warning)"
