#ifndef A11Y_DEMO_START_H
#define A11Y_DEMO_START_H
// a11y-demo's start-up: nothing to call. demo_start.c holds a constructor that runs before main
// (it starts loading libbrlapi); linking this target into a11y-demo is all it takes.
#endif
