import BackgroundRuntime

/// What the web UI's WebSocket sends, one JSON text message each:
///
/// - `{"type": "status", "status": {…}}`: the whole `status`, when it changed;
/// - `{"type": "state", "from": "active", "to": "inactive", "time": 12.5}`: a state change, at once;
/// - `{"type": "console", "line": {"sequence": 7, "text": "2026-… TheBackgrounder[1] …", "message": "…"}}`.
enum FeedEvent: Sendable, Equatable {
    /// The status as JSON (``Device/statusJSON()``).
    case status(String)
    case state(AppStateChange)
    case console(ConsoleLine)

    /// The message's text.
    var json: String {
        switch self {
        case .status(let status):
            #"{"status":\#(status),"type":"status"}"#
        case .state(let change):
            WebJSON.encode(StateMessage(from: change.from, to: change.to, time: change.time.seconds))
        case .console(let line):
            WebJSON.encode(ConsoleMessage(line: ConsoleLineView(line)))
        }
    }

    private struct StateMessage: Encodable {
        let type = "state"
        let from: AppState
        let to: AppState
        let time: Double
    }

    private struct ConsoleMessage: Encodable {
        let type = "console"
        let line: ConsoleLineView
    }
}
