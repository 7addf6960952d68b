import BackgroundRuntime

extension CommandTable {
    /// The system's transfer service, played by hand: the end of a background session's transfer.
    public static var transfers: [Command<Host>] {
        [
            Command(
                "transfer end", arguments: "TASK [PATH]", arity: 1...2,
                help: "The system's transfer service ends background transfer TASK (status's backgroundTransfers): "
                    + "finished with its file at PATH, or without PATH failed (NSURLErrorDomain -1005). The app hears "
                    + "it now if it runs with the session made; else it is resumed or launched for the session's events "
                    + "once all its transfers have ended."
            ) { host, arguments throws(CommandError) in
                let task = try arguments.value(0, as: TransferNumber.self).id
                let event: BackgroundTransferEvent =
                    arguments.count > 1
                    ? .finished(task: task, location: arguments[1])
                    : .failed(task: task, BackgroundTransferError(code: -1005, message: "The network connection was lost."))
                guard host.device.endTransfer(event) else {
                    throw arguments.failure("no background transfer \(task) is waiting or running")
                }
                return .done
            },
        ]
    }
}
