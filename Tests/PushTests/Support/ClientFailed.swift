/// A client script failed; its output.
struct ClientFailed: Error, CustomStringConvertible {
    let output: String
    var description: String { "the client failed: \(output)" }
}
