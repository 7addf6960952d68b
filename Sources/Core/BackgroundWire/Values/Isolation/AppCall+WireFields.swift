/// The calls made on every task, event and wake are written field by field (``WireFields``);
/// the rest, made a few times a launch, keep their `Codable` form.
extension AppCall: WireFields {
    /// The cases written field by field, by the number each is written as.
    enum Case: Int {
        case beginAssertion, endAssertion, backgroundTimeRemaining, date, deviceClock, callService, tellService
        case returnServiceCredit, log, eventHandlingBegan, endActivity, barrierReached, appTimerFireStarted
    }

    func writeFields(to writer: inout WireWriter) throws -> Bool {
        switch self {
        case .beginAssertion(let name, let hasExpirationHandler, let fileID, let line, let launch):
            writer.write(case: Case.beginAssertion)
            writer.write(name)
            writer.write(hasExpirationHandler)
            writer.write(fileID)
            writer.write(line)
            writer.write(launch)
        case .endAssertion(let identifier, let fileID, let line, let launch):
            writer.write(case: Case.endAssertion)
            writer.write(identifier)
            writer.write(fileID)
            writer.write(line)
            writer.write(launch)
        case .backgroundTimeRemaining: writer.write(case: Case.backgroundTimeRemaining)
        case .date: writer.write(case: Case.date)
        case .deviceClock: writer.write(case: Case.deviceClock)
        case .callService(let message):
            writer.write(case: Case.callService)
            try writer.write(message)
        case .tellService(let message):
            writer.write(case: Case.tellService)
            try writer.write(message)
        case .returnServiceCredit(let channel, let count):
            writer.write(case: Case.returnServiceCredit)
            writer.write(channel)
            writer.write(count)
        case .log(let lines):
            writer.write(case: Case.log)
            writer.write(each: lines)
        case .eventHandlingBegan(let activity):
            writer.write(case: Case.eventHandlingBegan)
            writer.write(activity.id)
        case .endActivity(let activity):
            writer.write(case: Case.endActivity)
            writer.write(activity.id)
        case .barrierReached(let id):
            writer.write(case: Case.barrierReached)
            writer.write(id)
        case .appTimerFireStarted(let id):
            writer.write(case: Case.appTimerFireStarted)
            writer.write(id)
        default: return false
        }
        return true
    }

    init(fields reader: inout WireReader) throws {
        self =
            switch try reader.read(case: Case.self) {
            case .beginAssertion:
                .beginAssertion(
                    name: try reader.read(String?.self), hasExpirationHandler: try reader.read(Bool.self),
                    fileID: try reader.read(String.self), line: try reader.read(Int.self), launch: try reader.read(Int.self))
            case .endAssertion:
                .endAssertion(
                    identifier: try reader.read(Int.self), fileID: try reader.read(String.self), line: try reader.read(Int.self),
                    launch: try reader.read(Int.self))
            case .backgroundTimeRemaining: .backgroundTimeRemaining
            case .date: .date
            case .deviceClock: .deviceClock
            case .callService: .callService(try reader.read(ServiceMessage.self))
            case .tellService: .tellService(try reader.read(ServiceMessage.self))
            case .returnServiceCredit: .returnServiceCredit(channel: try reader.read(String.self), count: try reader.read(Int.self))
            case .log: .log(lines: try reader.read(each: String.self))
            case .eventHandlingBegan: .eventHandlingBegan(BackgroundActivityToken(id: try reader.read(Int.self)))
            case .endActivity: .endActivity(BackgroundActivityToken(id: try reader.read(Int.self)))
            case .barrierReached: .barrierReached(id: try reader.read(Int.self))
            case .appTimerFireStarted: .appTimerFireStarted(id: try reader.read(Int.self))
            }
    }
}
