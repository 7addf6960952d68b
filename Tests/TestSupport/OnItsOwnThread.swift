import Foundation

/// Runs `body` on a thread of its own and returns its result, leaving the calling task's
/// thread to the other tests meanwhile.
///
/// The whole suite's tasks share Swift's pool of one thread per core: a test that spends tens
/// of seconds computing on it (a 40 MB PDF, every test source parsed) holds one of two threads
/// on this machine, and two such tests leave every other test waiting — and each wait that has
/// a deadline running out — for as long.
public func onItsOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// ``onItsOwnThread(_:)`` for a body that does not throw.
public func onItsOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
