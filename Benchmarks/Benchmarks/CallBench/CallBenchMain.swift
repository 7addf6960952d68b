// call-bench: one app→system call in the mode users run (the app in its own process, frozen by
// the kernel while suspended) against the physical limit of a process boundary, in one run.
//
//   call-bench run --headless …       CallBenchApp on the host: with CALL_BENCH_CALLS=N set, the
//                                     app times N `beginBackgroundTask` round trips (each ended
//                                     at once) and logs "Call round trips: …" on the console
//   call-bench pingpong N             the reference: N one-byte round trips between this process
//                                     and a child over a socketpair (the child answers each
//                                     byte with a blocking read and write); prints the same line
//
// Both print p50 and p99 in µs.
import BackgroundRuntime
import BackgrounderHost
import Foundation

@main
enum CallBenchMain {
    @MainActor
    static func main() async {
        let arguments = CommandLine.arguments
        switch arguments.dropFirst().first {
        case "pingpong":
            let count = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 20_000
            print(SocketPairPingPong.measure(count: count).line)
        case "echo":
            SocketPairPingPong.echo(descriptor: arguments.dropFirst(2).first.flatMap { Int32($0) } ?? 3)
        default:
            await AppHost.main(infoPlist: { CallBenchApp.infoPlist }) { CallBenchApp(application: $0) }
        }
    }
}
