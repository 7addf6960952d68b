// The system's side of location (the location service, gpsd and the route replay, regions,
// visits, the permission prompts) with the values it exchanges with the app, re-exported.
@_exported import LocationWire
