import BackgroundWire

/// The global actor of the runtime's app code: the app's main thread, one device at a time.
///
/// Everything the app does through the runtime's API — its delegate, its screens, its timers'
/// blocks, its expiration handlers — is isolated to `@AppMain`. Its jobs run on the
/// ``AppMainExecutor`` of the device the code belongs to, which the system freezes while the app
/// is suspended: no job of the app runs then, exactly as a suspended iOS app's main thread does
/// not run. That executor runs its jobs on the process's main dispatch queue, so `@AppMain` code
/// is also on the main actor, and the Apple-spelled modules (UIKit's `@MainActor` types) call
/// from one into the other with `assumeIsolated`. In the app's own process (the default) the
/// main queue is the app's alone, and `@AppMain` and `@MainActor` are one thread, as on iOS.
///
/// Each device has an executor of its own, so tests that make a device each run in parallel.
/// The executor of code running now is a task-local value: a device binds it while it runs the
/// app's jobs, and tasks the app starts inherit it, so an `await` in app code comes back to its
/// own device.
///
/// - warning: `@AppMain` code must be started by a device: from the app's own callbacks, with
///   ``Application/task(_:)``, or on a `TestDevice` with `TestDevice/perform(_:)`. Hopping to `@AppMain` from anywhere
///   else (a test function marked `@AppMain`, a `Task { @AppMain in }` started on a service's
///   thread) stops the process with a message saying so — except in the app's own process
///   (`--isolation process`), which holds one app: there it is that app's, as on iOS.
@globalActor
public actor AppMain {
    public static let shared = AppMain()

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        guard let executor = AppMainExecutor.active else {
            fatalError(
                "@AppMain code was started outside any device: start the app's code from its callbacks, "
                    + "with application.task { }, or on a test device with device.perform { }")
        }
        return executor.asUnownedSerialExecutor()
    }

    /// Runs `operation` synchronously, asserting that the caller is already running a job of
    /// the app's main executor (the counterpart of `MainActor.assumeIsolated`).
    public static func assumeIsolated<T>(
        _ operation: @AppMain () throws -> T,
        file: StaticString = #fileID,
        line: UInt = #line
    ) rethrows -> T {
        guard let executor = AppMainExecutor.active else {
            preconditionFailure("not on the app's main executor", file: file, line: line)
        }
        executor.checkIsolated()
        return try withoutActuallyEscaping(operation) { isolatedOperation in
            // Safe: the check above proved we run a job of the executor that `@AppMain` names.
            try unsafeBitCast(isolatedOperation, to: (() throws -> T).self)()
        }
    }
}
