import BackgroundRuntime

/// What is wrong with the tests `rules` name, one sentence each (none when all is well): each
/// rule must name a test function defined exactly once under `Tests/` (`definitions`, from
/// ``testFunctionDefinitions(testsDirectory:)``), so that deleting the test cannot leave the rule
/// "tested" by another of the same name, and must say where it comes from.
public func ruleTestProblems(_ rules: [Rule], definitions: [String: [String]]) -> [String] {
    rules.compactMap { rule in
        let files = definitions[rule.test] ?? []
        if files.isEmpty { return "rule \(rule.id) names the test \(rule.test), which does not exist" }
        if files.count > 1 {
            return "rule \(rule.id) names the test \(rule.test), which is defined in \(files.count) files "
                + "(\(files.joined(separator: ", "))): give the rule's test a name of its own"
        }
        if rule.origin.detail.isEmpty { return "rule \(rule.id) says neither its source nor why it is a model" }
        return nil
    }
}
