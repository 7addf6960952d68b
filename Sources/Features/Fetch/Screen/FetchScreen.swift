import BackgroundRuntime
import Foundation

/// The Fetch tab: a label that says "Not yet updated" until a fetch, and an Update button.
///
/// As in the tutorial's `FetchViewController`, ``fetch(_:)`` gets the current time (or, with
/// `--fetch-url`, a real resource) and calls its completion when done; ``updateUI()`` shows the
/// result. The app delegate's `performFetch` passes the system's completion handler straight
/// through: `fetch { result in updateUI(); completionHandler(result) }`.
///
/// On iOS 13 and later the screen also keeps a `BGAppRefreshTaskRequest` submitted
/// (``refreshTaskIdentifier``), registering its handler when it is made, during launch.
@AppMain
public final class FetchScreen {
    /// The identifier of the screen's app refresh task.
    public nonisolated static let refreshTaskIdentifier = "com.raywenderlich.TheBackgrounder.refresh"
    /// How long after it leaves the foreground the app asks to be refreshed.
    public nonisolated static let refreshDelay: TimeInterval = 15 * 60
    /// How long a fetch of a URL may take before the screen gives up (within the system's 30 s).
    public nonisolated static let timeout: Duration = .seconds(20)

    public let application: Application
    /// What a fetch gets.
    public let source: FetchSource
    /// The tutorial's `time`: when the content was last updated; nil until then.
    public private(set) var time: Date?
    /// When the last fetch ended, and what it brought.
    public private(set) var lastFetch: (date: Date, result: BackgroundFetchResult)?

    private let resource: ResourceFetcher?
    private var requests: [Int: Task<Void, Never>] = [:]
    private var nextRequest = 1

    public init(application: Application, source: FetchSource = .clock) {
        self.application = application
        self.source = source
        if case .url(let url) = source { resource = ResourceFetcher(url: url) } else { resource = nil }
        registerRefreshTask()
        publish()
        application.addObserver(for: .didFinishLaunching) { [weak self] in self?.publish() }
    }

    /// The label's text.
    public var label: String {
        time.map { Self.formatter.string(from: $0) } ?? "Not yet updated"
    }

    /// The Update button.
    public func didTapUpdate() {
        fetch { [weak self] _ in self?.updateUI() }
    }

    /// Fetches, then calls `completion` with what the fetch brought. The current time is always
    /// new data; a URL is new data when its ETag or Last-Modified changed.
    public func fetch(_ completion: @escaping @AppMain (BackgroundFetchResult) -> Void) {
        guard let resource else {
            finish(.newData, detail: "the time", completion)
            return
        }
        let number = nextRequest
        nextRequest += 1
        let deadline = application.scheduledTimer(withTimeInterval: Self.timeout, repeats: false) { [weak self] _ in
            self?.requests[number]?.cancel()
        }
        requests[number] = application.task { [weak self] in
            let (result, detail) = await resource.fetch()
            deadline.invalidate()
            guard let self else { return completion(result) }
            self.requests[number] = nil
            self.finish(result, detail: "\(resource.url.absoluteString) (\(detail))", completion)
        }
    }

    /// Cancels the fetches in progress; each completes with `failed`.
    public func cancelFetches() {
        for request in requests.values { request.cancel() }
    }

    /// Shows the last fetch: publishes what the screen shows, for `status` and the app switcher.
    public func updateUI() {
        publish()
    }

    private func finish(_ result: BackgroundFetchResult, detail: String, _ completion: @escaping @AppMain (BackgroundFetchResult) -> Void) {
        let now = application.date
        if result == .newData { time = now }
        lastFetch = (now, result)
        let prefix = application.applicationState == .background ? "App is backgrounded. " : ""
        application.logger.info("\(prefix)Fetched \(detail): \(result.rawValue). Label: \(label)")
        completion(result)
    }

    private func publish() {
        application.publish(
            FetchSnapshot(
                label: label,
                lastFetch: lastFetch.map { UTCDateText.iso8601($0.date) },
                lastResult: lastFetch?.result,
                source: source.description),
            for: .fetch)
    }

    /// The tutorial's format: short date, long time, e.g. "3/8/13, 3:31:11 AM UTC".
    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.dateStyle = .short
        formatter.timeStyle = .long
        return formatter
    }()
}
