import BackgroundRuntime
import Foundation

/// SpinnerApp's Notification Service Extension: a push's `secret` key becomes the alert's text,
/// as an extension that decrypts its pushes would. For the tests that ask where it runs, a push
/// with `"reveal":"pid"` shows the extension's process ID, one with `"crash":"yes"` crashes it,
/// and one with `"hang":"yes"` never calls its handler.
final class SpinnerServiceExtension: NotificationServiceExtension {
    func didReceive(_ request: NotificationServiceRequest, withContentHandler contentHandler: @escaping @Sendable (LocalNotification) -> Void) {
        var content = request.content
        if let secret = request.payload.fields["secret"] { content.alertBody = secret }
        if request.payload.fields["reveal"] == "pid" { content.alertBody = "pid \(getpid())" }
        if request.payload.fields["crash"] == "yes" { fatalError("SpinnerServiceExtension was asked to crash") }
        if request.payload.fields["hang"] == "yes" { return }
        contentHandler(content)
    }

    func serviceExtensionTimeWillExpire() {}
}
