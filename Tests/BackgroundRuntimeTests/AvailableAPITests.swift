import BackgroundRuntime
import Testing

@Suite("The availability table: when each API came and went")
struct AvailableAPITests {
    @Test func anAPIExistsFromTheMajorVersionItCameWithOn() {
        let expiring = AvailableAPI.expiringActivities
        #expect(expiring.introduced == "8.2")
        #expect(expiring.firstVersion == 8)
        #expect(!expiring.exists(inIOS: 7))
        #expect(expiring.exists(inIOS: 8))
        #expect(expiring.exists(inIOS: 26))
        #expect(expiring.history(inIOS: 7) == "came with iOS 8.2")
    }

    @Test func anAPIThatWentIsGoneFromItsRemovalOnAndSaysSo() {
        let newsstand = AvailableAPI.newsstand
        #expect(!newsstand.exists(inIOS: 4))
        #expect(newsstand.exists(inIOS: 5))
        #expect(newsstand.exists(inIOS: 16))
        #expect(!newsstand.exists(inIOS: 17))
        #expect(newsstand.history(inIOS: 4) == "came with iOS 5")
        #expect(newsstand.history(inIOS: 17) == "was removed in iOS 17")
    }

    @Test func everyEntryHasANameAVersionASourceAndIsListedOnce() {
        #expect(Set(AvailableAPI.all).count == AvailableAPI.all.count)
        for api in AvailableAPI.all {
            #expect(!api.name.isEmpty)
            #expect(PolicyProfile.supportedVersions.contains(api.firstVersion), "\(api.name): \(api.introduced)")
            #expect(api.source.contains("iOS") || api.source.contains("QA"), "\(api.name): \(api.source)")
            if let removed = api.removed { #expect(removed > api.firstVersion) }
        }
    }

    /// The profiles' `has…` values are the table's, in every supported era.
    @Test(arguments: PolicyProfile.supportedVersions)
    func theProfilesReadTheTable(version: Int) throws {
        let profile = try #require(PolicyProfile(iOS: version))
        let pairs: [(Bool, AvailableAPI)] = [
            (profile.hasKeepAliveSockets, .keepAliveSockets), (profile.hasNewsstand, .newsstand),
            (profile.hasBackgroundFetch, .backgroundFetch), (profile.hasBackgroundTaskScheduler, .backgroundTaskScheduler),
            (profile.hasContinuedProcessingTasks, .continuedProcessingTasks), (profile.hasExpiringActivities, .expiringActivities),
            (profile.hasBackgroundSessions, .backgroundSessions), (profile.hasPushKit, .pushKit),
            (profile.hasNotificationActions, .notificationActions), (profile.hasInterruptionLevels, .interruptionLevels),
            (profile.hasLowPowerMode, .lowPowerMode), (profile.hasThermalState, .thermalState), (profile.hasScenes, .scenes),
            (profile.hasPrewarming, .prewarming), (profile.hasIncomingCallBanner, .incomingCallBanner),
            (profile.hasAppExitMetrics, .appExitMetrics),
        ]
        for (value, api) in pairs { #expect(value == profile.has(api), "\(api.name) in iOS \(version)") }
    }

    /// A report names the table's version: what the runtime and the facades say comes from it.
    @Test func aReportSaysWhenTheAPICame() throws {
        let profile = try #require(PolicyProfile(iOS: 7))
        #expect(profile.absence(of: .pushKit) == "PushKit came with iOS 8")
        #expect(profile.history(of: .backgroundTaskScheduler) == "came with iOS 13")
    }
}
