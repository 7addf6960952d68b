import Newsstand
import NewsstandSystem
import TestSupport
import UIKit

/// A test device of iOS 17 whose app is a ``DownloadsAppDelegate`` with a ``Downloader``, and the
/// system's transfer service, downloading over real HTTP, on a data directory of the test's own.
struct DownloaderDevice {
    let device: TestDevice
    let service: BackgroundSessionTransferService
    let heard = Heard()

    /// A device whose downloader's session calls it on `delegateQueue`.
    init(delegateQueue: OperationQueue?) {
        let heard = heard
        device = TestDevice(
            profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist(bundleName: "Downloads", bundleIdentifier: "com.example.downloads")
        ) {
            let appDelegate = DownloadsAppDelegate()
            appDelegate.downloader = Downloader(heard: heard, delegateQueue: delegateQueue)
            return appDelegate
        }
        service = BackgroundSessionTransferService(device: device, dataDirectory: TestTemporaryDirectory.make("sessions"))
        service.start()
    }

    /// From a background queue of the app's, as a view model's network call would: the
    /// downloader's first use, which makes its session there, and the download of `url`.
    func startDownloadFromABackgroundQueue(_ url: URL, expectedBytes: Int64? = nil) {
        device.performOnMain { application in
            // Unchecked: the downloader is handed to one other queue, which only starts it.
            nonisolated(unsafe) let downloader = (application.delegate as? DownloadsAppDelegate)?.downloader
            DispatchQueue.global().async { downloader?.start(url, expectedBytes: expectedBytes) }
        }
    }

    /// Starts a download of `url` from a background queue and, before the app's main thread has
    /// carried the resume out, cancels it there, as a Cancel button would.
    func startFromABackgroundQueueThenCancelOnTheMainThread(_ url: URL) {
        device.performOnMain { application in
            guard let downloader = (application.delegate as? DownloadsAppDelegate)?.downloader else { return }
            // Unchecked: the downloader is handed to one other queue, which only starts it while
            // this thread waits.
            nonisolated(unsafe) let handed = downloader
            let started = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                handed.start(url)
                started.signal()
            }
            started.wait()
            downloader.cancel()
        }
    }

    /// The system goes down: the transfer service stops, and the device with it.
    func stop() async {
        await service.shutdown()
        device.shutdown()
    }
}
