import Foundation

extension Duration {
    /// The duration in seconds as a console line shows it: `600`, `1.5`, `0.67` — to the
    /// millisecond, without the float's noise (`0.6699999999999998`).
    public var secondsText: String {
        let (seconds, attoseconds) = components
        guard attoseconds != 0 else { return String(seconds) }
        var text = String(format: "%.3f", self.seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
