// CallKit's names over Backgrounder's runtime: a CXProvider whose reportNewIncomingCall is the
// runtime's call report (which a VoIP push's handler owes from iOS 13), and whose delegate hears
// the user's answer. Foundation comes with it, as it does with Apple's framework.
@_exported import BackgrounderFoundation
