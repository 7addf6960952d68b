import BackgroundRuntime
import Foundation
import Logging
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
}
