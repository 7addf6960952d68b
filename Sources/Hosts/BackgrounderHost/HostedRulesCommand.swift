import ArgumentParser

/// A hosted app's `rules`: the app's rules (``HostedAppParts/rules``) of one iOS era
/// (`AppHost.main` carries it out).
struct HostedRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Print the rules of background execution that hold in an iOS era, each with its source and the test that checks it."
    )

    @OptionGroup var options: RulesOptions
}
