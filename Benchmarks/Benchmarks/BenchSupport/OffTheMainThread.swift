import Foundation

/// Runs `body` on a thread of its own and returns its result, leaving the main thread free: a
/// live device's app runs its jobs on the main queue (as an iOS app does on its main thread), so
/// a benchmark that blocked the main thread waiting for the app would wait forever.
public func offTheMainThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
