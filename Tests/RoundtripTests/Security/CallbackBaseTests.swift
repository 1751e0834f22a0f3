import Testing

@testable import Roundtrip

@Suite("Callback allow-list: exact bases, scheme and host ignoring case")
struct CallbackBaseTests {
    @Test(arguments: [
        ("pos-app://charge-result", "pos-app://charge-result?record_id=1", true),
        ("pos-app://charge-result", "POS-APP://Charge-Result", true),
        ("pos-app://charge-result", "pos-app://charge-result/", false),
        ("pos-app://charge-result", "pos-app://charge-resultx", false),
        ("pos-app://charge-result", "pos-app://charge-result.evil.example", false),
        ("pos-app://charge-result", "pos-app:charge-result", false),
        ("pos-app://charge-result", "pos-app://user@charge-result", false),
        ("pos-app://charge-result", "pos-app://charge-result:80", false),
        ("https://pos.example.com:8443/return", "https://POS.example.com:8443/return?a=1", true),
        ("https://pos.example.com:8443/return", "https://pos.example.com:444/return", false),
        ("https://pos.example.com:8443/return", "https://pos.example.com/return", false),
        ("https://pos.example.com:8443/return", "https://pos.example.com:8443/Return", false),
        ("my-return-url://", "my-return-url://?record_id=123", true),
        ("my-return-url://", "my-return-url://x", false),
        ("my-return-url://", "my-return-url:///", false),
    ])
    func matches(base: String, url: String, expected: Bool) throws {
        #expect(try CallbackBase(base).matches(URLSplit(url)) == expected)
    }
}
