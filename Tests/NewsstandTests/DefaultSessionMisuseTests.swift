import BackgroundRuntime
import BackgroundRuntimeTesting
import BackgrounderFoundation
import Testing

/// A default session's delegate is not called on Backgrounder: a download task without a
/// completion handler, or from resume data, is reported as `[unavailable-api]` and never runs,
/// without crashing the app.
@Suite struct DefaultSessionMisuseTests {
    private func launch() -> TestDevice {
        let device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist()) { _ in QuietApp() }
        device.launch()
        return device
    }

    @Test func aDelegateDownloadOnADefaultSessionIsReportedAndNeverRuns() throws {
        let device = launch()
        let state = device.perform { _ -> String in
            let session = URLSession(configuration: .default)
            let task = session.downloadTask(with: URL(string: "http://127.0.0.1:9/file")!)
            task.resume()
            return "\(task.state)"
        }
        #expect(state == "\(URLSessionTask.State.suspended)")
        #expect(
            device.consoleLines(
                containing: "Diagnostic [unavailable-api]: downloadTask(with:) without a completion handler needs a background session")
                .count == 1)
        #expect(device.appState.isRunning)
    }

    @Test func aResumeDataDownloadOnADefaultSessionIsReportedAndNeverRuns() {
        let device = launch()
        let state = device.perform { _ -> String in
            let task = URLSession(configuration: .default).downloadTask(withResumeData: Data("not resume data".utf8))
            task.resume()
            return "\(task.state)"
        }
        #expect(state == "\(URLSessionTask.State.suspended)")
        #expect(
            device.consoleLines(containing: "Diagnostic [unavailable-api]: downloadTask(withResumeData:) needs a background session")
                .count == 1)
        #expect(device.appState.isRunning)
    }
}

private final class QuietApp: ApplicationDelegate {}
