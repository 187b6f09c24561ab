#!/usr/bin/env bash
# Checks the Python wheel that `make wheel` builds (make wheel-check runs it after make wheel):
#
#   scripts/wheel-check.sh [WHEEL]      # default: the wheel in .build/wheel/dist
#
# 1. Here, with binutils (independently of the build backend's own ELF reading): the wheel's library needs only
#    libc.so.6, libm.so.6 and the dynamic loader (readelf -d), has no RPATH or RUNPATH, exports only a11y_*
#    functions, and the wheel's platform tag (its file name and its WHEEL file) is manylinux_<X>_<Y>_<machine> for
#    the newest GLIBC_X.Y symbol version it needs (objdump -T, and readelf -V's version needs agree).
# 2. In a clean Debian 12 (bookworm) and a clean Debian 13 (trixie) chroot (scripts/wheel-chroot.sh: debootstrap
#    --variant=minbase with python3-venv, made once; mounted read-only, with no network and no Swift toolchain): pip
#    installs the wheel into a fresh virtual environment, ldd resolves the library to the chroot's C library alone,
#    and Python uses it: the library found in the package before anything else, an engine driven (speech, braille,
#    values), the German catalog the wheel carries, A11Y_CONTROLS_LIBRARY still overriding the wheel's library, and
#    speech and braille asked for: libspeechd and libbrlapi looked for by name on the system at run time (absent
#    from a minbase chroot, so ServerUnavailableError names them).
#    And in the distribution matrix's trixie chroot (scripts/matrix/, read-only, when it exists), which has Debian 13's
#    libspeechd and libbrlapi: the wheel's library loads them (their own errors, with no server to reach).
# 3. Here, with the project's private speech-dispatcher and BRLTTY: the package's modal tests on the wheel's
#    library, which loads this system's libspeechd and libbrlapi (speech captured, braille on a virtual display).
#
# A11Y_WHEEL_SUITES picks the suites ("bookworm trixie"); A11Y_WHEEL_CHROOTS where the chroots are
# (/var/tmp/a11y-controls-wheel). Prints a line per check and the time each part took; exit 1 on the first failure.
# Needs root (debootstrap, namespaces, chroot).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
say() { echo "wheel-check: $*" >&2; }
die() { say "FAILED: $*"; exit 1; }
((EUID == 0)) || die "needs root (debootstrap, namespaces, chroot)"

