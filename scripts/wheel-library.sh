#!/usr/bin/env bash
# The files the Python wheel carries beside the package (bindings/python's build backend runs this; so does
# `make wheel`, through pip):
#
#   scripts/wheel-library.sh DIR
#
#   DIR/lib/liba11y-controls.so                              the C library, self-contained
#   DIR/share/locale/<language>/LC_MESSAGES/a11y-controls.mo  the message catalogs (scripts/po.sh compile)
#
# The library is linked again from the release build's objects (scripts/release-build.sh --product a11y-controls,
# the same build `make install-build` and `make deb` use, so none of them rebuilds the others' objects) so that it
# needs nothing but the system's C library at load time (libc.so.6, libm.so.6 and the dynamic loader):
# - the Swift runtime linked in (-static-stdlib), and under it the C++ runtime and libgcc (libstdc++.a through the
#   linker script in Sources/a11y-demo/static-libstdc++, as a11y-demo has it; -static-libgcc), by lld (gold cannot
#   read that script's -l:libstdc++.a);
# - only the a11y_* functions exported (packaging/deb/exports.map, as in the Debian package), so the runtime inside
#   cannot clash with another Swift runtime in the same process; unused sections dropped; -z now -z relro;
# - no RUNPATH; stripped of what dynamic linking does not need.
# libspeechd, libbrlapi, libasound, liblouis and libdbus-1 stay what they are in every build: loaded by name
# (dlopen) when first needed, from the system's library path (Sources/CSystem/lazy_library.h).
#
# Prints DIR on stdout; the build's output goes to stderr. Needs the Swift toolchain (swift, swiftc, lld as the
# toolchain ships it), the build dependencies of scripts/install-deps.sh and msgfmt.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: wheel-library.sh DIR}
say() { echo "wheel-library: $*" >&2; }
die() { say "$*"; exit 1; }

for tool in swift swiftc; do
    command -v "$tool" >/dev/null || die "no Swift toolchain: '$tool' is not on PATH. Install Swift 6 (the toolchain for Linux from the Swift project, unpacked with its usr/bin on PATH); the README's 'Building' section says which version"
done
command -v msgfmt >/dev/null || die "msgfmt is not installed (Debian: apt-get install gettext)"
command -v strip >/dev/null || die "strip is not installed (Debian: apt-get install binutils)"

mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$repo"
start=$(date +%s)
say "the release build of the C library (scripts/release-build.sh --product a11y-controls)"
scripts/release-build.sh --product a11y-controls >&2
objects=$(swift build -c release --show-bin-path)/a11y-controls.product/Objects.LinkFileList
[[ -f $objects ]] || die "the release build left no $objects"

mkdir -p "$out/lib"
library=$out/lib/liba11y-controls.so
rm -f "$library"
swiftc -emit-library -module-name a11y_controls -static-stdlib -use-ld=lld -o "$library" \
    -L"$repo/Sources/a11y-demo/static-libstdc++" -Xclang-linker -static-libgcc \
    -Xlinker --gc-sections -Xlinker -soname -Xlinker liba11y-controls.so.0 -Xlinker --as-needed \
    -Xlinker -z -Xlinker now -Xlinker -z -Xlinker relro \
    -Xlinker --version-script="$repo/packaging/deb/exports.map" "@$objects" -lm >&2
strip --strip-unneeded --remove-section=.comment "$library"
chmod 755 "$library"

rm -rf "$out/share/locale"
scripts/po.sh compile "$out/share/locale" >&2
say "$library: $(du -k "$library" | cut -f1) KB, in $(($(date +%s) - start)) s"
echo "$out"
