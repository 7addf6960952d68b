import BackgroundRuntime
import Foundation
import TestSupport
import Testing

@Suite("The pending task requests on disk", .temporaryDirectory)
struct TaskRequestStoreTests {
    private let requests = [
        ScheduledTaskRequest(kind: .appRefresh, identifier: "refresh", earliestBeginDate: Date(timeIntervalSince1970: 1_362_714_471.25)),
        ScheduledTaskRequest(kind: .processing, identifier: "cleanup", requiresNetworkConnectivity: true, requiresExternalPower: true),
    ]

    private func withStore(_ body: (TaskRequestStore, URL) throws -> Void) rethrows {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(TaskRequestStore(directory: directory), directory)
    }

    private func write(_ text: String, to store: TaskRequestStore) throws {
        try FileManager.default.createDirectory(at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: store.fileURL)
    }

    @Test func savedRequestsComeBackExactly() throws {
        try withStore { store, directory in
            #expect(try store.load().isEmpty)
            try store.save(requests)
            #expect(try store.load() == requests)
            #expect(store.fileURL.path.hasPrefix(directory.path))
            try store.save([])
            #expect(try store.load().isEmpty)
        }
    }

    @Test func garbageIsAClearErrorAndIsSetAsideNotLost() throws {
        try withStore { store, _ in
            try write("\u{0}\u{1}garbage", to: store)
            #expect {
                try store.load()
            } throws: { error in
                "\(error)".hasPrefix(store.fileURL.path) && "\(error)".contains("not a list of task requests")
            }
            let aside = try #require(store.setAside())
            #expect(try String(contentsOf: aside, encoding: .utf8) == "\u{0}\u{1}garbage")
            #expect(try store.load().isEmpty)
        }
    }

    @Test func aTruncatedFileIsRefused() throws {
        try withStore { store, _ in
            try store.save(requests)
            let data = try Data(contentsOf: store.fileURL)
            try data.prefix(data.count / 2).write(to: store.fileURL)
            #expect(throws: TaskRequestStoreError.self) { try store.load() }
        }
    }

    @Test func aFileThatBreaksTheLimitsIsRefused() throws {
        try withStore { store, _ in
            try write(#"{"version":1,"requests":[{"kind":"appRefresh","identifier":"a","requiresNetworkConnectivity":false,"requiresExternalPower":false},{"kind":"appRefresh","identifier":"b","requiresNetworkConnectivity":false,"requiresExternalPower":false}]}"#, to: store)
            #expect { try store.load() } throws: { "\($0)".contains("more than 1 app refresh requests") }
            try write(#"{"version":2,"requests":[]}"#, to: store)
            #expect { try store.load() } throws: { "\($0)".contains("unknown version 2") }
            try write(#"{"version":1,"requests":[{"kind":"teleport","identifier":"a","requiresNetworkConnectivity":false,"requiresExternalPower":false}]}"#, to: store)
            #expect(throws: TaskRequestStoreError.self) { try store.load() }
            try write(String(repeating: " ", count: TaskRequestStore.sizeLimit + 1), to: store)
            #expect { try store.load() } throws: { "\($0)".contains("more than \(TaskRequestStore.sizeLimit)") }
        }
    }

    @Test func aSaveKilledMidWriteLeavesTheOldListAndItsLeftoverIsCleared() throws {
        try withStore { store, _ in
            try store.save(requests)
            // What kill -9 during a save leaves: a half-written temporary file of a dead process.
            let leftover = store.fileURL.deletingLastPathComponent().appendingPathComponent(".background-task-requests.json.tmp-999999")
            try Data(#"{"version":1,"requ"#.utf8).write(to: leftover)
            #expect(try store.load() == requests)
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
        }
    }

    @Test func aDeviceWithAnUnreadableFileStartsWithNoneAndKeepsTheFileAside() throws {
        try withStore { store, directory in
            try write("not json", to: store)
            let device = makeTaskDevice(storage: directory, recorder: TaskRecorder(.init()))
            #expect(device.taskScheduler.pendingTaskRequests.isEmpty)
            #expect(device.console.recentMessages.contains { $0.contains("cannot read the pending requests") && $0.contains(".corrupt") })
            #expect(FileManager.default.fileExists(atPath: store.fileURL.path + ".corrupt"))
            device.launch()
            device.submit(processingRequest(power: true))
            #expect(try store.load().map(\.identifier) == ["cleanup"])
        }
    }
}
