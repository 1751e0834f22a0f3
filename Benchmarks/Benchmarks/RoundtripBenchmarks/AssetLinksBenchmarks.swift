import Benchmark
import Foundation
import RoundtripAndroid

/// Linting a 1 MiB `assetlinks.json` (the largest file `roundtrip assetlinks check` reads, and
/// about ten times what Android's verifier is documented to fetch) from bytes to findings, as
/// `roundtrip assetlinks lint` does: the target is under 50 ms. The file is as large as a real
/// one gets by honest means: statements for many packages, each with two fingerprints and a list
/// of Android 15 dynamic rules ("Add Android App Links").
func registerAssetLinksBenchmarks() {
    let bytes = assetLinksFile(bytes: 1 << 20)
    // A file over the limit is refused before it is read, and a finding could end the reading
    // early: the benchmark measures the whole file read and linted, so it must be valid.
    precondition(bytes.count == 1 << 20 && AssetLinksLinter.lint(bytes).isEmpty, "the benchmark's file must be a valid 1 MiB file")
    let configuration = Benchmark.Configuration(warmupIterations: 2, scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 200)
    Benchmark("assetlinks lint, 1 MiB file (target < 50 ms)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AssetLinksLinter.lint(bytes))
        }
    }
}

/// A well-formed `assetlinks.json` of exactly `size` bytes: as many statements as fit, then
/// spaces (JSON's insignificant whitespace) up to the size.
func assetLinksFile(bytes size: Int) -> [UInt8] {
    let fingerprint = (0..<32).map { String(format: "%02X", $0 * 7 % 256) }.joined(separator: ":")
    let other = (0..<32).map { String(format: "%02X", 255 - $0) }.joined(separator: ":")
    func statement(_ index: Int) -> String {
        """
        {"relation": ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"],
         "target": {"namespace": "android_app", "package_name": "com.example.app\(index)",
                    "sha256_cert_fingerprints": ["\(fingerprint)", "\(other)"]},
         "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
           {"/": "/admin/*", "exclude": true, "comments": "the console stays in the browser"},
           {"/": "/items/*/detail", "?": {"ref": "*"}}, {"/": "/receipts/*"}, {"#": "app"}, {"/": "*"}]}}}
        """
    }
    var text = "["
    var index = 0
    while true {
        let next = (index > 0 ? "," : "") + statement(index)
        guard text.utf8.count + next.utf8.count + 1 <= size else { break }
        text += next
        index += 1
    }
    text += "]"
    return Array(text.utf8) + Array(repeating: UInt8(ascii: " "), count: max(0, size - text.utf8.count))
}
