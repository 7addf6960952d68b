// The app's side of location (the managers, the monitor, the live updates, the track store, the
// Location screen) with the values it exchanges with the system's location service, re-exported.
@_exported import LocationWire
