import PropertyBased
import RoundtripAssociatedDomains
import Testing

/// The matcher and the shadowing check against a reference written the obvious way: variables
/// expanded into every combination, then a recursive wildcard match with memoisation. Fine for
/// the small inputs generated here, exactly what the engines avoid on large ones.
@Suite("The matcher agrees with a reference implementation")
struct ReferenceMatcherTests {
    /// Pattern pieces: literals, wildcards and two custom variables.
    static let pieces = Gen<String?>.element(of: ["a", "b", "A", "*", "?", "$(v)", "$(w)", "$(alpha)"]).map { $0 ?? "a" }
    static let patterns = pieces.array(of: 0...6).map { $0.joined() }
    /// Variable values: literals and wildcards, possibly empty; a variable may have no value.
    static let values = Gen<String?>.element(of: ["a", "b", "*", "?"]).map { $0 ?? "a" }.array(of: 0...3).map { $0.joined() }.array(of: 0...3)
    static let texts = Gen<Character?>.element(of: Array("abAB")).map { $0 ?? "a" }.array(of: 0...8).map { String($0) }
    static let flags = Gen<Bool?>.element(of: [true, false]).map { $0 ?? true }

    @Test func matchingAgreesWithTheReference() async {
        await propertyCheck(
            count: 1_000,
            input: ReferenceMatcherTests.patterns,
            ReferenceMatcherTests.values,
            ReferenceMatcherTests.values,
            ReferenceMatcherTests.texts,
            ReferenceMatcherTests.flags
        ) { pattern, v, w, text, caseSensitive throws in
            let variables = [SubstitutionVariable(name: "v", values: v), SubstitutionVariable(name: "w", values: w)]
            let matcher = AssociationMatcher(
                AssociationFile(
                    applinks: AppLinks(
                        details: [
                            AppLinks.Detail(
                                appIDs: [AASAFixture.app],
                                components: [AppLinks.Component(path: "/" + pattern, caseSensitive: caseSensitive)]
                            )
                        ],
                        substitutionVariables: variables
                    )
                )
            )
            let expected = ReferenceMatcher.matches("/" + pattern, "/" + text, variables: variables, caseSensitive: caseSensitive)
            #expect(try matcher.match("https://example.com/" + text).isMatched == expected, "pattern /\(pattern), v \(v), w \(w), text /\(text)")
        }
    }

    /// Long texts: after a `*` the set of reachable positions is large, which the engine handles
    /// with masks of the text's characters instead of position by position.
    static let longTexts = Gen<Character?>.element(of: Array("ab")).map { $0 ?? "a" }.array(of: 40...120).map { String($0) }
    static let starredPieces = Gen<String?>.element(of: ["a", "b", "ab", "*", "?", "$(v)"]).map { $0 ?? "a" }.array(of: 1...5).map { $0.joined() }
    static let starredValues = Gen<String?>.element(of: ["a", "b", "*", "?"]).map { $0 ?? "a" }.array(of: 0...4).map { $0.joined() }.array(of: 1...2)

