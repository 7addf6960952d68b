import BackgroundRuntime
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing
@testable import TheBackgrounder

/// The Location rules in TheBackgrounder's table: each checked by a test that exists, each
/// sourced or marked as a model, and read era by era.
@Suite("Location rules", .temporaryDirectory)
struct LocationRuleTests {
    @Test func everyLocationRuleNamesATestThatExistsAndIsInTheTable() async {
        let definitions = await onItsOwnThread { testFunctionDefinitions() }
        let ids = RuleBook.theBackgrounder.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        let problems = ruleTestProblems(Rule.location, definitions: definitions)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        for rule in Rule.location {
            #expect(ids.contains(rule.id))
        }
    }

    @Test func theRulesReadEraByEra() throws {
        let book = RuleBook(Rule.location)
        let eight = book.text(for: try #require(PolicyProfile(iOS: 8)))
        let ten = book.text(for: try #require(PolicyProfile(iOS: 10)))
        let twelve = book.text(for: try #require(PolicyProfile(iOS: 12)))
        let fourteen = book.text(for: try #require(PolicyProfile(iOS: 14)))
        #expect(!eight.contains("allows-background-location-updates") && ten.contains("allows-background-location-updates"))
        #expect(ten.contains("To an Always request: Don’t Allow gives denied, Allow gives authorizedAlways."))
        #expect(twelve.contains("Only While Using the App · Always Allow · Don’t Allow"))
        #expect(fourteen.contains("Allow While Using App gives authorizedAlways (provisional)"))
        #expect(fourteen.contains("Allow Once gives authorizedWhenInUse (temporary)"))
        #expect(fourteen.contains("approximate-fixes") && !twelve.contains("approximate-location"))
    }
}
