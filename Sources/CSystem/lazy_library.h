#ifndef A11Y_LAZY_LIBRARY_H
#define A11Y_LAZY_LIBRARY_H
// A C library loaded when it is first needed instead of linked (CAlsa and CLouis: most sessions
// need neither tones nor contracted braille, and a library that is not loaded costs no memory and
// no start-up). Each shim keeps one slot per library and looks each function up once.
#include <dlfcn.h>
#include <stddef.h>

// The library `soname`, loaded into `*slot` at the first call (NULL when it cannot be: dlerror()
// says why, right after).
static inline void *a11y_lazy_library(void **slot, const char *soname) {
    void *loaded = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!loaded) {
        loaded = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (loaded) __atomic_store_n(slot, loaded, __ATOMIC_RELEASE);
    }
    return loaded;
}

// Defines a11y_<name>_library(): the library `soname`, loaded at the first call (NULL when it
// cannot be), and a11y_<name>_load_error(): why it could not be loaded (dlerror's text), or NULL.
#define A11Y_LAZY_LIBRARY(name, soname)                                                     \
    static inline void *a11y_##name##_library(void) {                                       \
        static void *slot;                                                                  \
        return a11y_lazy_library(&slot, soname);                                            \
    }                                                                                       \
    static inline const char *a11y_##name##_load_error(void) {                              \
        return a11y_##name##_library() ? NULL : dlerror();                                  \
    }

// Declares `found`: the function `name` of `library` (an expression giving the library's handle
// or NULL), looked up once; NULL without the library or the function.
#define A11Y_LAZY_FUNCTION(library, name)                                                   \
    static __typeof__(&name) function;                                                      \
    __typeof__(&name) found = __atomic_load_n(&function, __ATOMIC_ACQUIRE);                 \
    if (!found) {                                                                           \
        void *loaded = (library);                                                           \
        if (loaded) {                                                                       \
            found = (__typeof__(&name))dlsym(loaded, #name);                                \
            __atomic_store_n(&function, found, __ATOMIC_RELEASE);                           \
        }                                                                                   \
    }

// The body of a function that returns what `name` of `library` returns for the arguments, or
// `fallback` without the library or the function.
#define A11Y_LAZY_CALL(library, name, fallback, ...)                                        \
    A11Y_LAZY_FUNCTION(library, name)                                                       \
    return found ? found(__VA_ARGS__) : fallback;
#endif
