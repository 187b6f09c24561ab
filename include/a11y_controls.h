/*
 * a11y_controls.h — the C API of a11y-controls: accessible range sliders and steppers for
 * terminal programs in any language, spoken through speech-dispatcher, shown on a braille
 * display through BrlAPI (BRLTTY) and drawn on the terminal.
 *
 * Build:  cc prog.c $(pkg-config --cflags --libs a11y-controls)
 *
 * Three ways to use it:
 *   1. Modal, like dialog: a11y_range_run / a11y_stepper_run take the terminal, the speech and
 *      the braille display until the user accepts or cancels, then give them back.
 *   2. Event-fed, for programs with their own event loop: create an engine, feed it bytes from
 *      the keyboard, braille display keys and ticks (with your own clock), and read back what to
 *      say, what to show in braille and what to draw; the engine does no I/O at all.
 *   3. A control in your own screen and loop (a11y_control_*): you draw its lines where you
 *      want and give it keys, focus and blur; it speaks, shows itself on the braille display and
 *      follows the user's screen reader itself, as a11y-demo does.
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
#define A11Y_ERROR_NOT_FOCUSED       (-7)  /* a key for an a11y_control that has no focus */

/* What an a11y_control tells its host (a11y_control_next_event). */
#define A11Y_EVENT_NONE           0  /* nothing waits */
#define A11Y_EVENT_CHANGED        1  /* the user changed the value */
#define A11Y_EVENT_ACCEPTED       2  /* the user accepted (Enter): the control's turn ended */
#define A11Y_EVENT_CANCELLED      3  /* the user cancelled (Escape, Ctrl-C, --timeout): its turn ended */

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

/* ---- A control in your own screen and loop ---------------------------------------------- */

typedef struct a11y_control a11y_control;

/* A control for your own screen: `arguments` as a11y-demo's, starting with "range" or
 * "stepper" ({ "range", "--label", "Price", NULL }), drawn `columns` wide (1...10000). Nothing
 * is said or shown until a11y_control_focus(). The speech and braille options apply
 * ("--speech on": a missing server is an error at focus), and so does "--screen-reader".
 * Returns NULL on error. */
a11y_control *a11y_control_new(const char *const *arguments, int columns);

/* Gives the display and the speech back (as a11y_control_blur) and ends the control. NULL is
 * allowed. A program that exits without it still gives the display back. */
void a11y_control_free(a11y_control *control);

/* Gives the control the focus: it takes the braille display (BrlAPI tty mode on the program's
 * terminal; BRLTTY keeps the keys it does not use) and introduces itself. A11Y_OK, or
 * A11Y_ERROR_SERVER_UNAVAILABLE when a server required by the options cannot be reached. */
int a11y_control_focus(a11y_control *control);

/* Takes the focus away: the braille display goes back to BRLTTY at once and what is still being
 * said is cut short. */
int a11y_control_blur(a11y_control *control);

/* 1 when the control has the focus, 0 when not. Enter and Escape end its turn (the focus goes,
 * as with a11y_control_blur). */
int a11y_control_is_focused(const a11y_control *control);

/* A key by name, as frameworks deliver them: "right", "shift+tab", "ctrl+a", "+", "pageup",
 * "enter", "escape". A11Y_ERROR_INVALID_ARGUMENT for a name that names no key,
 * A11Y_ERROR_NOT_FOCUSED without the focus. */
int a11y_control_key(a11y_control *control, const char *name);

/* Bytes as the terminal sent them ("\x1b[C" is Right). Errors as a11y_control_key. */
int a11y_control_feed_bytes(a11y_control *control, const unsigned char *bytes, size_t length);

/* A mouse report placed on the control's lines (column and row from 0 in a11y_control_lines,
 * where you drew them): `button` "left", "middle", "right", "wheelup" or "wheeldown"; `kind`
 * "press", "drag" or "release". A press on the track moves the nearest handle there, a drag
 * follows, the release lets go; a stepper's + and - step; the wheel steps; off the control:
 * nothing. A11Y_ERROR_INVALID_ARGUMENT for another name or a negative place,
 * A11Y_ERROR_NOT_FOCUSED without the focus. */
int a11y_control_mouse(a11y_control *control, const char *button, const char *kind, int column, int row);

/* The descriptor to add to your loop (poll, select, asyncio's add_reader): when it is readable
 * call a11y_control_handle_ready(). It stays the same for the control's life; -1 when none
 * could be made. */
int a11y_control_fd(const a11y_control *control);

/* How many milliseconds your loop may sleep before calling a11y_control_handle_ready() even
 * when the descriptor is not readable (a held key's step, a lone Escape, a reconnection);
 * -1: nothing due (an idle control never wakes your loop). */
int a11y_control_timeout_ms(const a11y_control *control);

/* Handles braille keys, the servers' news and what is due. */
int a11y_control_handle_ready(a11y_control *control);

/* Draws the lines `columns` wide from now on (1...10000). */
int a11y_control_resize(a11y_control *control, int columns);

/* The lines to draw, one a line ending in "\n": plain text when `styled` is 0, with SGR styling
 * (each line reset at its end) otherwise; none wider than the columns. Caller frees. */
char *a11y_control_lines(const a11y_control *control, int styled);

/* Where the terminal's cursor belongs in the lines, from 0 (row and column must not be NULL). */
int a11y_control_cursor(const a11y_control *control, int *row, int *column);

/* The values (lower and upper, or the one value), at most `capacity` written to `values`;
 * returns how many there are. */
int a11y_control_values(const a11y_control *control, double *values, int capacity);

/* The oldest event not yet taken (A11Y_EVENT_NONE when none waits), removed from the queue.
 * With A11Y_EVENT_CHANGED and A11Y_EVENT_ACCEPTED, the values then (as a11y_control_values);
 * `values` may be NULL when `capacity` is 0. */
int a11y_control_next_event(a11y_control *control, double *values, int capacity);

#ifdef __cplusplus
}
#endif

#endif /* A11Y_CONTROLS_H */
