#!/usr/bin/env bash
# `swift build -c release` with the compiler flags of the project's release builds: make install,
# make bench and scripts/hot-functions.sh all build through here, so that none of them rebuilds
# the others' objects with other flags.
#
#   scripts/release-build.sh [swift build arguments...]
#
# -disable-concrete-type-metadata-mangled-name-accessors: the compiler reaches a generic type's
# metadata (a Dictionary<String, String>, a Result with a typed error) through the type's mangled
# name by default, and the runtime, to rebuild the type from it, looks up each of its generic
# arguments' conformances, scanning all of the program's conformance records at each first
# lookup. With the flag, an accessor function made per type hands the witness tables over as
# compiled: a11y-demo's main thread reaches its first braille frame without those scans, for a
# slightly larger binary. It is a compiler flag (unsafeFlags), which SwiftPM refuses in a
# package that others depend on by version: hence here, not in Package.swift.
set -euo pipefail
exec swift build -c release -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors "$@"
