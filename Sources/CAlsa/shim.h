#ifndef A11Y_CALSA_SHIM_H
#define A11Y_CALSA_SHIM_H
// libasound (ALSA), seen from Swift. Only Sources/A11yDevices (TonePlayer) imports this module.
#include <alsa/asoundlib.h>

// ALSA prints its own errors on stderr ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM
// foo"); the program says one line of its own instead. The handler is variadic, which Swift cannot
// write, hence this shim.
static void a11y_alsa_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void a11y_alsa_silence_errors(void) { snd_lib_error_set_handler(a11y_alsa_quiet); }
#endif
