#ifndef A11Y_CBRL_SHIM_H
#define A11Y_CBRL_SHIM_H
// BrlAPI, seen from Swift. Only Sources/A11yDevices imports this module for the product
// (a11y-bench also calls BrlAPI itself, for its bare floor, and links it).
//
// libbrlapi is loaded when it is first needed, not linked: linked, it and the libraries it
// needs (libsystemd, gcrypt, lz4, zstd, lzma) would load at every start before main.
// a11y-demo starts loading it on a thread of its own before main (Sources/DemoStart), while
// the command line is read; other programs load it at their first BrlAPI call. A11yDevices calls the a11y_brlapi*
// functions below, each BrlAPI's function of the same name (all looked up as the library
// loads); libbrlapi.so.0.8 is the ABI of the headers (Sources/DemoStart loads it by that name too).
#include <brlapi.h>
// The packet types an exception handler is told (BRLAPI_PACKET_WRITE): nothing here builds or
// reads packets, libbrlapi does the whole conversation.
#include <brlapi_protocol.h>
#include <stdio.h>
#include "../CSystem/lazy_library.h"

// a11y_brlapi_functions() and a11y_brlapi_load_error().
#define A11Y_BRLAPI_FUNCTIONS(X) \
    X(brlapi_error_location) X(brlapi_strerror_r) X(brlapi_getHandleSize) X(brlapi__openConnection) \
    X(brlapi__closeConnection) X(brlapi__enterTtyModeWithPath) X(brlapi__leaveTtyMode) \
    X(brlapi__getDisplaySize) X(brlapi__write) X(brlapi__readKey) X(brlapi__acceptKeys) \
    X(brlapi__acceptKeyRanges) X(brlapi__ignoreKeyRanges) X(brlapi__getParameter) X(brlapi__getParameterAlloc) \
    X(brlapi__setParameter) X(brlapi__watchParameter) X(brlapi__setExceptionHandler) X(brlapi__strexception) \
    X(brlapi_describeKeyCode)
A11Y_LAZY_LIBRARY(brlapi, "libbrlapi.so.0.8", A11Y_BRLAPI_FUNCTIONS)
#define A11Y_BRLAPI_CALL(name, fallback, ...) A11Y_LAZY_CALL(a11y_brlapi_functions(), name, fallback, __VA_ARGS__)

