import AsyncHTTPClient
@testable import DemoPeers
import Foundation
import NIOCore
import TestSupport
import Testing

@Suite("The built-in content server", .serialized)
struct ContentServerTests {
    @Test func theIssueIsARealPDFOfTensOfMegabytes() async throws {
        let issue = IssuePDF()
        #expect(issue.count > 20_000_000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("issue-\(UUID()).pdf")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(await onItsOwnThread { issue.bytes(in: 0..<issue.count) }).write(to: file)
        let info = try await InteractiveProcess.run("/usr/bin/pdfinfo", [file.path])
        #expect(info.status == 0, "pdfinfo: \(info.stderr)")
        #expect(info.stdout.contains(#/Pages:\s+1600\n/#))
        let text = try await InteractiveProcess.run("/usr/bin/pdftotext", ["-f", "800", "-l", "800", file.path, "-"])
        #expect(text.stdout.contains("TheBackgrounder Magazine"))
        #expect(text.stdout.contains("page 800 of 1600"))
    }

    @Test func everyRangeIsASliceOfTheWholeAndTheSameEveryTime() {
        let issue = IssuePDF(pageCount: 20, segmentLength: 9_000)
        let whole = issue.bytes(in: 0..<issue.count)
        #expect(whole.count == issue.count)
        for range in [0..<10, 5_000..<27_000, (issue.count - 300)..<issue.count, 17..<17] {
            #expect(issue.bytes(in: range) == Array(whole[range]))
        }
        #expect(IssuePDF(pageCount: 20, segmentLength: 9_000).bytes(in: 0..<issue.count) == whole)
    }

    @Test func rates() throws {
        #expect(try ByteRate.parse("1MB/s") == ByteRate(bytesPerSecond: 1_000_000))
        #expect(try ByteRate.parse("512KB/s") == ByteRate(bytesPerSecond: 512_000))
        #expect(try ByteRate.parse("2MiB/s") == ByteRate(bytesPerSecond: 2_097_152))
        #expect(try ByteRate.parse("800000") == ByteRate(bytesPerSecond: 800_000))
        #expect(try ByteRate.parse("unlimited") == nil)
        #expect(try ByteRate.parse("0") == nil)
        #expect(throws: ByteRateError.self) { try ByteRate.parse("fast") }
        #expect(throws: ByteRateError.self) { try ByteRate.parse("1XB/s") }
    }

    @Test func rangeHeaders() {
        #expect(ByteRange.parse(nil, size: 100) == .whole)
        #expect(ByteRange.parse("bytes=10-19", size: 100) == .range(10..<20))
        #expect(ByteRange.parse("bytes=90-", size: 100) == .range(90..<100))
        #expect(ByteRange.parse("bytes=-10", size: 100) == .range(90..<100))
        #expect(ByteRange.parse("bytes=95-200", size: 100) == .range(95..<100))
        #expect(ByteRange.parse("bytes=100-", size: 100) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-1,5-6", size: 100) == .whole)
        #expect(ByteRange.parse("items=1-2", size: 100) == .whole)
    }

    @Test func rangesIfRangeETagAnd416() async throws {
        let server = try await RunningContentServer()
        defer { Task { await server.stop() } }
        let size = server.server.issue.count
        let etag = server.server.issue.etag

        let whole = try await fetch(server.url)
        #expect(whole.status == 200)
        #expect(whole.headers["etag"] == etag)
        #expect(whole.headers["accept-ranges"] == "bytes")
        #expect(whole.body == server.server.issue.bytes(in: 0..<size))

        let part = try await fetch(server.url, ["Range": "bytes=100-", "If-Range": etag])
        #expect(part.status == 206)
        #expect(part.headers["content-range"] == "bytes 100-\(size - 1)/\(size)")
        #expect(part.body == server.server.issue.bytes(in: 100..<size))

        let byDate = try await fetch(server.url, ["Range": "bytes=0-9", "If-Range": ContentServer.lastModified])
        #expect(byDate.status == 206)
        #expect(byDate.body.count == 10)

        let stale = try await fetch(server.url, ["Range": "bytes=100-", "If-Range": "\"an-old-etag\""])
        #expect(stale.status == 200)
        #expect(stale.body.count == size)

        let beyond = try await fetch(server.url, ["Range": "bytes=\(size)-"])
        #expect(beyond.status == 416)
        #expect(beyond.headers["content-range"] == "bytes */\(size)")

        var head = HTTPClientRequest(url: server.url)
        head.method = .HEAD
        let headResponse = try await HTTPClient.shared.execute(head, timeout: .seconds(10))
        #expect(headResponse.status.code == 200)
        #expect(headResponse.headers.first(name: "Content-Length") == String(size))
    }

    /// The rate itself is wall-clock time, measured by Benchmarks/NewsstandBenchmarks; here, what
    /// a throttled response is made of.
    @Test func aThrottledResponseIsTheSameBytesSentInTenthsOfASecondOfTheRate() async throws {
        let server = try await RunningContentServer(rate: ByteRate(bytesPerSecond: 2_000_000))
        defer { Task { await server.stop() } }
        let part = try await fetch(server.url, ["Range": "bytes=0-99999"])
        #expect(part.status == 206)
        #expect(part.body == server.server.issue.bytes(in: 0..<100_000))
        #expect(Pacer(rate: ByteRate(bytesPerSecond: 200_000)).chunkSize == 20_000)
        #expect(Pacer(rate: ByteRate(bytesPerSecond: 1_000)).chunkSize == 1 << 10)
        #expect(Pacer(rate: nil).chunkSize == 64 << 10)
    }

    /// The status, the headers (by lowercase name) and the body of a GET.
    private func fetch(_ url: String, _ headers: [String: String] = [:]) async throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 100 << 20)
        let fields = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        return (Int(response.status.code), fields, Array(buffer: body))
    }
}

