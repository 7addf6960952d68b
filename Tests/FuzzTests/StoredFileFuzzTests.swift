import BackgroundRuntime
import BackgrounderWeb
import Foundation
import TestSupport
import Testing

/// Files the app reads back from its data directory, overwritten with garbage and with
/// mutations of what it wrote: their contents, or an error naming the file.
@Suite("Fuzz: stored files", .temporaryDirectory)
struct StoredFileFuzzTests {
    @Test func aTaskRequestFileOfGarbageGivesRequestsOrAnErrorNamingTheFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = TaskRequestStore(directory: directory)
        try store.save([
            ScheduledTaskRequest(kind: .appRefresh, identifier: "com.raywenderlich.TheBackgrounder.refresh", earliestBeginDate: Date(timeIntervalSince1970: 1_362_713_471.5)),
            ScheduledTaskRequest(kind: .processing, identifier: "com.raywenderlich.TheBackgrounder.cleanup", requiresExternalPower: true),
        ])
        let saved = try Data(contentsOf: store.fileURL)
        try await Fuzz.run("task request file") { generator, number in
            let input = generator.input(from: [Array(saved)], maxCount: 2048)
            try Data(input).write(to: store.fileURL)
            let context = Comment(rawValue: Fuzz.label(number, input))
            do throws(TaskRequestStoreError) {
                let requests = try store.load()
                // At most the pending limits' requests, each no bigger than the file.
                Fuzz.expectBounded(requests.count, byInput: 0, plus: ScheduledTaskRequest.Kind.allCases.map(\.pendingLimit).reduce(0, +), context)
                Fuzz.expectBounded(requests.reduce(0) { $0 + $1.identifier.utf8.count }, byInput: input.count, context)
                #expect(requests.count <= ScheduledTaskRequest.Kind.allCases.map(\.pendingLimit).reduce(0, +), context)
                for date in requests.compactMap(\.earliestBeginDate) {
                    // The device turns the date into milliseconds of its clock and a console time.
                    #expect(abs(date.timeIntervalSince1970) < 1e12, context)
                }
            } catch {
                #expect(error.description.hasPrefix(store.fileURL.path + ": "), context)
                Fuzz.expectBounded(error.description.utf8.count, byInput: input.count, plus: 500 + store.fileURL.path.utf8.count, context)
            }
        }
    }

    @Test func aPairingTokenFileOfGarbageGivesATokenOrAnErrorNamingTheFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(PairingToken.fileName)
        let sample = Array((String(repeating: "0123456789abcdef", count: 4) + "\n").utf8)
        try await Fuzz.run("pairing token file") { generator, number in
            let input = generator.input(from: [sample], maxCount: 400)
            try Data(input).write(to: url)
            let context = Comment(rawValue: Fuzz.label(number, input))
            do throws(PairingTokenError) {
                let token = try PairingToken.load(from: url)
                Fuzz.expectBounded(token?.hex.utf8.count ?? 0, byInput: 0, plus: 64, context)
                #expect(token.map { $0.hex.utf8.count == 64 && $0.matches($0.hex) } == true, context)
            } catch {
                #expect(error.description.contains(url.path), context)
                Fuzz.expectBounded(error.description.utf8.count, byInput: input.count, plus: 500 + url.path.utf8.count, context)
            }
        }
    }

    private func temporaryDirectory() throws -> URL {
        TestTemporaryDirectory.make("backgrounder-fuzz")
    }
}
