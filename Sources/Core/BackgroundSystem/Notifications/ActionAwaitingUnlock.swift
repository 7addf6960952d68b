import BackgroundWire

/// A notification action that needs an unlocked device, chosen while it was locked: the
/// user's answer and the action, handed to the app once the user unlocks.
struct ActionAwaitingUnlock: Sendable, Equatable {
    let response: NotificationResponse
    let action: NotificationAction
}
