import BackgroundWire
import Glibc

/// The calling thread's CPU time, from the kernel (`CLOCK_THREAD_CPUTIME_ID`).
package enum ThreadCPUClock {
    /// User and system CPU time of the calling thread so far, in nanoseconds.
    package static var nanoseconds: Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
}
