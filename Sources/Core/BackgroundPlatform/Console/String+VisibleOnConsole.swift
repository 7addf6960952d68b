import BackgroundWire

extension String {
    /// The text with control characters escaped (`\u{1B}`), so that a peer's bytes cannot move
    /// the cursor or recolour the terminal the console is printed on.
    public var visibleOnConsole: String {
        var visible = ""
        for scalar in unicodeScalars {
            if scalar.properties.generalCategory == .control, scalar != "\t" {
                visible += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                visible.unicodeScalars.append(scalar)
            }
        }
        return visible
    }
}
