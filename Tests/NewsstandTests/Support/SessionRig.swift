import BackgroundRuntime
import Foundation
import Newsstand
import NewsstandSystem
import TestSupport
import Testing

/// A test device with a ``SessionDownloaderApp``, and the transfer service started on a data
/// directory; with `persistent`, the device keeps what outlives it in that directory too, so
/// that ``restarted(launch:)`` plays a restart of the system.
struct SessionRig {
    let log = SessionLog()
    let dataDirectory: URL
    let device: TestDevice
    let service: BackgroundSessionTransferService

    /// - Parameters:
    ///   - dataDirectory: a fresh one by default.
    ///   - makesSessionAtLaunch: whether the app makes its session in didFinishLaunching, or
    ///     only in the foreground (a launch for its events then leaves them kept).
    ///   - launch: whether the user opens the app at once.
    init(
        options: TransferOptions = TransferOptions(), discretionary: Bool = false, persistent: Bool = false,
        dataDirectory: URL = TestTemporaryDirectory.make("sessions"), makesSessionAtLaunch: Bool = true, launch: Bool = true
    ) {
        let log = log
        self.dataDirectory = dataDirectory
        var configuration = BackgroundSessionConfiguration.background(withIdentifier: "downloads")
        configuration.isDiscretionary = discretionary
        device = TestDevice(
            profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist(), storageDirectory: persistent ? dataDirectory : nil
        ) { [configuration] _ in
            SessionDownloaderApp(log: log, configuration: configuration, makesSessionAtLaunch: makesSessionAtLaunch)
        }
        service = BackgroundSessionTransferService(device: device, dataDirectory: dataDirectory, options: options)
        service.start()
        if launch { device.launch() }
    }

    /// From the app's code: a download of `url` in its session; its task's identifier.
    func download(_ url: String) -> Int? {
        device.perform { application in
            (application.delegate as? SessionDownloaderApp)?.session?.downloadTask(with: URL(string: url)!)
        } ?? nil
    }

    /// From the app's code: a download that resumes from `resumeData`; its task's identifier.
    func download(resumingFrom resumeData: Data) -> Int? {
        device.perform { application in
            (application.delegate as? SessionDownloaderApp)?.session?.downloadTask(withResumeData: resumeData)
        } ?? nil
    }

    /// From the app's code: `cancel(byProducingResumeData:)` of task `task`.
    func cancelProducingResumeData(_ task: Int) {
        device.perform { application in
            (application.delegate as? SessionDownloaderApp)?.session?.cancel(task: task, producingResumeData: true)
        }
    }

    /// Runs the device (moving its clock by `step` each round) until `condition` holds.
    func wait(step: Duration = .zero, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
        guard await device.runUntil(step: step, condition) else {
            Issue.record("timed out; console: \(device.console.recentMessages.suffix(12))", sourceLocation: sourceLocation)
            return
        }
    }

    /// Until the app's session delegate heard the end of the events (woken for them), or of a
    /// transfer (`finished`: while the app runs).
    func waitForEvents(finished: Bool = false, step: Duration = .zero, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await wait(step: step, sourceLocation: sourceLocation) {
            log.all.contains { finished ? $0.contains(" completed: ") : $0 == "urlSessionDidFinishEvents" }
        }
    }

    /// The system goes down: the service stops where it is and the device with it, its last
    /// saves on disk. Every test ends with it: a service left running goes on writing its part
    /// files after the test's temporary directory is gone.
    func stop() async {
        await service.shutdown()
        device.shutdown()
    }

    /// The system after a restart: a new device and service on the same data directory, with
    /// the app not running unless `launch`; call ``stop()`` first.
    func restarted(launch: Bool = false) -> SessionRig {
        SessionRig(options: service.options, persistent: true, dataDirectory: dataDirectory, launch: launch)
    }
}
