import BackgroundRuntime
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
import TestSupport
import Testing
@testable import TheBackgrounder

/// Bytes of one letter, to tell two versions of a file apart.
func body(_ count: Int, _ letter: Character = "a") -> [UInt8] {
    [UInt8](repeating: letter.asciiValue!, count: count)
}

@Suite("Downloads from lying and broken servers", .serialized, .temporaryDirectory)
struct HostileServerTests {
    /// A backgrounder with quick retries and small checkpoints.
    func makeTestBackgrounder(retries: Int = 3) -> Backgrounder {
        var options = TransferOptions()
        options.checkpointInterval = 16 << 10
        options.retryLimit = retries
        return makeBackgrounder(options: options)
    }

    /// Downloads from `server`'s `path` and waits (moving time a second per round, for
    /// backoffs) until the delegate heard a finish or a failure.
    func download(_ backgrounder: Backgrounder, _ server: HostileServer, path: String = "/issue.pdf") async -> DownloadLog {
        let log = DownloadLog()
        backgrounder.download("http://127.0.0.1:\(server.port)\(path)", into: "hostile", log: log)
        await backgrounder.pump(step: .seconds(1)) { log.outcome != nil }
        return log
    }

    func contentFiles(_ backgrounder: Backgrounder) -> [String] {
        backgrounder.newsstand.contentFiles(ofIssue: "hostile")
    }

    /// The rest of `file` from the request's range start, as a 206 with `etag`.
    static func rest(of file: [UInt8], for request: HostileServer.Request, etag: String) -> [HostileServer.Step] {
        let start = request.rangeStart ?? 0
        return [
            HostileServer.head("206 Partial Content", [
                "Content-Length": String(file.count - start), "ETag": etag,
                "Content-Range": "bytes \(start)-\(file.count - 1)/\(file.count)",
            ]),
            .send(Array(file[start...])),
        ]
    }

