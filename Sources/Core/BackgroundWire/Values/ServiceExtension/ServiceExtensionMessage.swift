/// What crosses between the system and the process of the app's Notification Service Extension
/// (``ServiceExtensionProcess``), each as one ``AppProcessMessage/serviceExtension(_:)`` frame.
package enum ServiceExtensionMessage: Codable, Sendable, Equatable {
    /// System → extension: a new instance takes push `number`'s `request`.
    case receive(number: Int, NotificationServiceRequest)
    /// System → extension: push `number`'s time is up: `serviceExtensionTimeWillExpire()`.
    case expire(number: Int)
    /// Extension → system: push `number`'s instance called its content handler with `content`.
    case delivered(number: Int, LocalNotification)
    /// Extension → system: push `number`'s `serviceExtensionTimeWillExpire()` returned.
    case expiryReturned(number: Int)
}
