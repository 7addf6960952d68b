import BackgroundRuntime

/// SpinnerApp's Notification Service Extension: a push's `secret` key becomes the alert's text,
/// as an extension that decrypts its pushes would.
final class SpinnerServiceExtension: NotificationServiceExtension {
    func didReceive(_ request: NotificationServiceRequest, withContentHandler contentHandler: @escaping @Sendable (LocalNotification) -> Void) {
        var content = request.content
        if let secret = request.payload.fields["secret"] { content.alertBody = secret }
        contentHandler(content)
    }

    func serviceExtensionTimeWillExpire() {}
}
