#ifndef A11Y_CSPEECH_SHIM_H
#define A11Y_CSPEECH_SHIM_H
// libspeechd, seen from Swift. Only Sources/A11yControls/Devices imports this module.
#include <speech-dispatcher/libspeechd.h>
#endif
