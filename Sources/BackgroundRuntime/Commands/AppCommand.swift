/// A tap on the app's screen that a script or the web UI asks for (``Device/tap(_:_:)``): the
/// name the app handles it by, and its words. It reaches the app as a value, in whichever
/// process the app's code runs.
struct AppCommand: Codable, Sendable, Equatable {
    /// Names the tap until the app answers it.
    let id: Int
    let name: String
    let arguments: [String]
}
