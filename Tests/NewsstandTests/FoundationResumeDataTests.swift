import BackgroundRuntime
import BackgrounderFoundation
import Newsstand
import NewsstandSystem
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

    @Test func theResumeDataHandlerRunsOnTheDelegateQueueBeforeTheDelegateHears() async throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let heard = SessionLog()
        let server = try await HostileServer { _, _ in Body.whole(upTo: ResumeDataTests.half) + [.hold] }
        let delegate = QueueDownloadDelegate(log: heard, queue: queue)
        let task = try #require(device.perform { _ -> URLSessionDownloadTask in
            let session = URLSession(configuration: .background(withIdentifier: "queued"), delegate: delegate, delegateQueue: queue)
            let task = session.downloadTask(with: URL(string: "http://127.0.0.1:\(server.port)/a.bin")!)
            task.resume()
            return task
        })
        #expect(await device.runUntil { partSize(of: task) == ResumeDataTests.half })
        task.cancel { data in
            heard.append("handler on the delegate queue \(OperationQueue.current === queue): \(data == nil ? "nil" : "data")")
        }
        #expect(await device.runUntil { heard.all.contains { $0.hasPrefix("completed") } })
        // Apple: the session's delegate calls and completion handlers go to its delegate queue.
        #expect(heard.all == ["handler on the delegate queue true: data", "completed -999 on the delegate queue true"])
        await service.shutdown()
        device.shutdown()
        await server.stop()
    }

    private func partSize(of task: URLSessionDownloadTask) -> Int? {
        let part = service.directory.appendingPathComponent("\(task.taskIdentifier).part")
        return try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? Int
    }
}

/// A session delegate of no actor, as one whose calls come on a queue of the app's is.
private final class QueueDownloadDelegate: URLSessionDownloadDelegate, Sendable {
    let log: SessionLog
    let queue: OperationQueue

    init(log: SessionLog, queue: OperationQueue) {
        self.log = log
        self.queue = queue
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        log.append("finished")
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        log.append("completed \((error as NSError?)?.code ?? 0) on the delegate queue \(OperationQueue.current === queue)")
    }
}
