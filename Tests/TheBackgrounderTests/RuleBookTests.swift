import BackgroundRuntime
import TestSupport
import Testing
import TheBackgrounder

/// TheBackgrounder's whole rules table: the runtime's rules and its services'.
@Suite("TheBackgrounder's rules table")
struct TheBackgrounderRuleBookTests {
    @Test func everyRuleNamesATestThatExistsAndHasItsOwnIdentifier() async {
        let tests = await onItsOwnThread { testFunctionNames() }
        let rules = RuleBook.theBackgrounder.rules
        for rule in rules {
            #expect(tests.contains(rule.test), "rule \(rule.id) names the test \(rule.test), which does not exist")
            #expect(!rule.origin.detail.isEmpty, "rule \(rule.id) says neither its source nor why it is a model")
        }
        #expect(Set(rules.map(\.id)).count == rules.count, "rule identifiers are unique")
    }
}
