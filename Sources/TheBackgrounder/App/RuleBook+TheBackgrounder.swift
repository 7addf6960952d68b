import Audio
import BackgroundRuntime

extension RuleBook {
    /// Every rule TheBackgrounder runs under: the runtime's and its services'.
    public static let theBackgrounder = RuleBook.runtime.adding(RuleBook(Rule.audio))
}
