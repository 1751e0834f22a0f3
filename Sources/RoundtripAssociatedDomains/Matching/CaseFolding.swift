/// Simple case folding for case-insensitive patterns: ASCII by arithmetic, other scalars by their
/// one-scalar lowercase mapping (multi-scalar mappings are left alone, so lengths never change).
enum CaseFolding {
    static func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 {
            return (0x41...0x5A).contains(scalar) ? scalar | 0x20 : scalar
        }
        guard let unicode = Unicode.Scalar(scalar), unicode.properties.changesWhenLowercased else { return scalar }
        let mapping = unicode.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first?.value ?? scalar : scalar
    }

    static func fold(_ scalars: [UInt32]) -> [UInt32] {
        scalars.map(fold)
    }
}
