import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import DequeModule
import LocationWire

/// What waits in the ``LocationService`` for one client until the service sends it: fixes and
/// events in the order the service decided them, and the wake-ups owed for them. The service
/// pushes what waits as batches (``LocationServiceEvent/events(client:_:)``), one thread at a
/// time per client (``claim()``), so that batches leave in order; fixes that arrive while the
/// client has no credit left join the next batch.
struct Mailbox: Sendable {
    enum Item: Sendable {
        case fix(Location)
        case event(LocationEvent)

        var isFix: Bool {
            if case .fix = self { true } else { false }
        }
    }

    /// How a batch goes to the client.
    enum Sending: Sendable, Equatable {
        /// Only fixes: offered within the client's credit, dropped for a suspended app.
        case fixes
        /// Events besides fixes: posted, and held for a suspended app until it runs again.
        case held
        /// With a wake-up for `event` (the console's words): a suspended app is resumed for it.
        case wake(String)
    }

    /// One batch to send: its items, oldest first, how, and how many times the client's
    /// updates had stopped when it was taken (``stops``).
    struct Batch: Sendable {
        let items: [Item]
        let sending: Sending
        let stops: Int

        /// The items as the client hears them: each run of fixes as one ``LocationEvent/locations(_:)``.
        var events: [LocationEvent] {
            var events: [LocationEvent] = []
            var fixes: [Location] = []
            for item in items {
                switch item {
                case .fix(let fix):
                    fixes.append(fix)
                case .event(let event):
                    if !fixes.isEmpty { events.append(.locations(Fixes(fixes))) }
                    fixes.removeAll()
                    events.append(event)
                }
            }
            if !fixes.isEmpty { events.append(.locations(Fixes(fixes))) }
            return events
        }
    }

    /// What the thread that holds the claim does next (``next(appState:)``).
    enum Step: Sendable {
        case send(Batch)
        /// Nothing can leave now, but something changed meanwhile: look again.
        case again
        /// The claim is given up.
        case done
    }

    private var items: Deque<Item> = []
    /// Up to how many items the storage of a batch taken is kept for the next.
    private static let keptCapacity = 512
    /// How many fixes wait.
    private(set) var fixCount = 0
    /// How many times the client's updates stopped: a batch carries it, so that fixes already
    /// sent when the updates stopped are not delivered after a restart.
    private(set) var stops = 0
    /// The wake-ups owed, oldest first: each goes with what waits when its turn comes.
    private var wakes: Deque<String> = []
    /// A thread is sending what waits.
    private var isClaimed = false
    /// An offer of fixes was refused for want of credit: fixes wait for the client's credit
    /// (``offerAgain()``) rather than be offered again at each new fix.
    private var awaitsCredit = false
    /// Someone asked for a send while the claim was held.
    private var isAskedAgain = false
    /// The client's credit came back while the claim's holder had a batch out: a refusal of
    /// that batch is already out of date, and its fixes must not wait for credit that came.
    private var creditCameBack = false

    /// Whether nothing waits and no wake-up is owed.
    var isEmpty: Bool { items.isEmpty && wakes.isEmpty }

    /// Adds a fix; past `limit` fixes the oldest goes.
    mutating func append(fix: Location, limit: Int) {
        items.append(.fix(fix))
        fixCount += 1
        trimFixes(to: limit)
    }

    mutating func append(_ event: LocationEvent) {
        items.append(.event(event))
    }

    /// Owes the client a wake-up for `event` (the console's words).
    mutating func owe(wakeFor event: String) {
        wakes.append(event)
    }

    /// The client's updates stopped: the fixes waiting go, and those already sent are the old
    /// updates' (``stops``).
    mutating func stopUpdates() {
        dropFixes()
        stops += 1
    }

    /// Drops the fixes, which the app can no longer have; the events stay.
    mutating func dropFixes() {
        guard fixCount > 0 else { return }
        items.removeAll(where: \.isFix)
        fixCount = 0
    }

    /// Takes the right to send for the calling thread; false when another thread holds it,
    /// which then looks again before it gives it up, or when only fixes wait, for credit.
    mutating func claim() -> Bool {
        guard !isClaimed else {
            isAskedAgain = true
            return false
        }
        guard !(awaitsCredit && wakes.isEmpty && fixCount == items.count) else { return false }
        isClaimed = true
        isAskedAgain = false
        return true
    }

    /// The client took in what it was sent, or the app's state changed: fixes may be offered
    /// again. While a thread holds the claim, it looks again before it gives it up: the batch it
    /// has out may be one the client refused just before its credit came back, and nothing else
    /// would offer those fixes again.
    mutating func offerAgain() {
        awaitsCredit = false
        if isClaimed {
            creditCameBack = true
            isAskedAgain = true
        }
    }

    /// What the claim's holder sends next, with the app in `appState`: everything waiting, with
    /// the oldest wake-up owed if any. A suspended app's fixes are dropped (a suspended app gets
    /// no location updates); fixes alone wait while the client has no credit.
    mutating func next(appState: AppState) -> Step {
        if let wake = wakes.popFirst() {
            return .send(takeAll(.wake(wake)))
        }
        if !appState.isRunning { dropFixes() }
        let onlyFixes = fixCount == items.count
        guard !items.isEmpty, !(onlyFixes && awaitsCredit) else { return giveUp() }
        return .send(takeAll(onlyFixes ? .fixes : .held))
    }

    /// `batch` could not leave: its items wait again, before what came meanwhile — without its
    /// fixes unless `keepingFixes`, and past `limit` fixes the oldest go — and the claim is given
    /// up unless someone asked meanwhile. Fixes refused while they may be kept wait for credit.
    mutating func putBack(_ batch: Batch, keepingFixes: Bool, limit: Int) -> Step {
        let kept = keepingFixes ? batch.items : batch.items.filter { !$0.isFix }
        items.prepend(contentsOf: kept)
        fixCount += kept.count(where: \.isFix)
        trimFixes(to: limit)
        if keepingFixes, batch.sending == .fixes, !creditCameBack { awaitsCredit = true }
        return giveUp()
    }

    private mutating func giveUp() -> Step {
        if isAskedAgain {
            isAskedAgain = false
            return .again
        }
        isClaimed = false
        return .done
    }

    private mutating func takeAll(_ sending: Sending) -> Batch {
        defer {
            // The next batch fills the same storage, up to a few hundred items: a batch of
            // fixes grown from nothing again each time was reallocated and copied on the way.
            items.removeAll(keepingCapacity: items.count <= Self.keptCapacity)
            fixCount = 0
            creditCameBack = false
        }
        return Batch(items: Array(items), sending: sending, stops: stops)
    }

    private mutating func trimFixes(to limit: Int) {
        while fixCount > limit, let oldest = items.firstIndex(where: \.isFix) {
            items.remove(at: oldest)
            fixCount -= 1
        }
    }
}
