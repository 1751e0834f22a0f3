/// One element of a compiled pattern. Every token but ``star`` and ``variable(_:)`` matches a
/// fixed number of characters, which is what lets ``CompiledPattern`` place the runs between
/// stars greedily, without backtracking.
enum PatternToken: Sendable, Hashable {
    /// This exact character (already case-folded when the pattern is case-insensitive).
    case literal(UInt32)
    /// `?`: any one character.
    case anyCharacter
    /// `*`: any run of characters, including none and including `/`.
    case star
    /// `$(alpha)` and friends: one character of a class.
    case characterClass(CharacterClass)
    /// `$(region)` or `$(lang)`: two characters forming a code of the set.
    case code(CodeSet)
    /// A custom substitution variable: any one of its values, each a pattern of its own. The
    /// number indexes the matcher's compiled variables (``PatternCompiler/variables``), so a
    /// variable used many times is stored once and never expanded into combinations.
    case variable(Int)

    /// The predefined one-character variables.
    enum CharacterClass: Sendable, Hashable {
        case alpha, upper, lower, alnum, digit, xdigit

        func contains(_ scalar: UInt32) -> Bool {
            switch self {
            case .alpha: (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
            case .upper: (0x41...0x5A).contains(scalar)
            case .lower: (0x61...0x7A).contains(scalar)
            case .alnum: (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
            case .digit: (0x30...0x39).contains(scalar)
            case .xdigit: (0x30...0x39).contains(scalar) || (0x41...0x46).contains(scalar) || (0x61...0x66).contains(scalar)
            }
        }
    }

    /// The two-character code variables, as packed pairs for constant-time lookup.
    enum CodeSet: Sendable, Hashable {
        case region, language, regionFolded, languageFolded

        private static let regionPairs = Set(ISOCodes.regions.map(pack))
        private static let languagePairs = Set(ISOCodes.languages.map(pack))
        private static let regionFoldedPairs = Set(ISOCodes.regions.map { pack($0.lowercased()) })

        func contains(_ first: UInt32, _ second: UInt32) -> Bool {
            guard first < 0x80, second < 0x80 else { return false }
            let pair = UInt16(first) << 8 | UInt16(second)
            switch self {
            case .region: return CodeSet.regionPairs.contains(pair)
            case .language, .languageFolded: return CodeSet.languagePairs.contains(pair)
            case .regionFolded: return CodeSet.regionFoldedPairs.contains(pair)
            }
        }

        private static func pack(_ code: String) -> UInt16 {
            let bytes = Array(code.utf8)
            guard bytes.count == 2 else { return 0 }
            return UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        }
    }
}
