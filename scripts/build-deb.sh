#!/usr/bin/env bash
# Builds the Debian package a11y-controls from the release build (make deb runs it after
# `make install-build`): .build/deb/a11y-controls_<version>_<arch>.deb, then lintian on it.
#
#   scripts/build-deb.sh
#
# The package holds what `make install-files PREFIX=/usr` lays out (a11y-demo, its man page and
# completions, the C library with its headers and pkg-config file, the message catalogs), with
# the changes Debian asks for, plus the Python module for Debian's python3:
# - the C library is linked again from the release build's objects with the Swift runtime in it
#   (-static-stdlib: Debian has no Swift runtime package), as liba11y-controls.so.0 (its SONAME)
#   in /usr/lib/<multiarch> with the liba11y-controls.so link for -la11y-controls, no RUNPATH,
#   and only the a11y_* functions exported (packaging/deb/exports.map); a shlibs file and the
#   ldconfig trigger come with it;
# - binaries stripped, the man page and the changelog compressed, the pkg-config file without the
#   -rpath that /usr/local needs;
# - /usr/lib/python3/dist-packages/a11y_controls with its .dist-info (built by Debian's pip, with
#   no RECORD: pip leaves a package dpkg owns alone), byte-compiled by postinst and cleaned by
#   prerm as dh_python3's snippets do;
# - Depends and Recommends computed by dpkg-shlibdeps: from what the binaries link, and from the
#   libraries they load at run time (dlopen), through a stub that references the very functions
#   the shims look up (packaging/deb/lazy-libraries.c): libspeechd and libbrlapi in Depends,
#   libasound (tones), liblouis (contracted braille) and libdbus-1 (Orca 49+'s service) in
#   Recommends, with brltty and
#   speech-dispatcher.
#
# Environment: DEB_MAINTAINER ("Name <address>") for the Maintainer field.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
release=.build/release
work=$repo/.build/deb
stage=$work/debian/a11y-controls
maintainer=${DEB_MAINTAINER:-a11y-controls maintainers <a11y-controls@lists.example.org>}

say() { echo "deb: $*" >&2; }
[[ -x $release/a11y-demo && -f $release/liba11y-controls.so ]] || { say "build first: make install-build"; exit 1; }

version=$("$release/a11y-demo" --version | cut -d' ' -f2)
# The version is the C header's (A11Y_CONTROLS_VERSION, which a11y-demo is built with); the
# changelog's newest entry must be that version's.
changelog_version=$(sed -n '1s/^a11y-controls (\([^)]*\)).*/\1/p' packaging/deb/changelog)
if [[ $changelog_version != "$version" ]]; then
    say "packaging/deb/changelog's newest entry is version '$changelog_version', the program is '$version' (include/a11y_controls.h): add an entry"
    exit 1
fi
architecture=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
libdir=usr/lib/$multiarch
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
rm -rf "$work"
mkdir -p "$stage"

# What make install lays out.
make --no-print-directory install-files DESTDIR="$stage" PREFIX=/usr LIBDIR="lib/$multiarch" BUILD_DIR="$release" >/dev/null

# The C library, self-contained.
objects=$repo/$release/a11y-controls.product/Objects.LinkFileList
[[ -f $objects ]] || { say "no $objects: build first (make install-build)"; exit 1; }
rm -f "$stage/$libdir/liba11y-controls.so"
swiftc -emit-library -module-name a11y_controls -static-stdlib -o "$stage/$libdir/liba11y-controls.so.$version" \
    -Xlinker --gc-sections -Xlinker -soname -Xlinker liba11y-controls.so.0 -Xlinker -z -Xlinker now -Xlinker -z -Xlinker relro \
    -Xlinker --version-script="$repo/packaging/deb/exports.map" "@$objects" -lm
chmod 644 "$stage/$libdir/liba11y-controls.so.$version"
ln -s "liba11y-controls.so.$version" "$stage/$libdir/liba11y-controls.so.0"
ln -s liba11y-controls.so.0 "$stage/$libdir/liba11y-controls.so"
sed -i -e 's| -Wl,-rpath,${libdir}||' "$stage/$libdir/pkgconfig/a11y-controls.pc"
# a11y-demo's RUNPATH ($ORIGIN, from SwiftPM's link) finds nothing in /usr/bin.
chrpath -d "$stage/usr/bin/a11y-demo" >/dev/null
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/a11y-demo" \
    "$stage/$libdir/liba11y-controls.so.$version"
gzip -9n "$stage/usr/share/man/man1/a11y-demo.1"

# The Python module for Debian's python3, with its metadata from a wheel: the pure one (A11Y_CONTROLS_WHEEL_LIBRARY=none,
# bindings/python/build_backend), since the package's library is the one in /usr/lib/<multiarch>.
python_dir=$stage/usr/lib/python3/dist-packages
mkdir -p "$python_dir" "$work/python"
cp -r bindings/python "$work/python/source"
A11Y_CONTROLS_WHEEL_LIBRARY=none /usr/bin/python3 -m pip wheel -q --no-build-isolation --no-index --no-deps -w "$work/python" "$work/python/source" \
    >"$work/python/wheel.log" 2>&1 || { tail -n 20 "$work/python/wheel.log" >&2; exit 1; }
