/// The global actor of the app's code: TheBackgrounder's `@MainActor`.
///
/// Everything the app does — its delegate, its screens, its timers' blocks, its expiration
/// handlers — is isolated to `@AppMain`. Jobs for this actor run on ``AppMainExecutor``, which
/// the system freezes while the app is suspended: no job of the app runs then, exactly as a
/// suspended iOS app's main thread does not run.
///
/// - warning: There is one app's main executor per process, so one ``Device`` drives it at a
///   time. Tests that create devices run serially (`swift test --no-parallel`).
@globalActor
public actor AppMain {
    public static let shared = AppMain()

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        AppMainExecutor.shared.asUnownedSerialExecutor()
    }

    /// Runs `operation` synchronously, asserting that the caller is already running a job of the
    /// app's main executor (the counterpart of `MainActor.assumeIsolated`).
    public static func assumeIsolated<T>(
        _ operation: @AppMain () throws -> T,
        file: StaticString = #fileID,
        line: UInt = #line
    ) rethrows -> T {
        AppMain.shared.preconditionIsolated("not on the app's main executor", file: file, line: line)
        return try withoutActuallyEscaping(operation) { isolatedOperation in
            // Safe: the precondition above proved we are on the executor that `@AppMain` names.
            try unsafeBitCast(isolatedOperation, to: (() throws -> T).self)()
        }
    }
}
