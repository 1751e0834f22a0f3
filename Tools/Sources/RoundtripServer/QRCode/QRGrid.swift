/// The module grid while a symbol is drawn: modules and which of them are function patterns.
/// Coordinates are (x: column, y: row), as in ISO/IEC 18004.
struct QRGrid: Sendable {
    let version: QRVersion
    private(set) var modules: [[Bool]]
    private var isFunction: [[Bool]]

    init(version: QRVersion) {
        self.version = version
        modules = Array(repeating: Array(repeating: false, count: version.size), count: version.size)
        isFunction = modules
    }

    var size: Int { version.size }

    private mutating func setFunction(_ x: Int, _ y: Int, _ isDark: Bool) {
        modules[y][x] = isDark
        isFunction[y][x] = true
    }

    /// Finder, separator, timing and alignment patterns, the version information, and the format
    /// area reserved (drawn with a placeholder mask so it counts as function modules).
    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)
        let centres = version.alignmentCentres
        for (row, y) in centres.enumerated() {
            for (column, x) in centres.enumerated() {
                let last = centres.count - 1
                let overlapsFinder = (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0)
                if !overlapsFinder { drawAlignment(centreX: x, centreY: y) }
            }
        }
        drawFormatBits(mask: 0)
        drawVersionBits()
    }

    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx
                let y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let distance = max(abs(dx), abs(dy))
                setFunction(x, y, distance != 2 && distance != 4)
            }
        }
    }

    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(centreX + dx, centreY + dy, max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// The 15 format bits (level M is `00`) with their BCH(15,5) code, twice (section 7.9).
    mutating func drawFormatBits(mask: Int) {
        let data = mask  // level M's indicator is 00
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = ((data << 10) | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)  // the dark module
    }

    /// The 18 version bits with their BCH(18,6) code, for version 7 and up (section 7.10).
    private mutating func drawVersionBits() {
        guard version.number >= 7 else { return }
        var remainder = version.number
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = (version.number << 12) | remainder
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3
            let b = index / 3
            setFunction(a, b, isDark)
            setFunction(b, a, isDark)
        }
    }

    /// Places the codewords in the zigzag order of section 7.7.3.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        let total = codewords.count * 8
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let isUpward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let y = isUpward ? size - 1 - vertical : vertical
                    guard !isFunction[y][x], index < total else { continue }
                    modules[y][x] = (codewords[index >> 3] >> UInt8(7 - (index & 7))) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    /// XORs a mask pattern (section 7.8.2) over the non-function modules.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] {
                let flips: Bool
                switch mask {
                case 0: flips = (x + y) % 2 == 0
                case 1: flips = y % 2 == 0
                case 2: flips = x % 3 == 0
                case 3: flips = (x + y) % 3 == 0
                case 4: flips = (x / 3 + y / 2) % 2 == 0
                case 5: flips = x * y % 2 + x * y % 3 == 0
                case 6: flips = (x * y % 2 + x * y % 3) % 2 == 0
                default: flips = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flips { modules[y][x].toggle() }
            }
        }
    }

    /// The penalty score of section 7.8.3: runs, 2×2 blocks, finder-like patterns, balance.
    func penalty() -> Int {
        var score = 0
        let lines = modules + (0..<size).map { x in (0..<size).map { y in modules[y][x] } }
        for line in lines {
            var runLength = 1
            for index in 1..<line.count {
                if line[index] == line[index - 1] {
                    runLength += 1
                } else {
                    if runLength >= 5 { score += 3 + runLength - 5 }
                    runLength = 1
                }
            }
            if runLength >= 5 { score += 3 + runLength - 5 }
            score += 40 * finderLikeCount(in: line)
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y][x]
                if colour == modules[y][x + 1], colour == modules[y + 1][x], colour == modules[y + 1][x + 1] { score += 3 }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        let deviation = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        score += max(deviation, 0) * 10
        return score
    }

    /// Occurrences of dark-light-dark×3-light-dark with four light modules before or after.
    private func finderLikeCount(in line: [Bool]) -> Int {
        let core: [Bool] = [true, false, true, true, true, false, true]
        let light = [Bool](repeating: false, count: 4)
        var count = 0
        guard line.count >= 11 else { return 0 }
        for start in 0...(line.count - 7) where Array(line[start..<(start + 7)]) == core {
            let before = start >= 4 && Array(line[(start - 4)..<start]) == light
            let after = start + 11 <= line.count && Array(line[(start + 7)..<(start + 11)]) == light
            if before { count += 1 }
            if after { count += 1 }
        }
        return count
    }
}
