#ifndef A11Y_CLOUIS_SHIM_H
#define A11Y_CLOUIS_SHIM_H
// liblouis (braille translation), seen from Swift. Only Sources/A11yDevices imports this module.
// pkg-config's liblouis.pc adds -I/usr/include/liblouis.
#include <liblouis.h>
#endif
