import Foundation
import Roundtrip
import RoundtripTestSupport
import Testing

/// The key tables of the spec format reference (`SpecFileFormat.md`) against the spec language's
/// registry (``SpecLanguage``): each section's table lists exactly the keys of its place, so a key
/// added to the language is documented, and a key removed from it is no longer.
@Suite("Documentation: the spec format's key tables are the registry's")
struct SpecFileFormatKeyTableTests {
    /// Each place with the section whose first table lists its keys.
    static let sections: [(heading: String, place: SpecPlace)] = [
        ("## The file", .topLevel),
        ("## app", .app),
        ("## app.android", .android),
        ("## sources", .sources),
        ("## signatures and keys", .signingKey),
        ("## answers", .answers),
        ("## actions", .action),
        ("## Parameters", .parameter),
    ]

    /// The keys of the first key table (a table whose first column is `key`) after `heading`,
    /// before the next section.
    static func tableKeys(after heading: String, in article: String) -> [String]? {
        let lines = article.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return nil }
        var keys: [String] = []
        var inTable = false
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            if line.hasPrefix("| key |") {
                inTable = true
                continue
            }
            guard inTable else { continue }
            guard line.hasPrefix("|") else {
                if !keys.isEmpty { break }
                continue
            }
            let cell = line.split(separator: "|", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            if cell.hasPrefix(" ---") { continue }
            // `min-length`, `max-length` documents two keys in one row.
            keys += cell.components(separatedBy: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
        }
        return keys.isEmpty ? nil : keys
    }

    @Test("each section's key table lists its place's keys", arguments: sections.map(\.place))
    func tableListsThePlacesKeys(_ place: SpecPlace) throws {
        let article = try String(contentsOfFile: SpecFileFormatArticleTests.articlePath, encoding: .utf8)
        let heading = try #require(Self.sections.first { $0.place == place }?.heading)
        let keys = try #require(Self.tableKeys(after: heading, in: article), "no key table under \(heading)")
        #expect(keys.count == Set(keys).count, "a key is listed twice under \(heading)")
        #expect(Set(keys) == Set(SpecLanguage.entries(in: place).map(\.name)), "\(heading)")
    }

    @Test("every place but the whole-query value has a section")
    func everyPlaceHasASection() {
        #expect(Set(Self.sections.map(\.place)) == Set(SpecPlace.allCases).subtracting([.namedValue]))
    }
}
