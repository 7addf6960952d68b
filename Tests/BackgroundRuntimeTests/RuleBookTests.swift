import BackgroundRuntime
import Foundation
import TestSupport
import Testing

/// The rules table: every rule sourced or marked as a model, checked by a test that exists,
/// and different era by era.
@Suite("The rules table")
struct RuleBookTests {
    @Test func everyRuleNamesATestThatExists() async {
        let definitions = await onItsOwnThread { testFunctionDefinitions() }
        let problems = ruleTestProblems(RuleBook.runtime.rules, definitions: definitions)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aTestNameDefinedInTwoFilesIsAmbiguous() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for target in ["OneTests", "OtherTests"] {
            let folder = directory.appendingPathComponent(target)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "@Test func shared() {}\n@Test func only\(target)() {}\n"
                .write(to: folder.appendingPathComponent("T.swift"), atomically: true, encoding: .utf8)
        }
        let definitions = testFunctionDefinitions(testsDirectory: directory)
        #expect(definitions["shared"] == ["OneTests/T.swift", "OtherTests/T.swift"])
        #expect(definitions["onlyOneTests"] == ["OneTests/T.swift"])
        let rule = Rule("r", origin: .model(reason: "a test"), test: "shared") { _ in "" }
        #expect(ruleTestProblems([rule], definitions: definitions) == [
            "rule r names the test shared, which is defined in 2 files (OneTests/T.swift, OtherTests/T.swift): "
                + "give the rule's test a name of its own",
        ])
        let missing = Rule("m", origin: .model(reason: "a test"), test: "gone") { _ in "" }
        #expect(ruleTestProblems([missing], definitions: definitions) == ["rule m names the test gone, which does not exist"])
    }

    @Test func onlyFunctionsMarkedTestCountAsTests() {
        let source = """
            func helper() {}
            @Test func plain() {}
            @Test("a (title", .tags(.fast)) @MainActor
            static func withArguments() async {}
            // @Test func commentedOut() {}
            @Tested func notATest() {}
            @Test(arguments: [1, 2])
            nonisolated func parameterized(value: Int) {}
            """
        #expect(testFunctionNames(inSource: source) == ["plain", "withArguments", "parameterized"])
    }

    @Test func ruleIdentifiersAreUnique() {
        let ids = RuleBook.runtime.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test func eachEraHasItsOwnTable() throws {
        let book = RuleBook.runtime
        let six = book.text(for: try #require(PolicyProfile(iOS: 6)))
        let ten = book.text(for: try #require(PolicyProfile(iOS: 10)))
        let seventeen = book.text(for: try #require(PolicyProfile(iOS: 17)))
        #expect(six.contains("share 600 s") && ten.contains("share 180 s") && seventeen.contains("share 30 s"))
        #expect(six.contains("keep-alive-minimum") && !ten.contains("keep-alive-minimum"))
        #expect(ten.contains("legacy-voip-gone") && !six.contains("legacy-voip-gone"))
        #expect(!six.contains("fetch-budget") && ten.contains("fetch-budget"))
        #expect(!ten.contains("task-pending-limits") && seventeen.contains("task-pending-limits"))
        #expect(Set([six, ten, seventeen]).count == 3)
    }

    @Test func everyRuleSaysWhereItComesFromAndTheJSONCarriesIt() throws {
        let profile = try #require(PolicyProfile(iOS: 13))
        for rule in RuleBook.runtime.rules(in: profile) {
            #expect(!rule.origin.detail.isEmpty, "rule \(rule.id) has no source or reason")
            #expect(!rule.statement(in: profile).isEmpty)
        }
        let json = RuleBook.runtime.json(for: profile)
        #expect(json.contains(#""id":"task-registration-exceptions""#))
        #expect(json.contains(#""origin":"model""#) && json.contains(#""origin":"iOS""#))
    }
}
