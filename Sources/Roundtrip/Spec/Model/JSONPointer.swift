/// A JSON Pointer (RFC 6901): the path of one value inside a JSON document, such as
/// `/callback_url` or `/urls/0`.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The pointer as written.
    public let text: String
    /// Its reference tokens, unescaped (`~1` is `/`, `~0` is `~`; RFC 6901 section 4).
    public let tokens: [String]

    /// Parses a pointer.
    ///
    /// - Throws: A message saying what is wrong: RFC 6901 section 3 allows only the empty
    ///   pointer or one starting with `/`, and `~` only before `0` or `1`.
    /// - Complexity: O(*n*) in the pointer's length.
    public init(_ text: String) throws(JSONPointerError) {
        self.text = text
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { throw JSONPointerError("'\(text)' does not start with '/' (RFC 6901 section 3)") }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var escaped = false
            for character in raw {
                if escaped {
                    switch character {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: throw JSONPointerError("'\(text)' has '~\(character)'; '~' stands only before 0 or 1 (RFC 6901 section 3)")
                    }
                    escaped = false
                } else if character == "~" {
                    escaped = true
                } else {
                    token.append(character)
                }
            }
            if escaped { throw JSONPointerError("'\(text)' ends with '~'; '~' stands only before 0 or 1 (RFC 6901 section 3)") }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    /// The pointer as written.
    public var description: String { text }

    /// The value the pointer names in `document`, or `nil` when there is none (RFC 6901
    /// section 4: an array index is `0` or digits without a leading zero).
    ///
    /// - Complexity: O(*d* · *m*) for *d* tokens over objects of at most *m* members.
    package func value(in document: DocumentNode) -> DocumentNode? {
        var node = document
        for token in tokens {
            if let members = node.members {
                guard let member = members.first(where: { $0.key == token }) else { return nil }
                node = member.value
            } else if let elements = node.elements {
                guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
                node = elements[index]
            } else {
                return nil
            }
        }
        return node
    }

    private static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), token == "0" || !token.hasPrefix("0"), token.utf8.count < 10
        else { return nil }
        return Int(token)
    }
}

/// Why a text is not a JSON Pointer (RFC 6901).
public struct JSONPointerError: Error, Sendable, Hashable {
    /// What is wrong, in one sentence.
    public let message: String

    init(_ message: String) { self.message = message }
}
