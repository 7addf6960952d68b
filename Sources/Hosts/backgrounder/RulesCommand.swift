import ArgumentParser
import BackgroundRuntime
import BackgrounderHost
import TheBackgrounder

/// `backgrounder rules`: the rules of background execution in one iOS era, with their sources.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Print the rules of background execution that hold in an iOS era, each with its source (or why it is Backgrounder's model) and the test that checks it.",
        discussion: """
            `backgrounder rules --ios 6`, `--ios 10` and `--ios 17` show how the rules changed: \
            10-minute, 3-minute and 30-second task budgets, the VoIP keep-alive that ended with \
            iOS 9, background fetch from iOS 7, BGTaskScheduler from iOS 13.
            """
    )

    @OptionGroup var options: RulesOptions

    func run() {
        options.print(.theBackgrounder)
    }
}
