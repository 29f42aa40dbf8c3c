#define _GNU_SOURCE
#include <sys/syscall.h>
#include <sys/resource.h>
#include "CSystemShims.h"

#ifdef __linux__
#include <fcntl.h>
#include <pthread.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

const int CSystemShims_TFD_TIMER_ABSTIME = TFD_TIMER_ABSTIME;
const int CSystemShims_TFD_TIMER_CANCEL_ON_SET = TFD_TIMER_CANCEL_ON_SET;

int CSystemShims_timerfd_realtime(void) { return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC); }
void CSystemShims_lowest_thread_priority(void) { (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19); }
int CSystemShims_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }


int CSystemShims_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int CSystemShims_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int CSystemShims_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

long CSystemShims_peer_uid(int fd) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 ? (long)credentials.uid : -1;
}

void CSystemShims_set_thread_name(const char *name) {
    char truncated[16];
    snprintf(truncated, sizeof truncated, "%s", name);
    pthread_setname_np(pthread_self(), truncated);
}
#endif

int CSystemShims_is_main_thread(void) {
    return getpid() == (pid_t)syscall(SYS_gettid);
}
