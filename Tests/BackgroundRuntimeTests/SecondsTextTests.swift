@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Testing

@Suite("Seconds on the console")
struct SecondsTextTests {
    @Test func secondsAreWrittenToTheMillisecondWithoutTheFloatsNoise() {
        #expect(Duration.seconds(600).secondsText == "600")
        #expect(Duration.milliseconds(1500).secondsText == "1.5")
        #expect(Duration.seconds(0.6699999999999998).secondsText == "0.67")
        #expect(Duration.seconds(2.0004).secondsText == "2")
        #expect(Duration.milliseconds(-250).secondsText == "-0.25")
    }
}
