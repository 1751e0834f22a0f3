import Foundation

/// Why some bytes are not a property list, said exactly: the line of a C preprocessor directive
/// left in a source Info.plist, or the XML parser's own reason and line.
enum PropertyListProblem {
    /// Directives Xcode's Info.plist preprocessor (`INFOPLIST_PREPROCESS`) understands.
    static let directives = ["#if", "#ifdef", "#ifndef", "#elif", "#else", "#endif", "#define", "#undef", "#include", "#import"]

    /// The reason, as the end of "not a property list: …"; `nil` when nothing better than the
    /// decoder's message is known.
    static func reason(_ data: Data) -> String? {
        guard let text = String(data: data.prefix(4 * 1024 * 1024), encoding: .utf8), looksLikeXML(text) else {
            return nil
        }
        if let (line, directive) = preprocessorLine(in: text) {
            return "line \(line) holds the C preprocessor directive '\(directive)', so this is not valid XML: "
                + "the file is an Info.plist that Xcode preprocesses at build time (INFOPLIST_PREPROCESS); "
                + "audit the built Info.plist inside the .app or .ipa instead"
        }
        do {
            _ = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            if let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
                return "not valid XML: " + description
            }
        }
        return nil
    }

    /// Whether the text starts like an XML property list (after a byte-order mark and spaces).
    static func looksLikeXML(_ text: String) -> Bool {
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return start.hasPrefix("<?xml") || start.hasPrefix("<!DOCTYPE") || start.hasPrefix("<plist")
    }

    /// The first line (1-based) that starts with a preprocessor directive, and the line itself.
    static func preprocessorLine(in text: String) -> (line: Int, directive: String)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#") else { continue }
            let word = trimmed.prefix { !$0.isWhitespace }
            if directives.contains(String(word)) {
                return (index + 1, trimmed)
            }
        }
        return nil
    }
}
