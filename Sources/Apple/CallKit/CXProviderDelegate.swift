import BackgroundRuntime

/// The delegate of a ``CXProvider`` (`CXProviderDelegate`): it hears the user's answer to the
/// calls the app reported, on the queue it was set with (the app's main executor for nil). As
/// Apple's, it is not isolated to an actor: a plain class adopts it in the Swift 6 language
/// mode, and a `@MainActor` type with `@preconcurrency` on the conformance, as in Xcode.
public protocol CXProviderDelegate: AnyObject {
    /// The provider was reset: end every call. Backgrounder never resets a provider.
    func providerDidReset(_ provider: CXProvider)
    /// The user accepted the call: the app is on screen.
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction)
    /// The user declined the call.
    func provider(_ provider: CXProvider, perform action: CXEndCallAction)
}

extension CXProviderDelegate {
    /// Without an implementation the answer is fulfilled.
    public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        action.fulfill()
    }

    /// Without an implementation the end is fulfilled.
    public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        action.fulfill()
    }
}
