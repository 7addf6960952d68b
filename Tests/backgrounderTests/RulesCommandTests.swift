import Foundation
import TestSupport
import Testing

/// `backgrounder rules`: each era's table, sourced, as text and as JSON.
@Suite("backgrounder rules")
struct RulesCommandTests {
    @Test func iOS6_10And17PrintDifferentSourcedTables() async throws {
        var tables: [String] = []
        for version in ["6", "10", "17"] {
            let run = try await runBackgrounder(["rules", "--ios", version], input: "")
            #expect(run.status == 0, "rules --ios \(version): \(run.stderr)")
            #expect(run.stdout.hasPrefix("Rules of iOS \(version): "))
            #expect(run.stdout.contains("  source: ") && run.stdout.contains("  model: "))
            tables.append(run.stdout)
        }
        #expect(Set(tables).count == 3)
        #expect(tables[0].contains("share 600 s") && tables[1].contains("share 180 s") && tables[2].contains("share 30 s"))
        #expect(tables[0].contains("keep-alive-handler-time") && !tables[1].contains("keep-alive-handler-time"))
        #expect(tables[2].contains("task-registration-exceptions") && !tables[1].contains("task-registration-exceptions"))
    }

    @Test func theJSONIsOneArrayOfRules() async throws {
        let run = try await runBackgrounder(["rules", "--ios", "13", "--json"], input: "")
        #expect(run.status == 0)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: String]])
        #expect(rules.count > 20)
        #expect(rules.allSatisfy { ["iOS", "model"].contains($0["origin"]) && $0["source"]?.isEmpty == false })
    }

    @Test func theBackgroundSessionRulesAreListedFromIOS7() async throws {
        let sessionRules = [
            "background-session-transfers", "background-session-relaunch", "background-session-force-quit",
            "background-session-discretionary", "background-session-rate-limit", "background-session-model",
        ]
        for (version, listed) in [("17", true), ("7", true), ("6", false)] {
            let run = try await runBackgrounder(["rules", "--ios", version, "--json"], input: "")
            #expect(run.status == 0)
            let rules = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: String]])
            let ids = Set(rules.compactMap { $0["id"] })
            #expect(sessionRules.allSatisfy { ids.contains($0) } == listed, "iOS \(version)")
            #expect(sessionRules.contains { ids.contains($0) } == listed, "iOS \(version)")
        }
    }

    @Test func theAPIsOfAnEraComeFromTheAvailabilityTable() async throws {
        let before = try await runBackgrounder(["rules", "--ios", "12", "--apis"], input: "")
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.hasPrefix("APIs of iOS 12: "))
        #expect(before.stdout.contains("✗ BGTaskScheduler: came with iOS 13\n  source: Apple's documentation of BGTaskScheduler"))
        #expect(before.stdout.contains("✓ Newsstand Kit: iOS 5 to 16"))
        let after = try await runBackgrounder(["rules", "--ios", "17", "--apis", "--json"], input: "")
        #expect(after.status == 0)
        let apis = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: apis.compactMap { api in (api["name"] as? String).map { ($0, api) } })
        #expect(byName["BGTaskScheduler"]?["exists"] as? Bool == true)
        #expect(byName["Newsstand Kit"]?["exists"] as? Bool == false)
        #expect(byName["Newsstand Kit"]?["removed"] as? Int == 17)
        #expect(apis.allSatisfy { ($0["source"] as? String)?.isEmpty == false })
    }

    @Test func anEraWithoutAProfileIsRefusedByName() async throws {
        let run = try await runBackgrounder(["rules", "--ios", "3"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("--ios 3 is not an iOS version Backgrounder knows; choose 4 to 26"))
    }
}
