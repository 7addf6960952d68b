import BackgroundPlatform
import BackgroundWire
import CProcessControl
import Foundation

/// The app's side of `--isolation process`: the app's code runs in a process of its own, which
/// the system freezes while the app is suspended. The system starts this process (the same
/// binary, with the `app-process` command) with its end of the socket as standard input, and its
/// end of the answers' socket (`AnswerSocket`) as descriptor 3.
public enum AppProcess {
    /// Runs the app in this process on the socket at standard input, until the system closes
    /// it; then the process exits.
    public static func run(
        infoPlist: InfoPlist, profile: PolicyProfile,
        app: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate
    ) async -> Never {
        // Frozen or not, the app's process ends with the system's: the kernel kills it then.
        if backgrounder_die_with_parent() != 0 { exit(0) }
        let channel = FrameChannel(descriptor: STDIN_FILENO)
        // The app's main executor runs its jobs on the main dispatch queue, as an iOS app's main
        // thread runs its run loop: `@MainActor` code and blocks given to `DispatchQueue.main`
        // run there too, one at a time with the app's jobs.
        let executor = AppMainExecutor(runsAsJobsArrive: true)
        AppMainExecutor.adoptForAppProcess(executor)
        let system = SocketSystemLink(channel: channel, answers: AnswerSocket.inheritedByAppProcess(), executor: executor)
        executor.afterEachWake { system.wakeEnded() }
        let runtime = AppRuntime(system: system, infoPlist: infoPlist, profile: profile, executor: executor, makeDelegate: app)
        // The kernel freezes this whole process; its executor itself is never frozen.
        executor.thaw()
        channel.startReading(name: "system-link") { message in
            switch message {
            case .deliver(let delivery, let launch):
                executor.post { runtime.carryOut(delivery, launch: launch) }
            case .barrier(let id):
                // The system's bookkeeping, not the app's code: it leaves the count of jobs
                // that ran after an expiration handler returned as it was.
                executor.post(isAppCode: false) { system.tell(.barrierReached(id: id)) }
            case .answer(let answer, let id):
                system.receive(answer, for: id)
            case .call, .question, .questionAnswered, .serviceExtension:
                break
            }
        } ended: { why in
            system.close()
            // The system closing the socket is the app's normal end; anything else is a fault of
            // the link, said where the system's console shows it.
            if why != FrameChannel.peerClosed { FileHandle.standardError.write(Data("app-process: the link ended: \(why)\n".utf8)) }
            exit(0)
        }
        // The reading thread ends the process; this task waits for nothing until then.
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        fatalError("the app's process outlived its socket")
    }
}
