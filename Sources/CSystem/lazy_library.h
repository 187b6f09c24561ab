#ifndef A11Y_LAZY_LIBRARY_H
#define A11Y_LAZY_LIBRARY_H
// A C library loaded when it is first needed instead of linked (libbrlapi and libspeechd, which
// load while the program starts; libasound and liblouis, which most sessions never need: a
// library that is not loaded costs no memory and no start-up).
//
// Every function a shim calls is looked up in the same call that loads the library, on the
// thread that loads it. Looked up one by one at their first calls, each lookup (dlsym) would wait
// for glibc's loader lock whenever another thread loads a library meanwhile: the braille
// connection's first calls would wait for libspeechd and GLib to load on the speech thread.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// One field per function of a library's list.
#define A11Y_LAZY_FIELD(name) __typeof__(&name) name;
#define A11Y_LAZY_LOOKUP(name) table.name = (__typeof__(&name))dlsym(table.library, #name);

// Defines a11y_<name>_functions(): the table of the library `soname` and of the functions of
// `FUNCTIONS` (a macro that applies its argument to each function's name), loaded and looked
// up at the first call (`library` and every function NULL when the library cannot be loaded;
// a function NULL when the library lacks it); and a11y_<name>_load_error(): why the library
// could not be loaded (dlerror's text), or NULL.
#define A11Y_LAZY_LIBRARY(name, soname, FUNCTIONS)                                         \
    struct a11y_##name##_table {                                                           \
        void *library;                                                                     \
        char error[256];                                                                   \
        FUNCTIONS(A11Y_LAZY_FIELD)                                                         \
    };                                                                                     \
    static inline struct a11y_##name##_table *a11y_##name##_storage(void) {                \
        static struct a11y_##name##_table table;                                           \
        return &table;                                                                     \
    }                                                                                      \
    static void a11y_##name##_load(void) {                                                 \
        struct a11y_##name##_table table = { dlopen(soname, RTLD_NOW | RTLD_LOCAL), "" };  \
        if (table.library) {                                                               \
            FUNCTIONS(A11Y_LAZY_LOOKUP)                                                    \
        } else {                                                                           \
            const char *why = dlerror();                                                   \
            snprintf(table.error, sizeof table.error, "%s", why ? why : "not found");      \
        }                                                                                  \
        *a11y_##name##_storage() = table;                                                  \
    }                                                                                      \
    static inline const struct a11y_##name##_table *a11y_##name##_functions(void) {        \
        static pthread_once_t once = PTHREAD_ONCE_INIT;                                    \
        pthread_once(&once, a11y_##name##_load);                                           \
        return a11y_##name##_storage();                                                    \
    }                                                                                      \
    static inline const char *a11y_##name##_load_error(void) {                             \
        const struct a11y_##name##_table *table = a11y_##name##_functions();               \
        return table->library ? NULL : table->error;                                       \
    }

// Declares `found`: the function `name` of `table` (an expression giving a library's table),
// NULL without the library or the function.
#define A11Y_LAZY_FUNCTION(table, name) __typeof__(&name) found = (table)->name;

// The body of a function that returns what `name` of `table` returns for the arguments, or
// `fallback` without the library or the function.
#define A11Y_LAZY_CALL(table, name, fallback, ...)                                          \
    A11Y_LAZY_FUNCTION(table, name)                                                         \
    return found ? found(__VA_ARGS__) : fallback;
#endif
