import Foundation
import PropertyBased
import Roundtrip
import Testing

@Suite("base64url (RFC 4648 section 5), no padding, canonical")
struct Base64URLTests {
    @Test(arguments: [
        ([UInt8](), ""), ([0x66], "Zg"), ([0x66, 0x6F], "Zm8"), ([0x66, 0x6F, 0x6F], "Zm9v"),
        (Array("foobar".utf8), "Zm9vYmFy"), ([0xFB, 0xFF], "-_8"), ([0xFF, 0xFF, 0xFE], "___-"),
    ])
    func knownAnswers(bytes: [UInt8], text: String) {  // RFC 4648 section 10 vectors, URL alphabet
        #expect(Base64URL.encode(bytes) == text)
        #expect(Base64URL.decode(text) == bytes)
    }

    @Test(arguments: ["Zh", "Zm9", "Zm+v", "Zm9v=", "Z", "Zm9vY", "Zm 9v", "Zm9/"])
    func rejectsNonCanonicalAndForeignText(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func nonCanonicalLastCharacterIsRejected() {
        #expect(Base64URL.decode("Zg") == [0x66])
        #expect(Base64URL.decode("Zh") == nil, "same byte, unused bits set: a second spelling")
        #expect(Base64URL.decode("Zm8") == [0x66, 0x6F])
        #expect(Base64URL.decode("Zm9") == nil)
    }

    @Test("encode → decode is the identity and matches Foundation's base64")
    func roundTripAndFoundationAgreement() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 0...64)) { bytes in
            let text = Base64URL.encode(bytes)
            #expect(Base64URL.decode(text) == bytes)
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(text == foundation)
        }
    }
}
