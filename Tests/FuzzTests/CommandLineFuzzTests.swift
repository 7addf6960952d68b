@testable import TheBackgrounder
import BackgroundCommands
import BackgroundRuntime
import Foundation
import Location
import TestSupport
import Testing

/// Command lines of the headless console: the word splitter, every argument reader, and
/// mutated lines carried out by TheBackgrounder on a test device.
@Suite("Fuzz: command lines", .temporaryDirectory)
struct CommandLineFuzzTests {
    @Test func mutatedLinesSplitIntoWordsOrSayWhichQuoteIsOpen() async {
        await Fuzz.run("command words") { generator, number in
            let line = generator.line(from: FuzzSamples.commandLines, maxCount: 200)
            let context = Comment(rawValue: Fuzz.label(number, line))
            do throws(CommandError) {
                let words = try CommandWords.split(line)
                #expect(words.count <= line.unicodeScalars.count, context)
            } catch {
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
            #expect((try? CommandWords.split(line)) == words, Comment(rawValue: Fuzz.label(number, line)))
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
            _ = BackgroundFetchInterval(commandWord: word)
            _ = NotificationNumber(commandWord: word)
            _ = LocationAccuracy(commandWord: word)
            _ = LaunchReason(commandWord: word)
            _ = LocationAuthorization(commandWord: word)
            _ = NotificationPermissionAnswer(commandWord: word)
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
            if case .failed(let error) = await backgrounder.execute(line) {
                #expect(error.description.count > 5, context)
            }
        }
        await backgrounder.quit()
    }
}
