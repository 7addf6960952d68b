import Audio
import BackgroundRuntime
import Location
import Newsstand

extension RuleBook {
    /// Every rule TheBackgrounder runs under: the runtime's and its services'.
    public static let theBackgrounder = RuleBook.runtime
        .adding(RuleBook(Rule.newsstand))
        .adding(RuleBook(Rule.location))
        .adding(RuleBook(Rule.audio))
}
