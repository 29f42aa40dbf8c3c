#ifndef CSYSTEMSHIMS_H
#define CSYSTEMSHIMS_H

// The few Linux calls and flags the daemon's clock and its child processes need that
// Swift's Glibc module does not import: timerfd with its flags (macros),
// pipe2 with O_CLOEXEC, and posix_spawn's chdir action. Every symbol carries the
// module's name.

#ifdef __linux__
#include <spawn.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>

extern const int CSystemShims_TFD_TIMER_ABSTIME;
extern const int CSystemShims_TFD_TIMER_CANCEL_ON_SET;

/// timerfd_create(2) on CLOCK_REALTIME, closed on exec.
int CSystemShims_timerfd_realtime(void);
/// Gives the calling thread the lowest scheduling priority (nice 19), the rest of the
/// process unchanged.
void CSystemShims_lowest_thread_priority(void);
/// eventfd(2) starting at 0, non-blocking, closed on exec.
int CSystemShims_eventfd(void);

/// pipe2(fds, O_CLOEXEC): a pipe no spawned program inherits by accident.
int CSystemShims_pipe_cloexec(int fds[2]);
/// posix_spawn_file_actions_addchdir_np (glibc 2.29+): the child starts in `path`.
int CSystemShims_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);
/// Names the calling thread (at most 15 bytes kept), as `top -H` and /proc show it.
void CSystemShims_set_thread_name(const char *name);
/// prctl(PR_SET_CHILD_SUBREAPER, 1): orphaned descendants become this process's children
/// rather than init's, so the daemon can end those its commands left behind.
int CSystemShims_become_subreaper(void);
/// The user at the other end of a Unix socket (getsockopt SO_PEERCRED); -1 when unknown.
long CSystemShims_peer_uid(int fd);

/// Whether the calling thread is the process's first (main) thread.
int CSystemShims_is_main_thread(void);

/// libdispatch's main queue as a run loop sees it (what Foundation's CFRunLoop uses on
/// Linux): a descriptor readable when work for the main queue, such as the main actor's
/// jobs, is waiting, and the call that runs that work on the calling (main) thread.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);
#endif

#endif
