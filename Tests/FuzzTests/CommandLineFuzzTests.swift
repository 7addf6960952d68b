import BackgroundCommands
import BackgroundRuntime
import Foundation
import Location
import LocationSystem
import TestSupport
import Testing
@testable import TheBackgrounder

/// Command lines of the headless console: the word splitter, every argument reader, and
/// mutated lines carried out by TheBackgrounder on a test device.
@Suite("Fuzz: command lines", .temporaryDirectory)
struct CommandLineFuzzTests {
    /// The most a command's answer may hold besides its line: `help`'s list of every command
    /// and `status`'s JSON are the longest, a few kilobytes each.
    static let longestAnswer = 32 * 1024

    @Test func mutatedLinesSplitIntoWordsOrSayWhichQuoteIsOpen() async {
        await Fuzz.run("command words") { generator, number in
            let line = generator.line(from: FuzzSamples.commandLines, maxCount: 200)
            let context = Comment(rawValue: Fuzz.label(number, line))
            do throws(CommandError) {
                let words = try CommandWords.split(line)
                #expect(words.count <= line.unicodeScalars.count, context)
                Fuzz.expectBounded(words.reduce(0) { $0 + $1.utf8.count }, byInput: line.utf8.count, context)
            } catch {
                // The line once, after what is wrong with it.
                Fuzz.expectBounded(error.description.utf8.count, byInput: line.utf8.count, plus: 200, context)
                #expect(error.description.contains("quote") || error.description.contains("backslash"), context)
                #expect(error.description.utf8.suffix(line.utf8.count).elementsEqual(line.utf8), context)
            }
        }
    }

    /// Words quoted the way the splitter documents come back as they were.
    @Test func quotedWordsComeBackWhole() async {
        await Fuzz.run("command words round trip") { generator, number in
            let words = (0..<Int.random(in: 0...5, using: &generator)).map { _ in generator.text(maxCount: 12) }
            let line = words.map { word in
                var quoted = String.UnicodeScalarView(["\""])
                for scalar in word.unicodeScalars {
                    if scalar == "\\" || scalar == "\"" { quoted.append("\\") }
                    quoted.append(scalar)
                }
                return String(quoted) + "\""
            }.joined(separator: " ")
            let split = try? CommandWords.split(line)
            Fuzz.expectBounded(split?.reduce(0) { $0 + $1.utf8.count } ?? 0, byInput: line.utf8.count, Comment(rawValue: Fuzz.label(number, line)))
            #expect(split == words, Comment(rawValue: Fuzz.label(number, line)))
        }
    }

    @Test func everyArgumentReaderTakesAnyWord() async {
        await Fuzz.run("command arguments") { generator, number in
            let word = generator.line(from: ["5", "0.5", "86400", "10000", "minimum", "none", "127.0.0.1:2947", "[::1]:80", "best", "always"], maxCount: 40)
            let context = Comment(rawValue: Fuzz.label(number, word))
            if let wait = WaitTime(commandWord: word) { #expect(wait.duration >= .zero && wait.duration <= .seconds(86_400), context) }
            if let count = ComputationCount(commandWord: word) { #expect(ComputationCount.range.contains(count.count), context) }
            if let speed = ReplaySpeed(commandWord: word) { #expect(speed.factor > 0 && speed.factor <= 1000, context) }
            if let endpoint = GPSDEndpoint(commandWord: word) { #expect((1...65_535).contains(endpoint.port) && !endpoint.host.isEmpty, context) }
            if let filter = DistanceFilter(commandWord: word) { #expect((filter.meters ?? 0) <= 20_000_000, context) }
            // Each value read, as text: a number or a name, the host from the word.
            let values: [Any?] = [
                WaitTime(commandWord: word), ComputationCount(commandWord: word), ReplaySpeed(commandWord: word),
                GPSDEndpoint(commandWord: word), DistanceFilter(commandWord: word), BackgroundFetchInterval(commandWord: word),
                NotificationNumber(commandWord: word), LocationAccuracy(commandWord: word), LaunchReason(commandWord: word),
                LocationAuthorization(commandWord: word), NotificationPermissionAnswer(commandWord: word),
            ]
            for value in values {
                Fuzz.expectBounded(value.map { "\($0)".utf8.count } ?? 0, byInput: word.utf8.count, plus: 100, context)
            }
        }
    }

    @Test func mutatedLinesRunOrFailWithOneClearError() async throws {
        let backgrounder = Backgrounder.onTestDevice(Configuration(
            profile: PolicyProfile(iOS: 13)!, infoPlist: try BundledResources.infoPlist(),
            dataDirectory: TestTemporaryDirectory.make("backgrounder-fuzz"),
            launchReason: .user, consoleOutput: nil))
        backgrounder.start()
        await Fuzz.run("command execution") { generator, number in
            let line = generator.line(from: FuzzSamples.commandLines, maxCount: 80)
            let context = Comment(rawValue: Fuzz.label(number, line))
            switch await backgrounder.execute(line) {
            case .failed(let error):
                #expect(error.description.count > 5, context)
                // What is wrong, with the line or its word at most once.
                Fuzz.expectBounded(error.description.utf8.count, byInput: line.utf8.count, plus: 1_000, context)
            case .output(let text):
                // `help`'s list and `status`'s JSON are the longest answers; none repeats its line.
                Fuzz.expectBounded(text.utf8.count, byInput: line.utf8.count, plus: Self.longestAnswer, context)
            case .done, .quit:
                Fuzz.expectBounded(0, byInput: line.utf8.count, context)
            }
        }
        await backgrounder.quit()
    }
}
