"""The build backend of the a11y-controls Python package (pyproject.toml's ``build-backend``).

setuptools' own backend (``setuptools.build_meta``) builds the package; a wheel then gets the C
library it drives, built from the repository this folder is part of:

- ``scripts/wheel-library.sh`` runs the Swift release build and links ``liba11y-controls.so``
  with the Swift runtime in it, so that it needs only the system's C library at load time, and
  compiles the message catalogs;
- the wheel carries them as ``a11y_controls/lib/liba11y-controls.so`` and
  ``a11y_controls/share/locale/<language>/LC_MESSAGES/a11y-controls.mo`` (the library finds the
  catalogs at ``../share/locale`` from its own directory, as in an installation under a prefix);
- its platform tag is computed from the library: ``manylinux_<major>_<minor>_<machine>`` for the
  newest ``GLIBC_*`` symbol version the library needs (read from its ELF version-needs table),
  with ``py3-none``: the package is pure Python over ctypes and suits every Python 3; the library
  is checked to need nothing but libc, libm and the dynamic loader.

What goes in is chosen by the ``library`` config setting (``pip install --config-settings
library=none``) or the ``A11Y_CONTROLS_WHEEL_LIBRARY`` environment variable:

- ``build`` (the default): as above; a clear error when there is no Swift toolchain or no
  repository around this folder (the folder copied elsewhere, an sdist);
- ``none``: the pure wheel (``py3-none-any``) without the library, which the package then finds
  where it is installed (the Debian package, ``make install``, ``A11Y_CONTROLS_LIBRARY``).

sdists and editable installs are setuptools' own, without the library.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from typing import Dict, List, Mapping, Optional, Sequence, Set, Tuple, Union

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 (the hooks this module does not change)

#: The config setting and the environment variable that choose what the wheel carries.
LIBRARY_SETTING = "library"
LIBRARY_VARIABLE = "A11Y_CONTROLS_WHEEL_LIBRARY"
#: The library's file name and where the wheel holds it, the catalogs beside it.
LIBRARY_FILE = "liba11y-controls.so"
PACKAGE = "a11y_controls"
LIBRARY_ENTRY = PACKAGE + "/lib/" + LIBRARY_FILE
LOCALE_ENTRY = PACKAGE + "/share/locale/"
#: The libraries the wheel's library may need: the C library's own.
ALLOWED_NEEDED = ("libc.so.6", "libm.so.6", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1")
#: ELF machines (e_machine) and their names in platform tags.
MACHINES = {62: "x86_64", 183: "aarch64"}

ConfigSettings = Optional[Mapping[str, Union[str, List[str]]]]


class BuildError(SystemExit):
    """A build that cannot go on: the message, without a traceback, in pip's output."""

    def __init__(self, message: str) -> None:
        super().__init__("a11y-controls: " + message)


def _source_directory() -> str:
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _repository() -> Optional[str]:
    """The repository that bindings/python is part of, or None."""
    repository = os.path.dirname(os.path.dirname(_source_directory()))
    if all(os.path.exists(os.path.join(repository, part)) for part in
           ("Package.swift", "include/a11y_controls.h", "scripts/wheel-library.sh")):
        return repository
    return None


def library_choice(config_settings: ConfigSettings = None,
                   environment: Mapping[str, str] = os.environ) -> str:
    """``build`` or ``none``, from the config setting, else the environment variable."""
    value = (config_settings or {}).get(LIBRARY_SETTING)
    if isinstance(value, list):
        value = value[-1] if value else None
    choice = value or environment.get(LIBRARY_VARIABLE) or "build"
    if choice not in ("build", "none"):
        raise BuildError("%s (or --config-settings %s=...) must be 'build' or 'none', not %r"
                         % (LIBRARY_VARIABLE, LIBRARY_SETTING, choice))
    return choice


# The ELF facts the tag and the checks need.

class ElfFacts:
    """What a shared library needs: its machine, DT_NEEDED entries and GLIBC symbol versions."""

    def __init__(self, machine: int, needed: List[str], versions: Dict[str, Set[str]], runpath: List[str]) -> None:
        self.machine = machine
        self.needed = needed
        #: The versions needed, by the library that defines them ("libc.so.6": {"GLIBC_2.34", ...}).
        self.versions = versions
        self.runpath = runpath

    def glibc(self) -> Tuple[int, int]:
        """The newest glibc version the library's symbols need, (major, minor)."""
        newest = (2, 0)
        for library, names in self.versions.items():
            for name in names:
                if not name.startswith("GLIBC_"):
                    continue
                number = name[len("GLIBC_"):]
                if number == "ABI_DT_RELR":  # packed relative relocations: glibc 2.36
                    version = (2, 36)
                elif number == "PRIVATE":
                    raise BuildError("%s needs GLIBC_PRIVATE symbols of %s: it would load with this one glibc only"
                                     % (LIBRARY_FILE, library))
                else:
                    try:
                        parts = [int(part) for part in number.split(".")]
                    except ValueError:
                        raise BuildError("%s needs an unknown glibc version %s" % (LIBRARY_FILE, name)) from None
                    version = (parts[0], parts[1] if len(parts) > 1 else 0)
                newest = max(newest, version)
        return newest

    def platform_tag(self) -> str:
        major, minor = self.glibc()
        machine = MACHINES.get(self.machine)
        if machine is None:
            raise BuildError("%s is for ELF machine %d, which has no platform tag here" % (LIBRARY_FILE, self.machine))
        return "manylinux_%d_%d_%s" % (major, minor, machine)


