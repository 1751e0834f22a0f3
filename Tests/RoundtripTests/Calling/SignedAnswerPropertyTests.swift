import Foundation
import PropertyBased
import Roundtrip
import RoundtripYAML
import Testing

@Suite struct SignedAnswerPropertyTests {
    /// A signed answer with any response value is accepted as built, and any change to its
    /// bytes (a byte replaced, removed or added anywhere) is refused.
    @Test func anyChangeToASignedCallbacksBytesIsRefused() async throws {
        let spec = try SpecLoader.load(yaml: SignedAnswerPartner.yaml()).spec
        let characters = Array("abcXYZ019-._~%&=+/:?#!$'()*,;@ ".utf8)
        await propertyCheck(
            count: 200,
            input: Gen.letterOrNumber.string(of: 0...30),
            Gen.int(in: 0...10_000),
            Gen.int(in: 0...(characters.count - 1)),
            Gen.int(in: 0...2)
        ) { value, position, character, change in
            let partner = SignedAnswerPartner(spec: spec)
            let genuine = try partner.answer(try await partner.request(), parameters: [QueryItem(name: "note", value: value)])
            var bytes = Array(genuine.utf8)
            let index = position % bytes.count
            var byte = characters[character]
            switch change {
            case 0:
                if byte == bytes[index] { byte = byte == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a") }
                bytes[index] = byte
            case 1:
                bytes.remove(at: index)
            default:
                bytes.insert(byte, at: position % (bytes.count + 1))
            }
            let altered = String(decoding: bytes, as: UTF8.self)
            let error = await partner.reject(altered)
            #expect(error != nil, "\(genuine) -> \(altered)")
            // The forgery consumed nothing: the genuine answer is still accepted, once.
            #expect(await partner.reject(genuine) == nil, "\(genuine) after \(altered): \(String(describing: error))")
        }
    }
}
