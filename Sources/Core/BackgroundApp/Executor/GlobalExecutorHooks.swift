import BackgroundWire
import Foundation

/// Makes a ``ThreadPoolExecutor`` Swift's global executor in this process, through the
/// concurrency runtime's hooks: `swift_task_enqueueGlobal_hook` and its delayed forms
/// (swiftlang/swift, include/swift/Runtime/ConcurrencyHooks.def), the mechanism SwiftNIO's
/// `NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()`
/// uses for its event loops.
///
/// `backgrounder`'s processes, the executables `AppHost.main` runs and `UIApplicationMain`
/// install it first thing, before any task leaves the main thread: a job that reached
/// libdispatch's global queue first would have started the once-a-second timer the pool exists
/// to avoid.
///
/// - warning: Install from the main thread, before any other task runs (a second call changes
///   nothing); a library or test process keeps Swift's own global executor.
public enum GlobalExecutorHooks {
    /// The executor that runs the process's global jobs once ``install()`` has run.
    public static let pool = ThreadPoolExecutor()

    private typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
    private typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
    private typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
    private typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
    private typealias DeadlineOriginal = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
    private typealias DeadlineHook = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void

    /// Sends the process's global jobs, delayed ones included, to ``pool``. Returns false, and
    /// changes nothing, where the runtime has no such hooks or something else holds them.
    @discardableResult
    public static func install() -> Bool {
        guard let process = dlopen(nil, RTLD_NOW),
              let enqueue = dlsym(process, "swift_task_enqueueGlobal_hook"),
              let delay = dlsym(process, "swift_task_enqueueGlobalWithDelay_hook"),
              let deadline = dlsym(process, "swift_task_enqueueGlobalWithDeadline_hook"),
              [enqueue, delay, deadline].allSatisfy({ $0.load(as: UnsafeRawPointer?.self) == nil })
        else { return false }
        deadline.assumingMemoryBound(to: DeadlineHook.self).initialize { seconds, nanoseconds, _, _, clock, job, _ in
            var nowSeconds: Int64 = 0
            var nowNanoseconds: Int64 = 0
            swiftGetTime(&nowSeconds, &nowNanoseconds, clock)
            let remaining = (seconds - nowSeconds) * 1_000_000_000 + (nanoseconds - nowNanoseconds)
            GlobalExecutorHooks.pool.enqueue(job, afterNanoseconds: UInt64(max(0, remaining)))
        }
        delay.assumingMemoryBound(to: DelayHook.self).initialize { nanoseconds, job, _ in
            GlobalExecutorHooks.pool.enqueue(job, afterNanoseconds: nanoseconds)
        }
        enqueue.assumingMemoryBound(to: EnqueueHook.self).initialize { job, _ in
            GlobalExecutorHooks.pool.enqueue(job)
        }
        return true
    }
}

/// The runtime's reading of the clock a deadline hook names (`swift_clock_id`: 1 continuous,
/// 2 suspending), as `ContinuousClock.now` and `SuspendingClock.now` read it.
@_silgen_name("swift_get_time")
private func swiftGetTime(_ seconds: UnsafeMutablePointer<Int64>, _ nanoseconds: UnsafeMutablePointer<Int64>, _ clock: Int32)
