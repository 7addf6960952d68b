// Linux's own `struct tcp_info`, whose byte counters glibc's <netinet/tcp.h> does not have;
// in a file of its own, since the two headers declare the same names.
#include <errno.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>

int backgrounder_tcp_bytes_received(int socket, unsigned long long *received) {
    struct tcp_info info = {0};
    socklen_t length = sizeof(info);
    if (getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return errno;
    *received = info.tcpi_bytes_received;
    return 0;
}
