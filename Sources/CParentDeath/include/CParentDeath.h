#ifndef CPARENTDEATH_H
#define CPARENTDEATH_H

/// Has the kernel send this process SIGKILL when the thread that started it ends
/// (prctl PR_SET_PDEATHSIG): the app's own process never outlives the system, frozen or not.
/// Returns 0, or -1 when the parent has already gone.
int backgrounder_die_with_parent(void);

#endif
