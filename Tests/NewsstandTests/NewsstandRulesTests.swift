import BackgroundRuntime
@testable import Newsstand
@testable import NewsstandSystem
import TestSupport
import Testing
@testable import TheBackgrounder

/// Newsstand Kit's eras, and its rules in TheBackgrounder's rules table.
@Suite("Newsstand's eras and rules", .temporaryDirectory)
struct NewsstandRulesTests {
    @Test func newsstandKitExistsFromIOS5ThroughIOS16() throws {
        for version in PolicyProfile.supportedVersions {
            #expect(PolicyProfile(iOS: version)?.hasNewsstand == (5...16).contains(version), "iOS \(version)")
        }
        #expect(makeBackgrounder(iOS: 5).newsstand.backgroundRefusal == nil)
        #expect(makeBackgrounder(iOS: 16).newsstand.backgroundRefusal == nil)
        let before = try #require(makeBackgrounder(iOS: 4).newsstand.backgroundRefusal)
        #expect(before.rule == .newsstandUnavailable && before.reason.hasSuffix("it came with iOS 5"))
        let after = try #require(makeBackgrounder(iOS: 17).newsstand.backgroundRefusal)
        #expect(after.rule == .newsstandUnavailable && after.reason.hasSuffix("it was removed in iOS 17"))

        let eras = try #require(Rule.newsstand.first { $0.id == "newsstand-kit-eras" })
        let statements = try [4, 8, 9, 13, 17].map { try eras.statement(in: #require(PolicyProfile(iOS: $0))) }
        #expect(Set(statements).count == statements.count)
        #expect(statements[1].contains("Newsstand shelf") && !statements[2].contains("shelf"))
        #expect(statements[2].contains("Newsstand app is gone (iOS 9)") && !statements[2].contains("deprecated"))
        #expect(statements[3].contains("deprecated (iOS 13 SDK"))
        #expect(statements[4].contains("removed in iOS 17"))
    }

    @Test func theNewsstandRulesNameTestsThatExistAndJoinTheBook() async throws {
        let definitions = await onItsOwnThread { testFunctionDefinitions() }
        let problems = ruleTestProblems(Rule.newsstand, definitions: definitions)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let ids = RuleBook.theBackgrounder.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(Rule.newsstand.map(\.id)).isSubset(of: ids))
        let ten = RuleBook.theBackgrounder.text(for: try #require(PolicyProfile(iOS: 10)))
        let seventeen = RuleBook.theBackgrounder.text(for: try #require(PolicyProfile(iOS: 17)))
        #expect(ten.contains("newsstand-suspends-and-wakes") && !seventeen.contains("newsstand-suspends-and-wakes"))
        #expect(seventeen.contains("[iOS] newsstand-kit-eras (iOS 4 and later)"))
        #expect(ten.contains("[model] newsstand-force-quit (iOS 5–16)"))
    }
}
