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

// The path of the file (the program or a shared library) that `address` lies in, as dladdr(3)
// gives it (glibc gives argv[0] for the main program); NULL when none. dladdr is a GNU extension:
// declared here as glibc declares it, with Dl_info's layout, when <dlfcn.h> hides it.
#include <dlfcn.h>
#ifdef __USE_GNU
static inline const char *a11y_object_path(const void *address) {
    Dl_info info;
    return dladdr(address, &info) != 0 ? info.dli_fname : (const char *)0;
}
#else
typedef struct {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
} a11y_dl_info;
extern int dladdr(const void *address, void *info);
static inline const char *a11y_object_path(const void *address) {
    a11y_dl_info info;
    return dladdr(address, &info) != 0 ? info.dli_fname : (const char *)0;
}
#endif

// One descriptor readable while any of several is ready (epoll(7)): what a host program's loop
// waits on for an embedded control. Wrapped because struct epoll_event is packed on x86-64, a
// layout Swift does not import.
#include <sys/epoll.h>
static inline int a11y_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
// epoll_ctl(2) of `fd` for `op` (A11Y_EPOLL_ADD, _MOD, _DEL), waited for readability (`hang_up`
// 0) or for the other end hanging up only (`hang_up` 1).
enum { A11Y_EPOLL_ADD = EPOLL_CTL_ADD, A11Y_EPOLL_MOD = EPOLL_CTL_MOD, A11Y_EPOLL_DEL = EPOLL_CTL_DEL };
static inline int a11y_epoll_control(int epfd, int op, int fd, int hang_up) {
    struct epoll_event event = { .events = hang_up ? (EPOLLRDHUP | EPOLLHUP | EPOLLERR) : EPOLLIN, .data = { .fd = fd } };
    return epoll_ctl(epfd, op, fd, &event);
}
#endif
