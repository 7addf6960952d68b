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

#endif
