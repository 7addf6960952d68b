import CallKit

// The app's calls, and the CallKit provider that shows them and tells of the user's answer.
class CallManager: NSObject, CXProviderDelegate {
    var provider: CXProvider?
    private(set) var calls: [UUID: String] = [:]

    func makeProvider() {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = false
        let provider = CXProvider(configuration: configuration)
        provider.setDelegate(self, queue: nil)
        self.provider = provider
    }

    func addCall(_ uuid: UUID, phoneNumber: String) {
        calls[uuid] = phoneNumber
        print("Incoming call from \(phoneNumber)")
    }

    func providerDidReset(_ provider: CXProvider) {
        calls.removeAll()
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        print("Answered the call from \(calls[action.callUUID] ?? "nobody")")
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        calls[action.callUUID] = nil
        action.fulfill()
    }
}
