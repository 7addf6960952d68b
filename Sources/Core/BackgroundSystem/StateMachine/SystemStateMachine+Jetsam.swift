import BackgroundWire

/// Jetsam under memory pressure: the system ends apps band by band — suspended apps first,
/// then, after warning the apps still running, apps running in the background — and within a
/// band the largest footprint first, until it has freed what it needs (rules
/// jetsam-ends-suspended-apps, jetsam-order, jetsam-ends-background-apps).
extension SystemStateMachine {
    /// The footprint an app should keep under in the background: WWDC 2020, “Why is my app
    /// getting killed?”, “Aim for < 50mb in BG”.
    static let backgroundFootprintGuideline = 50 << 20

    /// The device runs short of memory and the system needs `need` bytes (nil: all that the
    /// bands `level` reaches hold). Jetsam ends suspended apps, largest first, without a word —
    /// the most common way an app ends in the background (WWDC 2020, “Why is my app getting
    /// killed?”); if that did not free enough, the apps still running are warned (Apple,
    /// “Responding to memory warnings”) and the scene of one running in the background is
    /// disconnected (rule scene-disconnect). At `critical` pressure jetsam goes on to the apps
    /// running in the background, largest first, sparing an app the user perceives (audio,
    /// location) within ``backgroundFootprintGuideline``. The app's footprint is `measured`
    /// (its own process) if given, else `declared`, else the last one known.
    package mutating func memoryPressure(
        _ level: MemoryPressureLevel, declared: Int?, measured: Int?, need: Int?, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        if let measured {
            memory.footprint = measured
            memory.footprintMeasured = true
        } else if let declared {
            memory.footprint = declared
            memory.footprintMeasured = false
        }
        let critical = level == .critical ? " (critical)" : ""
        if let need { log("Memory pressure\(critical): the system needs \(need >> 20) MB") }
        if appState == .notRunning {
            log("Memory pressure: \(infoPlist.bundleName) is not running")
            discardPrewarm("the system reclaims its memory")
        }
        var freed = 0
        func enough() -> Bool { need.map { freed >= $0 } ?? false }

        for candidate in jetsamOrder(in: .suspended) where !enough() {
            freed += candidate.footprint ?? 0
            jettison(candidate)
        }
        guard !enough() else { return finishJetsam(freed: freed, need: need) }

        warnRunningApps(level)
        guard level == .critical else { return finishJetsam(freed: freed, need: need) }

        for candidate in jetsamOrder(in: .background) where !enough() {
            if candidate.isTheApp {
                let work = perceptibleActivity.map { "for \($0)" } ?? "for no work the user perceives"
                let size = candidate.footprint.map { ", its footprint \($0 >> 20) MB" } ?? ""
                log("Memory pressure (critical): the warnings did not free enough, and jetsam goes on to apps running in "
                    + "the background: \(infoPlist.bundleName) runs \(work)\(size)")
            }
            freed += candidate.footprint ?? 0
            jettison(candidate)
        }
        return finishJetsam(freed: freed, need: need)
    }

    /// The apps of `band` jetsam may end, in its order: the other apps in memory and the app,
    /// unless the user perceives the app within the background guideline.
    private func jetsamOrder(in band: JetsamBand) -> [JetsamCandidate] {
        var candidates = memory.residentApps.filter { $0.band == band }.map { app in
            JetsamCandidate(name: app.name, band: app.band, footprint: app.footprint, isTheApp: false)
        }
        if JetsamBand(appState) == band, band != .background || !sparedInTheBackground {
            candidates.append(JetsamCandidate(
                name: infoPlist.bundleName, band: band, footprint: memory.footprint, isTheApp: true))
        }
        return JetsamCandidate.inJetsamOrder(candidates)
    }

    /// Ends `candidate`, with a jetsam report's words: reason `vm-pageshortage`.
    private mutating func jettison(_ candidate: JetsamCandidate) {
        let size = candidate.footprint.map { ", \($0 >> 20) MB" } ?? ""
        guard candidate.isTheApp else {
            memory.residentApps.removeAll { $0.name == candidate.name }
            markChanged()
            log("Process \(candidate.name) killed by jetsam reason vm-pageshortage (\(candidate.band.rawValue)\(size))")
            return
        }
        log("Process \(infoPlist.bundleName) [\(pid)] killed by jetsam reason vm-pageshortage (\(candidate.band.rawValue)\(size))")
        log(TerminationCause.system(reason: "memory pressure (jetsam)").consoleMessage)
        kill(cause: .system(reason: "memory pressure (jetsam)"), exit: .memoryPressure)
    }

