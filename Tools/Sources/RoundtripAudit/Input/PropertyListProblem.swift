import Foundation

/// Why some bytes are not a property list, said exactly: the line of a C preprocessor directive
/// left in a source Info.plist, or the XML parser's own reason and line.
enum PropertyListProblem {
    /// Directives Xcode's Info.plist preprocessor (`INFOPLIST_PREPROCESS`) understands.
    static let directives = ["#if", "#ifdef", "#ifndef", "#elif", "#else", "#endif", "#define", "#undef", "#include", "#import"]

    /// The message of an `invalid-plist` error for text Foundation's decoder refused.
    ///
    /// - Parameters:
    ///   - data: The text.
    ///   - error: What the decoder threw; its underlying error carries the XML parser's reason
    ///     in `NSDebugDescription`, on every platform.
    ///   - mismatch: The first close tag that does not match its open tag, from
    ///     ``XMLPropertyListScan``, whose line numbers (unlike the parser's on Linux) are exact.
    /// - Complexity: O(*n*) in the length of the text.
    static func message(_ data: Data, _ error: DecodingError, mismatch: (line: Int, open: String, close: String)?) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found):
            context = found
        @unknown default:
            return "not a usable property list (XML or binary): \(error)"
        }
        let parserReason = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
        if let text = String(data: data.prefix(4 * 1024 * 1024), encoding: .utf8), let (line, directive) = preprocessorLine(in: text) {
            return "not a property list: line \(line) holds the C preprocessor directive '\(directive)', so this is not valid XML: "
                + "the file is an Info.plist that Xcode preprocesses at build time (INFOPLIST_PREPROCESS); "
                + "audit the built Info.plist inside the .app or .ipa instead"
        }
        if let mismatch {
            return "not a property list: not valid XML: line \(mismatch.line): the close tag </\(mismatch.close)> does not match <\(mismatch.open)>"
        }
        if let parserReason {
            return "not a property list: not valid XML: " + parserReason
        }
        return "not a usable property list (XML or binary): " + context.debugDescription
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
