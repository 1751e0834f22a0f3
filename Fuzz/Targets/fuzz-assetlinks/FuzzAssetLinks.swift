import FuzzSupport
import RoundtripAndroid

/// Android's readers and matchers on arbitrary input. The first byte picks a `PatternMatcher` kind
/// (modulo 5); then three lines, a pattern, a text and a URL; the rest is an `assetlinks.json`.
/// Nothing may crash or hang, and:
///
/// - a pattern of any kind but the advanced glob is always accepted; an advanced glob is refused
///   only with `invalid-pattern`;
/// - the literal, prefix and suffix kinds answer as comparing UTF-16 code units does, and a glob
///   with no special character answers as the literal kind;
/// - the strict reader (``AssetLinksFile/init(json:)``) accepts exactly when the lenient one
///   (``AssetLinksDecoder/decode(_:)``) finds no error, and then both give the same file, which
///   encodes (pretty and compact) to JSON read back as the same file; the linter keeps every error
///   the decoder found;
/// - ``AssetLinksMatcher/match(_:package:fingerprint:)`` refuses only with `invalid-url`, and
///   decides with a statement and a rule that exist.
enum AssetLinksFuzz {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return }
        let kind = AndroidPattern.Kind.allCases[Int(first) % AndroidPattern.Kind.allCases.count]
        var rest = bytes[1...]
        func line() -> String {
            let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
            defer { rest = rest[min(end + 1, rest.endIndex)...] }
            return String(decoding: rest[..<end], as: UTF8.self)
        }
        let pattern = line()
        let text = line()
        let url = line()
        checkPattern(pattern, kind: kind, text: text)
        checkFile(Array(rest), url: url)
    }

    static func checkPattern(_ pattern: String, kind: AndroidPattern.Kind, text: String) {
        let matcher: AndroidPattern
        do {
            matcher = try AndroidPattern(pattern, kind: kind)
        } catch {
            FuzzDriver.require(kind == .advancedGlob, "a \(kind) pattern was refused: \(error)")
            FuzzDriver.require(error.code == .invalidPattern, "an advanced glob refused with \(error.code)")
            return
        }
        let matches = matcher.matches(text)
        let (p, t) = (Array(pattern.utf16), Array(text.utf16))
        let special: Set<UInt16> = Set(".*\\[]{}+^".utf16)
        switch kind {
        case .literal: FuzzDriver.require(matches == (p == t), "literal '\(pattern)' on '\(text)'")
        case .prefix: FuzzDriver.require(matches == t.starts(with: p), "prefix '\(pattern)' on '\(text)'")
        case .suffix: FuzzDriver.require(matches == t.reversed().starts(with: p.reversed()), "suffix '\(pattern)' on '\(text)'")
        case .simpleGlob, .advancedGlob:
            if !p.contains(where: special.contains) {
                FuzzDriver.require(matches == (p == t), "\(kind) '\(pattern)' with no special character on '\(text)'")
            }
        }
    }

    static func checkFile(_ json: [UInt8], url: String) {
        let decoded = AssetLinksDecoder.decode(json)
        let errors = decoded.findings.filter { $0.severity == .error }
        let findings = AssetLinksLinter.lint(json)
        FuzzDriver.require(errors.allSatisfy { findings.contains($0) }, "the linter lost decoding errors: \(errors) not all in \(findings)")
        let strict: AssetLinksFile
        do {
            strict = try AssetLinksFile(json: json)
        } catch {
            FuzzDriver.require(!errors.isEmpty || decoded.file == nil, "the strict reader refused what the lenient one found no error in: \(error)")
            if let file = decoded.file { match(url, file) }
            return
        }
        FuzzDriver.require(errors.isEmpty, "the strict reader accepted a file with errors: \(errors)")
        FuzzDriver.require(strict == decoded.file, "the strict and lenient readers disagree")
        for pretty in [true, false] {
            let again = try? AssetLinksFile(json: strict.jsonBytes(prettyPrinted: pretty))
            FuzzDriver.require(again == strict, "encoding (pretty: \(pretty)) changed the file: \(strict.jsonText(prettyPrinted: pretty))")
        }
        match(url, strict)
    }

    static func match(_ url: String, _ file: AssetLinksFile) {
        let matcher = AssetLinksMatcher(file)
        for package in Set(file.statements.compactMap(\.target?.packageName)).sorted() + ["com.example.none"] {
            let result: AssetLinksMatcher.Result
            do {
                result = try matcher.match(url, package: package)
            } catch {
                FuzzDriver.require(error.code == .invalidURL, "match refused with \(error.code)")
                return
            }
            guard let statement = result.statement else {
                FuzzDriver.require(!result.isVerified && result.dynamic == nil, "unverified but \(result)")
                continue
            }
            FuzzDriver.require(file.statements.indices.contains(statement), "decided by the statement \(statement) of \(file.statements.count)")
            FuzzDriver.require(file.statements[statement].target?.packageName == package, "a statement for another package decided")
            if let rule = result.rule {
                let count = file.statements[statement].dynamicRules?.count ?? 0
                FuzzDriver.require((0..<count).contains(rule), "decided by the rule \(rule) of \(count)")
            }
        }
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_assetlinks_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, AssetLinksFuzz.run)
}
