import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// The service's answers to the app's ``Library`` (``NewsstandService``), from the app in the
/// system's process or in its own.
extension TransferService {
    /// Makes the service on `device`, with its library in `dataDirectory`, when the app first
    /// calls it, starts it and hands it to `keep`: an app that never makes a ``Library`` has no
    /// transfer service. For the hosts of apps that may or may not use Newsstand.
    public static func startOnFirstCall(
        on device: Device, dataDirectory: URL, options: TransferOptions = TransferOptions(),
        keep: @escaping @Sendable (TransferService) -> Void
    ) {
        ServiceHost<NewsstandService>(device: device).answerCalls { [weak device] call in
            guard let device else { return nil }
            // The new service answers the calls after this one itself.
            let service = TransferService(device: device, dataDirectory: dataDirectory, options: options)
            keep(service)
            service.start()
            return service.answer(call)
        }
    }

    /// Carries out `call`; its answer, if it has one. It runs on the thread of the app's call and
    /// never waits for the app.
    func answer(_ call: NewsstandServiceCall) -> (any Codable & Sendable)? {
        switch call {
        case .issues:
            return issues().map(entry)
        case .addIssue(let name, let date):
            return libraryAnswer { () throws(LibraryError) in entry(try addIssue(named: name, date: date)) }
        case .removeIssue(let name):
            do throws(LibraryError) {
                try removeIssue(named: name)
                return nil
            } catch {
                return error
            }
        case .status(let issue):
            return status(ofIssue: issue)
        case .assets(let issue):
            return assets(ofIssue: issue)
        case .addAsset(let issue, let request, let userInfo):
            return libraryAnswer { () throws(LibraryError) in
                try addAsset(toIssue: issue, request: request, userInfo: userInfo)
            }
        case .download(let asset):
            attachDelegate(toAsset: asset)
            return nil
        case .tookProgress(let asset):
            tookProgress(ofAsset: asset)
            return nil
        case .handedOver(let asset):
            completeDelivery(ofAsset: asset)
            return nil
        case .currentlyReading:
            return currentlyReading
        case .setCurrentlyReading(let name):
            currentlyReading = name
            return nil
        case .issueSnapshots:
            return issueSnapshots()
        }
    }

    /// Sends `event` to the running app without waking it: at once, or — when the app is
    /// suspended — as `whileSuspended` says. False when it was not sent.
    @discardableResult
    func post(_ event: NewsstandServiceEvent, whileSuspended: SuspendedDelivery = .drop) -> Bool {
        host.post(event, whileSuspended: whileSuspended)
    }

    private func entry(_ issue: IssueRecord) -> IssueEntry {
        IssueEntry(name: issue.name, date: issue.date, contentPath: directories.content(ofIssue: issue.name).path)
    }

    private func libraryAnswer<Value>(_ body: () throws(LibraryError) -> Value) -> LibraryAnswer<Value> {
        do throws(LibraryError) {
            return .done(try body())
        } catch {
            return .refused(error)
        }
    }
}
