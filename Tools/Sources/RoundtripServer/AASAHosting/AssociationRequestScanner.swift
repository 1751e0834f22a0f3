/// One simple AASA request read straight from a connection's bytes.
struct ScannedAssociationRequest: Sendable, Equatable {
    /// `GET` (`true`) or `HEAD` (`false`).
    var includeBody: Bool
    /// The `Host` field's value.
    var host: String
    /// The `If-None-Match` field values, in order.
    var ifNoneMatch: [String]
    /// The request asked to close the connection (`Connection: close`).
    var close: Bool
    /// The file the path names.
    var kind: HostedFileKind = .association
}

/// What ``AssociationRequestScanner/scan(_:)`` found at the start of the bytes.
enum AssociationRequestScan: Sendable, Equatable {
    /// A complete, simple AASA request of `length` bytes.
    case request(ScannedAssociationRequest, length: Int)
    /// Anything else: the bytes go to the full HTTP parser.
    case other
}

/// Recognises the one request Apple's CDN sends again and again, a bodiless
/// `GET /.well-known/apple-app-site-association HTTP/1.1` (or Android's verifier's, of
/// `/.well-known/assetlinks.json`), in a connection's raw bytes, so the
/// server can answer it the way a static file server does (``AssociationSocketHandler``).
///
/// It accepts a strict subset of RFC 9112 and nothing else: `GET` or `HEAD`, one of the two AASA
/// paths (a query is allowed and ignored), `HTTP/1.1`, CRLF line ends, token field names,
/// visible-ASCII values, exactly one `Host`, a head of at most 8 KiB, and no field that frames a
/// body or changes the protocol (`Content-Length`, `Transfer-Encoding`, `Upgrade`, `Expect`, a
/// `Connection` option other than `close` or `keep-alive`). Anything outside that, including an
/// incomplete head, is ``AssociationRequestScan/other`` and goes to the full parser (NIO's
/// llhttp), so this scanner never has to reject or interpret anything unusual; it only has to be
/// right about what it accepts.
enum AssociationRequestScanner {
    /// The longest request head taken here.
    static let maximumHeadLength = 8 * 1024

    private static let paths: [(bytes: [UInt8], kind: HostedFileKind)] =
        AssociationRoutes.paths.map { (Array($0.utf8), .association) } + [(Array(AssociationRoutes.assetLinksPath.utf8), .assetLinks)]
    private static let version = Array("HTTP/1.1\r\n".utf8)
    private static let get = Array("GET ".utf8), head = Array("HEAD ".utf8)
    private static let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A, space: UInt8 = 0x20, tab: UInt8 = 0x09

    /// Scans the start of `bytes`.
    static func scan(_ bytes: UnsafeRawBufferPointer) -> AssociationRequestScan {
        let end = min(bytes.count, maximumHeadLength)
        var cursor = 0
        func has(_ literal: [UInt8], at offset: Int) -> Bool {
            guard offset + literal.count <= end else { return false }
            for index in literal.indices where bytes[offset + index] != literal[index] { return false }
            return true
        }

        // Request line.
        let includeBody: Bool
        if has(get, at: 0) {
            includeBody = true
            cursor = 4
        } else if has(head, at: 0) {
            includeBody = false
            cursor = 5
        } else {
            return .other
        }
        let targetStart = cursor
        var pathEnd: Int?
        while cursor < end, bytes[cursor] != space {
            let byte = bytes[cursor]
            guard byte > space, byte < 0x7F else { return .other }
            if byte == UInt8(ascii: "?"), pathEnd == nil { pathEnd = cursor }
            cursor += 1
        }
        let pathLength = (pathEnd ?? cursor) - targetStart
        guard cursor < end, let kind = paths.first(where: { $0.bytes.count == pathLength && has($0.bytes, at: targetStart) })?.kind else {
            return .other
        }
        cursor += 1
        guard has(version, at: cursor) else { return .other }
        cursor += version.count

        // Fields, up to the empty line.
        var host: String?
        var hostCount = 0
        var ifNoneMatch: [String] = []
        var close = false
        while true {
            guard cursor + 1 < end else { return .other }
            if bytes[cursor] == cr {
                guard bytes[cursor + 1] == lf else { return .other }
                cursor += 2
                break
            }
            let nameStart = cursor
            while cursor < end, isTokenByte(bytes[cursor]) { cursor += 1 }
            guard cursor < end, cursor > nameStart, bytes[cursor] == UInt8(ascii: ":") else { return .other }
            let name = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<cursor])
            cursor += 1
            while cursor < end, bytes[cursor] == space || bytes[cursor] == tab { cursor += 1 }
            let valueStart = cursor
            while cursor < end, bytes[cursor] != cr {
                let byte = bytes[cursor]
                guard (byte >= space && byte < 0x7F) || byte == tab else { return .other }
                cursor += 1
            }
            guard cursor + 1 < end, bytes[cursor + 1] == lf else { return .other }
            var valueEnd = cursor
            while valueEnd > valueStart, bytes[valueEnd - 1] == space || bytes[valueEnd - 1] == tab { valueEnd -= 1 }
            let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd])
            cursor += 2

            if equalsIgnoringCase(name, "host") {
                hostCount += 1
                host = String(decoding: value, as: UTF8.self)
            } else if equalsIgnoringCase(name, "if-none-match") {
                ifNoneMatch.append(String(decoding: value, as: UTF8.self))
            } else if equalsIgnoringCase(name, "connection") {
                for option in value.split(separator: UInt8(ascii: ",")) {
                    let token = trimmed(UnsafeRawBufferPointer(rebasing: option))
                    if equalsIgnoringCase(token, "close") {
                        close = true
                    } else if !equalsIgnoringCase(token, "keep-alive") {
                        return .other
                    }
                }
            } else if equalsIgnoringCase(name, "content-length") || equalsIgnoringCase(name, "transfer-encoding")
                || equalsIgnoringCase(name, "upgrade") || equalsIgnoringCase(name, "expect")
            {
                return .other
            }
        }
        guard hostCount == 1, let host else { return .other }
        return .request(
            ScannedAssociationRequest(includeBody: includeBody, host: host, ifNoneMatch: ifNoneMatch, close: close, kind: kind),
            length: cursor
        )
    }

    /// RFC 9110's `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// ASCII case-insensitive equality with a lowercase literal.
    private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let literal = lowercase.utf8Start
        for index in 0..<bytes.count {
            var byte = bytes[index]
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 0x20 }
            if byte != literal[index] { return false }
        }
        return true
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == space || bytes[start] == tab { start += 1 }
        while end > start, bytes[end - 1] == space || bytes[end - 1] == tab { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
