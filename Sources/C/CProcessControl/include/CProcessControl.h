#ifndef CPROCESSCONTROL_H
#define CPROCESSCONTROL_H

/// Has the kernel send this process SIGKILL when the thread that started it ends
/// (prctl PR_SET_PDEATHSIG): the app's own process never outlives the system, frozen or not.
/// Returns 0, or -1 when the parent has already gone.
int backgrounder_die_with_parent(void);

/// Copies the calling thread's name (prctl PR_GET_NAME) into `name`, which holds 16 bytes.
void backgrounder_thread_name(char name[16]);

/// Names the calling thread `name`, cut to 15 bytes (prctl PR_SET_NAME): one system call, for a
/// name that changes often.
void backgrounder_set_thread_name(const char *name);

/// The calling thread's ID in the kernel (gettid), as /proc/self/task names it.
int backgrounder_thread_id(void);

/// Starts the program at `path` with `argv` (NULL-terminated) and this process's environment,
/// with `standard_input` as its standard input, this process's standard output and errors as its
/// own, `descriptor_3` (unless negative) as its descriptor 3, and no other
/// descriptor; every signal unblocked and at its default action (posix_spawn,
/// from the calling thread, which becomes the parent thread that PR_SET_PDEATHSIG follows).
/// Returns 0 and the process's ID in `pid`, or the error number.
int backgrounder_spawn(const char *path, char *const argv[], int standard_input, int descriptor_3, int *pid);

/// Blocks, with no deadline, until child `pid` ends, and reaps it (waitpid): 0, with its exit
/// status in `exit_status` (-1 when a signal ended it) and the signal in `signal` (0 when it
/// exited); or the error number.
int backgrounder_wait_for_exit(int pid, int *exit_status, int *signal);

/// Sends `count` bytes from `bytes` on the unix socket `socket` with `descriptor` beside them
/// (SCM_RIGHTS: the receiving process gets its own descriptor of the same open file), with
/// MSG_NOSIGNAL and `flags` (MSG_DONTWAIT, or 0). Returns the bytes sent, or -1 with errno set.
long backgrounder_send_with_descriptor(int socket, const void *bytes, unsigned long count, int descriptor, int flags);

/// The sequence numbers a TCP socket has received, as the kernel counts them (Linux's TCP_INFO
/// `tcpi_bytes_received`): its data's bytes, and one for the peer's end (FIN) once it came.
/// Returns 0, or the errno of `getsockopt`.
int backgrounder_tcp_bytes_received(int socket, unsigned long long *received);

/// Reads up to `count` bytes from the unix socket `socket` into `bytes`, and the descriptors
/// that came beside them (SCM_RIGHTS, received close-on-exec) into `descriptors`, which holds
/// `capacity`; their number goes in `received`. Descriptors beyond `capacity` are closed, and
/// `truncated` set to 1. Waits until bytes come, woken by nothing else. Returns the bytes read,
/// 0 at the end, or -1 with errno set.
long backgrounder_receive_with_descriptors(
    int socket, void *bytes, unsigned long count, int *descriptors, int capacity, int *received, int *truncated);

/// A page of `count` 64-bit counters, all 0, that two processes can share: a memfd sealed at its
/// size (so that neither can shrink it under the other's mapping). Returns its descriptor
/// (close-on-exec), or -1 with errno set.
int backgrounder_counters_create(int count);

/// Maps the counters of `descriptor` (``backgrounder_counters_create``), shared: NULL unless it
/// holds `count` counters and is sealed against shrinking.
unsigned long long *backgrounder_counters_map(int descriptor, int count);

/// Unmaps counters that ``backgrounder_counters_map`` mapped.
void backgrounder_counters_unmap(unsigned long long *counters, int count);

/// Adds `amount` to `counter`, atomically.
void backgrounder_counter_add(unsigned long long *counter, unsigned long long amount);

/// `counter`'s value, read atomically.
unsigned long long backgrounder_counter_load(const unsigned long long *counter);

#endif