// Without the library: this error, whose message (a11y_brlapi_strerror_r) says why.
static inline brlapi_error_t *a11y_brlapi_error_location(void) {
    static __thread brlapi_error_t unloaded = { .brlerrno = BRLAPI_ERROR_OPNOTSUPP };
    A11Y_BRLAPI_CALL(brlapi_error_location, &unloaded)
}
static inline size_t a11y_brlapi_strerror_r(const brlapi_error_t *error, char *buf, size_t buflen) {
    A11Y_LAZY_FUNCTION(a11y_brlapi_functions(), brlapi_strerror_r)
    if (found) return found(error, buf, buflen);
    const char *why = a11y_brlapi_load_error();
    return (size_t)snprintf(buf, buflen, "libbrlapi cannot be loaded: %s", why ? why : "not found");
}
static inline size_t a11y_brlapi_getHandleSize(void) { A11Y_BRLAPI_CALL(brlapi_getHandleSize, 1) }
static inline brlapi_fileDescriptor a11y_brlapi__openConnection(brlapi_handle_t *h, const brlapi_connectionSettings_t *desired,
                                                                brlapi_connectionSettings_t *actual) {
    A11Y_BRLAPI_CALL(brlapi__openConnection, (brlapi_fileDescriptor)-1, h, desired, actual)
}
// The calls on a connection: a connection exists only when the library was loaded.
static inline void a11y_brlapi__closeConnection(brlapi_handle_t *h) {
    A11Y_LAZY_FUNCTION(a11y_brlapi_functions(), brlapi__closeConnection)
    if (found) found(h);
}
static inline int a11y_brlapi__enterTtyModeWithPath(brlapi_handle_t *h, const int *ttys, int count, const char *driver) {
    A11Y_BRLAPI_CALL(brlapi__enterTtyModeWithPath, -1, h, ttys, count, driver)
}
static inline int a11y_brlapi__leaveTtyMode(brlapi_handle_t *h) { A11Y_BRLAPI_CALL(brlapi__leaveTtyMode, -1, h) }
static inline int a11y_brlapi__getDisplaySize(brlapi_handle_t *h, unsigned int *x, unsigned int *y) {
    A11Y_BRLAPI_CALL(brlapi__getDisplaySize, -1, h, x, y)
}
static inline int a11y_brlapi__write(brlapi_handle_t *h, const brlapi_writeArguments_t *arguments) {
    A11Y_BRLAPI_CALL(brlapi__write, -1, h, arguments)
}
static inline int a11y_brlapi__readKey(brlapi_handle_t *h, int wait, brlapi_keyCode_t *code) {
    A11Y_BRLAPI_CALL(brlapi__readKey, -1, h, wait, code)
}
static inline int a11y_brlapi__acceptKeys(brlapi_handle_t *h, brlapi_rangeType_t type, const brlapi_keyCode_t keys[], unsigned int count) {
    A11Y_BRLAPI_CALL(brlapi__acceptKeys, -1, h, type, keys, count)
}
static inline int a11y_brlapi__acceptKeyRanges(brlapi_handle_t *h, const brlapi_range_t ranges[], unsigned int count) {
    A11Y_BRLAPI_CALL(brlapi__acceptKeyRanges, -1, h, ranges, count)
}
static inline int a11y_brlapi__ignoreKeyRanges(brlapi_handle_t *h, const brlapi_range_t ranges[], unsigned int count) {
    A11Y_BRLAPI_CALL(brlapi__ignoreKeyRanges, -1, h, ranges, count)
}
static inline ssize_t a11y_brlapi__getParameter(brlapi_handle_t *h, brlapi_param_t parameter, brlapi_param_subparam_t subparam,
                                                brlapi_param_flags_t flags, void *data, size_t len) {
    A11Y_BRLAPI_CALL(brlapi__getParameter, -1, h, parameter, subparam, flags, data, len)
}
static inline brlapi_paramCallbackDescriptor_t a11y_brlapi__watchParameter(brlapi_handle_t *h, brlapi_param_t parameter,
        brlapi_param_subparam_t subparam, brlapi_param_flags_t flags, brlapi_paramCallback_t callback, void *priv, void *data, size_t len) {
    A11Y_BRLAPI_CALL(brlapi__watchParameter, NULL, h, parameter, subparam, flags, callback, priv, data, len)
}
static inline void *a11y_brlapi__getParameterAlloc(brlapi_handle_t *h, brlapi_param_t parameter, brlapi_param_subparam_t subparam,
                                                   brlapi_param_flags_t flags, size_t *len) {
    A11Y_BRLAPI_CALL(brlapi__getParameterAlloc, NULL, h, parameter, subparam, flags, len)
}
static inline int a11y_brlapi__setParameter(brlapi_handle_t *h, brlapi_param_t parameter, brlapi_param_subparam_t subparam,
                                            brlapi_param_flags_t flags, const void *data, size_t len) {
    A11Y_BRLAPI_CALL(brlapi__setParameter, -1, h, parameter, subparam, flags, data, len)
}
static inline brlapi__exceptionHandler_t a11y_brlapi__setExceptionHandler(brlapi_handle_t *h, brlapi__exceptionHandler_t handler) {
    A11Y_BRLAPI_CALL(brlapi__setExceptionHandler, NULL, h, handler)
}
static inline int a11y_brlapi__strexception(brlapi_handle_t *h, char *buffer, size_t bufferSize, int error, brlapi_packetType_t type,
                                            const void *packet, size_t packetSize) {
    A11Y_BRLAPI_CALL(brlapi__strexception, -1, h, buffer, bufferSize, error, type, packet, packetSize)
}
static inline int a11y_brlapi_describeKeyCode(brlapi_keyCode_t code, brlapi_describedKeyCode_t *description) {
    A11Y_BRLAPI_CALL(brlapi_describeKeyCode, -1, code, description)
}
#undef A11Y_BRLAPI_CALL

