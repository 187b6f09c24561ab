#!/usr/bin/env bash
# Prints "N passed, N failed" for a `swift test` log: the Swift Testing tests that ran.
log=${1:-.build/test.log}
[[ -f $log ]] || exit 0
passed=$(grep -E '^✔ Test .* passed after' "$log" | grep -vc '^✔ Test run with')
failed=$(grep -E '^✘ Test .* failed after' "$log" | grep -vc '^✘ Test run with')
echo "$passed passed, $failed failed"
