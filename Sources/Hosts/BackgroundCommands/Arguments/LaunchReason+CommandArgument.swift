import BackgroundRuntime

extension LaunchReason: CommandArgument {
    public static var expectation: String {
        "a launch reason; choose \(allCases.map(\.rawValue).joined(separator: ", "))"
    }
}
