import BackgroundRuntime
import TestSupport
import Testing
import TheBackgrounder

/// TheBackgrounder's whole rules table: the runtime's rules and its services'.
@Suite("TheBackgrounder's rules table")
struct TheBackgrounderRuleBookTests {
    @Test func everyRuleNamesATestThatExistsAndHasItsOwnIdentifier() async {
        let definitions = await onItsOwnThread { testFunctionDefinitions() }
        let rules = RuleBook.theBackgrounder.rules
        let problems = ruleTestProblems(rules, definitions: definitions)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(Set(rules.map(\.id)).count == rules.count, "rule identifiers are unique")
    }
}