    /// Warns the apps still running — the other apps in memory and the app — before jetsam
    /// goes on to those running in the background.
    private mutating func warnRunningApps(_ level: MemoryPressureLevel) {
        let critical = level == .critical ? " (critical)" : ""
        let others = memory.residentApps.filter { $0.band != .suspended }.map(\.name)
        if !others.isEmpty {
            log("Memory pressure\(critical): running apps are warned: \(others.joined(separator: ", "))")
        }
        guard let band = JetsamBand(appState), band != .suspended else { return }
        let why: String
        if band == .background, level == .critical {
            why = sparedInTheBackground
                ? "which jetsam spares: the user perceives it (\(perceptibleActivity ?? ""))"
                : "warned before jetsam goes on to apps running in the background"
        } else {
            why = "which jetsam spares"
        }
        log("Memory pressure\(critical): \(infoPlist.bundleName) is \(appState.rawValue), \(why)")
        if band == .background {
            disconnectScene("the system reclaimed the memory of the app's background scene")
        }
        log("Received memory warning.")
        deliver(.systemNotification(.didReceiveMemoryWarning))
    }

    /// Ends the event, saying how much jetsam freed when it was told what the system needs.
    private mutating func finishJetsam(freed: Int, need: Int?) -> [SystemEffect] {
        if let need {
            log("Jetsam freed \(freed >> 20) MB of the \(need >> 20) MB needed"
                + (freed >= need ? " and stops" : "; the bands it reaches at this pressure are empty"))
        }
        return finish()
    }

    /// The work of a declared mode the user perceives — audio playing, location updates — that
    /// keeps the app running in the background, by its activity's name; nil when there is none.
    private var perceptibleActivity: String? {
        activities.sorted { $0.key < $1.key }.map(\.value).first { activity in
            guard case .mode(let mode) = activity.kind else { return false }
            return (mode == .audio || mode == .location) && keepsRunningInBackground(activity)
        }?.name
    }

    /// Whether critical pressure spares the app running in the background: the user perceives
    /// it and its footprint, if known, is within the guideline.
    private var sparedInTheBackground: Bool {
        perceptibleActivity != nil && (memory.footprint ?? 0) <= Self.backgroundFootprintGuideline
    }

    /// The app's footprint is declared to be `bytes` (`device footprint`).
    mutating func footprintDeclared(_ bytes: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        memory.footprint = bytes
        memory.footprintMeasured = false
        markChanged()
        log("\(infoPlist.bundleName)'s footprint is declared: \(bytes >> 20) MB")
        return finish()
    }

    /// The other app `app` is in memory now (`device resident-app`), in place of one of its name.
    mutating func residentAppChanged(_ app: ResidentApp, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if let index = memory.residentApps.firstIndex(where: { $0.name == app.name }) {
            memory.residentApps[index] = app
        } else {
            memory.residentApps.append(app)
        }
        markChanged()
        log("\(app.name) is in memory: \(app.band.rawValue), \(app.footprint >> 20) MB")
        return finish()
    }

    /// What `status` shows under `memory`, with the app's footprint `measured` now if it was.
    func memoryStatus(measured: Int?) -> MemoryStatus {
        let running = appState != .notRunning
        let footprint = running ? measured ?? memory.footprint : nil
        let source = footprint == nil ? nil : measured != nil || memory.footprintMeasured ? "measured" : "declared"
        let order = JetsamCandidate.inJetsamOrder(memory.residentApps.map {
            JetsamCandidate(name: $0.name, band: $0.band, footprint: $0.footprint, isTheApp: false)
        })
        return MemoryStatus(
            band: JetsamBand(appState), footprint: footprint, footprintSource: source,
            residentApps: order.compactMap { candidate in memory.residentApps.first { $0.name == candidate.name } })
    }
}
