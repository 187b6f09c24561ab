"""The build backend (build_backend/a11y_controls_build.py): what a wheel's library may need, the
platform tag computed from its GLIBC symbol versions (held to objdump's reading of the same file),
the pure wheel rewritten with the library and the catalogs, and clear errors without a Swift
toolchain or outside the repository. The wheel itself, built and installed in clean Debian
chroots: make wheel-check (scripts/wheel-check.sh)."""

from __future__ import annotations

import base64
import csv
import email.parser
import hashlib
import importlib.util
import io
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

import a11y_controls

BACKEND_DIRECTORY = Path(__file__).resolve().parent.parent / "build_backend"


def _load_backend(directory: Path) -> ModuleType:
    specification = importlib.util.spec_from_file_location("a11y_controls_build_%d" % id(directory),
                                                           directory / "a11y_controls_build.py")
    assert specification is not None and specification.loader is not None
    module = importlib.util.module_from_spec(specification)
    specification.loader.exec_module(module)
    return module


backend = _load_backend(BACKEND_DIRECTORY)

C_SOURCE = """
#include <dlfcn.h>
#include <math.h>
double a11y_grow(double x) { return exp(x); }
void *a11y_open(const char *name) { return dlopen(name, RTLD_NOW); }
"""


def _c_library(tmp_path: Path, *flags: str) -> Path:
    source = tmp_path / "library.c"
    source.write_text(C_SOURCE)
    library = tmp_path / "liba11y-controls.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(library), str(source), "-lm", *flags], check=True)
    return library


def _newest_glibc_by_objdump(library: Path) -> str:
    dump = subprocess.run(["objdump", "-T", str(library)], check=True, capture_output=True, text=True).stdout
    versions = {tuple(int(part) for part in found.split(".")) for found in re.findall(r"GLIBC_([0-9][0-9.]*)", dump)}
    newest = max(versions)
    return "%d_%d" % (newest[0], newest[1] if len(newest) > 1 else 0)


def test_the_tag_is_the_newest_glibc_version_the_symbols_need(tmp_path: Path) -> None:
    library = _c_library(tmp_path)
    facts = backend.check_library(str(library))
    assert set(facts.needed) <= {"libc.so.6", "libm.so.6"}, facts.needed
    assert "GLIBC_2.29" in facts.versions["libm.so.6"]  # exp's new version
    assert facts.platform_tag() == "manylinux_%s_x86_64" % _newest_glibc_by_objdump(library)


def test_a_library_with_the_swift_runtime_shared_is_refused() -> None:
    # The build tree's library (make python-test's) links the Swift runtime's shared libraries.
    with pytest.raises(SystemExit) as raised:
        backend.check_library(a11y_controls.library_path())
    assert "libswiftCore.so" in str(raised.value.code)
    assert "only the C library" in str(raised.value.code)


def test_a_library_with_a_runpath_is_refused(tmp_path: Path) -> None:
    library = _c_library(tmp_path, "-Wl,-rpath,/opt/somewhere", "-Wl,--enable-new-dtags")
    with pytest.raises(SystemExit) as raised:
        backend.check_library(str(library))
    assert "has a RUNPATH (/opt/somewhere)" in str(raised.value.code)


def test_the_choice_of_library() -> None:
    assert backend.library_choice(None, {}) == "build"
    assert backend.library_choice(None, {"A11Y_CONTROLS_WHEEL_LIBRARY": "none"}) == "none"
    assert backend.library_choice({"library": "build"}, {"A11Y_CONTROLS_WHEEL_LIBRARY": "none"}) == "build"
    assert backend.library_choice({"library": ["build", "none"]}, {}) == "none"
    with pytest.raises(SystemExit) as raised:
        backend.library_choice({"library": "static"}, {})
    assert str(raised.value.code) == ("a11y-controls: A11Y_CONTROLS_WHEEL_LIBRARY (or --config-settings library=...) "
                                      "must be "
                                      "'build' or 'none', not 'static'")


