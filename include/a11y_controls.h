/*
 * a11y_controls.h — the C API of a11y-controls: accessible range sliders and steppers for
 * terminal programs in any language, spoken through speech-dispatcher, shown on a braille
 * display through BrlAPI (BRLTTY) and drawn on the terminal.
 *
 * Build:  cc prog.c $(pkg-config --cflags --libs a11y-controls)
 *
 * Two ways to use it:
 *   1. Modal, like dialog: a11y_range_run / a11y_stepper_run take the terminal, the speech and
 *      the braille display until the user accepts or cancels, then give them back.
 *   2. Event-fed, for programs with their own event loop: create an engine, feed it bytes from
 *      the keyboard, braille display keys and ticks (with your own clock), and read back what to
 *      say, what to show in braille and what to draw; the engine does no I/O at all.
 *
 * Options are given as a11y-demo's command-line options, one string each, in a NULL-terminated
 * array: { "--min", "0", "--max", "500", "--step", "5", NULL }. They are checked exactly as
 * a11y-demo checks them (see `man a11y-demo`), and the user's preferences file
 * (~/.config/a11y-controls/config, or A11Y_CONTROLS_CONFIG) stands under them. NULL options
 * means none.
 *
 * Errors: every function returning int returns A11Y_OK (0) or a positive outcome on success,
 * a negative A11Y_ERROR_* on failure; functions returning a pointer return NULL on failure.
 * After a failure, a11y_last_error() gives a one-line message.
 *
 * Ownership: strings returned as `char *` are allocated by the library and belong to the
 * caller, who frees them with a11y_free(). The `const char *` of a11y_last_error() belongs to
 * the library. An engine belongs to its creator, who ends it with a11y_engine_free().
 *
 * Threads: an engine may be used from one thread at a time. The modal functions may not run
 * concurrently (there is one terminal).
 */
#ifndef A11Y_CONTROLS_H
#define A11Y_CONTROLS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define A11Y_CONTROLS_VERSION "0.1.0"

/* Success, and how a control ended (a11y_*_run, a11y_engine_outcome). */
#define A11Y_OK                   0  /* success; for an engine: still running */
#define A11Y_ACCEPTED             1  /* Enter: the values are chosen */
#define A11Y_CANCELLED            2  /* Escape, q, or the end of scripted input */
#define A11Y_INTERRUPTED          3  /* Ctrl-C */
#define A11Y_TIMED_OUT            4  /* --timeout: left untouched */

/* Errors (negative). */
#define A11Y_ERROR_NULL_ARGUMENT     (-1)  /* a required pointer was NULL */
#define A11Y_ERROR_INVALID_ARGUMENT  (-2)  /* a bad option, number, time or name */
#define A11Y_ERROR_SERVER_UNAVAILABLE (-3) /* --speech on / --braille on and the server is missing */
#define A11Y_ERROR_TERMINAL          (-4)  /* the terminal could not be set up */
#define A11Y_ERROR_FINISHED          (-5)  /* the engine's control has already ended */
#define A11Y_ERROR_WRONG_CONTROL     (-6)  /* e.g. range options given to a11y_stepper_run */

/* The message of the last failure in this process ("Error: ..."), or "" if none. Owned by the
 * library; valid until the next failing call. Never NULL. */
const char *a11y_last_error(void);

/* The library's version ("0.1.0"), as A11Y_CONTROLS_VERSION was when it was built: a program
 * loading the library at run time (ctypes, dlopen) checks it against the header it was written
 * for. Owned by the library; never NULL. */
const char *a11y_version(void);

/* Frees a string the library returned. NULL is allowed. */
void a11y_free(char *string);

/* Checks the user's preferences file as the controls will read it: A11Y_OK, or
 * A11Y_ERROR_INVALID_ARGUMENT with "Error: FILE:LINE: problem" in a11y_last_error(). */
int a11y_preferences_check(void);

/* ---- Modal controls ---------------------------------------------------------------------- */

/* A range slider (a11y-demo range OPTIONS). On A11Y_ACCEPTED, *lower and *upper hold the chosen
 * values (one handle, --single: both hold the value). lower and upper must not be NULL. */
int a11y_range_run(const char *const *options, double *lower, double *upper);

/* A stepper (a11y-demo stepper OPTIONS). On A11Y_ACCEPTED, *value holds the chosen value.
 * value must not be NULL. */
int a11y_stepper_run(const char *const *options, double *value);

