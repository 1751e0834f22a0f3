import Roundtrip

/// Compiles pattern text into ``CompiledPattern``s: wildcards, percent-decoding, case folding and
/// substitution variables.
///
/// `percentEncoded` (Apple's default `true`) says how the pattern is written: percent-encoded, as
/// URLs are on the wire, so its escapes are decoded here; with `false` it is plain text (which
/// lets a pattern spell Unicode directly). Either way the URL part it is compared with is decoded,
/// so `/caf%C3%A9` (encoded) and `/café` (plain) both match `https://host/caf%C3%A9`. Wildcards
/// are recognised before decoding, so `%2A` is a literal `*` and `%3F` a literal `?`.
struct PatternCompiler: Sendable {
    /// More expansions than this (custom variables multiply) make the pattern invalid.
    static let maximumAlternatives = 4096

    /// Something wrong with a pattern, for the linter.
    enum Problem: Sendable, Hashable {
        case unknownVariable(String)
        case tooManyAlternatives(Int)
    }

    /// The predefined variable names (Apple's list).
    static let predefinedNames = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    private let variables: [String: [String]]

    init(variables: [SubstitutionVariable]) {
        var table: [String: [String]] = [:]
        for variable in variables { table[variable.name] = variable.values }
        self.variables = table
    }

    /// Compiles a pattern; problems make it never match and are returned for the linter.
    func compile(_ source: String, caseSensitive: Bool, percentEncoded: Bool) -> (pattern: CompiledPattern, problems: [Problem]) {
        var sequences: [[PatternToken]] = [[]]
        var problems: [Problem] = []
        for piece in PatternCompiler.pieces(of: source) {
            switch piece {
            case .text(let text):
                let tokens = PatternCompiler.tokens(text, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
                for index in sequences.indices { sequences[index].append(contentsOf: tokens) }
            case .variable(let name):
                if let values = variables[name] {
                    let count = sequences.count * values.count
                    guard count <= PatternCompiler.maximumAlternatives else {
                        problems.append(.tooManyAlternatives(count))
                        sequences = []
                        break
                    }
                    let valueTokens = values.map { PatternCompiler.tokens($0, caseSensitive: caseSensitive, percentEncoded: percentEncoded) }
                    sequences = sequences.flatMap { prefix in valueTokens.map { prefix + $0 } }
                } else if let token = PatternCompiler.predefined(name, caseSensitive: caseSensitive) {
                    for index in sequences.indices { sequences[index].append(token) }
                } else {
                    problems.append(.unknownVariable(name))
                    sequences = []
                }
            }
            if sequences.isEmpty { break }
        }
        let alternatives = sequences.map(PatternCompiler.collapsingStars)
        return (CompiledPattern(alternatives: alternatives, isCaseSensitive: caseSensitive, source: source), problems)
    }

    /// A piece of pattern text: wildcard text or a `$(name)` reference.
    enum Piece: Equatable {
        case text(Substring)
        case variable(String)
    }

    /// Splits at `$(name)`; an unclosed `$(` is text.
    static func pieces(of source: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = source[...]
        while let dollar = rest.range(of: "$(") {
            guard let close = rest[dollar.upperBound...].firstIndex(of: ")") else { break }
            if dollar.lowerBound > rest.startIndex { pieces.append(.text(rest[..<dollar.lowerBound])) }
            pieces.append(.variable(String(rest[dollar.upperBound..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        return pieces
    }

    private static func predefined(_ name: String, caseSensitive: Bool) -> PatternToken? {
        switch name {
        case "alpha": .characterClass(.alpha)
        case "upper": .characterClass(caseSensitive ? .upper : .alpha)
        case "lower": .characterClass(caseSensitive ? .lower : .alpha)
        case "alnum": .characterClass(.alnum)
        case "digit": .characterClass(.digit)
        case "xdigit": .characterClass(.xdigit)
        case "region": .code(caseSensitive ? .region : .regionFolded)
        case "lang": .code(caseSensitive ? .language : .languageFolded)
        default: nil
        }
    }

    /// Wildcards and literals of plain pattern text (no variables).
    static func tokens(_ text: some StringProtocol, caseSensitive: Bool, percentEncoded: Bool) -> [PatternToken] {
        var tokens: [PatternToken] = []
        var pending: [UInt8] = []
        func flush() {
            guard !pending.isEmpty else { return }
            for scalar in String(decoding: pending, as: UTF8.self).unicodeScalars {
                tokens.append(.literal(caseSensitive ? scalar.value : CaseFolding.fold(scalar.value)))
            }
            pending.removeAll()
        }
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if percentEncoded, scalar == "%", index + 2 < scalars.count,
                let high = hex(scalars[index + 1]), let low = hex(scalars[index + 2])
            {
                pending.append(high << 4 | low)
                index += 3
                continue
            }
            flush()
            switch scalar {
            case "*": tokens.append(.star)
            case "?": tokens.append(.anyCharacter)
            default: tokens.append(.literal(caseSensitive ? scalar.value : CaseFolding.fold(scalar.value)))
            }
            index += 1
        }
        flush()
        return tokens
    }

    private static func hex(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.isASCII ? URLSplit.hexValue(UInt8(scalar.value)) : nil
    }

    /// `**` means `*`.
    private static func collapsingStars(_ tokens: [PatternToken]) -> [PatternToken] {
        var result: [PatternToken] = []
        result.reserveCapacity(tokens.count)
        for token in tokens {
            if token == .star, result.last == .star { continue }
            result.append(token)
        }
        return result
    }
}
