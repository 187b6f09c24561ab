#ifndef A11Y_CSPEECH_SHIM_H
#define A11Y_CSPEECH_SHIM_H
// libspeechd, seen from Swift. Only Sources/A11yDevices imports this module for the product
// (a11y-bench also calls libspeechd itself, for its bare floor, and links it).
//
// libspeechd is loaded when speech first connects, on the speech connection's own thread, not
// linked: linked, it (and glib and pcre2, which it needs) would load at every start before main,
// on the way to the first braille frame; a session with speech off never maps it.
// SpeechDispatcher calls the a11y_spd_* functions below, each libspeechd's function of the same
// name (looked up as the library loads). libspeechd.so.2 is the ABI of the header compiled
// against.
#include <speech-dispatcher/libspeechd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../CSystem/lazy_library.h"

// a11y_speechd_functions() and a11y_speechd_load_error(); A11Y_SPEECHD_FUNCTION(name) declares
// `found`, the library's function `name` (looked up as the library loads).
#define A11Y_SPEECHD_FUNCTIONS(X) \
    X(spd_open2) X(spd_close) X(spd_stop) X(spd_cancel) X(spd_set_voice_rate) X(spd_set_voice_pitch) \
    X(spd_set_volume) X(spd_set_voice_type) X(spd_set_language) \
    X(spd_execute_command) X(spd_send_data) X(spd_get_output_module) X(spd_get_language) \
    X(spd_get_default_address) X(SPDConnectionAddress__free)
A11Y_LAZY_LIBRARY(speechd, "libspeechd.so.2", A11Y_SPEECHD_FUNCTIONS)
#define A11Y_SPEECHD_FUNCTION(name) A11Y_LAZY_FUNCTION(a11y_speechd_functions(), name)

// spd_open2; without libspeechd, NULL with *error_result saying why (malloc'd, as libspeechd's).
static inline SPDConnection *a11y_spd_open2(const char *client_name, const char *connection_name, const char *user_name,
                                            SPDConnectionMode mode, const SPDConnectionAddress *address, int autospawn,
                                            char **error_result) {
    A11Y_SPEECHD_FUNCTION(spd_open2)
    if (found) return found(client_name, connection_name, user_name, mode, address, autospawn, error_result);
    if (error_result) {
        const char *why = a11y_speechd_load_error();
        const char *prefix = "libspeechd cannot be loaded: ";
        size_t length = strlen(prefix) + strlen(why ? why : "not found") + 1;
        *error_result = malloc(length);
        if (*error_result) snprintf(*error_result, length, "%s%s", prefix, why ? why : "not found");
    }
    return NULL;
}

// The calls on a connection: a connection exists only when the library was loaded.
static inline void a11y_spd_close(SPDConnection *connection) {
    A11Y_SPEECHD_FUNCTION(spd_close)
    if (found) found(connection);
}
#define A11Y_SPEECHD_CALL(name, fallback, ...) A11Y_LAZY_CALL(a11y_speechd_functions(), name, fallback, __VA_ARGS__)
static inline int a11y_spd_stop(SPDConnection *c) { A11Y_SPEECHD_CALL(spd_stop, -1, c) }
static inline int a11y_spd_cancel(SPDConnection *c) { A11Y_SPEECHD_CALL(spd_cancel, -1, c) }
static inline int a11y_spd_set_voice_rate(SPDConnection *c, signed int rate) { A11Y_SPEECHD_CALL(spd_set_voice_rate, -1, c, rate) }
static inline int a11y_spd_set_voice_pitch(SPDConnection *c, signed int pitch) { A11Y_SPEECHD_CALL(spd_set_voice_pitch, -1, c, pitch) }
static inline int a11y_spd_set_volume(SPDConnection *c, signed int volume) { A11Y_SPEECHD_CALL(spd_set_volume, -1, c, volume) }
static inline int a11y_spd_set_voice_type(SPDConnection *c, SPDVoiceType type) { A11Y_SPEECHD_CALL(spd_set_voice_type, -1, c, type) }
static inline int a11y_spd_set_language(SPDConnection *c, const char *language) { A11Y_SPEECHD_CALL(spd_set_language, -1, c, language) }
static inline int a11y_spd_execute_command(SPDConnection *c, const char *command) { A11Y_SPEECHD_CALL(spd_execute_command, -1, c, command) }
static inline char *a11y_spd_send_data(SPDConnection *c, const char *message, int wfr) { A11Y_SPEECHD_CALL(spd_send_data, NULL, c, message, wfr) }
// The questions `a11y-demo --diagnose` asks (SSIP GET OUTPUT_MODULE, GET LANGUAGE): malloc'd answers.
static inline char *a11y_spd_get_output_module(SPDConnection *c) { A11Y_SPEECHD_CALL(spd_get_output_module, NULL, c) }
static inline char *a11y_spd_get_language(SPDConnection *c) { A11Y_SPEECHD_CALL(spd_get_language, NULL, c) }
// The address libspeechd connects to when given none (SPEECHD_ADDRESS, else its default socket);
// NULL without the library.
static inline SPDConnectionAddress *a11y_spd_get_default_address(char **error) { A11Y_SPEECHD_CALL(spd_get_default_address, NULL, error) }
static inline void a11y_SPDConnectionAddress__free(SPDConnectionAddress *address) {
    A11Y_SPEECHD_FUNCTION(SPDConnectionAddress__free)
    if (found) found(address);
}
#undef A11Y_SPEECHD_CALL
#endif
