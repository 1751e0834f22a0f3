import Crypto
import Foundation
import NIOSSL
import X509

/// A certificate authority made for the tests, and server certificates it issues: what a
/// staging server's private CA is to `--ca-file`.
struct TestPKI: Sendable {
    let caKey: P256.Signing.PrivateKey
    let caCertificate: Certificate
    let caName: DistinguishedName

    init(name: String = "Roundtrip Test CA") throws {
        caKey = P256.Signing.PrivateKey()
        caName = try DistinguishedName { CommonName(name) }
        let now = Date()
        caCertificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(caKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(86_400),
            issuer: caName,
            subject: caName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(caKey)
        )
    }

    /// The CA certificate in PEM, for `--ca-file`.
    var caPEM: String { get throws { try caCertificate.serializeAsPEM().pemString } }

    /// The CA written to a temporary file.
    func writeCAFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-test-ca-\(UUID().uuidString).pem").path
        try caPEM.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A server certificate for `names` and its key, as NIOSSL takes them.
    func serverIdentity(names: [String]) throws -> (chain: [NIOSSLCertificate], key: NIOSSLPrivateKey) {
        let key = P256.Signing.PrivateKey()
        let now = Date()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(86_400),
            issuer: caName,
            subject: try DistinguishedName { CommonName(names.first ?? "server") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map { GeneralName.dnsName($0) })
            },
            issuerPrivateKey: Certificate.PrivateKey(caKey)
        )
        let chain = try NIOSSLCertificate(bytes: Array(certificate.serializeAsPEM().pemString.utf8), format: .pem)
        let privateKey = try NIOSSLPrivateKey(bytes: Array(key.pemRepresentation.utf8), format: .pem)
        return ([chain], privateKey)
    }

    /// A TLS server configuration presenting a certificate for `names`.
    func serverTLS(names: [String]) throws -> TLSConfiguration {
        let identity = try serverIdentity(names: names)
        return TLSConfiguration.makeServerConfiguration(
            certificateChain: identity.chain.map { .certificate($0) },
            privateKey: .privateKey(identity.key)
        )
    }
}