if (($#)); then wheel=$1; else
    shopt -s nullglob; wheels=(.build/wheel/dist/*.whl); shopt -u nullglob
    ((${#wheels[@]} == 1)) || die "expected one wheel in .build/wheel/dist (make wheel), found ${#wheels[@]}"
    wheel=${wheels[0]}
fi
[[ -f $wheel ]] || die "no wheel $wheel"
wheel=$(realpath "$wheel")
name=$(basename "$wheel")
start=$(date +%s)
work=$(mktemp -d /var/tmp/a11y-wheel-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cp "$wheel" "$work/"

# 1. The wheel and its library, read here.
python3 - "$wheel" "$work/unpacked" <<'PYTHON'
import sys, zipfile
zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])
PYTHON
library=$work/unpacked/a11y_controls/lib/liba11y-controls.so
[[ -f $library ]] || die "$name holds no a11y_controls/lib/liba11y-controls.so"
platform=${name%.whl}; platform=${platform##*-}
IFS=- read -r _ _ python abi _ <<<"${name%.whl}"
[[ $python-$abi == py3-none ]] || die "$name is tagged $python-$abi, not py3-none (pure Python over ctypes)"
# The WHEEL file as pip reads it (e-mail headers).
wheel_headers=$(python3 -c 'import email.parser, sys; h = email.parser.Parser().parse(open(sys.argv[1]))
print(h["Root-Is-Purelib"], *h.get_all("Tag", []))' "$(echo "$work"/unpacked/*.dist-info/WHEEL)")
[[ $wheel_headers == "false py3-none-$platform" ]] \
    || die "the WHEEL file says Root-Is-Purelib and Tag: $wheel_headers, not false and py3-none-$platform"

needed=$(readelf -d "$library" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
for lib in $needed; do
    case $lib in libc.so.6|libm.so.6|ld-linux-*.so.*) ;; *) die "the library needs $lib (readelf -d: $needed)" ;; esac
done
say "NEEDED (readelf -d): $needed"
! readelf -d "$library" | grep -qE '\((RPATH|RUNPATH)\)' || die "the library has a RPATH or RUNPATH"
exported=$(objdump -T "$library" | awk '$2 == "g" && $4 != "*UND*" { print $NF }' | grep -vc '^a11y_' || true)
((exported == 0)) || die "the library exports $exported symbols besides a11y_*: $(objdump -T "$library" | awk '$2 == "g" && $4 != "*UND*" { print $NF }' | grep -v '^a11y_' | head -5 | tr '\n' ' ')"
newest=$(objdump -T "$library" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/^GLIBC_//' | sort -uV | tail -n 1)
newest_readelf=$(readelf -V "$library" | sed -n 's/.*Name: GLIBC_\([0-9][0-9.]*\) .*/\1/p' | sort -uV | tail -n 1)
[[ $newest == "$newest_readelf" ]] || die "objdump -T's newest GLIBC version ($newest) is not readelf -V's ($newest_readelf)"
machine=$(readelf -h "$library" | sed -n 's/^ *Machine: *//p')
case $machine in "Advanced Micro Devices X86-64") arch=x86_64 ;; AArch64) arch=aarch64 ;; *) die "unknown machine $machine" ;; esac
IFS=. read -r major minor _ <<<"$newest"
expected=manylinux_${major}_${minor:-0}_$arch
[[ $platform == "$expected" ]] || die "$name is tagged $platform; the library's newest GLIBC symbol version is $newest: $expected"
say "$name: $(du -k "$wheel" | cut -f1) KB, library $(du -k "$library" | cut -f1) KB; newest GLIBC symbol version $newest (objdump -T, readelf -V): tag $platform"

# 2. Installed and used in clean chroots.
cat >"$work/use.py" <<'PYTHON'
import os, subprocess, sys, sysconfig
import a11y_controls

site = sysconfig.get_paths()["purelib"]
path = a11y_controls.library_path()
assert path == os.path.join(site, "a11y_controls", "lib", "liba11y-controls.so"), path
assert a11y_controls.library_version() == a11y_controls.__version__, a11y_controls.library_version()
print("library", path, a11y_controls.library_version())

with a11y_controls.Engine("stepper", "--value", "3", "--label", "Copies") as engine:
    introduction = engine.take_speech()
    assert introduction.startswith("Copies, spin button, 3, from 1 to 99."), introduction
    assert engine.feed(b"+") is None
    assert engine.take_speech().strip() == "4"
    assert engine.values == (4.0,), engine.values
    assert engine.braille.startswith("Copies 4 "), engine.braille
    assert engine.feed(b"\r") == "accepted" and engine.result_line == "4"
print("engine: stepper spoken, stepped, brailled, accepted")

with a11y_controls.Engine("range", "--min", "0", "--max", "100", "--lower", "20", "--upper", "80", "--step", "5") as engine:
    engine.take_speech()
    engine.feed(b"\x1b[C")
    assert engine.values == (25.0, 80.0), engine.values
print("engine: range moved by Right")

with a11y_controls.Engine("stepper", "--language", "de", "--label", "Kopien") as engine:
    words = engine.take_speech()
    assert "Einstellknopf" in words, words
print("catalogs: the wheel's German found by its library:", words.splitlines()[0])

def fails(code, environment=None):
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ, **(environment or {})))
    return done.stdout.strip()

override = fails("import a11y_controls\ntry:\n    a11y_controls.library_version()\n"
                 "except a11y_controls.LibraryNotFoundError as e:\n    print(e)",
                 {"A11Y_CONTROLS_LIBRARY": "/nonexistent/liba11y-controls.so"})
assert override.startswith("A11Y_CONTROLS_LIBRARY=/nonexistent/liba11y-controls.so cannot be loaded"), override
print("A11Y_CONTROLS_LIBRARY still overrides the wheel's library")

