/// The deliveries of every event and wake are written field by field (``WireFields``); the
/// rest, a few a launch, keep their `Codable` form.
extension AppDelivery: WireFields {
    /// The cases written field by field, by the number each is written as.
    enum Case: Int {
        case serviceMessage, timerFire, keepAlive, expirationHandler, expirationHandlersReturned, didEnterBackground
        case returnToForeground, performFetch
    }

    func writeFields(to writer: inout WireWriter) throws -> Bool {
        switch self {
        case .serviceMessage(let message, let activity):
            writer.write(case: Case.serviceMessage)
            try writer.write(message)
            writer.write(activity?.id)
        case .timerFire(let id):
            writer.write(case: Case.timerFire)
            writer.write(id)
        case .keepAlive(let activity):
            writer.write(case: Case.keepAlive)
            writer.write(activity.id)
        case .expirationHandler(let identifier):
            writer.write(case: Case.expirationHandler)
            writer.write(identifier.rawValue)
        case .expirationHandlersReturned(let run):
            writer.write(case: Case.expirationHandlersReturned)
            writer.write(run)
        case .didEnterBackground(let run):
            writer.write(case: Case.didEnterBackground)
            writer.write(run)
        case .returnToForeground: writer.write(case: Case.returnToForeground)
        case .performFetch(let number):
            writer.write(case: Case.performFetch)
            writer.write(number)
        default: return false
        }
        return true
    }

    init(fields reader: inout WireReader) throws {
        self =
            switch try reader.read(case: Case.self) {
            case .serviceMessage:
                .serviceMessage(
                    try reader.read(ServiceMessage.self), endingActivity: try reader.read(Int?.self).map(BackgroundActivityToken.init(id:)))
            case .timerFire: .timerFire(id: try reader.read(Int.self))
            case .keepAlive: .keepAlive(endingActivity: BackgroundActivityToken(id: try reader.read(Int.self)))
            case .expirationHandler: .expirationHandler(BackgroundTaskIdentifier(rawValue: try reader.read(Int.self)))
            case .expirationHandlersReturned: .expirationHandlersReturned(run: try reader.read(Int.self))
            case .didEnterBackground: .didEnterBackground(run: try reader.read(Int.self))
            case .returnToForeground: .returnToForeground
            case .performFetch: .performFetch(number: try reader.read(Int.self))
            }
    }
}
