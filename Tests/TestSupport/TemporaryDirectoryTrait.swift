import Foundation
import Testing

/// Gives each test (each case of a parameterized one) its own temporary directory, removed
/// with everything in it when the test ends, after its ``TestTeardown`` has stopped what the
/// test started; ``TestTemporaryDirectory/make(_:)`` makes directories inside it. Mark a suite
/// with it: `@Suite("…", .temporaryDirectory)`.
public struct TemporaryDirectoryTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }  // the suite as a whole: nothing
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("backgrounder-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { Self.remove(directory, of: test) }
        let teardown = TestTeardown()
        do {
            try await TestTeardown.$current.withValue(teardown) {
                try await TestTemporaryDirectory.$current.withValue(directory) { try await function() }
            }
        } catch {
            await teardown.run()
            throw error
        }
        await teardown.run()
    }

    /// Removes `directory`, twice if the first attempt fails (a process the test killed may
    /// still have been writing into it); if the second fails too, says on standard error which
    /// test left what behind, so that the run's check for leftovers names the culprit.
    private static func remove(_ directory: URL, of test: Test) {
        let files = FileManager.default
        if (try? files.removeItem(at: directory)) != nil { return }
        do {
            try files.removeItem(at: directory)
        } catch {
            let left = files.enumerator(atPath: directory.path)?.allObjects.prefix(20) ?? []
            FileHandle.standardError.write(Data("""
                TemporaryDirectoryTrait: \(test.name) left \(directory.path) behind (\(error)); \
                in it: \(left.map { "\($0)" }.joined(separator: ", "))

                """.utf8))
        }
    }
}

extension Trait where Self == TemporaryDirectoryTrait {
    /// Each test's own temporary directory, removed when it ends (``TemporaryDirectoryTrait``).
    public static var temporaryDirectory: Self { Self() }
}