/usr/bin/python3 - "$work"/python/a11y_controls-*.whl "$python_dir" <<'PYTHON'
import sys, zipfile
wheel, target = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as archive:
    for name in archive.namelist():
        # RECORD lists the files for pip to uninstall: dpkg owns them.
        if not name.endswith(".dist-info/RECORD"):
            archive.extract(name, target)
PYTHON
printf 'debian\n' >"$(echo "$python_dir"/a11y_controls-*.dist-info)/INSTALLER"
find "$python_dir" -type f -exec chmod 644 {} + ; find "$python_dir" -type d -exec chmod 755 {} +

# Documentation.
doc=$stage/usr/share/doc/a11y-controls
install -d "$doc"
install -m 644 packaging/deb/copyright "$doc/copyright"
install -m 644 README.md "$doc/README.md"
install -m 644 docs/user-guide.md docs/embedding.md "$doc/"
install -m 644 bindings/python/README.md "$doc/README.python.md"
sed -e "s|@MAINTAINER@|$maintainer|" -e "s|@DATE@|$(date -R -d @"$epoch")|" \
    packaging/deb/changelog | gzip -9n >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# Dependencies: what the binaries link, and what they load at run time.
# (dpkg-shlibdeps knows a package's tree by its DEBIAN directory.)
lazy=$work/debian/lazy/usr/lib
mkdir -p "$lazy" "$work/debian/lazy/DEBIAN" "$stage/DEBIAN"
cflags=$(pkg-config --cflags speech-dispatcher)
cc -shared -fPIC -w -DA11Y_DEPENDS $cflags -o "$lazy/lazy-depends.so" packaging/deb/lazy-libraries.c \
    -Wl,--no-as-needed -lspeechd -lbrlapi
cc -shared -fPIC -w -DA11Y_RECOMMENDS $cflags -o "$lazy/lazy-recommends.so" packaging/deb/lazy-libraries.c \
    -Wl,--no-as-needed -lasound -llouis -ldbus-1
printf 'Source: a11y-controls\n\nPackage: a11y-controls\nArchitecture: any\n' >"$work/debian/control"
# libspeechd's version is the one speech is known to work with (docs/packaging.md), not the
# oldest its symbols allow: debian/shlibs.local takes the place of its symbols file.
install -m 644 packaging/deb/shlibs.local "$work/debian/shlibs.local"
substvars=$(cd "$work" && dpkg-shlibdeps -O -edebian/a11y-controls/usr/bin/a11y-demo \
    -edebian/a11y-controls/$libdir/liba11y-controls.so.$version \
    -dDepends -edebian/lazy/usr/lib/lazy-depends.so -dRecommends -edebian/lazy/usr/lib/lazy-recommends.so)
depends=$(sed -n 's/^shlibs:Depends=//p' <<<"$substvars")
recommends=$(sed -n 's/^shlibs:Recommends=//p' <<<"$substvars")
recommends="${recommends:+$recommends, }brltty, speech-dispatcher"
[[ $depends == *libspeechd* && $depends == *libbrlapi* ]] || { say "dpkg-shlibdeps gave no speech or braille library: $substvars"; exit 1; }

# The control area.
control=$stage/DEBIAN
install -d "$control"
installed_size=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCHITECTURE@|$architecture|" -e "s|@MAINTAINER@|$maintainer|" \
    -e "s|@INSTALLED_SIZE@|$installed_size|" -e "s|@DEPENDS@|$depends|" -e "s|@RECOMMENDS@|$recommends|" \
    packaging/deb/control.in >"$control/control"
sed -e "s|@VERSION@|$version|" packaging/deb/shlibs >"$control/shlibs"
install -m 644 packaging/deb/triggers "$control/triggers"
install -m 755 packaging/deb/postinst packaging/deb/prerm "$control/"
(cd "$stage" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$control/md5sums"
chmod 644 "$control/control" "$control/shlibs" "$control/md5sums"

deb=$work/a11y-controls_${version}_${architecture}.deb
# The files' times are the last commit's (SOURCE_DATE_EPOCH): the same tree gives the same package.
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
say "$(basename "$deb"): $(du -k "$deb" | cut -f1) KB, $installed_size KB installed, $(find "$stage/usr" -type f | wc -l) files"
say "Depends: $depends"
say "Recommends: $recommends"

# lintian: errors fail the build; warnings are printed (docs/packaging.md explains them), the
# informational tags counted.
if command -v lintian >/dev/null; then
    lint=$(lintian --tag-display-limit 0 --display-info "$deb" 2>/dev/null || true)
    grep -E '^(E|W): ' <<<"$lint" | sed 's/^/deb: lintian: /' >&2 || true
    say "lintian: $(grep -c '^E: ' <<<"$lint" || true) errors, $(grep -c '^W: ' <<<"$lint" || true) warnings," \
        "$(grep -c '^I: ' <<<"$lint" || true) notes ($(grep '^I: ' <<<"$lint" | cut -d' ' -f3 | sort -u | tr '\n' ' '))"
    if grep -q '^E: ' <<<"$lint"; then say "lintian reports errors"; exit 1; fi
else
    say "lintian is not installed (apt-get install lintian): not checked"
fi
echo "$deb"
