import BackgroundRuntime
import BackgrounderFoundation
import Newsstand
import TestSupport
import Testing

/// Resume data in Foundation's spelling, over HTTP on loopback: the error's `userInfo` carries
/// it under `NSURLSessionDownloadTaskResumeData`, `downloadTask(withResumeData:)` finishes the
/// file, and `cancel(byProducingResumeData:)` hands it to its completion handler.
@Suite("Resume data as iOS code asks for it", .temporaryDirectory)
struct FoundationResumeDataTests {
    typealias Body = BackgroundSessionTransferTests
    let log = SessionLog()
    let device: TestDevice
    let service: BackgroundSessionTransferService

    init() {
        let log = log
        device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: InfoPlist()) { _ in FoundationDownloaderApp(log: log) }
        service = BackgroundSessionTransferService(
            device: device, dataDirectory: TestTemporaryDirectory.make("sessions"), options: ResumeDataTests.givingUp)
        service.start()
        device.launch()
    }

    /// From the app's code: `downloadTask(withResumeData:)`, or `downloadTask(with:)` of `url`,
    /// then `resume()`; the task's identifier.
    func download(_ url: String? = nil, resumeData: Data? = nil) -> Int? {
        device.perform { application -> Int? in
            guard let app = application.delegate as? FoundationDownloaderApp, let session = app.session else { return nil }
            let task = resumeData.map(session.downloadTask(withResumeData:)) ?? session.downloadTask(with: URL(string: url ?? "")!)
            task.resume()
            app.lastTask = task
            return task.taskIdentifier
        } ?? nil
    }

    func completed(_ task: Int) async {
        #expect(await device.runUntil { log.all.contains { $0.hasPrefix("task \(task) completed: ") } })
    }

    @Test func theErrorsUserInfoCarriesResumeDataThatFinishesTheFile() async throws {
        let server = try await HostileServer { request, index in
            index == 0 ? Body.whole(upTo: ResumeDataTests.half) : Body.rest(from: request.rangeStart ?? 0)
        }
        let first = try #require(download("http://127.0.0.1:\(server.port)/a.bin"))
        await completed(first)
        #expect(log.all.contains("task \(first) completed: NSURLErrorDomain -1005"))
        let resumeData = try #require(log.resumeData(ofTask: first), "userInfo[NSURLSessionDownloadTaskResumeData]")
        #expect(log.all.contains("task \(first) URLError resume data: \(resumeData.count) bytes"),
            "the error is a URLError too, whose downloadTaskResumeData is the same data")
        let second = try #require(download(resumeData: resumeData))
        await completed(second)
        #expect(log.all.suffix(2) == ["task \(second) finished: \(Body.body.count) bytes", "task \(second) completed: no error"])
        #expect(try Data(contentsOf: service.finishedFile(ofTask: second)) == Data(Body.body))
        #expect(server.requests.last?.rangeStart == ResumeDataTests.half)
        await service.shutdown()
        device.shutdown()
        await server.stop()
    }

    @Test func cancelByProducingResumeDataHandsItToTheCompletionHandler() async throws {
        let server = try await HostileServer { _, _ in Body.whole(upTo: ResumeDataTests.half) + [.hold] }
        let first = try #require(download("http://127.0.0.1:\(server.port)/a.bin"))
        let part = service.directory.appendingPathComponent("\(first).part")
        #expect(await device.runUntil {
            (try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? Int) == ResumeDataTests.half
        })
        let handed = SessionLog()
        device.perform { application in
            (application.delegate as? FoundationDownloaderApp)?.lastTask?.cancel { data in
                handed.append(data.map { "resume data of \((try? DownloadResumeData(data: $0))?.bytesReceived ?? -1) bytes" } ?? "nil")
            }
        }
        await completed(first)
        #expect(handed.all == ["resume data of \(ResumeDataTests.half) bytes"])
        #expect(log.all.contains("task \(first) completed: NSURLErrorDomain -999"))
        #expect(log.resumeData(ofTask: first) != nil, "the -999 error carries it too")
        #expect(log.all.contains { $0.hasPrefix("task \(first) URLError resume data: ") }, "as URLError's downloadTaskResumeData")
        await service.shutdown()
        device.shutdown()
        await server.stop()
    }
}
