#include "CProcessControl.h"
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

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
