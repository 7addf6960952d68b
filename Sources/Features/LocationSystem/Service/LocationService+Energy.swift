import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// The location receiver's time in the device's energy accounts, per accuracy: the finest
/// accuracy an updating manager asks for, `reduced` under approximate location, and `lowPower`
/// while only regions or significant changes are watched.
extension LocationService {
    /// The accuracy the receiver runs at for the updating managers.
    func receiverAccuracy(_ state: State) -> String {
        if state.permission.accuracy == .reducedAccuracy { return "reduced" }
        let asked = state.clients.values.filter(\.isUpdating).map(\.settings.accuracy)
        return LocationAccuracy.allCases.first { asked.contains($0) }?.rawValue ?? LocationAccuracy.threeKilometers.rawValue
    }

    /// Tells the energy accounts the receiver is on at `accuracy`, or off (nil).
    func reconcileReceiver(accuracy: String?) {
        let (ended, begins) = receiver.withLock { receiver -> (EnergyUsageToken?, Bool) in
            guard receiver?.accuracy != accuracy else { return (nil, false) }
            defer { receiver = nil }
            return (receiver?.token, accuracy != nil)
        }
        if let ended { device.energy.endUsing(ended) }
        guard begins, let accuracy else { return }
        let token = device.energy.beginUsing(.location(accuracy: accuracy))
        receiver.withLock { $0 = (token, accuracy) }
    }
}
