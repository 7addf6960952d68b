#define _GNU_SOURCE
#include "CProcessControl.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int backgrounder_die_with_parent(void) {
    pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    // The parent may have ended before the call: then this process is another's child now.
    return getppid() == parent ? 0 : -1;
}

void backgrounder_thread_name(char name[16]) {
    name[0] = 0;
    prctl(PR_GET_NAME, name, 0, 0, 0);
    name[15] = 0;
}

void backgrounder_set_thread_name(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}

int backgrounder_thread_id(void) {
    return (int)gettid();
}

int backgrounder_spawn(const char *path, char *const argv[], int standard_input, int descriptor_3, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    sigset_t none, all;
    int error = posix_spawn_file_actions_init(&actions);
    if (error != 0) return error;
    error = posix_spawnattr_init(&attributes);
    if (error != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return error;
    }
    sigemptyset(&none);
    sigfillset(&all);
    // Neither can be caught or ignored, and some C libraries refuse to reset them.
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, standard_input, STDIN_FILENO);
    if (error == 0 && descriptor_3 >= 0) error = posix_spawn_file_actions_adddup2(&actions, descriptor_3, 3);
    // Only standard input, output and errors (and descriptor 3, if given) reach the app's process.
    if (error == 0) error = posix_spawn_file_actions_addclosefrom_np(&actions, descriptor_3 >= 0 ? 4 : 3);
    if (error == 0) error = posix_spawnattr_setsigmask(&attributes, &none);
    if (error == 0) error = posix_spawnattr_setsigdefault(&attributes, &all);
    if (error == 0) error = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    if (error == 0) error = posix_spawn(pid, path, &actions, &attributes, argv, environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return error;
}

int backgrounder_wait_for_exit(pid_t pid, int *exit_status, int *signal) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return errno;
    }
    *exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    *signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 0;
}

long backgrounder_send_with_descriptor(int socket, const void *bytes, unsigned long count, int descriptor, int flags) {
    struct iovec vector = {.iov_base = (void *)bytes, .iov_len = count};
    union {
        char buffer[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof(control));
    struct msghdr message = {
        .msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof(control.buffer)};
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    return sendmsg(socket, &message, MSG_NOSIGNAL | flags);
}

long backgrounder_receive_with_descriptors(
    int socket, void *bytes, unsigned long count, int *descriptors, int capacity, int *received, int *truncated) {
    *received = 0;
    *truncated = 0;
    struct iovec vector = {.iov_base = bytes, .iov_len = count};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * 16)];
        struct cmsghdr align;
    } control;
    struct msghdr message = {
        .msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof(control.buffer)};
    // Waits in poll for bytes alone: a thread blocked in recvmsg itself would also wake each
    // time the peer read what this socket sent (the kernel wakes the socket's waiters to say
    // there is room to write), and go back to sleep with nothing read.
    long got;
    while ((got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC | MSG_DONTWAIT)) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        struct pollfd readable = {.fd = socket, .events = POLLIN};
        if (poll(&readable, 1, -1) < 0 && errno != EINTR) return -1;
    }
    if (got < 0) return got;
    if (message.msg_flags & MSG_CTRUNC) *truncated = 1;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int count_here = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int index = 0; index < count_here; index++) {
            int descriptor;
            memcpy(&descriptor, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (*received < capacity) {
                descriptors[(*received)++] = descriptor;
            } else {
                close(descriptor);
                *truncated = 1;
            }
        }
    }
    return got;
}
