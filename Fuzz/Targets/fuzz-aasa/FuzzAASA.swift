import FuzzSupport
import RoundtripAssociatedDomains

/// The apple-app-site-association decoders, linter and matcher on arbitrary input: the first line
/// is the URL to match, the rest the file. Nothing may crash or hang, and:
///
/// - the strict decoder (``AssociationFile/init(json:)``) accepts exactly when the lenient one
///   (``AssociationDecoder/decode(_:)``) finds no error, and then both give the same file;
/// - the linter reports every error the decoder found, errors first;
/// - a rule the linter reports as unreachable (`shadowed-rule`) never decides a match;
/// - a decoded file encodes to JSON (pretty and compact) that decodes strictly to an equal file;
/// - ``AssociationMatcher/match(_:appID:)`` refuses only with `invalid-url`, decides for a detail
///   and rule that exist, agrees with ``AssociationMatcher/explain(_:appID:)``, and decides the
///   same when asked for the app it reported.
enum AASAFuzz {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        let url = String(decoding: bytes[..<newline], as: UTF8.self)
        let json = Array(bytes[min(newline + 1, bytes.endIndex)...])

        let decoded = AssociationDecoder.decode(json)
        let hasError = decoded.findings.contains { $0.severity == .error }
        let findings = AssociationLinter.lint(json)
        let decoderErrors = decoded.findings.filter { $0.severity == .error }
        FuzzDriver.require(
            decoderErrors.allSatisfy { findings.contains($0) },
            "the linter lost decoding errors: \(decoderErrors) not all in \(findings)"
        )
        FuzzDriver.require(findings.map(\.severity) == findings.map(\.severity).sorted(), "findings are not sorted errors first")
        // Where the linter proved a rule unreachable, matching must agree.
        let unreachable = Set(findings.filter { $0.rule == "shadowed-rule" }.map(\.path))
        let strict: AssociationFile
        do {
            strict = try AssociationFile(json: json)
        } catch {
            FuzzDriver.require(hasError, "the strict decoder refused what the lenient one found no error in: \(error)")
            FuzzDriver.require(
                [.syntax, .schema, .tooLarge].contains(error.code),
                "the strict decoder refused with \(error.code)"
            )
            if let file = decoded.file { match(url, file, unreachable: unreachable) }
            return
        }
        FuzzDriver.require(!hasError, "the strict decoder accepted a file with errors: \(decoded.findings)")
        FuzzDriver.require(strict == decoded.file ?? AssociationFile(), "the strict and lenient decoders disagree")
        for pretty in [true, false] {
            let again = try? AssociationFile(json: strict.jsonBytes(prettyPrinted: pretty))
            FuzzDriver.require(again == strict, "encoding (pretty: \(pretty)) changed the file: \(strict.jsonText(prettyPrinted: pretty))")
        }
        match(url, strict, unreachable: unreachable)
    }

    static func match(_ url: String, _ file: AssociationFile, unreachable: Set<String>) {
        let matcher = AssociationMatcher(file)
        let result: MatchResult
        do {
            result = try matcher.match(url)
        } catch {
            // A URL may also cost more than the default work limit (a typed refusal, not a hang).
            FuzzDriver.require(error.code == .invalidURL || error.code == .workLimitExceeded, "match refused with \(error.code)")
            return
        }
        if let detailIndex = result.detail {
            let details = file.applinks?.details ?? []
            FuzzDriver.require(details.indices.contains(detailIndex), "decided by the detail \(detailIndex) of \(details.count)")
            let detail = details[detailIndex]
            let ruleCount = detail.components?.count ?? detail.paths?.count ?? 0
            FuzzDriver.require(
                result.rule.map { (0..<ruleCount).contains($0) } == true,
                "decided by the rule \(String(describing: result.rule)) of \(ruleCount)"
            )
            FuzzDriver.require(result.isMatched != result.isBlocked, "a decision that is both or neither matched and blocked")
            let rulePath = "applinks.details[\(detailIndex)].\(result.usedLegacyPaths ? "paths" : "components")[\(result.rule ?? -1)]"
            FuzzDriver.require(!unreachable.contains(rulePath), "\(rulePath) decided \(url), but the linter says it is unreachable")
        } else {
            FuzzDriver.require(result == .undecided, "undecided but \(result)")
        }
        do {
            let explained = try matcher.explain(url)
            FuzzDriver.require(explained.result == result, "explain says \(explained.result), match says \(result)")
        } catch {
            // The trace tries every rule (match skips them with its index), so it may cost more.
            FuzzDriver.require(error.code == .workLimitExceeded, "explain refused with \(error.code) what match decided")
        }
        if let appID = result.appID {
            FuzzDriver.require((try? matcher.match(url, appID: appID)) == result, "asked for \(appID), the decision changed")
        }
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_aasa_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, AASAFuzz.run)
}
