import BackgroundRuntime
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
import TestSupport
import Testing

/// Resume data over real HTTP on loopback: a download cut after bytes arrived fails with resume
/// data, and a task made with it asks for the rest with Range and If-Range and appends it (or
/// starts over on a 200); `cancel(byProducingResumeData:)` gives resume data too; data that is
/// not resume data fails the task with a clear error.
@Suite("Background download resume data", .temporaryDirectory)
struct ResumeDataTests {
    typealias Body = BackgroundSessionTransferTests
    static let half = 120_000

    /// A service that gives up at the first failure, so that a cut download fails at once.
    static var givingUp: TransferOptions {
        var options = TransferOptions()
        options.retryLimit = 0
        return options
    }

    @Test func aCutDownloadResumesFromItsErrorsResumeData() async throws {
        let server = try await HostileServer { request, index in
            index == 0 ? Body.whole(upTo: Self.half) : Body.rest(from: request.rangeStart ?? 0)
        }
        let rig = SessionRig(options: Self.givingUp)
        let url = "http://127.0.0.1:\(server.port)/a.bin"
        let first = try #require(rig.download(url))
        await rig.wait { rig.log.all.contains { $0.hasPrefix("task \(first) completed: NSURLErrorDomain Code=-1005") } }
        let resumeData = try #require(rig.log.resumeData(ofTask: first), "the cut download's error carries resume data")
        let resume = try DownloadResumeData(data: resumeData)
        #expect(resume.url == url)
        #expect(resume.bytesReceived == Int64(Self.half))
        #expect(resume.etag == "\"v1\"")

        let second = try #require(rig.download(resumingFrom: resumeData))
        await rig.wait { rig.log.all.contains { $0.hasPrefix("task \(second) completed: ") } }
        #expect(rig.log.all.contains("task \(second) finished: \(Body.body.count) bytes"))
        #expect(try Data(contentsOf: rig.service.finishedFile(ofTask: second)) == Data(Body.body))
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.rangeStart == Self.half, "the resumed task asks for the rest")
        #expect(server.requests.last?.header("If-Range") == "\"v1\"")
        #expect(!FileManager.default.fileExists(atPath: resume.partialFile), "the partial file became the task's")
        await rig.stop()
        await server.stop()
    }

    @Test func aServerThatAnswers200ToTheRangeGivesTheWholeFile() async throws {
        let server = try await HostileServer { _, index in
            index == 0 ? Body.whole(upTo: Self.half) : Body.whole()
        }
        let rig = SessionRig(options: Self.givingUp)
        let first = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        await rig.wait { rig.log.resumeData(ofTask: first) != nil }
        let resumeData = try #require(rig.log.resumeData(ofTask: first))
        let second = try #require(rig.download(resumingFrom: resumeData))
        await rig.wait { rig.log.all.contains { $0.hasPrefix("task \(second) completed: ") } }
        #expect(rig.log.all.contains("task \(second) finished: \(Body.body.count) bytes"))
        #expect(try Data(contentsOf: rig.service.finishedFile(ofTask: second)) == Data(Body.body))
        #expect(server.requests.last?.rangeStart == Self.half)
        #expect(rig.device.console.recentMessages.contains { $0.contains("came back whole") })
        await rig.stop()
        await server.stop()
    }

    @Test func cancelByProducingResumeDataGivesDataThatResumes() async throws {
        let server = try await HostileServer { request, index in
            index == 0 ? Body.whole(upTo: Self.half) + [.hold] : Body.rest(from: request.rangeStart ?? 0)
        }
        let rig = SessionRig()
        let first = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        let part = rig.service.partFile(ofTask: first)
        await rig.wait { (try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? Int) == Self.half }
        rig.cancelProducingResumeData(first)
        await rig.wait { rig.log.all.contains { $0.hasPrefix("task \(first) completed: NSURLErrorDomain Code=-999") } }
        let resumeData = try #require(rig.log.resumeData(ofTask: first))
        #expect(try DownloadResumeData(data: resumeData).bytesReceived == Int64(Self.half))

        let second = try #require(rig.download(resumingFrom: resumeData))
        await rig.wait { rig.log.all.contains { $0.hasPrefix("task \(second) completed: ") } }
        #expect(rig.log.all.contains("task \(second) completed: no error"))
        #expect(try Data(contentsOf: rig.service.finishedFile(ofTask: second)) == Data(Body.body))
        #expect(server.requests.last?.rangeStart == Self.half)
        await rig.stop()
        await server.stop()
    }

    @Test func resumeDataThatIsNotResumeDataFailsTheTaskCleanly() async throws {
        let rig = SessionRig()
        let garbage = try #require(rig.download(resumingFrom: Data("not resume data".utf8)))
        await rig.wait { rig.log.all.contains { $0.hasPrefix("task \(garbage) completed:") } }
        #expect(rig.log.all.contains {
            $0.hasPrefix("task \(garbage) completed: NSURLErrorDomain Code=-3003 \"invalid resume data for background download")
        })

        let elsewhere = DownloadResumeData(
            url: "http://127.0.0.1:9/a.bin", bytesReceived: 4, expectedBytes: nil, partialFile: "/etc/hostname", etag: "\"v1\"",
            lastModified: nil, bootID: nil)
        let stranger = try #require(rig.download(resumingFrom: elsewhere.data))
        await rig.wait { rig.log.all.contains { $0.hasPrefix("task \(stranger) completed:") } }
        #expect(rig.log.all.contains {
            $0.hasPrefix("task \(stranger) completed: NSURLErrorDomain Code=-3000")
                && $0.contains("the resume data's partial file /etc/hostname is not one this system kept")
        })
        await rig.stop()
    }
}
