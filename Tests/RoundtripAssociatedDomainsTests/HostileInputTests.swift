import Testing

@testable import RoundtripAssociatedDomains

/// Files built to make matching and linting slow or large, each with its bound shown by counting
/// steps (``WorkMeter``), never by the clock.
@Suite("Bounded work on hostile files")
struct HostileInputTests {
    static let limit = AssociationLinter.maximumSize

    // MARK: One long pattern

    /// Units repeated into a single path pattern that fills a file of just under 128 KB: literal
    /// text, wildcards, a mix, a predefined variable and percent-escapes.
    static let units = ["abc/", "*a?b", "ab*cd/?", "$(alpha)x", "%41b"]

    @Test(arguments: units)
    func oneLongPatternLintsInLinearSteps(_ unit: String) throws {
        let bytes = HostileFiles.onePattern(unit: unit, fileSize: HostileInputTests.limit - 1)
        #expect(bytes.count < HostileInputTests.limit)
        var meter = WorkMeter()
        let findings = AssociationLinter.lint(bytes, meter: &meter)
        #expect(!findings.contains { $0.severity == .error }, "\(findings.map(\.rule))")
        #expect(!findings.contains { $0.rule == "analysis-cut-short" })
        // Decoding, the pattern rules, compiling and the shadowing index each look at every byte a
        // few times: linear. (Before, the shadowing index alone took 10^10 steps on this file.)
        #expect(meter.steps <= 16 * bytes.count, "\(meter.steps) steps for \(bytes.count) bytes")
    }

