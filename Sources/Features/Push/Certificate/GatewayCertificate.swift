import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// The gateway's TLS identity: a certificate and its private key. Made at first run as a
/// self-signed certificate for 127.0.0.1 and localhost, kept in the data directory
/// (`push/gateway.pem`, which clients trust with `--cacert`, and `push/gateway-key.pem`), or
/// read from one PEM file holding the certificate and its key (`--push-certificate`).
public struct GatewayCertificate: Sendable {
    public let certificates: [NIOSSLCertificate]
    public let privateKey: NIOSSLPrivateKey
    /// The PEM file clients can trust, when there is one.
    public let certificateFile: URL

    /// The certificate in `push/` under `dataDirectory`, made now if there is none.
    public static func loadOrMake(inDataDirectory dataDirectory: URL) throws(GatewayError) -> GatewayCertificate {
        let directory = dataDirectory.appendingPathComponent("push", isDirectory: true)
        let certificateFile = directory.appendingPathComponent("gateway.pem")
        let keyFile = directory.appendingPathComponent("gateway-key.pem")
        let manager = FileManager.default
        if !manager.fileExists(atPath: certificateFile.path) || !manager.fileExists(atPath: keyFile.path) {
            try make(certificateFile: certificateFile, keyFile: keyFile)
        }
        return try read(certificateFile: certificateFile, keyFile: keyFile)
    }

    /// The certificate and key in the PEM file `url`.
    public static func read(combinedFile url: URL) throws(GatewayError) -> GatewayCertificate {
        try read(certificateFile: url, keyFile: url)
    }

    private static func read(certificateFile: URL, keyFile: URL) throws(GatewayError) -> GatewayCertificate {
        do {
            let certificates = try NIOSSLCertificate.fromPEMFile(certificateFile.path)
            guard !certificates.isEmpty else { throw GatewayError.certificate(path: certificateFile.path, reason: "it holds no PEM certificate") }
            let key = try NIOSSLPrivateKey(file: keyFile.path, format: .pem)
            return GatewayCertificate(certificates: certificates, privateKey: key, certificateFile: certificateFile)
        } catch let error as GatewayError {
            throw error
        } catch {
            throw .certificate(path: certificateFile.path, reason: "it does not hold a PEM certificate and its private key (\(error))")
        }
    }

    private static func make(certificateFile: URL, keyFile: URL) throws(GatewayError) {
        do {
            try FileManager.default.createDirectory(at: certificateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            let key = P256.Signing.PrivateKey()
            let privateKey = Certificate.PrivateKey(key)
            let name = try DistinguishedName {
                OrganizationName("Backgrounder")
                CommonName("Backgrounder push gateway")
            }
            let now = Date()
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: privateKey.publicKey,
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(10 * 365 * 86_400),
                issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
                    try ExtendedKeyUsage([.serverAuth])
                    SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
                },
                issuerPrivateKey: privateKey)
            try Data(key.pemRepresentation.utf8).write(to: keyFile, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
            try Data(certificate.serializeAsPEM().pemString.utf8).write(to: certificateFile, options: .atomic)
        } catch {
            throw .certificate(path: certificateFile.path, reason: "cannot make the self-signed certificate: \(error)")
        }
    }
}
