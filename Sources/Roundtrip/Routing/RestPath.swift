/// The values a rest placeholder (`:name*`) can carry: a relative path under its route.
///
/// One rule for the decision (each segment of the URL decoded) and for ``RequestBuilder`` (the
/// value split at `/`), so that both accept exactly the same values. Dot segments (`.` and `..`,
/// however they were encoded: `%2e`, `%2E%2e`) are removed as RFC 3986 section 5.2.4 ("Remove
/// Dot Segments") removes them from the route's path; a value that would leave the route
/// (`..` with nothing before it) is refused, and so is one that would end in a `/` (a last `.`
/// or `..` leaves one: `/folder/a/..` is `/folder/`), an empty segment, and a `/` inside a
/// segment (`%2F`), which would make one segment two, or the value an absolute path.
enum RestPath {
    /// Why a value is not a rest of the path.
    enum Problem: Equatable {
        /// An empty segment: a leading or trailing `/`, or `//`.
        case emptySegment
        /// A segment that decodes to text with a `/` (`a%2Fb`).
        case slashInSegment(String)
        /// A `..` with no segment before it: the path would leave the route.
        case leavesRoute
        /// A last `.` or `..`, after which RFC 3986 section 5.2.4 leaves a trailing `/`.
        case endsInDotSegment(String)

        /// What is wrong, for the parameter `name` of the route `route`.
        func message(_ name: String, route: String) -> String {
            let rule = "one or more non-empty segments joined with '/' (such as 'folder/note')"
            return switch self {
            case .emptySegment:
                "'\(name)' is the rest of the path of the route \(route): \(rule), with no empty segment, leading or trailing '/'"
            case .slashInSegment(let segment):
                "'\(name)' is the rest of the path of the route \(route): its segment '\(ParameterParsing.abbreviated(segment))' holds an encoded '/' (%2F), which would make one segment two; \(rule)"
            case .leavesRoute:
                "'\(name)' is the rest of the path of the route \(route): a '..' segment with no segment before it would leave the route (RFC 3986 section 5.2.4)"
            case .endsInDotSegment(let segment):
                "'\(name)' is the rest of the path of the route \(route): it ends in the dot segment '\(segment)', which leaves a trailing '/' (RFC 3986 section 5.2.4); \(rule)"
            }
        }
    }

    /// Removes the dot segments of `segments` (each already decoded) in place.
    ///
    /// - Returns: `nil` when what is left is a rest of the path, else the first problem.
    /// - Complexity: O(total length of the segments); the array is rewritten in place.
    static func removeDotSegments(_ segments: inout [String]) -> Problem? {
        var kept = 0
        for index in segments.indices {
            let segment = segments[index]
            let utf8 = segment.utf8
            if utf8.isEmpty { return .emptySegment }
            // `.` and `..` (RFC 3986 section 3.3's dot segments) are one or two bytes.
            let dots = utf8.count <= 2 && utf8.allSatisfy { $0 == 0x2E } ? utf8.count : 0
            if dots == 0 {
                if utf8.contains(0x2F) { return .slashInSegment(segment) }
                segments[kept] = segment
                kept += 1
                continue
            }
            if dots == 2 {
                guard kept > 0 else { return .leavesRoute }
                kept -= 1
            }
            if index == segments.count - 1 { return .endsInDotSegment(segment) }
        }
        segments.removeLast(segments.count - kept)
        return nil
    }
}
