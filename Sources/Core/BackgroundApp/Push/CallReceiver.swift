import BackgroundWire

/// An object told of the user's answer to a call the app reported, in the app delegate's place,
/// as a `CXProvider`'s delegate is on iOS (`CXAnswerCallAction`, `CXEndCallAction`). The app
/// sets it as ``Application/callReceiver``, held weakly as the app holds its provider; while
/// there is none the delegate is told.
@AppMain
public protocol CallReceiver: AnyObject {
    /// The user accepted (the app is on screen) or declined `call`.
    func application(_ application: Application, didAnswer call: IncomingCall, accepted: Bool)
}
