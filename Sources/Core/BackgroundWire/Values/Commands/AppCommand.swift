/// A tap on the app's screen that a script or the web UI asks for (``Device/tap(_:_:)``): the
/// name the app handles it by, and its words. It reaches the app as a value, in whichever
/// process the app's code runs.
package struct AppCommand: Codable, Sendable, Equatable {
    /// Names the tap until the app answers it.
    package let id: Int
    package let name: String
    package let arguments: [String]

    package init(id: Int, name: String, arguments: [String]) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}
