#ifndef A11Y_CBRL_SHIM_H
#define A11Y_CBRL_SHIM_H
// BrlAPI, seen from Swift. Only Sources/A11yControls/Devices imports this module.
// There is no brlapi.pc: the library is linked from module.modulemap.
#include <brlapi.h>
#include <brlapi_protocol.h>

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

// The packet type of a write (a character literal, which Swift does not import).
static const uint32_t A11Y_BRLAPI_PACKET_WRITE = BRLAPI_PACKET_WRITE;

// BRLAPI_WRITEARGUMENTS_INITIALIZER is a designated-initializer macro: Swift cannot use it.
// This returns the same defaults (default display, whole display, cursor left where it is).
static inline brlapi_writeArguments_t a11y_brlapi_writeArguments(void) {
    brlapi_writeArguments_t arguments = BRLAPI_WRITEARGUMENTS_INITIALIZER;
    return arguments;
}

#endif
