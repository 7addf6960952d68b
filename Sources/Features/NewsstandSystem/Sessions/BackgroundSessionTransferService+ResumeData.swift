import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// Resume data (``DownloadResumeData``): made of what a download stopped with, and taken back
/// by a task of `downloadTask(withResumeData:)`. Apple: “A download can be resumed only if … The
/// server provides either the ETag or Last-Modified header (or both) in its response” and
/// “The temporary file hasn’t been deleted” (`cancel(byProducingResumeData:)`), so a download
/// without a validator or without bytes has none.
extension BackgroundSessionTransferService {
    /// Where the bytes of transfer `task` wait for a resume once it stopped with resume data.
    func resumeFile(ofTask task: Int) -> URL { directory.appendingPathComponent("resume-\(task).part") }

    /// The resume data of transfer `id` of `url`, which stopped: its part file becomes its resume
    /// file and its record goes; nil (its files removed) when nothing of it can be resumed.
    func makeResumeData(ofTask id: Int, url: String) -> Data? {
        defer { try? FileManager.default.removeItem(at: recordFile(ofTask: id)) }
        guard let data = try? Data(contentsOf: recordFile(ofTask: id)),
            let record = try? JSONDecoder().decode(SessionTransferRecord.self, from: data), record.url == url,
            HTTPDownload.resumeValidator(etag: record.saved.etag, lastModified: record.saved.lastModified) != nil,
            let part = try? PartFile(url: partFile(ofTask: id)),
            let length = try? HTTPDownload.trustedLength(of: part, saved: record.saved, bootID: options.bootID), length > 0,
            (try? part.truncate(to: length)) != nil
        else {
            try? FileManager.default.removeItem(at: partFile(ofTask: id))
            return nil
        }
        let file = resumeFile(ofTask: id)
        do {
            try? FileManager.default.removeItem(at: file)
            try FileManager.default.moveItem(at: partFile(ofTask: id), to: file)
        } catch {
            device.console.log("Background transfer \(id): cannot keep its bytes for a resume: \(error.localizedDescription)")
            try? FileManager.default.removeItem(at: partFile(ofTask: id))
            return nil
        }
        let saved = record.saved
        device.console.log("Background transfer \(id): \(ByteCount.text(length)) kept for a resume in \(file.path)")
        return DownloadResumeData(
            url: url, bytesReceived: length, expectedBytes: saved.expectedBytes, partialFile: file.path, etag: saved.etag,
            lastModified: saved.lastModified, bootID: saved.bootID
        ).data
    }

    /// Before transfer `id`'s first attempt: the bytes `resume` names become its part file, and
    /// the record beside it says what they are, so that the attempt asks for the rest with
    /// `Range` and `If-Range`. Nothing to do once they are (a later attempt, or a new service).
    /// Fails when the partial file is not one this service kept (never another path) or is gone.
    func adopt(_ resume: DownloadResumeData, ofTask id: Int) throws(TransferError) {
        guard !FileManager.default.fileExists(atPath: recordFile(ofTask: id).path) else { return }
        let file = URL(fileURLWithPath: resume.partialFile).standardizedFileURL
        let isOurs = file.deletingLastPathComponent().path == directory.standardizedFileURL.path
            && file.lastPathComponent.hasPrefix("resume-") && file.pathExtension == "part"
        guard isOurs, FileManager.default.fileExists(atPath: file.path) else {
            throw .disk("the resume data's partial file \(resume.partialFile) is not one this system kept, or is gone")
        }
        let saved = HTTPDownload.Saved(
            bytesWritten: resume.bytesReceived, expectedBytes: resume.expectedBytes, etag: resume.etag,
            lastModified: resume.lastModified, bootID: resume.bootID)
        do {
            try? FileManager.default.removeItem(at: partFile(ofTask: id))
            try FileManager.default.moveItem(at: file, to: partFile(ofTask: id))
            try JSONEncoder().encode(SessionTransferRecord(url: resume.url, saved: saved)).write(to: recordFile(ofTask: id), options: .atomic)
        } catch {
            throw .disk("\(resume.partialFile): \(error.localizedDescription)")
        }
    }
}
