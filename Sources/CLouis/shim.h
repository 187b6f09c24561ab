#ifndef A11Y_CLOUIS_SHIM_H
#define A11Y_CLOUIS_SHIM_H
// liblouis (braille translation), seen from Swift. Only Sources/A11yDevices imports this module.
//
// liblouis is loaded when contracted braille is first asked for (BRLTTY's literary braille
// preference, or --braille-table), not linked: most sessions never map it. BrailleContractor
// calls the a11y_lou_* functions below, each liblouis's function of the same name (looked
// up as the library loads); liblouis's own functions are only declared here, never called.
// liblouis.so.20 is the ABI of the header compiled against (liblouis-dev's liblouis.so points
// to it).
#include <liblouis/liblouis.h>
#include "../CSystem/lazy_library.h"

// a11y_louis_functions() and a11y_louis_load_error(); A11Y_LOUIS_FUNCTION(name) declares `found`,
// the library's function `name` (looked up as the library loads).
#define A11Y_LOUIS_FUNCTIONS(X) \
    X(lou_getTable) X(lou_translate) X(lou_setLogLevel)
A11Y_LAZY_LIBRARY(louis, "liblouis.so.20", A11Y_LOUIS_FUNCTIONS)
#define A11Y_LOUIS_FUNCTION(name) A11Y_LAZY_FUNCTION(a11y_louis_functions(), name)

static inline const void *a11y_lou_getTable(const char *tableList) {
    A11Y_LOUIS_FUNCTION(lou_getTable)
    return found ? found(tableList) : NULL;
}
static inline int a11y_lou_translate(const char *tableList, const widechar *inbuf, int *inlen, widechar *outbuf,
                                     int *outlen, formtype *typeform, char *spacing, int *outputPos, int *inputPos,
                                     int *cursorPos, int mode) {
    A11Y_LOUIS_FUNCTION(lou_translate)
    return found ? found(tableList, inbuf, inlen, outbuf, outlen, typeform, spacing, outputPos, inputPos, cursorPos, mode) : 0;
}
static inline void a11y_lou_setLogLevel(logLevels level) {
    A11Y_LOUIS_FUNCTION(lou_setLogLevel)
    if (found) found(level);
}
#endif
