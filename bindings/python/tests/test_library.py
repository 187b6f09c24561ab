"""Finding liba11y-controls.so: A11Y_CONTROLS_LIBRARY, the package's lib/ (a wheel's), the package's
own directory, the system's library path; a clear error when it is nowhere; the package imports
without it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import a11y_controls
from conftest import run_python

LIBRARY = a11y_controls.library_path()


def test_the_library_is_the_one_asked_for_and_its_version_is_the_packages() -> None:
    if os.environ.get("A11Y_CONTROLS_LIBRARY"):
        assert LIBRARY == os.environ["A11Y_CONTROLS_LIBRARY"]
    assert a11y_controls.library_version() == a11y_controls.__version__ == "0.1.0"


def test_a_missing_library_is_a_clear_error_at_first_use_not_at_import() -> None:
    done = run_python(
        "import a11y_controls\n"
        "print('imported')\n"
        "try:\n"
        "    a11y_controls.Engine('stepper')\n"
        "except a11y_controls.LibraryNotFoundError as error:\n"
        "    print(isinstance(error, OSError), error)\n",
        environment={"A11Y_CONTROLS_LIBRARY": "/nonexistent/liba11y-controls.so"},
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert lines[0] == "imported"
    assert lines[1].startswith("True A11Y_CONTROLS_LIBRARY=/nonexistent/liba11y-controls.so cannot be loaded: ")


def test_nowhere_lists_where_it_looked() -> None:
    done = run_python(
        "import a11y_controls, a11y_controls._library as l\n"
        "l.candidates = lambda: iter(['/nowhere/a/liba11y-controls.so', '/nowhere/b/liba11y-controls.so'])\n"
        "try:\n"
        "    a11y_controls.ask_number()\n"
        "except a11y_controls.LibraryNotFoundError as error:\n"
        "    print(error)\n",
        environment={"A11Y_CONTROLS_LIBRARY": ""},
    )
    message = done.stdout.decode()
    assert message.startswith("liba11y-controls.so not found; looked for it in: /nowhere/a/liba11y-controls.so, "
                              "/nowhere/b/liba11y-controls.so."), done.stderr
    assert "A11Y_CONTROLS_LIBRARY" in message


def test_the_packages_own_directory_is_searched_before_the_system(tmp_path: Path) -> None:
    package = tmp_path / "a11y_controls"
    shutil.copytree(Path(a11y_controls.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(LIBRARY, package / "liba11y-controls.so")
    done = run_python("import a11y_controls; print(a11y_controls.library_path())",
                      environment={"A11Y_CONTROLS_LIBRARY": "", "PYTHONPATH": str(tmp_path)})
    assert done.stdout.decode().strip() == str(package / "liba11y-controls.so"), done.stderr


def test_a_file_that_is_not_the_library_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "liba11y-controls.so"
    other.write_bytes(b"not an ELF file")
    done = run_python(
        "import a11y_controls\n"
        "try:\n"
        "    a11y_controls.library_version()\n"
        "except a11y_controls.LibraryNotFoundError as error:\n"
        "    print(error)\n",
        environment={"A11Y_CONTROLS_LIBRARY": str(other)},
    )
    assert done.stdout.decode().startswith("A11Y_CONTROLS_LIBRARY=%s cannot be loaded" % other), done.stderr


def test_another_shared_library_is_refused_by_name(tmp_path: Path) -> None:
    done = run_python(
        "import a11y_controls\n"
        "try:\n"
        "    a11y_controls.library_version()\n"
        "except a11y_controls.LibraryNotFoundError as error:\n"
        "    print(error)\n",
        environment={"A11Y_CONTROLS_LIBRARY": "libm.so.6"},
    )
    assert done.stdout.decode().startswith("libm.so.6 does not export a11y_version"), done.stderr


def test_preferences_are_checked_through_the_library(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.write_text("speech = off\nverbosity = chatty\n")
    done = run_python(
        "import a11y_controls\n"
        "try:\n"
        "    a11y_controls.check_preferences()\n"
        "except a11y_controls.OptionError as error:\n"
        "    print(error)\n",
        environment={"A11Y_CONTROLS_CONFIG": str(config)},
    )
    assert done.stdout.decode() == (
        "Error: %s:2: The value 'chatty' is invalid for 'verbosity': expected terse, normal or verbose\n" % config
    ), done.stderr
    assert a11y_controls.check_preferences() is None


def _package_copy(tmp_path: Path) -> Path:
    package = tmp_path / "a11y_controls"
    shutil.copytree(Path(a11y_controls.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    return package


def test_the_wheels_lib_directory_is_searched_first(tmp_path: Path) -> None:
    package = _package_copy(tmp_path)
    (package / "lib").mkdir()
    shutil.copy(LIBRARY, package / "lib" / "liba11y-controls.so")
    # A packager's library in the package's own directory comes after the wheel's.
    (package / "liba11y-controls.so").write_bytes(b"not an ELF file")
    done = run_python("import a11y_controls; print(a11y_controls.library_path())",
                      environment={"A11Y_CONTROLS_LIBRARY": "", "PYTHONPATH": str(tmp_path)})
    assert done.stdout.decode().strip() == str(package / "lib" / "liba11y-controls.so"), done.stderr


def test_the_environment_overrides_the_wheels_library(tmp_path: Path) -> None:
    package = _package_copy(tmp_path)
    (package / "lib").mkdir()
    shutil.copy(LIBRARY, package / "lib" / "liba11y-controls.so")
    done = run_python("import a11y_controls; print(a11y_controls.library_path())",
                      environment={"A11Y_CONTROLS_LIBRARY": LIBRARY, "PYTHONPATH": str(tmp_path)})
    assert done.stdout.decode().strip() == LIBRARY, done.stderr


def test_the_wheels_library_finds_the_catalogs_beside_it(tmp_path: Path) -> None:
    """A wheel holds lib/liba11y-controls.so and share/locale: the library finds the catalogs from
    where it is, as in an installation under a prefix, with A11Y_LOCALEDIR unset."""
    compiled = os.environ.get("A11Y_LOCALEDIR")
    assert compiled and (Path(compiled) / "de" / "LC_MESSAGES" / "a11y-controls.mo").is_file(), \
        "A11Y_LOCALEDIR must name the compiled catalogs (make python-test sets it to .build/locale)"
    package = _package_copy(tmp_path)
    (package / "lib").mkdir()
    shutil.copy(LIBRARY, package / "lib" / "liba11y-controls.so")
    shutil.copytree(compiled, package / "share" / "locale")
    code = ("import a11y_controls\n"
            "with a11y_controls.Engine('stepper', '--language', 'de', '--label', 'Kopien') as engine:\n"
            "    print(engine.take_speech().splitlines()[0])\n")
    done = run_python(code, environment={"A11Y_CONTROLS_LIBRARY": "", "A11Y_LOCALEDIR": "", "PYTHONPATH": str(tmp_path)})
    assert done.stdout.decode().startswith("Kopien, Einstellknopf, 1, von 1 bis 99."), done.stderr
