import ArgumentParser
import BackgroundRuntime

/// A hosted app's `rules`: the runtime's rules of one iOS era.
struct HostedRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Print the rules of background execution that hold in an iOS era, each with its source and the test that checks it."
    )

    @OptionGroup var options: RulesOptions

    func run() {
        options.print(RuleBook.runtime)
    }
}
