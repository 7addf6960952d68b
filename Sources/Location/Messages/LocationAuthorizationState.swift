/// What the app may do with location: its authorization status and whether fixes are precise.
/// The managers keep the last one they heard (``LocationEvent/authorizationChanged(_:)``), so
/// reading them costs no call.
struct LocationAuthorizationState: Codable, Sendable, Equatable {
    var status: AuthorizationStatus
    var accuracy: AccuracyAuthorization
}

