import BackgroundRuntime
import Testing

@Suite("Policy profiles: each era's numbers")
struct PolicyProfileTests {
    @Test func iOS6GivesTenMinutesAndHasNoFetchOrBGTaskScheduler() throws {
        let profile = try #require(PolicyProfile(iOS: 6))
        #expect(profile.finiteTaskBudget == .seconds(600))
        #expect(profile.hasBackgroundFetch == false)
        #expect(profile.hasBackgroundTaskScheduler == false)
        #expect(profile.hasKeepAliveSockets)
        #expect(profile.hasNewsstand)
    }

    @Test func iOS10IsTheDefaultWithThreeMinutes() throws {
        let profile = try #require(PolicyProfile(iOS: 10))
        #expect(PolicyProfile.default == profile)
        #expect(profile.name == "iOS 10")
        #expect(profile.finiteTaskBudget == .seconds(180))
        #expect(profile.hasBackgroundFetch)
        #expect(profile.hasBackgroundTaskScheduler == false)
        #expect(profile.hasKeepAliveSockets == false, "QA1938: the legacy VoIP architecture is disabled from iOS 10")
        #expect(profile.hasNewsstand)
    }

    @Test func iOS17GivesThirtySecondsWithoutKeepAliveSocketsOrNewsstand() throws {
        let profile = try #require(PolicyProfile(iOS: 17))
        #expect(profile.finiteTaskBudget == .seconds(30))
        #expect(profile.hasBackgroundTaskScheduler)
        #expect(profile.hasKeepAliveSockets == false)
        #expect(profile.hasNewsstand == false)
    }

    @Test(arguments: [4, 6, 10, 13, 16, 17, 26])
    func theNumbersEveryEraShares(version: Int) throws {
        let profile = try #require(PolicyProfile(iOS: version))
        #expect(profile.didEnterBackgroundGrace == .seconds(5))
        #expect(profile.expirationLeadTime == .seconds(5))
        #expect(profile.fetchBudget == .seconds(30))
        #expect(profile.keepAliveMinimum == .seconds(600))
    }

    @Test func theEraBoundaries() throws {
        #expect(PolicyProfile(iOS: 7)?.finiteTaskBudget == .seconds(180))
        #expect(PolicyProfile(iOS: 12)?.finiteTaskBudget == .seconds(180))
        #expect(PolicyProfile(iOS: 13)?.finiteTaskBudget == .seconds(30))
        #expect(PolicyProfile(iOS: 13)?.hasBackgroundTaskScheduler == true)
        #expect(PolicyProfile(iOS: 12)?.hasBackgroundTaskScheduler == false)
        #expect(PolicyProfile(iOS: 9)?.hasKeepAliveSockets == true)
        #expect(PolicyProfile(iOS: 10)?.hasKeepAliveSockets == false)
        #expect(PolicyProfile(iOS: 4)?.hasNewsstand == false)
        #expect(PolicyProfile(iOS: 5)?.hasNewsstand == true)
        #expect(PolicyProfile(iOS: 6)?.hasBackgroundFetch == false)
        #expect(PolicyProfile(iOS: 7)?.hasBackgroundFetch == true)
    }

    @Test(arguments: [0, 3, 27, -1])
    func versionsWithoutAProfile(version: Int) {
        #expect(PolicyProfile(iOS: version) == nil)
    }
}
