// delivery-bench: the CPU cost of one delivery to the app — a service's event
// (`ServiceHost.post`) from the service's thread to its client (`ServiceClient`) on the app's
// main executor on a live device, with the app in the system's process — against the floor of
// any such hop: a plain thread woken by a semaphore to run the same closure, in the same run.
//
// Each round trip posts one event and waits for the client's handler to signal back, so each
// one wakes the app's thread and then the poster (two thread wake-ups, as in the reference).
// Measured: the process's CPU time (user + system, CLOCK_PROCESS_CPUTIME_ID) per round trip and
// the wall time per round trip; rounds alternate between the two. Included: the device's lock,
// the message, the executor's queue, the client's handing over, the app-main thread's wake-up
// and the poster's. Left out: what a service does before posting, what the app does with the
// event (the screen's work) and the console. Prints JSON.
//
//   delivery-bench [ROUND-TRIPS] [ROUNDS]     (defaults 100000 and 3)
import BackgroundRuntime
import BenchSupport
import Dispatch
import Foundation
import Synchronization

/// The benchmark's service: one event, a number, for the app's client.
enum DeliveryService: ServiceInterface {
    typealias Call = Never
    typealias Event = Int
    static let name = "delivery-bench"
}

/// An app whose client signals `ran` for each event of the benchmark's service.
@AppMain
final class DeliveryApp: ApplicationDelegate {
    let client: ServiceClient<DeliveryService>

    init(application: Application, ran: DispatchSemaphore) {
        client = ServiceClient(application: application)
        client.receive { _ in ran.signal() }
    }
}

/// A thread that runs closures handed to it one at a time: the reference hop.
final class PlainThread: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let job = Mutex<(@Sendable () -> Void)?>(nil)

    init() {
        let thread = Thread { [self] in
            while true {
                arrived.wait()
                job.withLock { $0 }?()
            }
        }
        thread.name = "reference.worker"
        thread.start()
    }

    func post(_ body: @escaping @Sendable () -> Void) {
        job.withLock { $0 = body }
        arrived.signal()
    }
}

/// Runs `count` round trips of `roundTrip`; returns (CPU µs, wall µs) per round trip.
func measure(_ count: Int, _ roundTrip: () -> Void) -> (cpu: Double, wall: Double) {
    let cpu0 = processCPUSeconds(), start = ContinuousClock.now
    for _ in 0..<count { roundTrip() }
    let wall = (ContinuousClock.now - start) / .microseconds(1)
    return ((processCPUSeconds() - cpu0) * 1e6 / Double(count), wall / Double(count))
}

let arguments = RoundTripArguments(tool: "delivery-bench", defaultRoundTrips: 100_000)
let count = arguments.roundTrips
let rounds = arguments.rounds

let ran = DispatchSemaphore(value: 0)
let device = Device(infoPlist: InfoPlist()) { [ran] in DeliveryApp(application: $0, ran: ran) }
let host = ServiceHost<DeliveryService>(device: device)
device.launch()
let reference = PlainThread()
// The app's jobs run on the main queue: the rounds wait for them from a thread of their own.
let (app, plain) = await offTheMainThread { [host, ran, reference, count, rounds] in
    while !host.post(0) { usleep(1_000) }
    ran.wait()
    var app: [(cpu: Double, wall: Double)] = [], plain: [(cpu: Double, wall: Double)] = []
    for _ in 0..<rounds {
        app.append(measure(count) {
            guard host.post(1) else { fatalError("the app stopped running") }
            ran.wait()
        })
        plain.append(measure(count) {
            reference.post { ran.signal() }
            ran.wait()
        })
    }
    return (app, plain)
}
device.terminate()
device.shutdown()

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
print(String(
    format: #"{"roundTrips":%d,"rounds":%d,"app_cpu_us":%.2f,"app_cpu_us_min":%.2f,"app_wall_us":%.2f,"reference_cpu_us":%.2f,"reference_cpu_us_min":%.2f,"reference_wall_us":%.2f}"#,
    count, rounds, median(app.map(\.cpu)), app.map(\.cpu).min()!, median(app.map(\.wall)),
    median(plain.map(\.cpu)), plain.map(\.cpu).min()!, median(plain.map(\.wall))))