    @Test func oneLongLiteralPatternMatchesItsURLInLinearSteps() throws {
        let pattern = HostileFiles.longPattern(unit: "abc/", fileSize: HostileInputTests.limit - 1)
        let file = try AssociationFile(json: HostileFiles.file(components: #"[{"/": ""# + pattern + #""}]"#))
        let matcher = AssociationMatcher(file)
        var meter = WorkMeter()
        #expect(try matcher.match("https://example.com" + pattern, appID: nil, meter: &meter).isMatched)
        #expect(meter.steps <= 2 * pattern.count, "\(meter.steps) steps for \(pattern.count) characters")
        // A shorter URL is refused before any comparison: the pattern is wider than the path.
        var short = WorkMeter()
        #expect(try !matcher.match("https://example.com/abc/abc/", appID: nil, meter: &short).isMatched)
        #expect(short.steps <= 2)
    }

    /// `*a*a*…*a*` before `/aaa…a`: the first covers the second, which the linter proves in steps
    /// linear in both (each run between stars is found by a linear search).
    @Test func twoLongRulesAreComparedInLinearSteps() throws {
        let half = (HostileInputTests.limit - 200) / 2
        let broad = "*" + String(repeating: "a*", count: half / 2 - 1)
        let narrow = "/" + String(repeating: "a", count: half - 1)
        let bytes = HostileFiles.file(components: #"[{"/": ""# + broad + #""}, {"/": ""# + narrow + #""}]"#)
        #expect(bytes.count < HostileInputTests.limit)
        var meter = WorkMeter()
        let findings = AssociationLinter.lint(bytes, meter: &meter)
        let shadowed = try #require(findings.first { $0.rule == "shadowed-rule" })
        #expect(shadowed.path == "applinks.details[0].components[1]")
        // The message quotes long patterns abbreviated, not in full.
        #expect(shadowed.message.count < 1_000)
        #expect(meter.steps <= 16 * bytes.count, "\(meter.steps) steps for \(bytes.count) bytes")
    }

    /// The literal run between stars is searched with Knuth–Morris–Pratt: a text of `a`s against
    /// `*aaa…ab*` costs steps linear in the text, not text × pattern.
    @Test func literalRunsAreFoundInLinearSteps() throws {
        let run = String(repeating: "a", count: 2_000) + "b"
        let matcher = AssociationMatcher(try AASAFixture.components(#"[{"/": "/*"# + run + #"*"}]"#))
        let path = "/" + String(repeating: "a", count: 8_000) + "b/"
        var meter = WorkMeter()
        #expect(try matcher.match("https://example.com" + path, appID: nil, meter: &meter).isMatched)
        #expect(meter.steps <= 3 * (path.count + run.count), "\(meter.steps) steps")
    }

    /// A run holding `?` is tried at each position: the stated O(n·w) bound, with w the run's
    /// width (at most the text's length, or the pattern is refused at once).
    @Test func runsWithWildcardsStayWithinTheirBound() throws {
        let run = String(repeating: "a?", count: 200) + "b"
        let matcher = AssociationMatcher(try AASAFixture.components(#"[{"/": "/*"# + run + #"*"}]"#))
        let path = "/" + String(repeating: "a", count: 2_000)
        var meter = WorkMeter()
        #expect(try !matcher.match("https://example.com" + path, appID: nil, meter: &meter).isMatched)
        #expect(meter.steps <= path.count * run.count, "\(meter.steps) steps")
    }

    // MARK: Substitution variables

    struct SubstitutionCase: Sendable, CustomTestStringConvertible {
        let values: Int
        let length: Int
        let uses: Int
        let components: Int
        var testDescription: String { "\(values) values of \(length) characters, used \(uses) times in \(components) components" }
    }

    /// 4,096 combinations per pattern (the most a pattern may have), in 14 KB to 66 KB: expanded,
    /// these were gigabytes.
    static let substitutionCases = [
        SubstitutionCase(values: 64, length: 160, uses: 2, components: 160),
        SubstitutionCase(values: 64, length: 900, uses: 2, components: 300),
        SubstitutionCase(values: 16, length: 3_000, uses: 3, components: 300),
    ]

    @Test(arguments: substitutionCases)
    func substitutionVariablesAreNeverExpanded(_ testCase: SubstitutionCase) throws {
        let values = HostileFiles.values(count: testCase.values, length: testCase.length)
        let bytes = HostileFiles.substitution(values: values, uses: testCase.uses, components: testCase.components)
        #expect((14_000...66_000).contains(bytes.count), "\(bytes.count) bytes")
        let matcher = AssociationMatcher(try AssociationFile(json: bytes))

        // Memory: the compiled patterns and values together are no larger than the file.
        let patterns = matcher.details.flatMap(\.rules).compactMap(\.path)
        #expect(!patterns.contains { $0.matchesNothing })
        let patternTokens = patterns.reduce(0) { $0 + $1.tokens.count }
        let valueTokens = matcher.variables.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
        #expect(patternTokens + valueTokens <= bytes.count)

        // Time: the last component decides, so every one is tried; each token costs a few word
        // operations per 64 characters of the path, each use of $(v) once per value.
        let last = testCase.components - 1
        let path = "/" + (0..<testCase.uses).map { values[($0 * 7) % values.count] }.joined(separator: "/") + "/\(last)"
        var meter = WorkMeter()
        let result = try matcher.match("https://example.com" + path, appID: nil, meter: &meter)
        #expect(result.isMatched && result.rule == last)
        let work = patterns.reduce(0) { total, pattern in
            total
                + pattern.tokens.reduce(0) { sum, token in
                    if case .variable(let index) = token { return sum + 1 + matcher.variables[index].values.reduce(0) { $0 + $1.count } }
                    return sum + 1
                }
        }
        let words = path.count / 64 + 1
        #expect(meter.steps <= work * (2 * words + SubjectIndex<TextSubject>.sparseLimit), "\(meter.steps) steps, \(work) tokens")

        var lintMeter = WorkMeter(limit: AssociationLinter.workBudget)
        let findings = AssociationLinter.lint(bytes, meter: &lintMeter)
        #expect(!findings.contains { $0.severity == .error || $0.rule == "analysis-cut-short" }, "\(findings.map(\.rule))")
        #expect(lintMeter.steps <= 16 * bytes.count, "\(lintMeter.steps) steps for \(bytes.count) bytes")
    }

    @Test func combinationsAreCountedNotBuilt() throws {
        // 64^3 combinations: refused as too many (the pattern never matches), in steps linear in the file.
        let values = HostileFiles.values(count: 64, length: 150)
        let bytes = HostileFiles.substitution(values: values, uses: 3, components: 20)
        var meter = WorkMeter()
        let findings = AssociationLinter.lint(bytes, meter: &meter)
        let finding = try #require(findings.first { $0.rule == "substitution-too-large" })
        #expect(finding.message.contains("expands to 262144 alternatives (more than 4096)"))
        #expect(meter.steps <= 16 * bytes.count)
        let matcher = AssociationMatcher(try AssociationFile(json: bytes))
        let path = "/" + values[0] + "/" + values[1] + "/" + values[2] + "/0"
        #expect(try !matcher.match("https://example.com" + path).isMatched)
    }

    // MARK: Size

    @Test func aFileOverTheLimitIsRefusedUnread() throws {
        let padding = Array(repeating: UInt8(ascii: " "), count: HostileInputTests.limit)
        let bytes = Array(#"{"applinks": {"details": []}}"#.utf8) + padding
        #expect(bytes.count > HostileInputTests.limit)
        let decoded = AssociationDecoder.decode(bytes)
        #expect(decoded.file == nil)
        #expect(decoded.findings.map(\.rule) == ["file-size"])

        let error = try #require(throws: AssociationError.self) { try AssociationFile(json: bytes) }
        #expect(error.code == .tooLarge)
        #expect(error.code.rawValue == "too-large")
        #expect(error.message.contains("over Apple's limit of 131072 bytes (128 KB) uncompressed"))
        #expect(error.message.contains("\(bytes.count) bytes were read"))

        var meter = WorkMeter()
        let findings = AssociationLinter.lint(bytes, meter: &meter)
        #expect(findings.map(\.rule) == ["file-size"])
        #expect(findings.first?.severity == .error)
        // Not parsed: the steps are the bytes counted once.
        #expect(meter.steps <= bytes.count)
    }

    @Test func aFileAtTheLimitIsRead() throws {
        let body = #"{"applinks": {"details": []}}"#
        let bytes = Array(body.utf8) + Array(repeating: UInt8(ascii: " "), count: HostileInputTests.limit - body.utf8.count)
        #expect(bytes.count == HostileInputTests.limit)
        #expect(try AssociationFile(json: bytes).applinks?.details == [])
        #expect(!AssociationLinter.lint(bytes).contains { $0.rule == "file-size" })
    }

    // MARK: Work budget

    /// Thousands of rules that each might cover every later one (`*x1*`, `*x2*`, …): millions of
    /// pairs. The shadowing check stops at the budget and says where.
    @Test func pairsOfRulesStopAtTheBudgetWithANote() throws {
        var components: [String] = []
        var size = 0
        var index = 0
        while size < HostileInputTests.limit - 200 {
            let component = #"{"/": "*x\#(index)*"}"#
            components.append(component)
            size += component.utf8.count + 2
            index += 1
        }
        let bytes = HostileFiles.file(components: "[" + components.joined(separator: ", ") + "]")
        #expect(bytes.count <= HostileInputTests.limit)
        var meter = WorkMeter(limit: AssociationLinter.workBudget)
        let findings = AssociationLinter.lint(bytes, meter: &meter)
        let note = try #require(findings.first { $0.rule == "analysis-cut-short" })
        #expect(note.severity == .note)
        #expect(note.path.hasPrefix("applinks.details[0].components["))
        #expect(note.message.contains("were not checked for shadowing"))
        #expect(!findings.contains { $0.severity == .error })
        // The budget, plus the linear work around it, plus at most one rule's comparisons.
        #expect(meter.steps <= AssociationLinter.workBudget + 32 * bytes.count, "\(meter.steps) steps")
    }

    @Test func aSmallBudgetStopsEarlyAndSaysWhere() throws {
        let bytes = HostileFiles.file(components: #"[{"/": "/a/*"}, {"/": "/b/*"}, {"/": "/a/x"}, {"/": "/c/*"}, {"/": "/c/x"}]"#)
        var unlimited = WorkMeter()
        let complete = AssociationLinter.lint(bytes, meter: &unlimited)
        #expect(
            complete.filter { $0.rule == "shadowed-rule" }.map(\.path) == ["applinks.details[0].components[2]", "applinks.details[0].components[4]"]
        )
        // A budget spent before the shadowing check: no shadowing reported, the note instead;
        // every other rule still runs.
        var small = WorkMeter(limit: 1)
        let cut = AssociationLinter.lint(bytes, meter: &small)
        #expect(!cut.contains { $0.rule == "shadowed-rule" })
        let note = try #require(cut.first { $0.rule == "analysis-cut-short" })
        #expect(note.path == "applinks.details[0].components[0]")
        #expect(note.message.contains("its limit for one file (1)"))
        #expect(cut.filter { $0.rule != "analysis-cut-short" } == complete.filter { $0.rule != "shadowed-rule" })
    }
}
