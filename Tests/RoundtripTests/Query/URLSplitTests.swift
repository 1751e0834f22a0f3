import Foundation
import PropertyBased
import RoundtripTestSupport
import Testing

@testable import Roundtrip

@Suite("URL splitting")
struct URLSplitTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        let url: String
        let scheme: String, host: String, path: String, query: String?, fragment: String?
        var userInfo: String? = nil
        var port: String? = nil
        var hasAuthority = true
        var testDescription: String { url }
    }

    @Test(arguments: [
        Expected(
            url: "com-innerfence-ccterminal://charge/1.0.0/?invoiceNumber=123",
            scheme: "com-innerfence-ccterminal",
            host: "charge",
            path: "/1.0.0/",
            query: "invoiceNumber=123",
            fragment: nil
        ),
        Expected(
            url: "todolist://www.acme.com?Quarterly%20Report#200806231300",
            scheme: "todolist",
            host: "www.acme.com",
            path: "",
            query: "Quarterly%20Report",
            fragment: "200806231300"
        ),
        Expected(
            url: "https://u:p@h.example:8443/a/b?#",
            scheme: "https",
            host: "h.example",
            path: "/a/b",
            query: "",
            fragment: "",
            userInfo: "u:p",
            port: "8443"
        ),
        Expected(url: "myapp:path/only", scheme: "myapp", host: "", path: "path/only", query: nil, fragment: nil, hasAuthority: false),
        Expected(url: "x://[::1]:80/p", scheme: "x", host: "[::1]", path: "/p", query: nil, fragment: nil, port: "80"),
        Expected(url: "x://h?a=b?c/d", scheme: "x", host: "h", path: "", query: "a=b?c/d", fragment: nil),
        Expected(url: "X-Y.Z+1://H", scheme: "X-Y.Z+1", host: "H", path: "", query: nil, fragment: nil),
        Expected(url: "https://a@b@c/", scheme: "https", host: "c", path: "/", query: nil, fragment: nil, userInfo: "a@b"),
    ])
    func splits(_ expected: Expected) throws {
        let split = try URLSplit(expected.url)
        #expect(split.scheme == expected.scheme)
        #expect(split.host == expected.host)
        #expect(split.path == expected.path)
        #expect(split.query.map(String.init) == expected.query)
        #expect(split.fragment.map(String.init) == expected.fragment)
        #expect(split.userInfo.map(String.init) == expected.userInfo)
        #expect(split.port.map(String.init) == expected.port)
        #expect(split.hasAuthority == expected.hasAuthority)
    }

    @Test(arguments: [
        ("", RoundtripError.Code.malformedURL),
        (":x", .malformedURL),
        ("a b://x", .malformedURL),
        ("x://h/a\\b", .malformedURL),
        ("x://h/{a}", .malformedURL),
        ("x://h/a|b", .malformedURL),
        ("x://h/[a]", .malformedURL),
        ("x://[::1/p", .malformedURL),
        ("x://h:12a", .malformedURL),
        ("x://h/\u{1}", .invalidEncoding),
        ("x://h/%", .invalidEncoding),
        ("x://h/%1", .invalidEncoding),
        ("x://h#a#b", .malformedURL),
        ("x://h/\u{E9}", .malformedURL),
    ])
    func rejects(url: String, code: RoundtripError.Code) {
        #expect(rejection { try URLSplit(url) }?.code == code)
    }

    @Test func baseStopsBeforeQueryAndFragment() throws {
        #expect(try URLSplit("x://h/p?q#f").base == "x://h/p")
        #expect(try URLSplit("x://h/p#f").base == "x://h/p")
        #expect(try URLSplit("x://h/p").base == "x://h/p")
    }

    /// The one-test byte check of the hot loop agrees with the RFC 3986 check for every byte.
    @Test func plainBytesAreTheAllowedOnesButPercent() {
        for byte in UInt8.min...UInt8.max {
            #expect(URLSplit.isPlain(byte) == (URLSplit.isAllowed(byte) && byte != 0x25), "byte \(byte)")
        }
    }
}

/// The byte check's vector path against a byte-at-a-time model of RFC 3986's character set.
@Suite("URL byte check: vector path and byte model agree")
struct URLByteCheckTests {
    /// The number of `&`s of accepted bytes, or the offset of the first bad byte.
    enum Verdict: Equatable {
        case accepted(ampersands: Int)
        case rejected(offset: Int)
    }

    /// The byte-at-a-time model.
    static func model(_ bytes: [UInt8]) -> Verdict {
        var ampersands = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x25 {
                guard index + 2 < bytes.count, URLSplit.hexValue(bytes[index + 1]) != nil, URLSplit.hexValue(bytes[index + 2]) != nil else {
                    return .rejected(offset: index)
                }
                index += 3
                continue
            }
            guard URLSplit.isAllowed(byte) else { return .rejected(offset: index) }
            if byte == 0x26 { ampersands += 1 }
            index += 1
        }
        return .accepted(ampersands: ampersands)
    }

    static func check(_ bytes: [UInt8]) -> Verdict {
        switch bytes.withUnsafeBufferPointer({ URLSplit.checkBytes($0, from: 0) }) {
        case .success(let ampersands): return .accepted(ampersands: ampersands)
        case .failure(let error):
            // "… at offset N …"
            let words = error.message.split(separator: " ")
            let offset = words.firstIndex(of: "offset").flatMap { Int(words[$0 + 1].trimmingCharacters(in: .punctuationCharacters)) }
            return .rejected(offset: offset ?? -1)
        }
    }

    @Test("Every byte value, at every lane of a block and in the tail")
    func everyByteAtEveryPosition() {
        for value in 0...255 {
            for position in 0..<40 {
                var bytes = Array("abc&def&ghi&jkl&mno&pqr&stu&vwx&yz0&1234".utf8)
                bytes[position] = UInt8(value)
                #expect(Self.check(bytes) == Self.model(bytes), "byte \(value) at \(position)")
            }
        }
    }

    @Test("Arbitrary URL-ish bytes, with escapes and '&'s across block boundaries")
    func arbitraryBytes() async {
        var alphabet = Array("aZ09-._~!$&'()*+,;=:@/?#[]%%%&&&".utf8)
        alphabet += [0x20, 0x22, 0x3C, 0x5C, 0x7B, 0x7F, 0x80, 0xFF, 0x00, 0x0A]
        let plain = Array("aZ09-._~&&&/=?%41".utf8)
        let noisyBytes = Gen.element(of: alphabet).compactMap { $0 }.array(of: 0...80)
        let plainBytes = Gen.element(of: plain).compactMap { $0 }.array(of: 0...600)
        await propertyCheck(count: 500, input: noisyBytes, plainBytes) { (noisy: [UInt8], long: [UInt8]) in
            #expect(Self.check(noisy) == Self.model(noisy))
            #expect(Self.check(long) == Self.model(long))
            #expect(Self.check(long + noisy) == Self.model(long + noisy))
        }
    }

    @Test("More than 255 blocks of '&'s are all counted")
    func manyAmpersands() {
        let bytes = [UInt8](repeating: 0x26, count: 16 * 300 + 7)
        #expect(Self.check(bytes) == .accepted(ampersands: bytes.count))
    }
}
