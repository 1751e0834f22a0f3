/// Reed–Solomon error correction over GF(2⁸) with the QR polynomial x⁸+x⁴+x³+x²+1 (0x11D).
enum ReedSolomon {
    /// The error-correction codewords for `data`.
    ///
    /// - Complexity: O(*n*·*e*) for *n* data and *e* correction codewords.
    static func remainder(of data: [UInt8], degree: Int) -> [UInt8] {
        let divisor = generator(degree: degree)
        var result = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in 0..<degree {
                result[index] ^= multiply(divisor[index], factor)
            }
        }
        return result
    }

    /// The coefficients of ∏(x − αⁱ), i in 0..<degree, highest power first, leading 1 dropped.
    static func generator(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// Multiplication in GF(2⁸) modulo 0x11D (Russian-peasant, constant eight rounds).
    static func multiply(_ lhs: UInt8, _ rhs: UInt8) -> UInt8 {
        var product: UInt16 = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= UInt16((rhs >> UInt8(bit)) & 1) * UInt16(lhs)
        }
        return UInt8(truncatingIfNeeded: product)
    }
}