// The key code constants below are macros built with UINT64_C or with function-like macros
// (BRLAPI_KEY_CMD(x)), which Swift cannot import ("structure not supported"). Each is
// re-exported under an A11Y_ prefix with its C value; they can go when Swift imports the macros.

// Key code layout (brlapi_keycodes.h): flags | type | code; for commands, code = block | argument.
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_FLAGS_MASK = BRLAPI_KEY_FLAGS_MASK;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_TYPE_MASK = BRLAPI_KEY_TYPE_MASK;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_TYPE_CMD = BRLAPI_KEY_TYPE_CMD;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_TYPE_SYM = BRLAPI_KEY_TYPE_SYM;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CODE_MASK = BRLAPI_KEY_CODE_MASK;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CMD_BLK_MASK = BRLAPI_KEY_CMD_BLK_MASK;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CMD_ARG_MASK = BRLAPI_KEY_CMD_ARG_MASK;

// Commands (brlapi_constants.h). They exclude the type bit: compare after masking with
// A11Y_BRLAPI_KEY_CODE_MASK (or A11Y_BRLAPI_KEY_CMD_BLK_MASK for blocks such as ROUTE).
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CMD_LNUP = BRLAPI_KEY_CMD_LNUP;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CMD_LNDN = BRLAPI_KEY_CMD_LNDN;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CMD_FWINLT = BRLAPI_KEY_CMD_FWINLT;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CMD_FWINRT = BRLAPI_KEY_CMD_FWINRT;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CMD_ROUTE = BRLAPI_KEY_CMD_ROUTE;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_CMD_PASSDOTS = BRLAPI_KEY_CMD_PASSDOTS;

// Keysyms (X11 values) a display can send as keyboard keys.
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_BACKSPACE = BRLAPI_KEY_SYM_BACKSPACE;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_TAB = BRLAPI_KEY_SYM_TAB;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_LINEFEED = BRLAPI_KEY_SYM_LINEFEED;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_ESCAPE = BRLAPI_KEY_SYM_ESCAPE;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_HOME = BRLAPI_KEY_SYM_HOME;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_LEFT = BRLAPI_KEY_SYM_LEFT;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_UP = BRLAPI_KEY_SYM_UP;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_RIGHT = BRLAPI_KEY_SYM_RIGHT;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_DOWN = BRLAPI_KEY_SYM_DOWN;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_PAGE_UP = BRLAPI_KEY_SYM_PAGE_UP;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_PAGE_DOWN = BRLAPI_KEY_SYM_PAGE_DOWN;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_END = BRLAPI_KEY_SYM_END;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_INSERT = BRLAPI_KEY_SYM_INSERT;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_FUNCTION = BRLAPI_KEY_SYM_FUNCTION;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_DELETE = BRLAPI_KEY_SYM_DELETE;
static const brlapi_keyCode_t A11Y_BRLAPI_KEY_SYM_UNICODE = BRLAPI_KEY_SYM_UNICODE;

// The type of the packet an exception names (a character literal, which Swift does not import):
// a refused write.
static const uint32_t A11Y_BRLAPI_PACKET_WRITE = BRLAPI_PACKET_WRITE;

// BRLAPI_WRITEARGUMENTS_INITIALIZER is a designated-initializer macro: Swift cannot use it.
// This returns the same defaults (default display, whole display, cursor left where it is).
static inline brlapi_writeArguments_t a11y_brlapi_writeArguments(void) {
    brlapi_writeArguments_t arguments = BRLAPI_WRITEARGUMENTS_INITIALIZER;
    return arguments;
}

#endif
