/*
 * a11y_formatter_plugin.h — the C ABI of a11y-controls formatter plugins, version 1.
 *
 * A plugin is a shared library that exports one function:
 *
 *     const a11y_formatter_plugin *a11y_formatter_plugin_v1(void);
 *
 * returning a pointer to a static table (it is never freed). The host checks `abi_version`, then
 * calls `format` for each of the three texts of a value: for the screen (VISUAL), for speech
 * (SPOKEN) and for a braille display (BRAILLE).
 *
 * format(value, kind, context, buffer, capacity):
 *   - writes UTF-8 text, one line, into `buffer` (at most `capacity` bytes including a NUL) and
 *     returns its length in bytes, without the NUL;
 *   - if the text needs `capacity` bytes or more, returns the length it needs (like snprintf):
 *     the host calls again with a larger buffer (the host gives up above 4096 bytes);
 *   - returns A11Y_FORMAT_NO_TEXT to use the default (visual: the decimal formatter; spoken and
 *     braille: the visual text), or A11Y_FORMAT_ERROR on failure (treated like NO_TEXT).
 *   It must be reentrant: the host may call it from more than one thread, never concurrently
 *   for the same buffer.
 *
 * The host never trusts the text: invalid UTF-8 becomes U+FFFD, escape sequences and control
 * characters are removed, bidi overrides are removed, and the length is capped, so a plugin
 * cannot corrupt the terminal, the speech protocol (SSIP) or the braille line.
 *
 * Write a plugin in C (see examples/formatter-plugin/plugin.c) or in Swift with @_cdecl("a11y_formatter_plugin_v1").
 * Build: cc -shared -fPIC -I<this directory> -o libmyformat.so myformat.c
 * Use:   a11y-demo --format plugin:/path/to/libmyformat.so
 */
#ifndef A11Y_FORMATTER_PLUGIN_H
#define A11Y_FORMATTER_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI version this header describes; a plugin puts it in `abi_version`. */
#define A11Y_FORMATTER_ABI_VERSION 1u

/** The exported entry point's name, for dlsym. */
#define A11Y_FORMATTER_PLUGIN_SYMBOL "a11y_formatter_plugin_v1"

/** Which text is asked for (the `kind` argument of `format`). */
enum {
    A11Y_TEXT_VISUAL = 0,  /**< for the screen, e.g. "C♯4" */
    A11Y_TEXT_SPOKEN = 1,  /**< for speech: words, no symbols a synthesizer mispronounces, e.g. "C sharp 4" */
    A11Y_TEXT_BRAILLE = 2  /**< for braille: short, e.g. "C#4" */
};

/** Negative results of `format`. */
enum {
    A11Y_FORMAT_NO_TEXT = -1, /**< no text of this kind: the host uses its default */
    A11Y_FORMAT_ERROR = -2    /**< failure: the host uses its default */
};

/** What the host knows of the control. */
typedef struct a11y_format_context {
    double minimum;           /**< lowest value of the track */
    double maximum;           /**< highest value of the track */
    int32_t fraction_digits;  /**< fraction digits the control shows */
    int32_t reserved;         /**< 0 */
    const char *locale;       /**< locale name from the environment, e.g. "de_DE.UTF-8"; never NULL */
} a11y_format_context;

/** The table a plugin returns. */
typedef struct a11y_formatter_plugin {
    /** Must be A11Y_FORMATTER_ABI_VERSION. */
    uint32_t abi_version;
    /** Fraction digits the plugin always shows, or -1 to follow the control. */
    int32_t fraction_digits;
    /** A short UTF-8 name, for messages. */
    const char *name;
    /** Writes one text of `value`; see the top of this file. */
    int32_t (*format)(double value, int32_t kind, const a11y_format_context *context,
                      char *buffer, size_t capacity);
} a11y_formatter_plugin;

/* The host reads these tables without including this header: their layout is part of the ABI. */
_Static_assert(offsetof(a11y_format_context, minimum) == 0, "ABI layout");
_Static_assert(offsetof(a11y_format_context, maximum) == 8, "ABI layout");
_Static_assert(offsetof(a11y_format_context, fraction_digits) == 16, "ABI layout");
_Static_assert(offsetof(a11y_format_context, locale) == 24, "ABI layout (64-bit)");
_Static_assert(offsetof(a11y_formatter_plugin, abi_version) == 0, "ABI layout");
_Static_assert(offsetof(a11y_formatter_plugin, fraction_digits) == 4, "ABI layout");
_Static_assert(offsetof(a11y_formatter_plugin, name) == 8, "ABI layout");
_Static_assert(offsetof(a11y_formatter_plugin, format) == 8 + sizeof(void *), "ABI layout");

/** The one symbol a plugin exports. */
const a11y_formatter_plugin *a11y_formatter_plugin_v1(void);

#ifdef __cplusplus
}
#endif

#endif /* A11Y_FORMATTER_PLUGIN_H */