    @Test func matchingLongTextsAgreesWithTheReference() async {
        await propertyCheck(
            count: 300,
            input: ReferenceMatcherTests.starredPieces,
            ReferenceMatcherTests.starredValues,
            ReferenceMatcherTests.longTexts
        ) { pattern, v, text throws in
            let variables = [SubstitutionVariable(name: "v", values: v)]
            let matcher = AssociationMatcher(
                AssociationFile(
                    applinks: AppLinks(
                        details: [AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: "/*" + pattern)])],
                        substitutionVariables: variables
                    )
                )
            )
            let expected = ReferenceMatcher.matches("/*" + pattern, "/" + text, variables: variables, caseSensitive: true)
            #expect(try matcher.match("https://example.com/" + text).isMatched == expected, "pattern /*\(pattern), v \(v), text /\(text)")
        }
    }

    /// Whenever the linter says a component is shadowed, every text the later one matches is
    /// matched by the earlier one.
    @Test func shadowingIsOnlyReportedWhenItHolds() async {
        await propertyCheck(
            count: 1_000,
            input: ReferenceMatcherTests.patterns,
            ReferenceMatcherTests.patterns,
            ReferenceMatcherTests.values,
            ReferenceMatcherTests.texts.array(of: 20)
        ) { broad, narrow, v, texts throws in
            let variables = [SubstitutionVariable(name: "v", values: v), SubstitutionVariable(name: "w", values: ["a", "b*"])]
            let file = AssociationFile(
                applinks: AppLinks(
                    details: [
                        AppLinks.Detail(
                            appIDs: [AASAFixture.app],
                            components: [AppLinks.Component(path: "/" + broad), AppLinks.Component(path: "/" + narrow)]
                        )
                    ],
                    substitutionVariables: variables
                )
            )
            guard AssociationLinter.lint(file).contains(where: { $0.rule == "shadowed-rule" }) else { return }
            // Texts built from the narrow pattern itself (wildcards filled in) are the ones most likely to tell.
            for text in texts + ReferenceMatcher.samples(of: narrow, variables: variables) {
                if ReferenceMatcher.matches("/" + narrow, "/" + text, variables: variables, caseSensitive: true) {
                    #expect(
                        ReferenceMatcher.matches("/" + broad, "/" + text, variables: variables, caseSensitive: true),
                        "/\(broad) reported to shadow /\(narrow), but /\(text) matches only the latter"
                    )
                }
            }
        }
    }
}

/// Apple's wildcard semantics, written the simple way.
enum ReferenceMatcher {

    /// Whether `text` matches `pattern`: variables expanded into every combination (an undefined
    /// or empty variable matches nothing), then `*` any run and `?` any one character.
    static func matches(_ pattern: String, _ text: String, variables: [SubstitutionVariable], caseSensitive: Bool) -> Bool {
        let fold: (String) -> String = { caseSensitive ? $0 : $0.lowercased() }
        let subject = Array(fold(text))
        return expansions(pattern, variables: variables).contains { expansion in
            wildcard(
                expansion.map { element in
                    if case .character(let character) = element { return .character(Character(fold(String(character)))) }
                    return element
                },
                subject
            )
        }
    }

    enum Element: Hashable {
        case character(Character)
        case star
        case any
        case letter
    }

    /// Every combination of the variables' values, as pattern elements.
    static func expansions(_ pattern: String, variables: [SubstitutionVariable]) -> [[Element]] {
        var results: [[Element]] = [[]]
        var rest = Substring(pattern)
        while !rest.isEmpty {
            if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close])
                rest = rest[rest.index(after: close)...]
                if name == "alpha" {
                    results = results.map { $0 + [.letter] }
                } else {
                    let values = variables.first { $0.name == name }?.values ?? []
                    results = results.flatMap { prefix in values.map { prefix + elements($0) } }
                }
            } else {
                results = results.map { $0 + elements(String(rest.first ?? "a")) }
                rest = rest.dropFirst()
            }
        }
        return results
    }

    static func elements(_ text: String) -> [Element] {
        text.map { character in
            switch character {
            case "*": .star
            case "?": .any
            default: .character(character)
            }
        }
    }

    /// The textbook recursion, memoised on (pattern index, text index).
    static func wildcard(_ pattern: [Element], _ text: [Character]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else {
                switch pattern[p] {
                case .star: result = match(p + 1, t) || (t < text.count && match(p, t + 1))
                case .any: result = t < text.count && match(p + 1, t + 1)
                case .letter: result = t < text.count && text[t].isASCII && text[t].isLetter && match(p + 1, t + 1)
                case .character(let character): result = t < text.count && text[t] == character && match(p + 1, t + 1)
                }
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// A few texts the pattern matches: each expansion with `*` as nothing and as "ab", `?` as "a".
    static func samples(of pattern: String, variables: [SubstitutionVariable]) -> [String] {
        expansions(pattern, variables: variables).prefix(16).flatMap { expansion in
            ["", "ab"].map { fill in
                String(
                    expansion.flatMap { element -> [Character] in
                        switch element {
                        case .character(let character): [character]
                        case .star: Array(fill)
                        case .any, .letter: ["a"]
                        }
                    }
                )
            }
        }
    }
}
