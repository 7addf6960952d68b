#include "CParentDeath.h"
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

int backgrounder_die_with_parent(void) {
    pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    // The parent may have ended before the call: then this process is another's child now.
    return getppid() == parent ? 0 : -1;
}
