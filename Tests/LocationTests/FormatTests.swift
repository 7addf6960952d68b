import Testing
@testable import Location
