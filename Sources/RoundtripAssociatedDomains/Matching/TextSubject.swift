/// A URL part, percent-decoded (and case-folded for case-insensitive patterns).
struct TextSubject: MatchSubject {
    static var codeWidth: Int { 2 }
    static var anyCharacterMatchesEverything: Bool { true }
    static var mayContainVariables: Bool { false }

    let text: [UInt32]

    var count: Int { text.count }

    @inline(__always)
    func width(of token: PatternToken, at index: Int) -> Int? {
        switch token {
        case .literal(let scalar): return text[index] == scalar ? 1 : nil
        case .anyCharacter: return 1
        case .characterClass(let characterClass): return characterClass.contains(text[index]) ? 1 : nil
        case .code(let set):
            guard index + 1 < text.count, set.contains(text[index], text[index + 1]) else { return nil }
            return 2
        case .star, .variable: return nil
        }
    }

    @inline(__always)
    func scalar(at index: Int) -> UInt32? { text[index] }
}