for option, library in (("speech", "libspeechd"), ("braille", "libbrlapi")):
    settings = {"speech": "off", "braille": "off", option: "on"}
    try:
        a11y_controls.ask_number("Copies", **settings)
    except a11y_controls.ServerUnavailableError as error:
        message = str(error)
    else:
        raise AssertionError("%s=on worked without %s" % (option, library))
    assert library in message, message
    print("%s=on: %s" % (option, message))
PYTHON

cat >"$work/inside.sh" <<'SHELL'
set -euo pipefail
check() { echo "  $*"; }
! command -v swift swiftc >/dev/null || { echo "a Swift toolchain is in the chroot: $(command -v swift swiftc)"; exit 1; }
swift_runtime=$(find / -xdev \( -name 'libswiftCore*' -o -name 'libFoundation*.so' \) -print -quit 2>/dev/null)
[[ -z $swift_runtime ]] || { echo "a Swift runtime is in the chroot: $swift_runtime"; exit 1; }
check "no Swift toolchain or runtime; glibc $(getconf GNU_LIBC_VERSION | cut -d' ' -f2), $(python3 --version)"
python3 -m venv /tmp/venv
/tmp/venv/bin/pip install --no-index --disable-pip-version-check -q "/tmp/check/$1"
check "pip installed $1 into a fresh venv ($(/tmp/venv/bin/pip --version | cut -d' ' -f1-2), offline)"
library=$(echo /tmp/venv/lib/python3*/site-packages/a11y_controls/lib/liba11y-controls.so)
resolved=$(ldd "$library")
if grep -vE '^\s*(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|/lib64/ld-linux-x86-64\.so\.2|/lib/ld-linux-aarch64\.so\.1|ld-linux-[^ ]*)( |$)' <<<"$resolved" | grep -q .; then
    echo "ldd: the library needs more than the C library:"; echo "$resolved"; exit 1
fi
! grep -q 'not found' <<<"$resolved" || { echo "ldd: $resolved"; exit 1; }
check "ldd: $(awk '{ print $1 }' <<<"$resolved" | tr '\n' ' ')"
cd /tmp && env -u A11Y_CONTROLS_LIBRARY A11Y_CONTROLS_CONFIG=/dev/null /tmp/venv/bin/python /tmp/check/use.py </dev/null | sed 's/^/  /'
SHELL

for suite in ${A11Y_WHEEL_SUITES:-bookworm trixie}; do
    suite_start=$(date +%s)
    scripts/wheel-chroot.sh make "$suite"
    say "$suite ($(sed -n 's/^version libc6 /libc6 /p' "${A11Y_WHEEL_CHROOTS:-/var/tmp/a11y-controls-wheel}/$suite/ready")):"
    scripts/wheel-chroot.sh run "$suite" "$work" -- /bin/bash /tmp/check/inside.sh "$name" \
        || die "$suite: the wheel does not install or work (above)"
    say "$suite: passed in $(($(date +%s) - suite_start)) s"
done
# 2b. Debian 13 with speech-dispatcher's and BRLTTY's client libraries installed: the distribution matrix's trixie
#     chroot (scripts/matrix/, when it has been made), mounted read-only as the clean ones; it has no python3-venv,
#     so the fresh venv is made --without-pip and Debian 13's own pip (its wheel, from the clean trixie chroot) installs
#     the wheel into it. Speech and braille asked for with no server: the errors are libspeechd's and libbrlapi's own
#     (loaded from the system at run time), not "cannot be loaded".
matrix_trixie=${A11Y_WHEEL_MATRIX_TRIXIE:-/var/cache/a11y-controls-matrix/trixie}
if [[ -f $matrix_trixie/ready ]]; then
    matrix_start=$(date +%s)
    pip_wheel=$(echo "${A11Y_WHEEL_CHROOTS:-/var/tmp/a11y-controls-wheel}"/trixie/usr/share/python-wheels/pip-*.whl)
    [[ -f $pip_wheel ]] || die "no pip wheel in the clean trixie chroot ($pip_wheel)"
    cp "$pip_wheel" "$work/"
    cat >"$work/loaded.py" <<'PYTHON'
