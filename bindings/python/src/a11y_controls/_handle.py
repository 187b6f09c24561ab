"""What the engine and the control share: a C object that the Python object owns, freed once
(by ``close()``, at the end of a ``with`` block, or when the Python object is collected), and a
lock that makes calls from several threads wait for each other."""

from __future__ import annotations

import threading
from typing import Any, ClassVar, Optional, TypeVar

_Owner = TypeVar("_Owner", bound="OwnedHandle")


class OwnedHandle:
    """The owner of one C handle. A subclass names the C function that frees it (``_free``) and
    the noun of its closed error (``_noun``), calls ``_own(library)`` before it makes the
    handle and sets ``_handle`` once it has one."""

    _free: ClassVar[str]
    _noun: ClassVar[str]
    _handle: Optional[int] = None

    def _own(self, library: Any) -> None:
        self._library = library
        self._lock = threading.Lock()

    def close(self) -> None:
        """Frees the C object; other calls then raise ``ValueError``. Closing twice is allowed."""
        with self._lock:
            handle, self._handle = self._handle, None
            if handle:
                getattr(self._library, self._free)(handle)

    def __enter__(self: _Owner) -> _Owner:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __del__(self) -> None:
        handle = self._handle
        if handle:
            self._handle = None
            getattr(self._library, self._free)(handle)

    @property
    def closed(self) -> bool:
        """True after ``close()``."""
        return self._handle is None

    def _live(self) -> int:
        """The handle, or ``ValueError`` once closed."""
        if self._handle is None:
            raise ValueError(f"the {self._noun} is closed")
        return self._handle