/* ---- The event-fed engine ---------------------------------------------------------------- */

typedef struct a11y_engine a11y_engine;

/* A control for your own loop. `arguments` as a11y-demo's, starting with the subcommand:
 * { "stepper", "--value", "3", NULL } or { "range", "--single", NULL }; NULL: the showcase.
 * The engine starts at time 0 and has already queued its introduction. Returns NULL on error.
 * Its words are in the language of "--language" or of the locale, as a11y-demo's (the message
 * catalogs of the library's installation, or of A11Y_LOCALEDIR); its numbers are written as that
 * language writes them when "--language" names it, plainly ("1.5") otherwise. */
a11y_engine *a11y_engine_new(const char *const *arguments);

/* Ends an engine. NULL is allowed. */
void a11y_engine_free(a11y_engine *engine);

/* Feeds `length` bytes from the keyboard (raw terminal bytes: "\x1b[C" is Right) at `seconds`
 * (your clock, from any fixed origin, never going back). Returns the outcome (A11Y_OK while the
 * control runs) or an error. bytes may be NULL only when length is 0. */
int a11y_engine_feed_bytes(a11y_engine *engine, const unsigned char *bytes, size_t length, double seconds);

/* Feeds a braille display key by BRLTTY's command name: "LNUP", "LNDN", "FWINLT", "FWINRT",
 * "ROUTE" (argument: the cell, from 0), or any other name brltty-lscmds lists. */
int a11y_engine_feed_braille(a11y_engine *engine, const char *command, int argument, double seconds);

/* Tells the engine that time passed (held keys, the Escape timeout, --timeout). Call it at
 * a11y_engine_next_deadline() at the latest. */
int a11y_engine_tick(a11y_engine *engine, double seconds);

/* The end of scripted input: cancels unless accepted. */
int a11y_engine_end_of_input(a11y_engine *engine, double seconds);

/* When to call a11y_engine_tick next, in the engine's seconds; a negative value: nothing due. */
double a11y_engine_next_deadline(const a11y_engine *engine);

/* The braille display's width in cells (0: no display; the default is 40), 0...1000. */
int a11y_engine_set_braille_width(a11y_engine *engine, int cells);

/* The terminal row (from 1) where your program draws the first line of a11y_engine_screen(),
 * so that the mouse reports fed with a11y_engine_feed_bytes land on the control. Reports are
 * xterm's SGR encoding ("\x1b[<0;3;6M" is a left press at column 3, row 6; "...m" its release),
 * which the terminal sends once your program writes "\x1b[?1002h\x1b[?1006h" (and
 * "\x1b[?1006l\x1b[?1002l" before it exits). A press on a stepper's + or - steps, and repeats
 * while held (call a11y_engine_tick) until the release; a press on another control of the
 * showcase focuses it; the wheel steps; a press on the slider's track (drawn in ASCII by
 * a11y_engine_screen) moves the nearest handle there, a drag follows, the release ends it.
 * Reports land on the screen as a11y_engine_screen() last drew it (its width).
 * Until this is called, row 1 is the first line. row: 1...10000. */
int a11y_engine_set_screen_origin(a11y_engine *engine, int row);

/* What to say since the last call, one utterance a line (UTF-8), "" if nothing. Caller frees. */
char *a11y_engine_take_speech(a11y_engine *engine);

/* The braille line now, one character a cell, UTF-8: the label and values as text (the user's
 * braille table translates them) and the track as Unicode braille patterns (U+2800...); "" without
 * a display. Caller frees. */
char *a11y_engine_braille(const a11y_engine *engine);

/* The screen now, as plain text lines (no escape sequences; a slider's track in ASCII: '-' outside
 * the selection, '=' inside, '|' a handle, '#' the focused one), at `columns` (1...1000); mouse
 * reports are placed on this screen from now on. Caller frees. */
char *a11y_engine_screen(const a11y_engine *engine, int columns);

/* A11Y_OK while running, else how it ended. */
int a11y_engine_outcome(const a11y_engine *engine);

/* The values (lower and upper, or the one value; the showcase: lower, upper, value), at most
 * `capacity` written to `values`; returns how many there are. */
int a11y_engine_values(const a11y_engine *engine, double *values, int capacity);

/* The values as a11y-demo prints them ("10 90"; JSON with "--json"). Caller frees. */
char *a11y_engine_result_line(const a11y_engine *engine);

#ifdef __cplusplus
}
#endif

#endif /* A11Y_CONTROLS_H */
