#!/usr/bin/env bash
# Installs the Debian package on this system, uses what it installed, removes and purges it, and
# checks that nothing of it is left (make deb-check, after make deb). Needs root (or sudo).
#
#   scripts/check-deb.sh [PACKAGE.deb]     default: the newest .build/deb/a11y-controls_*.deb
#
# Checked: apt-get installs it with its dependencies; a11y-demo runs from /usr/bin (--version, a
# stepper in scripted mode, German and French help and errors from the installed catalogs); the man page and the
# completions are where man and the shells look; a C program builds through pkg-config against the
# installed library and runs; Debian's python3 imports a11y_controls and drives the library;
# `apt-get remove` then `apt-get purge` leave none of the files `dpkg -L` listed, no byte-compiled
# Python file and no ld.so cache entry. Refuses to run when a11y-controls is already installed.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
deb=${1:-$(ls -t "$repo"/.build/deb/a11y-controls_*.deb 2>/dev/null | head -n 1)}
[[ -n $deb && -f $deb ]] || { echo "deb-check: no package: make deb first" >&2; exit 1; }
deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")
work=$repo/.build/deb-check
rm -rf "$work"; mkdir -p "$work"
log=$work/apt.log

sudo=()
((EUID == 0)) || sudo=(sudo)
failures=0
say() { echo "deb-check: $*"; }
check() {  # check "what" command...: prints ok or FAILED with the command's output
    local what=$1; shift
    local out
    if out=$("$@" 2>&1); then
        say "ok: $what"
    else
        say "FAILED: $what"; sed 's/^/    /' <<<"$out"; failures=$((failures + 1))
    fi
}
# A clean user environment: nothing of the tests' or the build tree's reaches the installed files.
clean() { env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 A11Y_CONTROLS_CONFIG=/dev/null TERM=dumb "$@"; }
apt() { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q "$@" </dev/null >>"$log" 2>&1; }

if dpkg-query -W -f='${Status}' a11y-controls 2>/dev/null | grep -q 'installed'; then
    say "a11y-controls is already installed here: not touching it (remove it first)"; exit 1
fi

start=$(date +%s)
apt install "$deb" || { say "apt-get install failed:"; tail -n 30 "$log"; exit 1; }
say "installed $(basename "$deb") ($(( $(date +%s) - start )) s; apt's log: $log)"
dpkg -L a11y-controls >"$work/files.txt"
# Cleaned up whatever happens below.
trap 'dpkg-query -W a11y-controls >/dev/null 2>&1 && apt purge a11y-controls || true' EXIT

