/// The one rule that turns a spec's names (`x-things-id`, `add-text`, `1st`, `default`) into
/// valid, distinct Swift names.
///
/// 1. The name is split into words at every character that is not an ASCII letter or digit
///    (`x-things-id` → `x`, `things`, `id`); a name without any letter or digit is `value`.
/// 2. The words are joined in camel case: each word after the first starts with a capital
///    letter (`xThingsId`). For a property, case or member the first word starts lower-case (a
///    word written all in capitals, such as `USD`, is lower-cased whole: `usd`); for a type the
///    first word starts upper-case (`AddText`).
/// 3. A name that starts with a digit gets a leading `_` (`1st` → `_1st`).
/// 4. A Swift keyword is written in backticks (`` `default` ``).
/// 5. Names that still come out equal within one scope, without regard to letter case
///    (`add-text` and `add_text`, or `Title` and `title`), are told apart by a number, in file
///    order: `addText`, `addText2`. A name the generated code itself uses in the scope (such as
///    `request`, `queryItems` or `allCases`) counts as taken, so the spec's `request` becomes
///    `request2`.
public struct SwiftNames: Sendable {
    private var taken: Set<String>

    /// A scope whose names must not equal `reserved` (the generated code's own names there),
    /// compared without regard to letter case, as the scope's own names are.
    public init(reserved: Set<String> = []) {
        taken = Set(reserved.map { $0.lowercased() })
    }

    /// A new lower-camel-case name for `name`, distinct from every earlier one in this scope.
    public mutating func member(_ name: String) -> String {
        unique(Self.camelCase(name, upper: false))
    }

    /// A new upper-camel-case name for `name`, distinct from every earlier one in this scope.
    public mutating func type(_ name: String) -> String {
        unique(Self.camelCase(name, upper: true))
    }

    private mutating func unique(_ base: String) -> String {
        var candidate = base
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = base + String(number)
            number += 1
        }
        taken.insert(candidate.lowercased())
        return Self.keywords.contains(candidate) ? "`\(candidate)`" : candidate
    }

    /// Rules 1 to 3.
    static func camelCase(_ name: String, upper: Bool) -> String {
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        if words.isEmpty { words = ["value"] }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0, !upper {
                result += word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }

    /// Swift's reserved words (The Swift Programming Language, "Lexical Structure": keywords
    /// used in declarations, statements, expressions and types), which need backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]
}