import a11y_controls
for option, words in (("speech", "Can't connect to unix socket /nonexistent"), ("braille", "cannot connect to BrlAPI at")):
    try:
        a11y_controls.ask_number("Copies", **dict({"speech": "off", "braille": "off"}, **{option: "on"}))
    except a11y_controls.ServerUnavailableError as error:
        message = str(error)
    else:
        raise AssertionError(option + "=on worked without a server")
    assert words in message and "cannot be loaded" not in message, message
    print("%s=on, no server: %s" % (option, message))
PYTHON
    cat >"$work/matrix.sh" <<'SHELL'
set -euo pipefail
! command -v swift >/dev/null || { echo "a Swift toolchain is in the chroot"; exit 1; }
echo "  $(dpkg-query -W -f='${Package} ${Version}, ' libc6 libspeechd2 libbrlapi0.8)$(python3 --version)"
python3 -m venv --without-pip /tmp/venv
# Debian's pip loads the system's CA bundle (/etc/ssl/certs/ca-certificates.crt) as it starts, which this chroot has
# not (no ca-certificates); the install is offline (--no-index, no network), so no certificate is ever needed.
/tmp/venv/bin/python - "/tmp/check/$2" "/tmp/check/$1" <<'PYTHON'
import ssl, sys
pip_wheel, wheel = sys.argv[1:]
sys.path.insert(0, pip_wheel)
ssl.SSLContext.load_verify_locations = lambda self, *arguments, **keywords: None
from pip._internal.cli.main import main
sys.exit(main(["install", "--no-index", "--disable-pip-version-check", "-q", wheel]))
PYTHON
echo "  pip ($2) installed $1 into a fresh venv (offline)"
cd /tmp && SPEECHD_ADDRESS=unix_socket:/nonexistent/speechd.sock BRLAPI_HOST=:77 A11Y_CONTROLS_CONFIG=/dev/null \
    /tmp/venv/bin/python /tmp/check/loaded.py </dev/null | sed 's/^/  /'
SHELL
    say "trixie of the distribution matrix ($matrix_trixie, read-only):"
    A11Y_WHEEL_CHROOTS=$(dirname "$matrix_trixie") scripts/wheel-chroot.sh run "$(basename "$matrix_trixie")" "$work" -- \
        /bin/bash /tmp/check/matrix.sh "$name" "$(basename "$pip_wheel")" \
        || die "the matrix's trixie: the wheel does not install or work (above)"
    say "trixie of the distribution matrix: passed in $(($(date +%s) - matrix_start)) s"
else
    say "no distribution-matrix trixie chroot ($matrix_trixie/ready): libspeechd and libbrlapi on Debian 13 not checked"
fi

# 3. Here, with the private servers (scripts/servers.sh): the wheel's library speaks and shows braille through the
#    system's libspeechd and libbrlapi, loaded by name at run time: the Python package's modal tests
#    (bindings/python/tests/test_modal.py, with pytest of make python-venv) on the package as the wheel installs it.
here_start=$(date +%s)
python=$repo/.build/python-venv/bin/python
[[ -x $python ]] || die "no $python (make python-venv)"
export PYTHONPATH=$work/unpacked PYTHONDONTWRITEBYTECODE=1 A11Y_CONTROLS_CONFIG=/dev/null
unset A11Y_CONTROLS_LIBRARY A11Y_LOCALEDIR
found=$("$python" -c 'import a11y_controls; print(a11y_controls.library_path())')
[[ $found == "$work/unpacked/a11y_controls/lib/liba11y-controls.so" ]] || die "here, the package found $found, not the wheel's library"
servers=$work/servers
trap 'scripts/servers.sh stop "$servers" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
scripts/servers.sh start "$servers" >"$work/servers.log" 2>&1 || { cat "$work/servers.log" >&2; die "the private servers did not start"; }
# shellcheck disable=SC1091
source "$servers/env"
(cd bindings/python && "$python" -m pytest -q -p no:cacheprovider -rfE tests/test_modal.py) >"$work/pytest.log" 2>&1 \
    || { tail -n 40 "$work/pytest.log" >&2; die "the modal tests failed on the wheel's library"; }
scripts/servers.sh stop "$servers" >/dev/null 2>&1
say "here, with the private servers: the modal tests on the wheel's library ($(tail -n 1 "$work/pytest.log")): $(($(date +%s) - here_start)) s"
say "passed in $(($(date +%s) - start)) s"