    @Test func aDroppedConnectionIsRetriedWithRangeAndIfRange() async throws {
        let file = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 / 7) }
        let server = try await HostileServer { request, index in
            if index == 0 {
                return [HostileServer.head("200 OK", ["Content-Length": "200000", "ETag": "\"v1\""]), .send(Array(file[0..<80_000])), .pause(.milliseconds(300))]
            }
            return Self.rest(of: file, for: request, etag: "\"v1\"")
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server)
        #expect(log.outcome == "finish issue.pdf")
        let retry = try #require(server.requests.dropFirst().first, "no second request: \(server.requests.count) in all")
        let resumedAt = try #require(retry.rangeStart)
        #expect(resumedAt > 0 && resumedAt <= 80_000)
        #expect(log.all.contains("resume \(resumedAt)"))
        #expect(retry.header("If-Range") == "\"v1\"")
        #expect(backgrounder.messages.contains { $0.hasPrefix("Newsstand: ") && $0.hasSuffix("; retrying in 1 s (retry 1 of 3)") })
        let stored = backgrounder.newsstand.directories.content(ofIssue: "hostile").appendingPathComponent("issue.pdf")
        #expect(try Data(contentsOf: stored) == Data(file))
    }

    /// A flaky mobile link: every response is cut after `cut` bytes of body, the connection
    /// closed at once. Each attempt keeps what it received, so the download gets there.
    @Test(arguments: [700, 20_000, 90_000])
    func aServerThatCutsEveryResponseStillDeliversTheWholeFile(cut: Int) async throws {
        let file = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 / 5) }
        let server = try await HostileServer { request, _ in
            let start = request.rangeStart ?? 0
            let end = min(file.count, start + cut)
            let head = start == 0
                ? HostileServer.head("200 OK", ["Content-Length": "300000", "ETag": "\"flaky\""])
                : HostileServer.head("206 Partial Content", [
                    "Content-Length": String(file.count - start), "ETag": "\"flaky\"",
                    "Content-Range": "bytes \(start)-\(file.count - 1)/\(file.count)",
                ])
            return [head, .send(Array(file[start..<end]))]
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder(retries: 2)
        let log = await download(backgrounder, server)
        #expect(log.outcome == "finish issue.pdf")
        // Each attempt resumed where the bytes kept before it ended: at every multiple of the cut,
        // in order. (An attempt may also end with nothing: the test moves the device's clock a
        // second a round, and on a busy machine the 30 s stall window can pass on that clock
        // before a cut response arrives; the next attempt then asks for the same range again.)
        let starts = server.requests.map { $0.rangeStart ?? 0 }
        #expect(starts == starts.sorted(), "\(starts)")
        #expect(Array(Set(starts)).sorted() == Array(stride(from: 0, to: file.count, by: cut)))
        let stored = backgrounder.newsstand.directories.content(ofIssue: "hostile").appendingPathComponent("issue.pdf")
        #expect(try Data(contentsOf: stored) == Data(file))
    }

    @Test func aServerThatLiesAboutContentLengthEndsInAClearErrorAndNoFile() async throws {
        let server = try await HostileServer { _, _ in
            [HostileServer.head("200 OK", ["Content-Length": "100000", "ETag": "\"liar\""]), .send(body(40_000))]
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder(retries: 2)
        let log = await download(backgrounder, server)
        let outcome = try #require(log.outcome)
        #expect(outcome.wholeMatch(of: #/fail gave up after 3 attempts: the response ended after \d+ of the 100000 bytes its Content-Length announced/#) != nil, "\(outcome)")
        // Each retry says why, in the same words.
        #expect(backgrounder.messages.contains { $0.contains("of the 100000 bytes its Content-Length announced; retrying in") })
        #expect(contentFiles(backgrounder).isEmpty)
        #expect(backgrounder.newsstand.status(ofIssue: "hostile") == .none)
        #expect(try FileManager.default.contentsOfDirectory(atPath: backgrounder.newsstand.directories.transfers.path).isEmpty)
    }

    @Test func aServerThatSendsMoreThanItsContentLengthGivesTheAnnouncedBytesOnly() async throws {
        let file = body(100_000, "m")
        let server = try await HostileServer { _, _ in
            [HostileServer.head("200 OK", ["Content-Length": "40000", "ETag": "\"short\""]), .send(file)]
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server)
        #expect(log.outcome == "finish issue.pdf")
        let stored = backgrounder.newsstand.directories.content(ofIssue: "hostile").appendingPathComponent("issue.pdf")
        #expect(try Data(contentsOf: stored) == Data(file[0..<40_000]))
    }

    @Test func twoHundredToARangeRestartsCleanlyFromZero() async throws {
        let file = body(100_000, "c")
        let server = try await HostileServer { _, index in
            let head = HostileServer.head("200 OK", ["Content-Length": "100000", "ETag": "\"same\""])
            return index == 0 ? [head, .send(Array(file[0..<50_000])), .pause(.milliseconds(300))] : [head, .send(file)]
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server)
        #expect(log.outcome == "finish issue.pdf")
        #expect(server.requests[1].rangeStart != nil)
        #expect(backgrounder.messages.contains { $0.contains("came back whole (200 to a range request") })
        let stored = backgrounder.newsstand.directories.content(ofIssue: "hostile").appendingPathComponent("issue.pdf")
        #expect(try Data(contentsOf: stored) == Data(file))
    }

    @Test func anETagThatChangesRestartsFromZeroWithTheNewContent() async throws {
        let old = body(100_000, "o"), new = body(100_000, "n")
        let server = try await HostileServer { request, index in
            switch index {
            case 0:
                return [HostileServer.head("200 OK", ["Content-Length": "100000", "ETag": "\"v1\""]), .send(Array(old[0..<50_000])), .pause(.milliseconds(300))]
            case 1:
                return Self.rest(of: new, for: request, etag: "\"v2\"")
            default:
                return [HostileServer.head("200 OK", ["Content-Length": "100000", "ETag": "\"v2\""]), .send(new)]
            }
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server)
        #expect(log.outcome == "finish issue.pdf")
        #expect(backgrounder.messages.contains("Newsstand: the ETag of http://127.0.0.1:\(server.port)/issue.pdf changed from \"v1\" to \"v2\"; restarting the download from zero"))
        #expect(server.requests[2].header("Range") == nil)
        let stored = backgrounder.newsstand.directories.content(ofIssue: "hostile").appendingPathComponent("issue.pdf")
        #expect(try Data(contentsOf: stored) == Data(new))
    }

    @Test func fourSixteenEndsTheAssetWithAClearError() async throws {
        let server = try await HostileServer { _, index in
            index == 0
                ? [HostileServer.head("200 OK", ["Content-Length": "100000", "ETag": "\"x\""]), .send(body(50_000)), .pause(.milliseconds(300))]
                : [HostileServer.head("416 Range Not Satisfiable", ["Content-Range": "bytes */100000", "Content-Length": "0"])]
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server)
        let resumedAt = try #require(server.requests.last?.rangeStart)
        #expect(log.outcome == "fail the server answered 416 (range not satisfiable) to a resume at byte \(resumedAt) of http://127.0.0.1:\(server.port)/issue.pdf")
        #expect(contentFiles(backgrounder).isEmpty)
    }

    @Test func anHTTPErrorEndsTheAssetAtOnce() async throws {
        let server = try await HostileServer { _, _ in [HostileServer.head("404 Not Found", ["Content-Length": "0"])] }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server)
        #expect(log.outcome == "fail the server answered HTTP 404 for http://127.0.0.1:\(server.port)/issue.pdf")
        #expect(server.requests.count == 1)
    }

    @Test func aSlowLorisServerIsDroppedByTheWatchdog() async throws {
        let server = try await HostileServer { _, _ in
            [HostileServer.head("200 OK", ["Content-Length": "100000"]), .text("%PDF"), .hold]
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder(retries: 0)
        let log = await download(backgrounder, server)
        #expect(log.outcome == "fail gave up after 1 attempts: the server sent only 4 bytes in 30 s (stalled or slow-loris)")
        #expect(contentFiles(backgrounder).isEmpty)
    }

    @Test func aRedirectLoopIsRefused() async throws {
        let server = try await HostileServer { request, _ in
            let next = request.path == "/a" ? "/b" : "/a"
            return [HostileServer.head("302 Found", ["Location": next, "Content-Length": "0"])]
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server, path: "/a")
        #expect(log.outcome == "fail the redirects from http://127.0.0.1:\(server.port)/a loop or go on too long")
    }

    @Test(arguments: [
        ("/issue.pdf", "attachment; filename=\"../../evil.pdf\"", "\"../../evil.pdf\" from Content-Disposition"),
        ("/issue.pdf", "attachment; filename*=UTF-8''%2Fetc%2Fevil.pdf", "\"/etc/evil.pdf\" from Content-Disposition"),
        ("/issues/..%2F..%2Fevil.pdf", nil, "\"../../evil.pdf\" from the URL"),
    ])
    func aFileNameThatWouldLeaveTheIssueIsRefused(path: String, disposition: String?, named: String) async throws {
        let server = try await HostileServer { _, _ in
            var headers = ["Content-Length": "1000"]
            headers["Content-Disposition"] = disposition
            return [HostileServer.head("200 OK", headers), .send(body(1000))]
        }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server, path: path)
        let outcome = try #require(log.outcome)
        #expect(outcome.hasPrefix("fail the file name \(named) is refused: it contains \"/\""))
        let data = backgrounder.configuration.dataDirectory
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("evil.pdf").path))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("newsstand/evil.pdf").path))
        #expect(contentFiles(backgrounder).isEmpty)
    }

    @Test func garbageInsteadOfHTTPIsAMalformedResponse() async throws {
        let server = try await HostileServer { _, _ in [.text("SSH-2.0-OpenSSH_9.2\r\n\r\n")] }
        defer { Task { await server.stop() } }
        let backgrounder = makeTestBackgrounder()
        let log = await download(backgrounder, server)
        let outcome = try #require(log.outcome)
        #expect(outcome.hasPrefix("fail the response is malformed"), "\(outcome)")
    }
}
