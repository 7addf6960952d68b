import BackgroundRuntime
import Testing

@Suite("Jetsam under memory pressure: band by band, the largest footprint first, warnings before the running")
struct JetsamTests {
    /// A worker app running a finite task in the background, its footprint declared at
    /// `footprint` MB, beside Photos and Mail (suspended, 150 and 30 MB) and Maps (running in the
    /// background, 90 MB).
    private func makeCrowdedDevice(footprint: Int) -> TestDevice {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        device.memory.addResidentApp(ResidentApp(name: "Mail", band: .suspended, footprint: 30 << 20))
        device.memory.addResidentApp(ResidentApp(name: "Photos", band: .suspended, footprint: 150 << 20))
        device.memory.addResidentApp(ResidentApp(name: "Maps", band: .background, footprint: 90 << 20))
        device.memory.declareFootprint(footprint << 20)
        return device
    }

    /// Where `line` first shows in the console's recent lines, if it does.
    private func position(of line: String, in device: TestDevice) -> Int? {
        device.console.recentMessages.firstIndex { $0.hasPrefix(line) }
    }

    @Test func jetsamEndsSuspendedAppsLargestFirstThenWarnsThenEndsBackgroundAppsLargestFirst() throws {
        let device = makeCrowdedDevice(footprint: 60)
        #expect(device.memory.status.residentApps.map(\.name) == ["Photos", "Mail", "Maps"], "jetsam's order, lowest band first")
        device.simulateMemoryPressure(.critical)
        let order = [
            "Process Photos killed by jetsam reason vm-pageshortage (suspended, 150 MB)",
            "Process Mail killed by jetsam reason vm-pageshortage (suspended, 30 MB)",
            "Memory pressure (critical): running apps are warned: Maps",
            "Memory pressure (critical): TheBackgrounder is background, warned before jetsam goes on to apps running in the background",
            "Received memory warning.",
            "Process Maps killed by jetsam reason vm-pageshortage (background, 90 MB)",
            "Memory pressure (critical): the warnings did not free enough, and jetsam goes on to apps running in the "
                + "background: TheBackgrounder runs for no work the user perceives, its footprint 60 MB",
            "Process TheBackgrounder [",
            "Terminated by the system: memory pressure (jetsam)",
        ]
        let positions = try order.map { line in try #require(position(of: line, in: device), "\(line)") }
        #expect(positions == positions.sorted(), "in jetsam's order: \(positions)")
        #expect(device.appState == .notRunning)
        #expect(device.energy.status().exits.background == [.memoryPressure: 1])
        #expect(device.memory.status.residentApps.isEmpty)
    }

    @Test func criticalPressureWarnsABackgroundAppBeforeJetsamEndsIt() throws {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        device.simulateMemoryPressure(.critical)
        #expect(device.appState == .notRunning)
        let warned = try #require(position(of: "Received memory warning.", in: device), "the running app is warned first")
        let ended = try #require(position(of: "Terminated by the system: memory pressure (jetsam)", in: device))
        #expect(warned < ended)
    }

    @Test func whatTheSystemNeedsDecidesWhereJetsamStops() {
        // 150 + 30 MB of suspended apps are not enough for 200 MB: the running apps are warned,
        // and Maps, at 90 MB the largest in the background band, goes before the app's 60 MB.
        let small = makeCrowdedDevice(footprint: 60)
        small.simulateMemoryPressure(.critical, need: 200 << 20)
        #expect(small.appState == .background, "jetsam stopped at Maps")
        #expect(small.memory.status.residentApps.isEmpty)
        #expect(small.console.recentMessages.last == "Jetsam freed 270 MB of the 200 MB needed and stops")

        // At 100 MB the app is the largest in its band: it goes, and Maps stays.
        let large = makeCrowdedDevice(footprint: 100)
        large.simulateMemoryPressure(.critical, need: 200 << 20)
        #expect(large.appState == .notRunning)
        #expect(large.memory.status.residentApps == [ResidentApp(name: "Maps", band: .background, footprint: 90 << 20)])
    }

    @Test func suspendedAppsThatFreeEnoughSpareTheRunningTheirWarning() {
        let log = AppLog()
        let device = makeWorkerDevice(log: log)
        device.launch()
        device.perform { application in
            _ = application.addObserver(for: .didReceiveMemoryWarning) { log.append("didReceiveMemoryWarning") }
        }
        device.memory.addResidentApp(ResidentApp(name: "Photos", band: .suspended, footprint: 150 << 20))
        _ = log.take()
        device.simulateMemoryPressure(.warning, need: 100 << 20)
        #expect(log.take().isEmpty, "ending Photos freed enough: no warning")
        #expect(!device.console.recentMessages.contains("Received memory warning."))
        device.simulateMemoryPressure(.warning, need: 100 << 20)
        #expect(log.take() == ["didReceiveMemoryWarning"], "no suspended app left: the running app is warned")
    }

    @Test func statusShowsTheAppsBandAndFootprint() {
        let device = makeWorkerDevice()
        #expect(device.memory.status == MemoryStatus(band: nil, footprint: nil, footprintSource: nil, residentApps: []))
        device.launch()
        #expect(device.memory.status.band == .foreground)
        device.simulateMemoryPressure(.warning, footprint: 42 << 20)
        #expect(device.memory.status.footprint == 42 << 20)
        #expect(device.memory.status.footprintSource == "declared", "in its thread the app's memory is the system's too")
        device.pressHome()
        #expect(device.memory.status.band == .suspended)
        let json = device.statusJSON()
        #expect(json.contains(#""memory":{"band":"suspended","footprint":44040192,"footprintSource":"declared","residentApps":[]}"#))
    }
}
