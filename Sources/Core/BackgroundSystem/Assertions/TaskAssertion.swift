import BackgroundWire

/// A background task assertion the system holds for the app: what `beginBackgroundTask`
/// creates and `endBackgroundTask` releases.
package struct TaskAssertion: Sendable, Equatable {
    let identifier: BackgroundTaskIdentifier
    let name: String?
    let begunAt: SourceLocation
    /// Whether the app gave an expiration handler; the handler itself stays on the app's side.
    let hasExpirationHandler: Bool
    var expirationDelivered = false

    /// `"Fibonacci" (identifier 3, begun at Whatever/WhateverScreen.swift:57)`.
    package var summary: String {
        "\(displayName) (identifier \(identifier), begun at \(begunAt))"
    }

    /// The name in quotes, or "unnamed" as iOS shows assertions without one.
    var displayName: String { name.map { "\"\($0)\"" } ?? "unnamed task" }
}