version=$(dpkg-query -W -f='${Version}' a11y-controls)
check "a11y-demo --version from /usr/bin" bash -c "[[ \$(command -v a11y-demo) == /usr/bin/a11y-demo ]] && [[ \$(a11y-demo --version) == 'a11y-demo $version' ]]"
check "a stepper in scripted mode" bash -c "[[ \$(printf '++\\r' | env -i PATH=/usr/bin:/bin A11Y_CONTROLS_CONFIG=/dev/null a11y-demo stepper --value 3 --speech off --braille off) == 5 ]]"
check "German help and errors from /usr/share/locale" bash -c "
    env -i PATH=/usr/bin:/bin A11Y_CONTROLS_CONFIG=/dev/null a11y-demo --language de --help | grep -q '^OPTIONEN:' &&
    [[ \$(env -i PATH=/usr/bin:/bin A11Y_CONTROLS_CONFIG=/dev/null a11y-demo --language fr --nope 2>&1) == Erreur*\": Option inconnue '--nope'\" ]]"
check "the man page" clean man -w a11y-demo
check "bash completion" bash -c "source /usr/share/bash-completion/completions/a11y-demo && COMP_WORDS=(a11y-demo ra) COMP_CWORD=1 && _a11y_demo && [[ \${COMPREPLY[*]} == range ]]"
check "pkg-config knows the library" bash -c "[[ \$(env -u PKG_CONFIG_PATH pkg-config --libs a11y-controls | xargs) == -la11y-controls ]]"
check "a C program builds through pkg-config and runs" bash -c "
    cc -Wall -Werror '$repo/examples/c/stepper.c' -o '$work/stepper' \$(env -u PKG_CONFIG_PATH pkg-config --cflags --libs a11y-controls) &&
    readelf -d '$work/stepper' | grep -q 'liba11y-controls.so.0' &&
    [[ \$(printf '+\\r' | env -i PATH=/usr/bin:/bin A11Y_CONTROLS_CONFIG=/dev/null '$work/stepper' --value 3 --speech off --braille off) == 4 ]]"
check "Debian's python3 imports a11y_controls and finds the library" clean /usr/bin/python3 -c "
import a11y_controls
assert a11y_controls.__file__ == '/usr/lib/python3/dist-packages/a11y_controls/__init__.py', a11y_controls.__file__
assert a11y_controls.library_version() == '$version', a11y_controls.library_version()
engine = a11y_controls.Engine('stepper', '--value', '3')
engine.feed(b'+')
assert engine.values == (4.0,) and engine.take_speech().endswith('4\n'), engine.values
german = a11y_controls.Engine('stepper', '--language', 'de')
assert german.take_speech().startswith('Wert, Einstellknopf, 1'), 'the catalogs of /usr/share/locale'
print(a11y_controls.library_path())"
check "ask_number from Debian's python3" bash -c "[[ \$(printf '+\\r' | env -i PATH=/usr/bin:/bin A11Y_CONTROLS_CONFIG=/dev/null /usr/bin/python3 -c \"import a11y_controls; print(a11y_controls.ask_number(speech='off', braille='off'))\") == 2.0 ]]"
check "pip sees the module as installed by Debian" bash -c "/usr/bin/python3 -m pip show a11y-controls 2>/dev/null | grep -q '^Version: $version'"
check "postinst byte-compiled the module" bash -c "ls /usr/lib/python3/dist-packages/a11y_controls/__pycache__/*.pyc >/dev/null"
check "ld.so knows liba11y-controls.so.0" bash -c "ldconfig -p | grep -q 'liba11y-controls.so.0 '"

# Removed, then purged: nothing left.
left() {  # the files and package-own directories of files.txt still present
    local path
    while IFS= read -r path; do
        [[ $path == /. ]] && continue
        if [[ -d $path && ! -L $path ]]; then
            # A directory is ours alone when no other package lists it.
            dpkg-query -S "$path" >/dev/null 2>&1 || echo "$path"
        elif [[ -e $path || -L $path ]]; then
            echo "$path"
        fi
    done <"$work/files.txt"
    ls -d /usr/lib/python3/dist-packages/a11y_controls* 2>/dev/null || true
}
apt remove a11y-controls || { say "apt-get remove failed:"; tail -n 20 "$log"; exit 1; }
remaining=$(left)
if [[ -n $remaining ]]; then say "FAILED: left after remove:"; sed 's/^/    /' <<<"$remaining"; failures=$((failures + 1))
else say "ok: apt-get remove leaves no file"; fi
check "ld.so forgot the library" bash -c "! ldconfig -p | grep -q liba11y-controls"
# The package has no configuration files: remove leaves dpkg nothing to purge, and apt-get purge
# would not find it any more. Purged anyway when dpkg still knows it.
if dpkg-query -W a11y-controls >/dev/null 2>&1; then
    apt purge a11y-controls || { say "apt-get purge failed:"; tail -n 20 "$log"; exit 1; }
else
    say "ok: remove left no configuration files to purge"
fi
remaining=$(left)
if [[ -n $remaining ]]; then say "FAILED: left after purge:"; sed 's/^/    /' <<<"$remaining"; failures=$((failures + 1))
else say "ok: apt-get purge leaves no file"; fi
check "dpkg forgot the package" bash -c "! dpkg-query -W -f='\${Status}' a11y-controls 2>/dev/null | grep -q ."
trap - EXIT

say "$(wc -l <"$work/files.txt") paths installed and removed; $failures failed ($(( $(date +%s) - start )) s)"
((failures == 0))
