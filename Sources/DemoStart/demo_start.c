// a11y-demo's start-up, before any of its Swift code runs (a constructor of the program).
//
// libbrlapi (with the libraries it needs: libsystemd, gcrypt, lz4, zstd and lzma) is what the
// braille connection waits for first. Started from main, its thread would begin only after the
// Swift runtime's constructors; started here, it loads while the runtime starts and main reads the
// command line, so the first braille line comes sooner.
// A11yDevices' own dlopen at the first BrlAPI call then returns the same handle at once.
//
// LC_CTYPE is taken from the environment first, as a localised program does: libbrlapi, finding
// the C locale after entering tty mode, loads the environment's locale itself (newlocale, on the
// way to the first frame); here it is loaded on the main thread before anything waits for it.
// Nothing in the Swift code depends on the C locale.
#include <dlfcn.h>
#include <locale.h>
#include <pthread.h>
#include "demo_start.h"

static void *load_brlapi(void *unused) {
    (void)unused;
    // Kept loaded for the program's life: the handle is not closed. The soname is the one
    // Sources/CBrl/shim.h loads (A11Y_LAZY_LIBRARY(brlapi, ...)): change both together.
    (void)dlopen("libbrlapi.so.0.8", RTLD_NOW | RTLD_LOCAL);
    return NULL;
}

__attribute__((constructor)) static void start_loading_brlapi(void) {
    setlocale(LC_CTYPE, "");
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    (void)pthread_create(&thread, &attributes, load_brlapi, NULL);
    pthread_attr_destroy(&attributes);
}
