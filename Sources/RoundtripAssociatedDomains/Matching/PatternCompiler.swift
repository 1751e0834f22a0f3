import Roundtrip

/// Compiles pattern text into ``CompiledPattern``s: wildcards, percent-decoding, case folding and
/// substitution variables.
///
/// `percentEncoded` (Apple's default `true`) says how the pattern is written: percent-encoded, as
/// URLs are on the wire, so its escapes are decoded here; with `false` it is plain text (which
/// lets a pattern spell Unicode directly). Either way the URL part it is compared with is decoded,
/// so `/caf%C3%A9` (encoded) and `/café` (plain) both match `https://host/caf%C3%A9`. Wildcards
/// are recognised before decoding, so `%2A` is a literal `*` and `%3F` a literal `?`.
struct PatternCompiler {
    /// More combinations than this (custom variables multiply) make the pattern invalid. The
    /// combinations are only counted, never built: a `$(name)` stays one token that matches any
    /// of the variable's values.
    static let maximumAlternatives = 4096

    /// Something wrong with a pattern, for the linter.
    enum Problem: Sendable, Hashable {
        case unknownVariable(String)
        case tooManyAlternatives(Int)
    }

    /// The predefined variable names (Apple's list).
    static let predefinedNames = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    private let definitions: [String: [String]]
    /// The custom variables compiled so far, indexed by ``PatternToken/variable(_:)``: each once per
    /// way of reading (case, percent-encoding) it was used with.
    private(set) var variables: [CompiledVariable] = []
    private var variableIndices: [VariableKey: Int] = [:]
    /// Scalars of pattern text and values compiled so far.
    private(set) var steps = 0

    private struct VariableKey: Hashable {
        let name: String
        let caseSensitive: Bool
        let percentEncoded: Bool
    }

    init(variables: [SubstitutionVariable]) {
        var table: [String: [String]] = [:]
        for variable in variables { table[variable.name] = variable.values }
        definitions = table
    }

    /// Compiles a pattern; problems make it never match and are returned for the linter.
    ///
    /// - Complexity: O(*n*) in the pattern's length, plus, the first time a variable is used
    ///   with these settings, O(*v*) in the length of its values.
    mutating func compile(_ source: String, caseSensitive: Bool, percentEncoded: Bool) -> (pattern: CompiledPattern, problems: [Problem]) {
        var tokens: [PatternToken] = []
        var problems: [Problem] = []
        var combinations = 1
        var matchesNothing = false
        scan: for piece in PatternCompiler.pieces(of: source) {
            switch piece {
            case .text(let text):
                steps += text.utf8.count
                tokens += PatternCompiler.tokens(text, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
            case .variable(let name):
                steps += name.utf8.count + 3
                if let values = definitions[name] {
                    let count = combinations * values.count
                    guard count <= PatternCompiler.maximumAlternatives else {
                        problems.append(.tooManyAlternatives(count))
                        matchesNothing = true
                        break scan
                    }
                    // A variable without values matches nothing, so neither does the pattern.
                    guard count > 0 else {
                        matchesNothing = true
                        break scan
                    }
                    combinations = count
                    tokens.append(.variable(variable(name, values: values, caseSensitive: caseSensitive, percentEncoded: percentEncoded)))
                } else if let token = PatternCompiler.predefined(name, caseSensitive: caseSensitive) {
                    tokens.append(token)
                } else {
                    problems.append(.unknownVariable(name))
                    matchesNothing = true
                    break scan
                }
            }
        }
        let pattern = CompiledPattern(
            tokens: matchesNothing ? [] : PatternCompiler.collapsingStars(tokens),
            matchesNothing: matchesNothing,
            variables: variables,
            isCaseSensitive: caseSensitive,
            source: source
        )
        return (pattern, problems)
    }

    /// The index of a variable compiled with these settings, compiling it the first time.
    private mutating func variable(_ name: String, values: [String], caseSensitive: Bool, percentEncoded: Bool) -> Int {
        let key = VariableKey(name: name, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        if let index = variableIndices[key] { return index }
        steps += values.reduce(0) { $0 + $1.utf8.count }
        let compiled = values.map { value in
            PatternCompiler.collapsingStars(PatternCompiler.tokens(value, caseSensitive: caseSensitive, percentEncoded: percentEncoded))
        }
        variables.append(CompiledVariable(name: name, values: compiled))
        variableIndices[key] = variables.count - 1
        return variables.count - 1
    }

    /// A piece of pattern text: wildcard text or a `$(name)` reference.
    enum Piece: Equatable {
        case text(Substring)
        case variable(String)
    }

    /// Splits at `$(name)`; an unclosed `$(` is text.
    ///
    /// - Complexity: O(*n*): one pass over the UTF-8 bytes.
    static func pieces(of source: String) -> [Piece] {
        var pieces: [Piece] = []
        let utf8 = source.utf8
        var textStart = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            guard utf8[index] == UInt8(ascii: "$"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "(") else {
                index = next
                continue
            }
            let nameStart = utf8.index(after: next)
            guard let close = utf8[nameStart...].firstIndex(of: UInt8(ascii: ")")) else { break }
            if textStart < index { pieces.append(.text(source[textStart..<index])) }
            pieces.append(.variable(String(source[nameStart..<close])))
            index = utf8.index(after: close)
            textStart = index
        }
        if textStart < utf8.endIndex { pieces.append(.text(source[textStart...])) }
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
    ///
    /// `*` and `?` are recognised before decoding, so the text between them is decoded
    /// (leniently, by the package's one percent decoder) and each of its scalars is a literal.
    static func tokens(_ text: some StringProtocol, caseSensitive: Bool, percentEncoded: Bool) -> [PatternToken] {
        var tokens: [PatternToken] = []
        func literals(_ run: Substring) {
            guard !run.isEmpty else { return }
            let decoded = percentEncoded ? String(decoding: PercentDecoding.leniently(run), as: UTF8.self) : String(run)
            for scalar in decoded.unicodeScalars {
                tokens.append(.literal(caseSensitive ? scalar.value : CaseFolding.fold(scalar.value)))
            }
        }
        let text = Substring(text)
        var start = text.startIndex
        for index in text.unicodeScalars.indices {
            let scalar = text.unicodeScalars[index]
            guard scalar == "*" || scalar == "?" else { continue }
            literals(text[start..<index])
            tokens.append(scalar == "*" ? .star : .anyCharacter)
            start = text.unicodeScalars.index(after: index)
        }
        literals(text[start...])
        return tokens
    }

    /// `**` means `*`.
    static func collapsingStars(_ tokens: [PatternToken]) -> [PatternToken] {
        var result: [PatternToken] = []
        result.reserveCapacity(tokens.count)
        for token in tokens {
            if token == .star, result.last == .star { continue }
            result.append(token)
        }
        return result
    }
}
