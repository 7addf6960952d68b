import BackgroundCommands

/// What a command line gave, for the page.
struct CommandReply: Encodable {
    let ok: Bool
    let output: String?
    let error: String?

    init(_ result: CommandResult) {
        switch result {
        case .done:
            (ok, output, error) = (true, nil, nil)
        case .output(let text):
            (ok, output, error) = (true, text, nil)
        case .failed(let failure):
            (ok, output, error) = (false, nil, failure.description)
        case .quit:
            (ok, output, error) = (false, nil, "quit ends the session: type it in the terminal that runs backgrounder, or press Ctrl-C there")
        }
    }
}
