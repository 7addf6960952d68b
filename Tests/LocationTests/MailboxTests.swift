import Foundation
@testable import LocationSystem
import LocationWire
import Testing

/// The service's mailbox of one client, stepped through the interleavings of the threads that
/// share it: the one sending a batch, and the one the client's returned credit runs on.
@Suite("A client's mailbox")
struct MailboxTests {
    private static func fix(_ index: Int) -> Location {
        Location(
            coordinate: Coordinate(latitude: 37.33 + Double(index) * 1e-4, longitude: -122.03), horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_767_225_600 + Double(index)))
    }

    /// The fixes a step sends as an offer within the client's credit; nil for any other step.
    private static func offeredFixes(_ step: Mailbox.Step) -> [Location]? {
        guard case .send(let batch) = step, batch.sending == .fixes else { return nil }
        return batch.items.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
    }

    /// Claims the mailbox holding `fix` and takes it out as an offer.
    private static func offering(_ fix: Location) throws -> (mailbox: Mailbox, batch: Mailbox.Batch) {
        var mailbox = Mailbox()
        mailbox.append(fix: fix, limit: 10)
        let claimed = mailbox.claim()
        #expect(claimed)
        guard case .send(let batch) = mailbox.next(appState: .background) else {
            throw MailboxTestError.nothingToSend
        }
        return (mailbox, batch)
    }

    /// The lock-step location benchmark's stall: the client refused a fix for want of credit,
    /// its credit came back before the sender put the fix back, and the fix then waited for
    /// credit that had already come — for a next fix that never came, since the stand-in
    /// waits for this one's line.
    @Test func creditThatComesBackWhileARefusedFixIsOutHasItOfferedAgain() throws {
        var (mailbox, refused) = try Self.offering(Self.fix(0))
        mailbox.offerAgain()  // on the thread the credit came back on, before the refusal is handled
        let afterRefusal = mailbox.putBack(refused, keepingFixes: true, limit: 10)
        #expect(afterRefusal.isAgain)
        let retry = mailbox.next(appState: .background)
        #expect(Self.offeredFixes(retry) == [Self.fix(0)])
    }

    @Test func aRefusedFixWaitsForCreditNotForTheNextFix() throws {
        var (mailbox, refused) = try Self.offering(Self.fix(0))
        let afterRefusal = mailbox.putBack(refused, keepingFixes: true, limit: 10)
        #expect(afterRefusal.isDone)
        mailbox.append(fix: Self.fix(1), limit: 10)
        let claimedForTheNextFix = mailbox.claim()
        #expect(!claimedForTheNextFix)
        mailbox.offerAgain()
        let claimedForTheCredit = mailbox.claim()
        #expect(claimedForTheCredit)
        let retry = mailbox.next(appState: .background)
        #expect(Self.offeredFixes(retry) == [Self.fix(0), Self.fix(1)])
    }

    @Test func creditThatComesBackWhileAnOfferIsOutCostsOneMoreLook() throws {
        var (mailbox, _) = try Self.offering(Self.fix(0))
        mailbox.offerAgain()
        let look = mailbox.next(appState: .background)
        #expect(look.isAgain)
        let lastLook = mailbox.next(appState: .background)
        #expect(lastLook.isDone)
        let claimedAgain = mailbox.claim()
        #expect(claimedAgain)
    }
}

private enum MailboxTestError: Error {
    case nothingToSend
}

extension Mailbox.Step {
    fileprivate var isAgain: Bool { if case .again = self { true } else { false } }
    fileprivate var isDone: Bool { if case .done = self { true } else { false } }
}
