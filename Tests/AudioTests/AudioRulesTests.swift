import Audio
import BackgroundRuntime
import TestSupport
import Testing

@Suite("The audio rules in the rules table", .temporaryDirectory)
struct AudioRulesTests {
    @Test func everyAudioRuleNamesATestThatExistsAndAnIdOfItsOwn() async {
        let definitions = await onItsOwnThread { testFunctionDefinitions() }
        let problems = ruleTestProblems(Rule.audio, definitions: definitions)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let ids = (RuleBook.runtime.rules + Rule.audio).map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test func eachEraNamesItsOwnAPI() throws {
        let book = RuleBook(Rule.audio)
        let five = book.text(for: try #require(PolicyProfile(iOS: 5)))
        let nine = book.text(for: try #require(PolicyProfile(iOS: 9)))
        #expect(five.contains("endInterruptionWithFlags:") && five.contains("kAudioSessionProperty_AudioRouteChange listener"))
        #expect(nine.contains("AVAudioSession.interruptionNotification") && nine.contains("AVAudioSession.routeChangeNotification"))
        #expect(nine.contains("of which 2 are Backgrounder's model"))
        let seven = book.text(for: try #require(PolicyProfile(iOS: 7)))
        #expect(nine.contains("secondaryAudioShouldBeSilencedHint follows it") && !seven.contains("secondaryAudioShouldBeSilencedHint follows it"))
    }
}
