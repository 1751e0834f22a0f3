/// A pattern compiled for matching: a Thompson NFA as a list of instructions (Ken Thompson,
/// "Regular Expression Search Algorithm", CACM 11(6), 1968; Russ Cox, "Regular Expression
/// Matching Can Be Simple And Fast", 2007), run by ``matches(_:steps:)`` over the value's
/// scalars with no backtracking.
///
/// Counted repetitions are written out (`x{2,4}` is `x x` and two optional `x`), so the program
/// grows with the counts; it may hold at most ``maximumInstructions``, which bounds the work per
/// scalar of a value.
struct PatternProgram: Sendable {
    /// The most instructions a pattern may compile to. `[a-z0-9]{1,1000}` takes 2,000; a value
    /// costs at most two visits per instruction per scalar.
    static let maximumInstructions = 5_000

    /// What an instruction does.
    enum Operation: UInt8, Sendable {
        /// Consume one scalar equal to `operand`.
        case scalar
        /// Consume one scalar in `classes[operand]`.
        case set
        /// Continue at both `operand` and `alternative`.
        case split
        /// Continue at `operand`.
        case jump
        /// The value matches if it ends here.
        case match
    }

    struct Instruction: Sendable {
        var operation: Operation
        var operand: Int
        var alternative: Int
    }

    /// A pattern that is one ASCII-only class repeated (`[A-Za-z0-9-]+`, `[0-9]{4,8}`), which
    /// a value matches exactly when each byte is an ASCII member and their count is within
    /// the bounds: a non-ASCII scalar is never a member, and ASCII has one byte per scalar.
    struct ByteRun: Sendable {
        let members: PatternClass
        let minimum: Int
        let maximum: Int?
    }

    let instructions: [Instruction]
    let classes: [PatternClass]
    /// The byte-at-a-time form, when the pattern has one.
    let byteRun: ByteRun?

    /// Compiles a parsed pattern.
    ///
    /// - Throws: ``PatternSyntaxError`` (`tooLarge`) when it would exceed ``maximumInstructions``.
    /// - Complexity: O(size of the program).
    init(_ node: PatternNode) throws(PatternSyntaxError) {
        // The match instruction is one more.
        let size = node.instructionCount
        guard size < Self.maximumInstructions else {
            let shown = size == .max ? "more than \(Int.max)" : "\(size + 1)"
            throw PatternSyntaxError(
                .tooLarge,
                "\(shown) instructions, more than the \(Self.maximumInstructions) a pattern may have",
                at: 0,
                hint: "lower its repetition counts"
            )
        }
        var emitter = Emitter()
        emitter.emit(node)
        emitter.append(.match)
        instructions = emitter.instructions
        classes = emitter.classes
        byteRun = Self.byteRun(node)
    }

    /// The byte-at-a-time form of `node`, if it is one ASCII-only class or character repeated.
    private static func byteRun(_ node: PatternNode) -> ByteRun? {
        func members(_ node: PatternNode) -> PatternClass? {
            switch node {
            case .set(let members) where members.isASCIIOnly: return members
            case .scalar(let value) where value < 0x80: return PatternClass(ranges: [value...value])
            default: return nil
            }
        }
        if case .repetition(let inner, let minimum, let maximum) = node, let members = members(inner) {
            return ByteRun(members: members, minimum: minimum, maximum: maximum)
        }
        return members(node).map { ByteRun(members: $0, minimum: 1, maximum: 1) }
    }

    /// Writes instructions for nodes (Thompson's construction).
    private struct Emitter {
        var instructions: [Instruction] = []
        var classes: [PatternClass] = []
        var classIndices: [PatternClass: Int] = [:]

        var next: Int { instructions.count }

        @discardableResult
        mutating func append(_ operation: Operation, _ operand: Int = 0, _ alternative: Int = 0) -> Int {
            instructions.append(Instruction(operation: operation, operand: operand, alternative: alternative))
            return instructions.count - 1
        }

        mutating func emit(_ node: PatternNode) {
            switch node {
            case .empty:
                break
            case .scalar(let value):
                append(.scalar, Int(value))
            case .set(let members):
                let index = classIndices[members] ?? classes.count
                if index == classes.count {
                    classes.append(members)
                    classIndices[members] = index
                }
                append(.set, index)
            case .concatenation(let parts):
                for part in parts { emit(part) }
            case .alternation(let alternatives):
                var jumps: [Int] = []
                for alternative in alternatives.dropLast() {
                    let split = append(.split, next + 1)
                    emit(alternative)
                    jumps.append(append(.jump))
                    instructions[split].alternative = next
                }
                emit(alternatives[alternatives.count - 1])
                for jump in jumps { instructions[jump].operand = next }
            case .repetition(let body, let minimum, let maximum?):
                for _ in 0..<minimum { emit(body) }
                // Each optional copy is skipped to the end, so x{0,3} is (x(x(x)?)?)?.
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(append(.split, next + 1))
                    emit(body)
                }
                for split in splits { instructions[split].alternative = next }
            case .repetition(let body, 0, nil):
                let loop = append(.split, next + 1)
                emit(body)
                append(.jump, loop)
                instructions[loop].alternative = next
            case .repetition(let body, let minimum, nil):
                for _ in 1..<minimum { emit(body) }
                let start = next
                emit(body)
                append(.split, start, next + 1)
            }
        }
    }
}
