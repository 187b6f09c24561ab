#ifndef A11Y_CBRL_SHIM_H
#define A11Y_CBRL_SHIM_H
// BrlAPI, seen from Swift. Only Sources/A11yControls/Devices imports this module.
// There is no brlapi.pc: the library is linked from module.modulemap.
#include <brlapi.h>
#endif
