import BackgroundRuntime

extension ThermalState: CommandArgument {}
