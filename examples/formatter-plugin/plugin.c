/*
 * Example formatter plugin: MIDI note numbers as musical notes.
 *
 * A slider or stepper over 0...127 (e.g. a transpose or a tuner control) shows "C♯4" on screen,
 * says "C sharp 4" and brailles "C#4" (middle C is 60 = C4). Values off the MIDI range get the
 * host's default text.
 */
#include "a11y_formatter_plugin.h"

#include <math.h>
#include <stdio.h>

static const char *const visual_names[12] = {
    "C", "C\u266F", "D", "D\u266F", "E", "F", "F\u266F", "G", "G\u266F", "A", "A\u266F", "B"
};
static const char *const spoken_names[12] = {
    "C", "C sharp", "D", "D sharp", "E", "F", "F sharp", "G", "G sharp", "A", "A sharp", "B"
};
static const char *const braille_names[12] = {
    "C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"
};

static int32_t format_note(double value, int32_t kind, const a11y_format_context *context,
                           char *buffer, size_t capacity) {
    (void)context;
    if (!isfinite(value)) return A11Y_FORMAT_NO_TEXT;
    long note = lround(value);
    if (note < 0 || note > 127) return A11Y_FORMAT_NO_TEXT;
    int pitch = (int)(note % 12);
    int octave = (int)(note / 12) - 1;
    int n;
    switch (kind) {
    case A11Y_TEXT_VISUAL: n = snprintf(buffer, capacity, "%s%d", visual_names[pitch], octave); break;
    case A11Y_TEXT_SPOKEN:
        n = octave < 0 ? snprintf(buffer, capacity, "%s minus %d", spoken_names[pitch], -octave)
                       : snprintf(buffer, capacity, "%s %d", spoken_names[pitch], octave);
        break;
    case A11Y_TEXT_BRAILLE: n = snprintf(buffer, capacity, "%s%d", braille_names[pitch], octave); break;
    default: return A11Y_FORMAT_NO_TEXT;
    }
    return n < 0 ? A11Y_FORMAT_ERROR : (int32_t)n;
}

static const a11y_formatter_plugin table = {
    .abi_version = A11Y_FORMATTER_ABI_VERSION,
    .fraction_digits = 0,
    .name = "musical notes",
    .format = format_note,
};

const a11y_formatter_plugin *a11y_formatter_plugin_v1(void) { return &table; }
