import BackgroundWire
import Glibc

/// A file as the kernel names it in its lock table: the device's major and minor numbers and
/// the inode.
package struct FileIdentity: Sendable, Hashable {
    package let major: UInt32
    package let minor: UInt32
    package let inode: UInt64

    init(major: UInt32, minor: UInt32, inode: UInt64) {
        self.major = major
        self.minor = minor
        self.inode = inode
    }

    /// The identity of the file `stat` describes, with glibc's `major()`/`minor()` split of
    /// `st_dev`.
    init(_ status: stat) {
        let device = UInt64(status.st_dev)
        major = UInt32(truncatingIfNeeded: ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff))
        minor = UInt32(truncatingIfNeeded: (device & 0xff) | ((device >> 12) & ~0xff))
        inode = UInt64(status.st_ino)
    }
}
