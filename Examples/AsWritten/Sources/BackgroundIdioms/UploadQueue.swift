import UIKit

// Apple's pattern for finishing work in the background ("Extending your app's background
// execution time"): on a background queue, request the task assertion and save its ID, do the
// work synchronously, end the assertion; the expiration handler ends it if time runs out. Code
// of the Swift 5 era: `UIApplication.shared` from a background queue, which Swift 6's checking
// refuses in Xcode too (the Swift 6 target leaves this file out).
class UploadQueue {
    var backgroundTaskID: UIBackgroundTaskIdentifier?
    var sent: [Data] = []

    func sendDataToServer( data : Data ) {
        // Perform the task on a background queue.
        DispatchQueue.global().async {
            // Request the task assertion and save the ID.
            self.backgroundTaskID = UIApplication.shared.beginBackgroundTask(withName: "Finish Network Tasks") {
                // End the task if time expires.
                UIApplication.shared.endBackgroundTask(self.backgroundTaskID!)
                self.backgroundTaskID = UIBackgroundTaskIdentifier.invalid
            }

            // Send the data synchronously.
            self.sendAppDataToServer( data: data)

            // End the task assertion.
            UIApplication.shared.endBackgroundTask(self.backgroundTaskID!)
            self.backgroundTaskID = UIBackgroundTaskIdentifier.invalid
        }
    }

    func sendAppDataToServer( data : Data ) {
        sent.append(data)
    }
}
