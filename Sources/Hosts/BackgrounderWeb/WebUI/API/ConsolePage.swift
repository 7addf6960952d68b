/// `GET /api/console`'s answer.
struct ConsolePage: Encodable {
    let lines: [ConsoleLineView]
    /// How many lines the console keeps.
    let capacity: Int
}
