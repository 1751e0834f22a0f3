/// `;name=value` pairs after a route's last placeholder (`path-parameters`), as RFC 3966
/// section 3 writes a `tel:` URI's parameters (`tel:7042;phone-context=example.com`,
/// `tel:+1-201-555-0123;ext=1234`) and RFC 5870 section 3.3 a `geo:` URI's
/// (`geo:48.198634,16.371648;crs=wgs84;u=40`).
///
/// The placeholder's value ends at the segment's first `;`; each pair after it runs to the next
/// `;`, its name to its first `=` (a pair without `=` has an empty value, as RFC 3966's `isub`
/// and flags do). Names and values are percent-decoded afterwards, so an encoded `;` or `=`
/// (`%3B`, `%3D`) is data. One pass over the segment's bytes.
package enum PathParameters {
    /// One pair's raw (still percent-encoded) name and value.
    package struct Pair: Equatable {
        package let name: Range<Int>
        package let value: Range<Int>?
    }

    /// Splits the raw segment `segment` into the placeholder's value and the pairs after it,
    /// counting into `steps` the bytes read.
    package static func split(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ segment: Range<Int>,
        steps: inout Int
    ) -> (value: Range<Int>, pairs: [Pair]) {
        var index = segment.lowerBound
        while index < segment.upperBound, bytes[index] != 0x3B {
            index += 1
            steps += 1
        }
        let value = segment.lowerBound..<index
        var pairs: [Pair] = []
        while index < segment.upperBound {
            // `index` is at a `;`.
            let start = index + 1
            var equals: Int?
            index = start
            while index < segment.upperBound, bytes[index] != 0x3B {
                if equals == nil, bytes[index] == 0x3D { equals = index }
                index += 1
                steps += 1
            }
            steps += 1
            pairs.append(Pair(name: start..<(equals ?? index), value: equals.map { ($0 + 1)..<index }))
        }
        return (value, pairs)
    }

    /// ``split(_:_:steps:)`` on a string, with the pieces as text, for tests that bound the work.
    package static func split(_ segment: String, steps: inout Int) -> (value: String, pairs: [(name: String, value: String?)]) {
        var segment = segment
        return segment.withUTF8 { bytes in
            let (value, pairs) = split(bytes, 0..<bytes.count, steps: &steps)
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            return (text(value), pairs.map { (text($0.name), $0.value.map(text)) })
        }
    }
}
