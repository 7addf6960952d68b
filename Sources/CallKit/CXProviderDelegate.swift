import BackgroundRuntime

/// The delegate of a ``CXProvider`` (`CXProviderDelegate`): it hears the user's answer to the
/// calls the app reported, on the app's main executor whatever queue it was set with.
@preconcurrency @AppMain
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
