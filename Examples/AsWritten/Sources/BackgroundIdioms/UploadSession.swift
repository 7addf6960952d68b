import UIKit

// A plain helper that finishes an upload under a background task of the application it is
// given, as a view model or service class does: `beginBackgroundTask(withName:expirationHandler:)`
// and `endBackgroundTask(_:)` are not main-actor isolated, so a class of no actor calls them.
final class UploadSession {
    private let application: UIApplication
    private(set) var taskID: UIBackgroundTaskIdentifier = .invalid

    init(application: UIApplication) {
        self.application = application
    }

    func begin() {
        taskID = application.beginBackgroundTask(withName: "Upload") {
            print("Upload expired")
        }
    }

    func finish() {
        application.endBackgroundTask(taskID)
        taskID = .invalid
    }
}
