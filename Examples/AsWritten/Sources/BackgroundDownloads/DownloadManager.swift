import UIKit

// A background session as "Downloading files in the background" (Apple's Foundation
// documentation) writes it, its listings line for line (Snippets/downloads-*.txt): the session
// with no delegate queue of the app's, the task that begins no sooner than an hour from now, and
// the completion handler called on the main queue once the session's events are delivered. The
// article leaves the file to "Downloading files from websites"; it is moved before the method
// returns, as that article says.
class DownloadManager: NSObject, URLSessionDownloadDelegate {
    /// Where finished downloads are kept: the app's documents.
    var destinationDirectory = try? FileManager.default.url(for: .documentDirectory,
                                                            in: .userDomainMask,
                                                            appropriateFor: nil,
                                                            create: false)

    private lazy var urlSession: URLSession = {
        let config = URLSessionConfiguration.background(withIdentifier: "MySession")
        config.isDiscretionary = true
        config.sessionSendsLaunchEvents = true
        return URLSession(configuration: config, delegate: self, delegateQueue: nil)
    }()

    /// Makes the session again, after a relaunch, so that the events the system kept reach it.
    func reconnect() {
        _ = urlSession
    }

    func startDownload(from url: URL) {
        let backgroundTask = urlSession.downloadTask(with: url)
        backgroundTask.earliestBeginDate = Date().addingTimeInterval(60 * 60)
        backgroundTask.countOfBytesClientExpectsToSend = 200
        backgroundTask.countOfBytesClientExpectsToReceive = 500 * 1024
        backgroundTask.resume()
    }

    func urlSession(_ session: URLSession,
                    downloadTask: URLSessionDownloadTask,
                    didFinishDownloadingTo location: URL) {
        guard let httpResponse = downloadTask.response as? HTTPURLResponse,
            (200...299).contains(httpResponse.statusCode) else {
                print ("server error")
                return
        }
        guard let destinationDirectory = destinationDirectory,
            let name = downloadTask.originalRequest?.url?.lastPathComponent else {
                print ("no place for the file")
                return
        }
        do {
            let savedURL = destinationDirectory.appendingPathComponent(name)
            try FileManager.default.moveItem(at: location, to: savedURL)
            print ("saved \(savedURL.lastPathComponent)")
        } catch {
            print ("file error: \(error)")
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error = error {
            print ("download failed: \(error.localizedDescription)")
        }
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        DispatchQueue.main.async {
            guard let appDelegate = UIApplication.shared.delegate as? AppDelegate,
                let backgroundCompletionHandler =
                appDelegate.backgroundCompletionHandler else {
                    return
            }
            backgroundCompletionHandler()
        }
    }
}
