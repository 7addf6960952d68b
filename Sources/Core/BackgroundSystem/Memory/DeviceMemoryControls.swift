import BackgroundWire

/// The memory the device's apps hold, as a test or the user sets it — the app's footprint where
/// no process of its own measures it, and the other apps in memory — reached as
/// ``Device/memory``; what jetsam does with it is ``Device/simulateMemoryPressure(_:footprint:need:)``.
///
/// A view of the device: it holds the device and keeps nothing of its own.
public struct DeviceMemoryControls: Sendable {
    let device: Device

    /// Declares the app's footprint, `bytes`, for jetsam's order where no process of its own
    /// measures it (`--isolation thread`, the test device).
    public func declareFootprint(_ bytes: Int) {
        device.handle { $0.footprintDeclared(bytes, at: $1) }
    }

    /// Another app is in memory, in `app.band` with `app.footprint` bytes, in place of one of its
    /// name: it takes its turn in jetsam's order beside the app.
    public func addResidentApp(_ app: ResidentApp) {
        device.handle { $0.residentAppChanged(app, at: $1) }
    }

    /// The app's band and footprint and the other apps in memory, as `status` shows them.
    public var status: MemoryStatus {
        let measured = device.link.appFootprint()
        return device.read { $0.memoryStatus(measured: measured) }
    }
}
