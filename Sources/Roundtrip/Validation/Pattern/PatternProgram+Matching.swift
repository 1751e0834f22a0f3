extension PatternProgram {
    /// Whether the whole of `bytes` (UTF-8) matches, found by simulating the NFA: the set of
    /// instructions the scalars read so far can reach is carried forward one scalar at a time,
    /// each instruction at most once per scalar, so nothing is ever tried twice and no value can
    /// make the work explode (Russ Cox, "Regular Expression Matching Can Be Simple And Fast").
    ///
    /// Scalars are decoded from the bytes as they are read; the work space (four lists of one
    /// entry per instruction) is a temporary allocation of the call, so matches may run on any
    /// number of threads at once.
    ///
    /// - Parameters:
    ///   - bytes: The value's UTF-8.
    ///   - steps: Increased by the instructions visited (the simulation's unit of work): at most
    ///     `2 × instructions.count` per scalar, plus `instructions.count`.
    /// - Returns: Whether the value matches; `nil` when `bytes` is not valid UTF-8, which the
    ///   caller then matches as the `String` it decodes to.
    /// - Complexity: O(n × m) for n bytes and m instructions; O(n) for a ``ByteRun``.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Bool? {
        if let byteRun {
            steps += bytes.count
            // A byte from 0x80 starts or continues a non-ASCII scalar, or is ill-formed UTF-8
            // (which a String holds as U+FFFD): none is a member.
            for byte in bytes where byte >= 0x80 || !byteRun.members.containsASCII(byte) {
                return false
            }
            return bytes.count >= byteRun.minimum && byteRun.maximum.map { bytes.count <= $0 } ?? true
        }
        let count = instructions.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * count) { scratch -> Bool? in
            guard let base = scratch.baseAddress else { return false }
            var machine = Machine(
                program: self,
                marks: base,
                current: base + count,
                next: base + 2 * count,
                stack: base + 3 * count
            )
            let result = machine.run(bytes)
            steps += machine.steps
            return result
        }
    }

    /// One simulation's state, over the caller's scratch memory.
    private struct Machine {
        let program: PatternProgram
        /// For each instruction, the generation (scalar index) it was last added in.
        let marks: UnsafeMutablePointer<Int>
        /// The consuming instructions reached before the scalar being read, and after it.
        var current: UnsafeMutablePointer<Int>
        var next: UnsafeMutablePointer<Int>
        /// Instructions waiting to be followed while a list is filled.
        let stack: UnsafeMutablePointer<Int>
        var steps = 0

        init(
            program: PatternProgram,
            marks: UnsafeMutablePointer<Int>,
            current: UnsafeMutablePointer<Int>,
            next: UnsafeMutablePointer<Int>,
            stack: UnsafeMutablePointer<Int>
        ) {
            self.program = program
            self.marks = marks
            self.current = current
            self.next = next
            self.stack = stack
            marks.initialize(repeating: -1, count: program.instructions.count)
        }

        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            var generation = 0
            var currentCount = 0
            var matched = add(0, to: current, &currentCount, generation: generation)
            var index = 0
            while index < bytes.count {
                guard currentCount > 0 else { return false }
                guard let (scalar, length) = Self.decode(bytes, at: index) else { return nil }
                index += length
                generation += 1
                var nextCount = 0
                matched = false
                for position in 0..<currentCount {
                    let pc = current[position]
                    steps += 1
                    let instruction = program.instructions[pc]
                    let accepts =
                        instruction.operation == .scalar
                        ? UInt32(truncatingIfNeeded: instruction.operand) == scalar
                        : program.classes[instruction.operand].contains(scalar)
                    if accepts, add(pc + 1, to: next, &nextCount, generation: generation) {
                        matched = true
                    }
                }
                swap(&current, &next)
                currentCount = nextCount
            }
            return matched
        }

        /// Adds to `list` the consuming instructions `start` reaches without reading a scalar,
        /// each once per generation.
        ///
        /// - Returns: Whether the match instruction is reached.
        private mutating func add(_ start: Int, to list: UnsafeMutablePointer<Int>, _ count: inout Int, generation: Int) -> Bool {
            var reachesMatch = false
            var top = 0
            if marks[start] != generation {
                marks[start] = generation
                stack[0] = start
                top = 1
            }
            while top > 0 {
                top -= 1
                let pc = stack[top]
                steps += 1
                let instruction = program.instructions[pc]
                switch instruction.operation {
                case .scalar, .set:
                    list[count] = pc
                    count += 1
                case .match:
                    reachesMatch = true
                case .jump:
                    push(instruction.operand, &top, generation)
                case .split:
                    // The second is pushed first so the first is followed first; the order
                    // changes nothing for a whole-value match, only what runs when.
                    push(instruction.alternative, &top, generation)
                    push(instruction.operand, &top, generation)
                }
            }
            return reachesMatch
        }

        /// Pushes an instruction not yet reached in this generation; marking it now keeps the
        /// stack within one entry per instruction.
        @inline(__always)
        private func push(_ pc: Int, _ top: inout Int, _ generation: Int) {
            guard marks[pc] != generation else { return }
            marks[pc] = generation
            stack[top] = pc
            top += 1
        }

        /// The scalar at `index` and its length in bytes; `nil` for ill-formed UTF-8 (The
        /// Unicode Standard, chapter 3, table 3-7: no overlong forms, surrogates or values past
        /// U+10FFFF).
        @inline(__always)
        static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
            let lead = bytes[index]
            if lead < 0x80 { return (UInt32(lead), 1) }
            let length: Int
            let lowest: UInt8
            let highest: UInt8
            switch lead {
            case 0xC2...0xDF: (length, lowest, highest) = (2, 0x80, 0xBF)
            case 0xE0: (length, lowest, highest) = (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, lowest, highest) = (3, 0x80, 0xBF)
            case 0xED: (length, lowest, highest) = (3, 0x80, 0x9F)
            case 0xF0: (length, lowest, highest) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, lowest, highest) = (4, 0x80, 0xBF)
            case 0xF4: (length, lowest, highest) = (4, 0x80, 0x8F)
            default: return nil
            }
            guard index + length <= bytes.count else { return nil }
            let second = bytes[index + 1]
            guard second >= lowest, second <= highest else { return nil }
            var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            scalar = scalar << 6 | UInt32(second & 0x3F)
            for offset in 2..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return nil }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            return (scalar, length)
        }
    }
}
