import BackgroundWire
import Logging

/// A swift-log handler that writes to a device's ``Console``, so that `Logger` calls look like
/// the app's `NSLog` lines in Xcode's console.
public struct ConsoleLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let write: @Sendable (String) -> Void

    public init(console: Console) {
        write = { console.log($0) }
    }

    /// A handler that hands each line to `write`: the app's lines, sent from its own process
    /// to the system's console.
    package init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var text = event.message.description
        // Most lines have no metadata: no dictionary is made for them.
        guard !metadata.isEmpty || !(event.metadata?.isEmpty ?? true) else { return write(text) }
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            text += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        write(text)
    }
}
