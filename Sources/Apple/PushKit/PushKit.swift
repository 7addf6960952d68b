// PushKit's names over Backgrounder's runtime: a PKPushRegistry for VoIP pushes whose delegate
// gets the token and the pushes, under the runtime's rules (from iOS 13 a VoIP push must report a
// call to CallKit). Foundation comes with it, as it does with Apple's framework.
@_exported import BackgrounderFoundation
