/// The descriptor a frame carries beside it (``FrameChannel``): a service's message that hands
/// the app's process one.
extension AppProcessMessage {
    /// The descriptor the message hands over, if any.
    package var passedDescriptor: PassedDescriptor? {
        guard case .deliver(.serviceMessage(let message, _), _) = self else { return nil }
        return message.descriptor
    }

    /// The message with `descriptor`, which came with its frame, in place of its mark.
    package func attaching(_ descriptor: Int32) -> AppProcessMessage {
        guard case .deliver(.serviceMessage(let message, let activity), let launch) = self else { return self }
        let attached = ServiceMessage(service: message.service, payload: message.payload, descriptor: PassedDescriptor(descriptor))
        return .deliver(.serviceMessage(attached, endingActivity: activity), launch: launch)
    }
}
