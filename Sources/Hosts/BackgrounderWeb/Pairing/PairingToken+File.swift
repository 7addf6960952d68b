import BackgroundRuntime
import Foundation

extension PairingToken {
    /// The token file's name in the data directory.
    public static let fileName = "pairing-token"

    /// The token kept in `directory`, made and stored (mode 0600) if there is none yet.
    ///
    /// Two processes starting at once end up with the same token: the file is created under a
    /// temporary name and linked into place only if no other process got there first. A file
    /// that others may read is made private again; a file that does not hold a token is an
    /// error, never silently replaced. Temporaries of writers that were killed are removed.
    public static func loadOrCreate(in directory: URL) throws(PairingTokenError) -> PairingToken {
        let url = directory.appendingPathComponent(fileName)
        LeftoverTemporaries.remove(in: directory, prefix: ".\(fileName).")
        if let token = try load(from: url) { return token }
        let token = PairingToken.random()
        let temporary = temporaryURL(in: directory)
        try store(token, at: temporary)
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) != 0 {
            let code = errno
            guard code == EEXIST, let existing = try load(from: url) else {
                throw .cannotCreate(path: url.path, reason: String(cString: strerror(code)))
            }
            return existing
        }
        return token
    }

    /// Makes a new token in `directory`, replacing the old one: clients paired with the old
    /// token are refused from now on.
    public static func reset(in directory: URL) throws(PairingTokenError) -> PairingToken {
        let url = directory.appendingPathComponent(fileName)
        let token = PairingToken.random()
        let temporary = temporaryURL(in: directory)
        try store(token, at: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .cannotCreate(path: url.path, reason: reason)
        }
        return token
    }

    /// The token in the file at `url`; nil if there is no such file.
    public static func load(from url: URL) throws(PairingTokenError) -> PairingToken? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw .unreadable(path: url.path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path: url.path, reason: "it is not a regular file")
        }
        if info.st_mode & 0o077 != 0 { fchmod(descriptor, 0o600) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        guard count >= 0 else { throw .unreadable(path: url.path, reason: String(cString: strerror(errno))) }
        guard let token = PairingToken(String(decoding: buffer.prefix(count), as: UTF8.self)) else {
            throw .invalid(path: url.path)
        }
        return token
    }

    /// A fresh name in `directory` for a file that is then moved into place.
    private static func temporaryURL(in directory: URL) -> URL {
        directory.appendingPathComponent(".\(fileName).\(getpid()).\(UInt32.random(in: 0 ... .max))")
    }

    /// Writes `token` to a new file at `url`, readable by its owner only, and flushes it to disk.
    private static func store(_ token: PairingToken, at url: URL) throws(PairingTokenError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let bytes = Array((token.hex + "\n").utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(url.path)
            throw .cannotCreate(path: url.path, reason: reason)
        }
    }
}
