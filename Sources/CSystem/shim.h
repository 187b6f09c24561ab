#ifndef A11Y_CSYSTEM_SHIM_H
#define A11Y_CSYSTEM_SHIM_H
// GNU extensions of glibc that Swift's Glibc module hides (it is built without _GNU_SOURCE),
// declared as glibc declares them. Only A11yDevices and the test support import this module.
#include <spawn.h>
#include <sys/syscall.h>
#include <unistd.h>

// pipe(2) with O_CLOEXEC and O_NONBLOCK set atomically (glibc 2.9).
extern int pipe2(int pipefd[2], int flags);

// A spawned child closes every descriptor from `from` on (glibc 2.34).
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

// pidfd_open(2) (Linux 5.3): a descriptor that becomes readable when the process `pid` ends, so a
// loop that polls it learns of the end without waking up meanwhile. Through syscall(2): Swift
// cannot call the variadic syscall(), and glibc's wrapper is newer than some systems' glibc.
static inline int a11y_pidfd_open(int pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

#endif
