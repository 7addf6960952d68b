#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int backgrounder_counters_create(int count) {
    int descriptor = memfd_create("backgrounder-counters", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (descriptor < 0) return -1;
    if (ftruncate(descriptor, (off_t)count * sizeof(uint64_t)) != 0
        || fcntl(descriptor, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0) {
        close(descriptor);
        return -1;
    }
    return descriptor;
}

unsigned long long *backgrounder_counters_map(int descriptor, int count) {
    struct stat status;
    size_t length = (size_t)count * sizeof(uint64_t);
    if (fstat(descriptor, &status) != 0 || status.st_size < (off_t)length) return NULL;
    int seals = fcntl(descriptor, F_GET_SEALS);
    if (seals < 0 || !(seals & F_SEAL_SHRINK)) return NULL;
    void *counters = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0);
    return counters == MAP_FAILED ? NULL : counters;
}

void backgrounder_counters_unmap(unsigned long long *counters, int count) {
    munmap(counters, (size_t)count * sizeof(uint64_t));
}

void backgrounder_counter_add(unsigned long long *counter, unsigned long long amount) {
    __atomic_fetch_add(counter, amount, __ATOMIC_RELAXED);
}

unsigned long long backgrounder_counter_load(const unsigned long long *counter) {
    return __atomic_load_n(counter, __ATOMIC_RELAXED);
}
