/// The file `backgrounder new` writes into the app's target so that a file saying
/// `import Foundation` beside `import UIKit`, as most iOS files do, builds as written: it then
/// sees Foundation's `Timer`, `NotificationCenter` and `URLSession` types and Backgrounder's
/// (which UIKit re-exports), and Swift cannot choose between two imported declarations. A
/// declaration in the file's own module wins over both, so the file names Backgrounder's for the
/// whole target. `backgrounder port` writes the same file into each target that imports UIKit
/// and has none (``Porter``).
public enum FoundationOnBackgrounder {
    /// The file's name in the target's directory.
    public static let fileName = "FoundationOnBackgrounder.swift"

    /// The names Backgrounder's Foundation declares that Foundation (or FoundationNetworking)
    /// declares too.
    public static let names = [
        "Timer", "NotificationCenter", "URLSession", "URLSessionConfiguration", "URLSessionTask",
        "URLSessionDownloadTask", "URLSessionDelegate", "URLSessionTaskDelegate", "URLSessionDownloadDelegate",
    ]

    /// The names a file of the target means Backgrounder's type of another name by: Foundation's
    /// `FileManager` is one with Data Protection.
    public static let renamed = [("FileManager", "ProtectedFileManager")]

    /// The file's Swift.
    public static var contents: String {
        let aliases = (names.map { ($0, $0) } + renamed)
            .map { "typealias \($0) = BackgrounderFoundation.\($1)" }.joined(separator: "\n")
        return """
            // Backgrounder's Foundation types for the whole target. A file that says `import Foundation`
            // beside `import UIKit`, as most iOS files do, sees two of each of these names: Foundation's,
            // and the ones Backgrounder's UIKit brings (a timer on the device's clock, the launch's
            // notification center, background sessions on the system's transfer service) — and
            // FileManager is Backgrounder's, which keeps Data Protection classes. Swift cannot
            // choose between two imported declarations, but one of the target's own wins over both, so
            // these aliases let such files build as written. On iOS, where UIKit is Apple's, the file
            // declares nothing.
            #if canImport(BackgrounderFoundation)
            import BackgrounderFoundation

            \(aliases)
            #endif

            """
    }
}
