import Foundation
import Roundtrip
import RoundtripTestSupport
import Testing

/// The one version constant, and the changelog that explains it.
@Suite("Version")
struct VersionTests {
    @Test func theVersionIsASemanticVersion() {
        // Semantic Versioning 2.0.0, section 2: MAJOR.MINOR.PATCH, non-negative integers without
        // leading zeros.
        let parts = RoundtripVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        for part in parts {
            #expect(Int(part) != nil && (part == "0" || !part.hasPrefix("0")), "\(RoundtripVersion.current)")
        }
        #expect(RoundtripVersion.productToken == "Roundtrip/" + RoundtripVersion.current)
    }

    @Test func theChangelogNamesTheVersion() throws {
        let changelog = try String(contentsOf: Fixture.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("## [\(RoundtripVersion.current)]"), "CHANGELOG.md has no heading for \(RoundtripVersion.current)")
    }
}
