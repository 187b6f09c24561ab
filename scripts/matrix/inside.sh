#!/bin/bash
# Runs inside a matrix chroot, as PID 1's child of its own namespaces (scripts/matrix/run.sh): prints the
# release's versions, starts that release's servers (scripts/servers.sh: speech-dispatcher with the
# capture module, BRLTTY with the vr driver or, on BRLTTY 6.9+, the Baum display), runs the test bundle
# built on the host, and stops the servers.
#   inside.sh REPO
set -uo pipefail
repo=$1
suite=${A11Y_MATRIX_SUITE:-?}
export HOME=/tmp/home LANG=C.UTF-8
mkdir -p "$HOME"

version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo none; }
versions="speech-dispatcher $(version speech-dispatcher), libspeechd2 $(version libspeechd2), brltty $(version brltty),"
versions+=" libbrlapi0.8 $(version libbrlapi0.8), orca $(version orca), fenrir $(version fenrir),"
versions+=" python3 $(python3 -c 'import platform; print(platform.python_version())')"
echo "versions: $suite: $versions"

# The end-to-end suite (speech captured, braille cells, BRLTTY's keys, servers killed and restarted, a
# frozen server) and the real readers; the other integration tests need tools of the host (make, msgfmt).
filter=${A11Y_MATRIX_FILTER:-'IntegrationTests\.(Demo(EndToEnd|Diagnose|Language|ScreenReader|CommandLine)Tests|Reliability[A-Za-z]*Tests|BrailleAsBRLTTYUserTests|DeviceIntegrationTests|RealScreenReaderTests)\b'}

D=/tmp/servers
"$repo/scripts/servers.sh" start "$D" || { echo "matrix: $suite: the servers did not start"; exit 1; }
trap '"$repo/scripts/servers.sh" stop "$D"' EXIT
# shellcheck source=/dev/null
source "$D/env"
echo "matrix: $suite: braille driver $(grep -m1 -o 'Braille Driver: [a-z]*' "$D/brltty.log" | cut -d' ' -f3), demo $A11Y_DEMO"
cd "$repo" || exit 1
"$repo/.build/debug/a11y-controlsPackageTests.xctest" --testing-library swift-testing --filter "$filter" </dev/null
