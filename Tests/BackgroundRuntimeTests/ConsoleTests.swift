import BackgroundPlatform
import BackgroundRuntime
import Foundation
import Logging
import Synchronization
import Testing

@Suite("The console: Xcode's format, bounded memory, followers")
struct ConsoleTests {
    @Test func linesHaveXcodesFormat() throws {
        let console = Console(process: "TheBackgrounder", pid: 52611, wallClock: { Date(timeIntervalSince1970: 0.667) }, output: nil)
        console.log("State: active → inactive")
        let line = try #require(console.recentLines.first)
        let pattern = #/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.667 TheBackgrounder\[52611\] State: active → inactive$/#
        #expect(line.formatted.wholeMatch(of: pattern) != nil)
    }

    @Test(arguments: [0.125, 951_782_400.5, 1_700_000_000.25, 4_102_444_799.0])
    func theTimeIsTheLocalTimeToTheMillisecond(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let console = Console(process: "P", pid: 7, wallClock: { date }, output: nil)
        console.log("m")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        #expect(try #require(console.recentLines.first).formatted == formatter.string(from: date) + " P[7] m")
    }

    /// The stamp's offset is looked up once a minute; in a zone with daylight saving time the
    /// stamps around both of its changes, a second apart, are the wall clock's, as Foundation
    /// gives it for that zone.
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"])
    func theStampIsTheZonesWallClockAcrossItsChanges(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let lookUps = Mutex(0)
        let offset = LocalTimeOffset { second in
            lookUps.withLock { $0 += 1 }
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        let year = Date(timeIntervalSince1970: 1_700_000_000)
        var changes: [Date] = []
        var after = Date(timeIntervalSince1970: 1_672_531_200)
        while let change = zone.nextDaylightSavingTimeTransition(after: after), change < year.addingTimeInterval(366 * 86_400) {
            changes.append(change)
            after = change
        }
        for change in changes + [year] {
            for second in -90...90 {
                let date = change.addingTimeInterval(TimeInterval(second) + 0.25)
                #expect(ConsoleLine.timestamp(date, offset: offset) == formatter.string(from: date), "\(zoneName), \(second) s from \(change)")
            }
        }
        // 181 seconds around each change touch four minutes at most, each looked up at its
        // first and last second (these zones change on a minute's first second).
        #expect(lookUps.withLock { $0 } <= (changes.count + 1) * 4 * 2)
    }

    /// A minute asked about again is answered without a look-up; a minute whose offset changes
    /// inside it is looked up second by second.
    @Test func aMinuteIsLookedUpOnceUnlessItsOffsetChangesInIt() {
        let change = 1_700_000_010
        let lookUps = Mutex(0)
        let offset = LocalTimeOffset { second in
            lookUps.withLock { $0 += 1 }
            return second < change ? 0 : 3_600
        }
        for second in 1_700_000_040..<1_700_000_100 { #expect(offset.secondsFromGMT(at: second) == 3_600) }
        #expect(lookUps.withLock { $0 } == 2)
        #expect(offset.secondsFromGMT(at: -61) == 0)
        #expect(lookUps.withLock { $0 } == 4)
        let minute = 1_699_999_980..<1_700_000_040
        for second in minute { #expect(offset.secondsFromGMT(at: second) == (second < change ? 0 : 3_600)) }
        #expect(lookUps.withLock { $0 } == 4 + minute.count * 3)
    }

    /// A logger's line is its message, then the handler's and the call's metadata sorted by key;
    /// a line without metadata is the message alone.
    @Test func aLoggersLineIsItsMessageThenItsMetadata() {
        let written = Mutex<[String]>([])
        var logger = Logger(label: "test") { _ in ConsoleLogHandler(write: { line in written.withLock { $0.append(line) } }) }
        logger.info("plain")
        logger[metadataKey: "b"] = "2"
        logger.info("tagged", metadata: ["a": "1"])
        logger[metadataKey: "b"] = nil
        logger.info("plain again", metadata: [:])
        #expect(written.withLock { $0 } == ["plain", "tagged a=1 b=2", "plain again"])
    }

    /// An app's lines of one wake: kept, followed and written in order, each a line of its own.
    @Test func linesLoggedTogetherAreLinesOfTheirOwnInOrder() async {
        let written = Mutex<[String]>([])
        let console = Console(process: "P", pid: 7, wallClock: { Date() }, output: { line in written.withLock { $0.append(line) } })
        var follower = console.follow().makeAsyncIterator()
        console.log("before")
        console.log(lines: ["one", "two", "three"])
        await console.flush()
        #expect(console.recentMessages == ["before", "one", "two", "three"])
        #expect(console.recentLines.map(\.sequence) == [1, 2, 3, 4])
        #expect(written.withLock { $0 }.map { $0.split(separator: " ").last.map(String.init) } == ["before", "one", "two", "three"])
        var followed: [String] = []
        for _ in 0..<4 { await followed.append(follower.next()?.message ?? "") }
        #expect(followed == ["before", "one", "two", "three"])
    }

    @Test func swiftLogGoesToTheConsole() {
        let device = makeDevice()
        device.launch()
        device.perform { $0.logger.info("App is backgrounded. Next number = Position 12 = 144") }
        #expect(device.console.recentMessages.last == "App is backgrounded. Next number = Position 12 = 144")
    }

    @Test func theConsoleKeepsOnlyItsCapacity() {
        let console = Console(process: "P", capacity: 3, wallClock: { Date() }, output: nil)
        for index in 1...5 { console.log("line \(index)") }
        #expect(console.recentMessages == ["line 3", "line 4", "line 5"])
        #expect(console.recentLines.map(\.sequence) == [3, 4, 5])
    }

    @Test func aConsoleThatKeepsNoLineStillNumbersAndFollowsThem() async {
        let console = Console(process: "P", capacity: 0, wallClock: { Date() }, output: nil)
        var iterator = console.follow().makeAsyncIterator()
        console.log("one")
        console.log("two")
        #expect(console.recentLines.isEmpty)
        #expect(await iterator.next()?.sequence == 1)
        #expect(await iterator.next()?.sequence == 2)
    }

    @Test func keptLinesComeBackWholeWithTheirDatesAfterAnyLineOnceTheOldestWent() {
        let clock = Mutex(1_700_000_000.001)
        let console = Console(process: "TheBackgrounder", pid: 7, capacity: 4, wallClock: {
            clock.withLock { now in
                defer { now += 0.25 }
                return Date(timeIntervalSince1970: now)
            }
        }, output: nil)
        let messages = ["", "State: active → inactive", "café ☕️ 🇫🇷", "a", "line after the turn", "last"]
        for message in messages { console.log(message) }
        let kept = console.recentLines
        #expect(kept.map(\.message) == Array(messages.suffix(4)))
        #expect(kept.map(\.sequence) == [3, 4, 5, 6])
        #expect(kept.map(\.date) == (2...5).map { Date(timeIntervalSince1970: 1_700_000_000.001 + 0.25 * Double($0)) })
        #expect(kept.allSatisfy { $0.process == "TheBackgrounder" && $0.pid == 7 })
        #expect(console.lines(after: 4).map(\.message) == ["line after the turn", "last"])
        #expect(console.lines(after: 1) == kept)
        #expect(console.lines(after: 6).isEmpty)
        #expect(console.lines(after: 99).isEmpty)
        // A page of the newest lines after a cursor (the web UI's console page).
        #expect(console.lines(after: 1, limit: 3) == Array(kept.suffix(3)))
        #expect(console.lines(after: 4, limit: 3).map(\.message) == ["line after the turn", "last"])
        #expect(console.lines(after: 0, limit: 1).map(\.sequence) == [6])
        #expect(console.lines(after: 0, limit: 0).isEmpty)
    }

    @Test func aFollowerGetsTheKeptLinesThenNewOnes() async {
        let console = Console(process: "P", wallClock: { Date() }, output: nil)
        console.log("old")
        var iterator = console.follow().makeAsyncIterator()
        console.log("new")
        #expect(await iterator.next()?.message == "old")
        #expect(await iterator.next()?.message == "new")
    }

    @Test func aSlowFollowerLosesTheOldestLinesInsteadOfGrowing() async {
        let console = Console(process: "P", wallClock: { Date() }, output: nil)
        let stream = console.follow(buffer: 2)
        for index in 1...10 { console.log("line \(index)") }
        console.finishFollowers()
        var received: [String] = []
        for await line in stream { received.append(line.message) }
        #expect(received == ["line 9", "line 10"])
    }

    @Test func manualDevicesLogTheSameTimesEveryRun() {
        let device = makeDevice()
        device.launch()
        device.advance(by: .milliseconds(1500))
        device.pressHome()
        let dates = device.console.recentLines.map(\.date)
        #expect(dates.first == Device.manualEpoch)
        #expect(dates.last == Device.manualEpoch.addingTimeInterval(1.5))
    }

    @Test func printedTextComesAfterTheLinesBeforeItAndIsNoConsoleLine() async throws {
        let written = Mutex<[String]>([])
        let console = Console(process: "P", pid: 1, wallClock: { Date(timeIntervalSince1970: 0) }, output: { line in
            written.withLock { $0.append(line) }
        })
        console.log("before")
        console.print(#"{"state":"active"}"#)
        console.log("after")
        await console.flush()
        let lines = written.withLock { $0 }
        #expect(lines.count == 3)
        #expect(lines.first?.hasSuffix("P[1] before") == true)
        #expect(lines.dropFirst().first == #"{"state":"active"}"#)
        #expect(lines.last?.hasSuffix("P[1] after") == true)
        #expect(console.recentMessages == ["before", "after"], "the printed text is not kept")
    }

    /// `quit` flushes the console: an output nobody reads (a full pipe) must not hold it for ever.
    @Test(.timeLimit(.minutes(1))) func aFlushGivesUpOnAnOutputThatTakesNothing() async {
        let gate = DispatchSemaphore(value: 0)
        let begun = Atomic(0)
        let console = Console(process: "P", wallClock: { Date() }, output: { _ in
            begun.add(1, ordering: .relaxed)
            gate.wait()
        })
        defer { for _ in 0..<10 { gate.signal() } }
        console.log("stuck")
        console.log("behind it")
        await console.flush(stalledFor: .milliseconds(200))
        #expect(begun.load(ordering: .relaxed) == 1, "the output is still stuck in its first write")
    }

    /// An output that moves, however slowly, is waited for: only one that takes nothing for the
    /// whole limit is given up on.
    @Test(.timeLimit(.minutes(1))) func aFlushWaitsForASlowOutputThatMoves() async {
        let written = Atomic(0)
        let console = Console(process: "P", wallClock: { Date() }, output: { _ in
            Thread.sleep(forTimeInterval: 0.3)
            written.add(1, ordering: .relaxed)
        })
        for index in 1...5 { console.log("line \(index)") }
        // 1.5 s of writing in all, a line every 0.3 s: more than the limit, never stalled that long.
        await console.flush(stalledFor: .seconds(1))
        #expect(written.load(ordering: .relaxed) == 5)
    }
}
