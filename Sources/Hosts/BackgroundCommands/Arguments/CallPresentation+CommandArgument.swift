import BackgroundRuntime

extension CallPresentation: CommandArgument {
    public static var expectation: String {
        "a way a call shows; choose \(allCases.map(\.rawValue).joined(separator: " or "))"
    }
}
