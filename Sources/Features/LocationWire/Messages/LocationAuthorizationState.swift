/// What the app may do with location: its authorization status and whether fixes are precise.
/// The managers keep the last one they heard (``LocationEvent/authorizationChanged(_:)``), so
/// reading them costs no call.
package struct LocationAuthorizationState: Codable, Sendable, Equatable {
    package var status: AuthorizationStatus
    package var accuracy: AccuracyAuthorization

    package init(status: AuthorizationStatus, accuracy: AccuracyAuthorization) {
        self.status = status
        self.accuracy = accuracy
    }
}

