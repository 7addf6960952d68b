import BackgroundRuntime

extension MemoryPressureLevel: CommandArgument {}
