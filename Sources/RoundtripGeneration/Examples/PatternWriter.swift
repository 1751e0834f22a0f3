import Foundation
import Roundtrip

/// Writes text that a `pattern:` matches, for ``ExampleValue``, by walking the pattern as the
/// core reads it (``PatternParser``, the one grammar of `pattern:`): each scalar as it is, one
/// member of each class, one branch of each alternation and a chosen count of each repetition.
/// Every text it writes is a guess that ``ExampleValue`` checks against the real pattern.
enum PatternWriter {
    /// Texts that match `pattern`, for each repetition count in `lengths`, alternative and
    /// preferred alphabet; empty when the pattern does not compile.
    static func texts(matching pattern: String, lengths: [Int]) -> [String] {
        guard let node = try? PatternParser.parse(pattern) else { return [] }
        let branches = min(widestAlternation(node), 4)
        var texts: [String] = []
        var seen = Set<String>()
        for alphabet in alphabets {
            for branch in 0..<max(branches, 1) {
                for repeats in lengths {
                    var output = String.UnicodeScalarView()
                    guard write(node, into: &output, repeats: repeats, branch: branch, alphabet: alphabet) else { continue }
                    let text = String(output)
                    if seen.insert(text).inserted { texts.append(text) }
                }
            }
        }
        return texts
    }

    /// The characters tried for a class, in order: letters first, digits first, capitals first.
    static let alphabets: [[Unicode.Scalar]] = {
        let lower = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let digits = Array("1234567890".unicodeScalars)
        let punctuation = Array("-_.~ +/:@!$&'()*,;=?#%[]{}<>|^`\"\\".unicodeScalars)
        let others = Array("\u{E9}\u{C9}\u{DF}".unicodeScalars)
        return [
            lower + upper + digits + punctuation + others, digits + lower + upper + punctuation + others,
            upper + lower + digits + punctuation + others,
        ]
    }()

    /// The most branches of any alternation in the pattern.
    static func widestAlternation(_ node: PatternNode) -> Int {
        switch node {
        case .empty, .scalar, .set: 1
        case .concatenation(let nodes): nodes.map(widestAlternation).max() ?? 1
        case .alternation(let nodes): max(nodes.count, nodes.map(widestAlternation).max() ?? 1)
        case .repetition(let node, _, _): widestAlternation(node)
        }
    }

    /// Appends one text `node` matches; `false` when a class has no character to offer.
    static func write(
        _ node: PatternNode,
        into output: inout String.UnicodeScalarView,
        repeats: Int,
        branch: Int,
        alphabet: [Unicode.Scalar]
    ) -> Bool {
        switch node {
        case .empty:
            return true
        case .scalar(let value):
            guard let scalar = Unicode.Scalar(value) else { return false }
            output.append(scalar)
            return true
        case .set(let members):
            guard let scalar = pick(from: members, alphabet) else { return false }
            output.append(scalar)
            return true
        case .concatenation(let nodes):
            return nodes.allSatisfy { write($0, into: &output, repeats: repeats, branch: branch, alphabet: alphabet) }
        case .alternation(let nodes):
            return write(nodes[branch % nodes.count], into: &output, repeats: repeats, branch: branch, alphabet: alphabet)
        case .repetition(let node, let minimum, let maximum):
            let count = max(minimum, min(repeats, maximum ?? repeats))
            for _ in 0..<count where !write(node, into: &output, repeats: repeats, branch: branch, alphabet: alphabet) { return false }
            return true
        }
    }

    /// The first scalar of `alphabet` in the class, else the first printable scalar that starts
    /// one of its listed ranges (a class that is not negated).
    static func pick(from members: PatternClass, _ alphabet: [Unicode.Scalar]) -> Unicode.Scalar? {
        if let scalar = alphabet.first(where: { members.contains($0.value) }) { return scalar }
        for range in members.listedRanges where !members.isNegated {
            if let scalar = Unicode.Scalar(range.lowerBound), members.contains(scalar.value), scalar.value >= 0x20, scalar.value != 0x7F {
                return scalar
            }
        }
        return nil
    }
}
