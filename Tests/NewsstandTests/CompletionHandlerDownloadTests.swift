import BackgroundRuntime
import BackgroundRuntimeTesting
import BackgrounderFoundation
import Newsstand
import TestSupport
import Testing

/// `downloadTask(with:completionHandler:)`: a default session runs it in the app's process; a
/// background session does not support it, and the app crashes with Foundation's exception, as
/// on iOS.
@Suite("Download tasks with a completion handler", .serialized)
struct CompletionHandlerDownloadTests {
    typealias Body = BackgroundSessionTransferTests

    @Test func aBackgroundSessionRefusesACompletionHandlerAsIOSDoes() {
        let log = SessionLog()
        let device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist()) { _ in FoundationDownloaderApp(log: log) }
        device.launch()
        device.perform { application in
            let session = (application.delegate as? FoundationDownloaderApp)?.session
            let task = session?.downloadTask(with: URL(string: "http://127.0.0.1:9/a.bin")!) { _, _, _ in
                log.append("completion handler called")
            }
            task?.resume()
        }
        #expect(device.lastTermination == .crash(
            reason: "*** Terminating app due to uncaught exception 'NSGenericException', reason: "
                + "'Completion handler blocks are not supported in background sessions. Use a delegate instead.'"))
        #expect(!log.all.contains("completion handler called"))
        device.shutdown()
    }

    @Test func aBackgroundSessionRefusesADataTaskWithACompletionHandlerToo() async {
        let log = SessionLog()
        let device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist()) { _ in FoundationDownloaderApp(log: log) }
        device.launch()
        device.perform { application in
            let session = (application.delegate as? FoundationDownloaderApp)?.session
            session?.dataTask(with: URL(string: "http://127.0.0.1:9/a.json")!) { _, _, _ in
                log.append("completion handler called")
            }.resume()
        }
        #expect(device.lastTermination == .crash(
            reason: "*** Terminating app due to uncaught exception 'NSGenericException', reason: "
                + "'Completion handler blocks are not supported in background sessions. Use a delegate instead.'"))
        try? await Task.sleep(for: .milliseconds(100))
        #expect(!log.all.contains("completion handler called"), "the task returned never runs")
        device.shutdown()
    }

    @Test func aDefaultSessionRunsItAndHandsTheFileToTheHandler() async throws {
        let server = try await HostileServer { _, _ in Body.whole() }
        let log = SessionLog()
        let device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist()) { _ in FoundationDownloaderApp(log: log) }
        device.launch()
        let url = URL(string: "http://127.0.0.1:\(server.port)/a.bin")!
        device.perform { _ in
            let session = URLSession(configuration: .default)
            let task = session.downloadTask(with: url) { location, response, error in
                let bytes = location.flatMap { try? Data(contentsOf: $0) }
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                log.append("handler: \(bytes.map { "\($0.count) bytes" } ?? "no file"), status \(status), error \(error == nil ? "none" : "some")")
                if let location { log.append("file: \(location.path)") }
            }
            task.resume()
        }
        #expect(await waitUntil { log.all.contains { $0.hasPrefix("handler:") } })
        #expect(log.all.filter { $0.hasPrefix("handler:") } == ["handler: \(Body.body.count) bytes, status 200, error none"])
        #expect(device.lastTermination == nil)
        // Not moved by the handler, the file is deleted once it returns, as Apple says.
        let file = try #require(log.all.first { $0.hasPrefix("file: ") }?.dropFirst("file: ".count))
        #expect(await waitUntil { !FileManager.default.fileExists(atPath: String(file)) }, "\(file)")
        device.shutdown()
        await server.stop()
    }

    @Test func aDefaultSessionsDownloadCancelledForResumeDataCallsItsHandler() async throws {
        let server = try await HostileServer { _, _ in [.hold] }
        // FoundationNetworking makes its download's file in TMPDIR (UUID.tmp) at the start and
        // leaves it when the download is cancelled: its leak, which this test cleans up after.
        // (The suite runs one test at a time, so no other test's download file is taken.)
        let temporary = Foundation.FileManager.default.temporaryDirectory
        let before = Set((try? Foundation.FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
        defer {
            let after = Set((try? Foundation.FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
            for name in after.subtracting(before) where name.hasSuffix(".tmp") && UUID(uuidString: String(name.dropLast(4))) != nil {
                try? Foundation.FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let log = SessionLog()
        let device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist()) { _ in FoundationDownloaderApp(log: log) }
        device.launch()
        let url = URL(string: "http://127.0.0.1:\(server.port)/a.bin")!
        let task = try #require(device.perform { _ -> URLSessionDownloadTask in
            let task = URLSession(configuration: .default).downloadTask(with: url) { _, _, error in
                log.append("handler: error \((error as NSError?)?.code ?? 0)")
            }
            task.resume()
            return task
        })
        #expect(await waitUntil { server.requests.count == 1 })
        task.cancel { _ in log.append("resume data handler") }
        // FoundationNetworking's task is cancelled: its handler hears -999, and the resume-data
        // handler is called.
        #expect(await waitUntil { log.all.contains("resume data handler") && log.all.contains("handler: error -999") }, "\(log.all)")
        device.shutdown()
        await server.stop()
    }
}
