#ifndef A11Y_CALSA_SHIM_H
#define A11Y_CALSA_SHIM_H
// libasound (ALSA), seen from Swift. Only Sources/A11yDevices (TonePlayer) imports this module.
//
// libasound is loaded when tones are first played (`--tones on`), not linked: a session without
// tones does not map it (neither its memory nor the library's relocations at every start).
// TonePlayer calls the a11y_snd_* functions below, each the ALSA function of the same name
// (looked up as the library loads); the ALSA functions themselves are only declared here, never
// called.
#include <alsa/asoundlib.h>
#include <errno.h>
#include "../CSystem/lazy_library.h"

// a11y_alsa_functions() and a11y_alsa_load_error(); A11Y_ALSA_FUNCTION(name) declares `found`,
// the library's function `name` (looked up as the library loads).
#define A11Y_ALSA_FUNCTIONS(X) \
    X(snd_lib_error_set_handler) X(snd_pcm_open) X(snd_pcm_set_params) X(snd_pcm_close) \
    X(snd_pcm_drain) X(snd_pcm_prepare) X(snd_pcm_recover) X(snd_pcm_writei) \
    X(snd_pcm_sw_params_malloc) X(snd_pcm_sw_params_free) X(snd_pcm_sw_params_current) \
    X(snd_pcm_sw_params_set_start_threshold) X(snd_pcm_sw_params) X(snd_strerror)
A11Y_LAZY_LIBRARY(alsa, "libasound.so.2", A11Y_ALSA_FUNCTIONS)
#define A11Y_ALSA_FUNCTION(name) A11Y_LAZY_FUNCTION(a11y_alsa_functions(), name)

// ALSA prints its own errors on stderr ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM
// foo"); the program says one line of its own instead. The handler is variadic, which Swift cannot
// write, hence this shim.
static void a11y_alsa_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void a11y_alsa_silence_errors(void) {
    A11Y_ALSA_FUNCTION(snd_lib_error_set_handler)
    if (found) found(a11y_alsa_quiet);
}

static inline int a11y_snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode) {
    A11Y_ALSA_FUNCTION(snd_pcm_open)
    return found ? found(pcm, name, stream, mode) : -ENOSYS;
}
static inline int a11y_snd_pcm_set_params(snd_pcm_t *pcm, snd_pcm_format_t format, snd_pcm_access_t access,
                                          unsigned int channels, unsigned int rate, int resample, unsigned int latency) {
    A11Y_ALSA_FUNCTION(snd_pcm_set_params)
    return found ? found(pcm, format, access, channels, rate, resample, latency) : -ENOSYS;
}
static inline int a11y_snd_pcm_close(snd_pcm_t *pcm) {
    A11Y_ALSA_FUNCTION(snd_pcm_close)
    return found ? found(pcm) : -ENOSYS;
}
static inline int a11y_snd_pcm_drain(snd_pcm_t *pcm) {
    A11Y_ALSA_FUNCTION(snd_pcm_drain)
    return found ? found(pcm) : -ENOSYS;
}
static inline int a11y_snd_pcm_prepare(snd_pcm_t *pcm) {
    A11Y_ALSA_FUNCTION(snd_pcm_prepare)
    return found ? found(pcm) : -ENOSYS;
}
static inline int a11y_snd_pcm_recover(snd_pcm_t *pcm, int err, int silent) {
    A11Y_ALSA_FUNCTION(snd_pcm_recover)
    return found ? found(pcm, err, silent) : -ENOSYS;
}
static inline snd_pcm_sframes_t a11y_snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size) {
    A11Y_ALSA_FUNCTION(snd_pcm_writei)
    return found ? found(pcm, buffer, size) : -ENOSYS;
}
static inline int a11y_snd_pcm_sw_params_malloc(snd_pcm_sw_params_t **parameters) {
    A11Y_ALSA_FUNCTION(snd_pcm_sw_params_malloc)
    return found ? found(parameters) : -ENOSYS;
}
static inline void a11y_snd_pcm_sw_params_free(snd_pcm_sw_params_t *parameters) {
    A11Y_ALSA_FUNCTION(snd_pcm_sw_params_free)
    if (found) found(parameters);
}
static inline int a11y_snd_pcm_sw_params_current(snd_pcm_t *pcm, snd_pcm_sw_params_t *parameters) {
    A11Y_ALSA_FUNCTION(snd_pcm_sw_params_current)
    return found ? found(pcm, parameters) : -ENOSYS;
}
static inline int a11y_snd_pcm_sw_params_set_start_threshold(snd_pcm_t *pcm, snd_pcm_sw_params_t *parameters,
                                                             snd_pcm_uframes_t threshold) {
    A11Y_ALSA_FUNCTION(snd_pcm_sw_params_set_start_threshold)
    return found ? found(pcm, parameters, threshold) : -ENOSYS;
}
static inline int a11y_snd_pcm_sw_params(snd_pcm_t *pcm, snd_pcm_sw_params_t *parameters) {
    A11Y_ALSA_FUNCTION(snd_pcm_sw_params)
    return found ? found(pcm, parameters) : -ENOSYS;
}
static inline const char *a11y_snd_strerror(int error) {
    A11Y_ALSA_FUNCTION(snd_strerror)
    return found ? found(error) : "libasound.so.2 is not loaded";
}
#endif
