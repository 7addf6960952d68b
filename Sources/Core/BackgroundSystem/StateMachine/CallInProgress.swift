import BackgroundWire

/// The phone call that interrupts the app, from its first ring until it ends.
package enum CallInProgress: Equatable, Sendable {
    /// Ringing, shown full screen (covering the app) or as a banner.
    case ringing(CallPresentation)
    /// Answered: the call screen no longer covers the app.
    case answered
}
