/*
 * The C API of a11y-controls in two ways (include/a11y_controls.h):
 *
 *   stepper-example [OPTIONS...]          a stepper, modally (a11y-demo's stepper OPTIONS);
 *                                         prints the value on Enter
 *   stepper-example --engine [OPTIONS...] the same stepper driven by this program's own loop:
 *                                         keys from standard input, and what to say and the
 *                                         braille line printed as they come
 *
 * Build:  cc stepper.c -o stepper-example $(pkg-config --cflags --libs a11y-controls)
 * Exit status: 0 accepted, 1 cancelled, 2 an error (the message on stderr).
 */
#include <a11y_controls.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void print_and_free(const char *prefix, char *text) {
    if (text == NULL) return;
    char *line = text, *end;
    while (*line && (end = strchr(line, '\n')) != NULL) {
        printf("%s%.*s\n", prefix, (int)(end - line), line);
        line = end + 1;
    }
    a11y_free(text);
}

static int run_engine(char **options) {
    const char *arguments[64] = {"stepper"};
    int count = 1;
    for (; options[count - 1] != NULL && count < 63; count++) arguments[count] = options[count - 1];
    arguments[count] = NULL;
    a11y_engine *engine = a11y_engine_new(arguments);
    if (engine == NULL) {
        fprintf(stderr, "%s\n", a11y_last_error());
        return 2;
    }
    double start = now();
    print_and_free("say: ", a11y_engine_take_speech(engine));
    int outcome = A11Y_OK;
    unsigned char buffer[256];
    while (outcome == A11Y_OK) {
        ssize_t n = read(STDIN_FILENO, buffer, sizeof buffer);
        outcome = n > 0 ? a11y_engine_feed_bytes(engine, buffer, (size_t)n, now() - start)
                        : a11y_engine_end_of_input(engine, now() - start);
        if (outcome < 0) {
            fprintf(stderr, "%s\n", a11y_last_error());
            break;
        }
        print_and_free("say: ", a11y_engine_take_speech(engine));
        char *braille = a11y_engine_braille(engine);
        printf("braille: %s\n", braille);
        a11y_free(braille);
    }
    if (outcome == A11Y_ACCEPTED) {
        char *line = a11y_engine_result_line(engine);
        printf("%s\n", line);
        a11y_free(line);
    }
    a11y_engine_free(engine);
    return outcome == A11Y_ACCEPTED ? 0 : outcome < 0 ? 2 : 1;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--engine") == 0) return run_engine(argv + 2);
    double value = 0;
    int outcome = a11y_stepper_run((const char *const *)(argv + 1), &value);
    if (outcome < 0) {
        fprintf(stderr, "%s\n", a11y_last_error());
        return 2;
    }
    if (outcome != A11Y_ACCEPTED) return 1;
    printf("%g\n", value);
    return 0;
}
