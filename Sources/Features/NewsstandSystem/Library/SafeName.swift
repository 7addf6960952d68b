import BackgroundSystem
import BackgroundWire
import NewsstandWire

/// Checks a name from outside (an issue name, a file name from Content-Disposition or a URL)
/// before it becomes a path component inside the data directory.
enum SafeName {
    /// The longest name, in UTF-8 bytes, that a file system takes.
    static let maximumLength = 255

    /// Why `name` cannot be one path component, or nil if it can.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name == "." || name == ".." { return "it is \"\(name)\", which names a directory, not a file" }
        // Bytes, not Characters: "/" followed by a combining mark is one Character that is not "/".
        if name.utf8.contains(UInt8(ascii: "/")) { return "it contains \"/\", which would leave its directory" }
        if name.utf8.contains(0) { return "it contains a NUL byte" }
        if name.utf8.count > maximumLength { return "it is longer than \(maximumLength) bytes" }
        return nil
    }
}