def _pure_wheel(directory: Path) -> Path:
    wheel = directory / "a11y_controls-0.1.0-py3-none-any.whl"
    files = {
        "a11y_controls/__init__.py": b"__version__ = '0.1.0'\n",
        "a11y_controls-0.1.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: a11y-controls\nVersion: 0.1.0\n",
        "a11y_controls-0.1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\n"
                                               b"Tag: py3-none-any\n\n",
        "a11y_controls-0.1.0.dist-info/RECORD": b"",
    }
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return wheel


def test_the_wheel_gets_the_library_the_catalogs_and_the_tag(tmp_path: Path) -> None:
    files = tmp_path / "files"
    (files / "lib").mkdir(parents=True)
    (files / "share" / "locale" / "de" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(_c_library(tmp_path), files / "lib" / "liba11y-controls.so")
    (files / "share" / "locale" / "de" / "LC_MESSAGES" / "a11y-controls.mo").write_bytes(b"catalog")
    (tmp_path / "out").mkdir()
    name = backend.add_library(str(_pure_wheel(tmp_path)), str(files), str(tmp_path / "out"))
    tag = "manylinux_%s_x86_64" % _newest_glibc_by_objdump(files / "lib" / "liba11y-controls.so")
    assert name == "a11y_controls-0.1.0-py3-none-%s.whl" % tag
    with zipfile.ZipFile(tmp_path / "out" / name) as archive:
        names = archive.namelist()
        assert names == ["a11y_controls/__init__.py", "a11y_controls/lib/liba11y-controls.so",
                         "a11y_controls/share/locale/de/LC_MESSAGES/a11y-controls.mo",
                         "a11y_controls-0.1.0.dist-info/METADATA", "a11y_controls-0.1.0.dist-info/WHEEL",
                         "a11y_controls-0.1.0.dist-info/RECORD"]
        wheel_file = archive.read("a11y_controls-0.1.0.dist-info/WHEEL").decode()
        assert wheel_file == "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: false\nTag: py3-none-%s\n" % tag
        headers = email.parser.Parser().parsestr(wheel_file)
        assert (headers["Root-Is-Purelib"], headers.get_all("Tag")) == ("false", ["py3-none-" + tag])
        assert archive.getinfo("a11y_controls/lib/liba11y-controls.so").external_attr >> 16 == 0o100755
        rows = list(csv.reader(io.StringIO(archive.read("a11y_controls-0.1.0.dist-info/RECORD").decode())))
        assert [row[0] for row in rows] == names
        assert rows[-1] == ["a11y_controls-0.1.0.dist-info/RECORD", "", ""]
        for path, digest, size in rows[:-1]:
            data = archive.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == ("sha256=" + expected, len(data)), path


def test_no_swift_toolchain_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SystemExit) as raised:
        backend.build_library(str(tmp_path / "files"))
    message = str(raised.value.code)
    assert message.startswith("a11y-controls: no Swift toolchain found: swift and swiftc not on PATH."), message
    assert "A11Y_CONTROLS_WHEEL_LIBRARY=none" in message


def test_outside_the_repository_is_a_clear_error(tmp_path: Path) -> None:
    copy = tmp_path / "python" / "build_backend"
    shutil.copytree(BACKEND_DIRECTORY, copy, ignore=shutil.ignore_patterns("__pycache__"))
    with pytest.raises(SystemExit) as raised:
        _load_backend(copy).build_library(str(tmp_path / "files"))
    assert "this folder is not inside the a11y-controls repository" in str(raised.value.code)


def test_the_tag_command_line(tmp_path: Path) -> None:
    library = _c_library(tmp_path)
    done = subprocess.run([sys.executable, str(BACKEND_DIRECTORY / "a11y_controls_build.py"), "tag", str(library)],
                          capture_output=True, text=True)
    assert done.stdout == "manylinux_%s_x86_64\n" % _newest_glibc_by_objdump(library), done.stderr
