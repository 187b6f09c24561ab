#!/usr/bin/env bash
# Prints "N passed, N failed" for a `swift test` log: the Swift Testing tests that ran.
# The total comes from Swift Testing's last line ("Test run with N tests ... passed/failed"), the
# failed ones from their own lines: a log can miss lines of tests that passed (a busy pipe), so
# counting those lines would undercount the tests that passed.
log=${1:-.build/test.log}
[[ -f $log ]] || exit 0
failed=$(grep -E '✘ Test .* failed after' "$log" | grep -v 'Test run with' | sed -E 's/.*✘ Test (.*) failed after.*/\1/' | sort -u | wc -l)
total=$(grep -oE 'Test run with [0-9]+ tests? ' "$log" | tail -n 1 | grep -oE '[0-9]+')
if [[ -z $total ]]; then  # no last line (the run died): count the lines there are
    total=$(( $(grep -E '✔ Test .* passed after' "$log" | grep -vc 'Test run with') + failed ))
fi
echo "$(( total - failed )) passed, $failed failed"
