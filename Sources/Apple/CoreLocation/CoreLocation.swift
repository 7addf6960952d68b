// Core Location's names over Backgrounder's Location module: a file of an iOS app that imports
// CoreLocation builds on Linux as written and runs under the location service's rules. Every rule
// is the runtime's (``LocationManager``, ``LocationService``); this module only converts values
// between Apple's types and the runtime's. Foundation comes with it, as it does with Apple's
// framework. The runtime's own names are not re-exported: a file importing CoreLocation sees
// Apple's only.
@_exported import BackgrounderFoundation
