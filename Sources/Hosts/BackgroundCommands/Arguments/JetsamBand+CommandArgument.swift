import BackgroundRuntime

extension JetsamBand: CommandArgument {}
