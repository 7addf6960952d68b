import Foundation
import TestSupport

/// Debian's nginx as an independent HTTP server on loopback, run as a child process with its
/// own prefix and configuration in a temporary directory.
final class Nginx {
    let port: Int
    let root: URL
    let directory: URL
    private let process = Process()

    /// The self-signed certificate of an HTTPS server (PEM), for 127.0.0.1; nil for HTTP.
    let certificate: URL?

    /// Serves the files of `root`; `limitRate` is nginx's `limit_rate` (e.g. `500k`), which
    /// holds from the first byte, or after `limitRateAfter` bytes of each response at full
    /// speed (`limit_rate_after`). With `tls`, over HTTPS with a self-signed certificate that
    /// openssl makes for 127.0.0.1. Returns once nginx listens.
    init(root: URL, limitRate: String? = nil, limitRateAfter: String? = nil, tls: Bool = false) async throws {
        self.root = root
        directory = TestTemporaryDirectory.make("nginx")
        port = freePort()
        certificate = tls ? directory.appendingPathComponent("cert.pem") : nil
        let key = directory.appendingPathComponent("key.pem")
        if let certificate { try await Self.makeCertificate(certificate, key: key) }
        let config = """
            daemon off;
            master_process off;
            worker_processes 1;
            error_log \(directory.path)/error.log;
            pid \(directory.path)/nginx.pid;
            events { worker_connections 64; }
            http {
                access_log \(directory.path)/access.log;
                client_body_temp_path \(directory.path)/body;
                proxy_temp_path \(directory.path)/proxy;
                fastcgi_temp_path \(directory.path)/fastcgi;
                uwsgi_temp_path \(directory.path)/uwsgi;
                scgi_temp_path \(directory.path)/scgi;
                sendfile on;
                server {
                    listen 127.0.0.1:\(port)\(tls ? " ssl" : "");
                    \(certificate.map { "ssl_certificate \($0.path); ssl_certificate_key \(key.path);" } ?? "")
                    root \(root.path);
                    location / { \(limitRate.map { "limit_rate \($0);" } ?? "") \(limitRateAfter.map { "limit_rate_after \($0);" } ?? "") }
                }
            }
            """
        try config.write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", directory.path, "-c", directory.appendingPathComponent("nginx.conf").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard await waitUntil({ isListening(port: self.port) }) else {
            stop()
            throw NginxDidNotStart(port: port, errorLog: errorLog)
        }
    }

    func url(_ file: String) -> String { "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)/\(file)" }

    /// A self-signed certificate for 127.0.0.1, valid for a day.
    private static func makeCertificate(_ certificate: URL, key: URL) async throws {
        let openssl = try await InteractiveProcess.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", certificate.path,
        ])
        guard openssl.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The access log's lines: `"GET /file HTTP/1.1" 206 …`.
    var accessLog: String {
        (try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
    }

    /// nginx's error log, which says why it did not start.
    var errorLog: String {
        (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// Kills nginx; the kernel ends it at once.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
