import Foundation
import PropertyBased
import RoundtripAndroid
import Testing

/// A certificate fingerprint is read in any form and written in one: the form Google's Digital
/// Asset Links verifier reads (32 uppercase hexadecimal bytes joined by colons), which is also
/// the only form `isCanonical` says yes to.
@Suite("Certificate fingerprints: one written form")
struct FingerprintFormTests {
    /// 32 bytes in lowercase hexadecimal without colons: a form people paste, never the one written.
    static func lowercaseRun(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    @Test("what is written is canonical, reads back to the same bytes, and differs from any other form")
    func writtenFormIsTheCanonicalOne() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 32...32)) { bytes in
            guard let read = try? CertificateFingerprint(Self.lowercaseRun(bytes)) else {
                Issue.record("32 bytes in lowercase hexadecimal did not read as a fingerprint")
                return
            }
            #expect(read.bytes == bytes)
            let written = read.description
            #expect(CertificateFingerprint.isCanonical(written))
            #expect((try? CertificateFingerprint(written))?.bytes == bytes)
            #expect(CertificateFingerprint.isCanonical(written.lowercased()) == (written.lowercased() == written))
            #expect(!CertificateFingerprint.isCanonical(Self.lowercaseRun(bytes)))
            #expect(!CertificateFingerprint.isCanonical(written.replacingOccurrences(of: ":", with: "-")))
            #expect(!CertificateFingerprint.isCanonical(String(written.dropLast(3))))
        }
    }
}
