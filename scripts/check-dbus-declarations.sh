#!/usr/bin/env bash
# Compiles Sources/CDBus/shim.h after libdbus-1's own headers (libdbus-1-dev): each function the
# shim declares must be declared as libdbus declares it, and each constant must have libdbus's
# value, or this fails. Run by DBusSessionTests (make test).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/check.c" <<'C'
#include <dbus/dbus.h>
#define A11Y_DBUS_CHECK_DECLARATIONS 1
#include "shim.h"
_Static_assert(DBUS_TYPE_INVALID == '\0' && DBUS_TYPE_BOOLEAN == 'b' && DBUS_TYPE_UINT32 == 'u'
               && DBUS_TYPE_STRING == 's' && DBUS_MESSAGE_TYPE_ERROR == 3, "libdbus's constants");
int main(void) { return a11y_dbus_library_error() != NULL; }
C
# shellcheck disable=SC2046
cc -std=gnu11 -Wall -Werror -Wno-unused-function -I"$repo/Sources/CDBus" $(pkg-config --cflags dbus-1) \
    "$work/check.c" -o "$work/check" -ldl -lpthread
"$work/check"
echo "check-dbus-declarations: the shim's declarations match libdbus-1's headers, and libdbus-1.so.3 loads"