def elf_facts(path: str) -> ElfFacts:
    """Reads a 64-bit little-endian ELF shared library's dynamic section and version needs."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise BuildError("%s is not a 64-bit little-endian ELF file" % path)
    (machine,) = struct.unpack_from("<H", data, 18)
    (shoff,) = struct.unpack_from("<Q", data, 40)
    shentsize, shnum = struct.unpack_from("<HH", data, 58)
    sections = []
    for index in range(shnum):
        # sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size, sh_link, sh_info, sh_addralign, sh_entsize
        sections.append(struct.unpack_from("<IIQQQQIIQQ", data, shoff + index * shentsize))

    def string(table: int, offset: int) -> str:
        start = sections[table][4] + offset
        return data[start:data.index(b"\0", start)].decode("utf-8", "replace")

    needed: List[str] = []
    runpath: List[str] = []
    versions: Dict[str, Set[str]] = {}
    for section in sections:
        kind, offset, size, link = section[1], section[4], section[5], section[6]
        if kind == 6:  # SHT_DYNAMIC: d_tag, d_val
            for position in range(offset, offset + size, 16):
                tag, value = struct.unpack_from("<qQ", data, position)
                if tag == 0:
                    break
                if tag == 1:  # DT_NEEDED
                    needed.append(string(link, value))
                elif tag in (15, 29):  # DT_RPATH, DT_RUNPATH
                    runpath.append(string(link, value))
        elif kind == 0x6FFFFFFE:  # SHT_GNU_verneed: Verneed entries, each with its Vernaux list
            position = offset
            while True:
                _, count, file_name, aux, following = struct.unpack_from("<HHIII", data, position)
                library = string(link, file_name)
                auxiliary = position + aux
                for _ in range(count):
                    _, _, _, name, next_aux = struct.unpack_from("<IHHII", data, auxiliary)
                    versions.setdefault(library, set()).add(string(link, name))
                    auxiliary += next_aux
                if not following:
                    break
                position += following
    return ElfFacts(machine, needed, versions, runpath)


def check_library(path: str) -> ElfFacts:
    """The library's facts, once it is known to be loadable on a system without Swift."""
    facts = elf_facts(path)
    extra = [name for name in facts.needed if name not in ALLOWED_NEEDED]
    if extra:
        raise BuildError("%s needs %s at load time: a wheel's library may need only the C library (%s); "
                         "it must be linked with the Swift runtime in it (scripts/wheel-library.sh)"
                         % (path, ", ".join(extra), ", ".join(ALLOWED_NEEDED[:2])))
    if facts.runpath:
        raise BuildError("%s has a RUNPATH (%s): the wheel's library must not" % (path, ":".join(facts.runpath)))
    return facts


# Building the library.

def build_library(directory: str) -> None:
    """scripts/wheel-library.sh into ``directory`` (lib/ and share/locale)."""
    repository = _repository()
    if repository is None:
        raise BuildError(
            "this folder is not inside the a11y-controls repository (no ../../Package.swift and "
            "scripts/wheel-library.sh), so the C library cannot be built for the wheel. Install from the "
            "repository's bindings/python, or set %s=none for a wheel without the library (the package then "
            "needs liba11y-controls.so installed: the Debian package, make install, or A11Y_CONTROLS_LIBRARY)"
            % LIBRARY_VARIABLE)
    missing = [tool for tool in ("swift", "swiftc") if shutil.which(tool) is None]
    if missing:
        raise BuildError(
            "no Swift toolchain found: %s not on PATH. Building this package from source builds its C "
            "library (liba11y-controls.so) with Swift 6: install the Swift toolchain for Linux and put its "
            "usr/bin on PATH; or install a wheel built elsewhere (make wheel), or set %s=none for a wheel "
            "without the library" % (" and ".join(missing), LIBRARY_VARIABLE))
    script = os.path.join(repository, "scripts", "wheel-library.sh")
    sys.stderr.write("a11y-controls: building the C library (%s)\n" % script)
    sys.stderr.flush()
    done = subprocess.run([script, directory], stdout=subprocess.DEVNULL, cwd=repository)
    if done.returncode != 0:
        raise BuildError("building the C library failed (%s exited with status %d; its output is above)"
                         % (script, done.returncode))


