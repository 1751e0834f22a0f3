import Foundation
import FuzzSupport

@testable import Roundtrip

/// A `pattern:` and a value: the input's first line is the pattern, the rest the value.
///
/// Compiling must answer with a pattern or an `invalid-parameter` error that names what it
/// refused and where, never crash; a compiled pattern must decide the value the same from a
/// `String` and in place from UTF-8, within its step bound (two instruction visits per scalar,
/// plus the start); and it must agree with `NSRegularExpression` (ICU): every pattern the subset
/// accepts compiles there too as `\A(?:pattern)\z`, and decides short values the same, except
/// where ICU's backtracking gives up on nested quantifiers (a "no" after a long search).
enum PatternFuzz {
    /// Values longer than this are not given to ICU, whose backtracking is exponential in them.
    static let longestComparedValue = 24

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = FuzzDriver.text(bytes)
        let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let source = String(parts[0])
        let value = parts.count > 1 ? String(parts[1]) : ""
        let pattern: ValuePattern
        do {
            pattern = try ValuePattern(source)
        } catch {
            FuzzDriver.require(error.code == .invalidParameter, "\(source.debugDescription): code \(error.code)")
            FuzzDriver.require(
                error.message.hasPrefix("the pattern '\(source)' ")
                    && (error.message.contains(" at offset ") || error.message.contains(" compiles to ")),
                "\(source.debugDescription): \(error.message)"
            )
            return
        }
        var steps = 0
        let answer = pattern.matches(value, steps: &steps)
        let bound = 2 * (value.unicodeScalars.count + 1) * pattern.instructionCount
        FuzzDriver.require(steps <= bound, "\(source.debugDescription) took \(steps) steps on \(value.unicodeScalars.count) scalars, over \(bound)")
        var utf8 = value
        let inPlace = utf8.withUTF8 { pattern.matches($0) { value } }
        FuzzDriver.require(inPlace == answer, "\(source.debugDescription) on \(value.debugDescription): in place \(inPlace), from a String \(answer)")
        let icu: NSRegularExpression
        do {
            icu = try NSRegularExpression(pattern: "\\A(?:" + source + ")\\z")
        } catch {
            fatalError("\(source.debugDescription) compiles here but not with NSRegularExpression: \(error)")
        }
        guard value.unicodeScalars.count <= longestComparedValue else { return }
        let clock = ContinuousClock()
        let start = clock.now
        let expected = icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
        if answer, !expected, clock.now - start > .milliseconds(200) { return }  // ICU gave up.
        FuzzDriver.require(answer == expected, "\(source.debugDescription) on \(value.debugDescription): \(answer), ICU says \(expected)")
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_pattern_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { bytes in PatternFuzz.run(bytes) }
}