# Putting it into the wheel.

def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def _entry_time() -> Tuple[int, int, int, int, int, int]:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = time.gmtime(max(int(epoch), 315532800)) if epoch and epoch.isdigit() else time.gmtime()
    return moment[:6]


def add_library(wheel: str, files: str, wheel_directory: str) -> str:
    """A new wheel in ``wheel_directory`` from the pure ``wheel``, with the library and catalogs of
    ``files`` and the platform tag; returns its file name."""
    library = os.path.join(files, "lib", LIBRARY_FILE)
    facts = check_library(library)
    platform = facts.platform_tag()
    name = os.path.basename(wheel)
    distribution, version, python, abi, _ = name[:-len(".whl")].split("-")
    target_name = "%s-%s-%s-%s-%s.whl" % (distribution, version, python, abi, platform)
    dist_info = "%s-%s.dist-info/" % (distribution, version)
    stamp = _entry_time()

    entries: List[Tuple[zipfile.ZipInfo, bytes]] = []
    with zipfile.ZipFile(wheel) as source:
        for info in source.infolist():
            if info.filename in (dist_info + "RECORD",) or info.filename.startswith((LIBRARY_ENTRY, LOCALE_ENTRY)):
                continue
            data = source.read(info.filename)
            if info.filename == dist_info + "WHEEL":
                # Header lines only (the file ends with a blank line, which would end the headers
                # before the two lines added).
                lines = [line for line in data.decode("utf-8").splitlines()
                         if line.strip() and not line.startswith(("Root-Is-Purelib:", "Tag:"))]
                lines += ["Root-Is-Purelib: false", "Tag: %s-%s-%s" % (python, abi, platform)]
                data = ("\n".join(lines) + "\n").encode("utf-8")
            entries.append((info, data))

    def new_entry(path: str, data: bytes, mode: int) -> Tuple[zipfile.ZipInfo, bytes]:
        info = zipfile.ZipInfo(path, date_time=stamp)
        info.external_attr = (0o100000 | mode) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        return info, data

    added = []
    with open(library, "rb") as file:
        added.append(new_entry(LIBRARY_ENTRY, file.read(), 0o755))
    locale = os.path.join(files, "share", "locale")
    for root, directories, names in os.walk(locale):
        directories.sort()
        for file_name in sorted(names):
            path = os.path.join(root, file_name)
            with open(path, "rb") as file:
                added.append(new_entry(LOCALE_ENTRY + os.path.relpath(path, locale).replace(os.sep, "/"),
                                       file.read(), 0o644))
    # The package's files first, the .dist-info last, RECORD at the very end.
    package = [entry for entry in entries if not entry[0].filename.startswith(dist_info)]
    metadata = [entry for entry in entries if entry[0].filename.startswith(dist_info)]
    ordered = package + added + metadata

    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for info, data in ordered:
        writer.writerow([info.filename, _record_hash(data), len(data)])
    writer.writerow([dist_info + "RECORD", "", ""])
    record_info = zipfile.ZipInfo(dist_info + "RECORD", date_time=stamp)
    record_info.external_attr = 0o100644 << 16
    record_info.compress_type = zipfile.ZIP_DEFLATED
    ordered.append((record_info, record.getvalue().encode("utf-8")))

    target = os.path.join(wheel_directory, target_name)
    partial = target + ".part"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for info, data in ordered:
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    os.replace(partial, target)
    return target_name


def build_wheel(wheel_directory: str, config_settings: ConfigSettings = None,
                metadata_directory: Optional[str] = None) -> str:
    """PEP 517: the wheel, with the library unless the ``library`` setting is ``none``."""
    if library_choice(config_settings) == "none":
        return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))
    with tempfile.TemporaryDirectory(prefix="a11y-controls-wheel-") as work:
        files = os.path.join(work, "files")
        build_library(files)
        pure_directory = os.path.join(work, "pure")
        os.mkdir(pure_directory)
        settings = {key: value for key, value in (config_settings or {}).items() if key != LIBRARY_SETTING}
        pure = _setuptools.build_wheel(pure_directory, settings or None, metadata_directory)
        return add_library(os.path.join(pure_directory, pure), files, wheel_directory)


def main(arguments: Sequence[str]) -> int:
    """``python3 a11y_controls_build.py tag LIBRARY``: the platform tag of a library (for the checks)."""
    if len(arguments) == 2 and arguments[0] == "tag":
        print(check_library(arguments[1]).platform_tag())
        return 0
    sys.stderr.write("usage: a11y_controls_build.py tag LIBRARY\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
