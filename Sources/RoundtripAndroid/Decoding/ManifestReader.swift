import Foundation
import Roundtrip

#if canImport(FoundationXML)
import FoundationXML
#endif

extension AndroidManifest {
    /// The largest manifest read, in bytes: 1 MiB (real manifests are a few kilobytes).
    public static let maximumSize = 1 << 20
    /// The XML namespace of Android's attributes, bound to the `android:` prefix.
    public static let androidNamespace = "http://schemas.android.com/apk/res/android"

    /// Reads an `AndroidManifest.xml` in text form, or a fragment holding `<intent-filter>`
    /// elements (with or without the `android` namespace declared).
    ///
    /// Attribute values are read as Android's resource compiler reads them: after XML's own
    /// escapes, a backslash escapes the next character (`\\` is one backslash, so the manifest's
    /// `/.*\\.html` is the pattern `/.*\.html`), `\n`, `\t` and `\uXXXX` are characters, and an
    /// unescaped double quote is dropped. Document type declarations are refused (a manifest has
    /// none, and they are how entity expansion attacks start).
    ///
    /// - Throws: `invalid-manifest` for input over ``maximumSize``, XML that is not well formed,
    ///   a document type declaration, a port that is not a number, or a pattern Android rejects
    ///   (the message names the attribute and its position).
    public init(xml bytes: [UInt8]) throws(AndroidError) {
        guard bytes.count <= AndroidManifest.maximumSize else {
            throw AndroidError(
                .invalidManifest,
                "the manifest is \(bytes.count) bytes, over the limit of \(AndroidManifest.maximumSize) bytes (1 MiB); it was not read"
            )
        }
        guard var text = String(bytes: bytes, encoding: .utf8) else {
            throw AndroidError(.invalidManifest, "the manifest is not UTF-8 text; give the text AndroidManifest.xml, not the binary one of an APK")
        }
        if text.contains("<!DOCTYPE") || text.contains("<!ENTITY") {
            throw AndroidError(.invalidManifest, "the manifest has a document type declaration; Android's manifests have none, so remove it")
        }
        // A declaration must come first, so it is blanked (keeping every position) before the
        // text is wrapped in an element that declares the android namespace.
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") {
            text.replaceSubrange(
                text.startIndex..<end.upperBound,
                with: String(repeating: " ", count: text.distance(from: text.startIndex, to: end.upperBound))
            )
        }
        let wrapped = "<roundtrip-manifest-input xmlns:android=\"\(AndroidManifest.androidNamespace)\">\n" + text + "\n</roundtrip-manifest-input>"
        let delegate = ManifestParserDelegate()
        let parser = XMLParser(data: Data(wrapped.utf8))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let parsed = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard parsed, parser.parserError == nil, delegate.syntaxError == nil, !delegate.isInsideFilter else {
            let position = SourcePosition(line: max(parser.lineNumber - 1, 1), column: parser.columnNumber, offset: 0)
            let reason =
                (parser.parserError ?? delegate.syntaxError).map { ($0 as NSError).localizedDescription }
                ?? "an <intent-filter> element is not closed"
            throw AndroidError(.invalidManifest, "the manifest is not well-formed XML: \(reason)", position: position)
        }
        self = AndroidManifest(package: delegate.package, components: delegate.components)
    }

    /// Resolves the escapes Android's resource compiler applies to an attribute's string.
    static func unescapeAttribute(_ value: String) -> String {
        var result = ""
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case "\\":
                guard let next = iterator.next() else { break }
                switch next {
                case "n": result.unicodeScalars.append("\n")
                case "t": result.unicodeScalars.append("\t")
                case "u":
                    var hex = ""
                    while hex.count < 4, let digit = iterator.next() { hex.unicodeScalars.append(digit) }
                    if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) {
                        result.unicodeScalars.append(decoded)
                    } else {
                        result += "u" + hex
                    }
                default: result.unicodeScalars.append(next)
                }
            case "\"":
                continue
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Collects components and filters from XMLParser's events; the first invalid attribute stops
/// the parse with its position.
private final class ManifestParserDelegate: NSObject, XMLParserDelegate {
    var package: String?
    var components: [ManifestComponent] = []
    var failure: AndroidError?
    /// A syntax error XMLParser reported, even one it recovered from.
    var syntaxError: (any Error)?

    /// Whether an `<intent-filter>` was opened and not closed.
    var isInsideFilter: Bool { filter != nil }

    private var component: ManifestComponent?
    private var looseFilters = ManifestComponent(filters: [])
    private var filter: IntentFilter?
    private var group: UriRelativeFilterGroup?

    static let componentElements: Set<String> = ["activity", "activity-alias", "service", "receiver", "provider"]

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String]
    ) {
        let position = SourcePosition(line: max(parser.lineNumber - 1, 1), column: parser.columnNumber, offset: 0)
        func android(_ name: String) -> String? { attributes["android:" + name].map(AndroidManifest.unescapeAttribute) }
        switch elementName {
        case "manifest":
            package = attributes["package"]
        case _ where ManifestParserDelegate.componentElements.contains(elementName):
            component = ManifestComponent(kind: elementName, name: android("name"), filters: [])
        case "intent-filter":
            filter = IntentFilter(autoVerify: android("autoVerify") == "true", position: position)
        case "action":
            if let name = android("name") { filter?.actions.append(name) }
        case "category":
            if let name = android("name") { filter?.categories.append(name) }
        case "uri-relative-filter-group":
            group = UriRelativeFilterGroup(allow: android("allow") != "false", filters: [])
        case "data":
            do throws(AndroidError) {
                if group != nil {
                    try readRelativeData(android, position: position)
                } else if filter != nil {
                    try readData(android, position: position)
                }
            } catch {
                failure = error
                parser.abortParsing()
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if syntaxError == nil { syntaxError = parseError }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        switch elementName {
        case _ where ManifestParserDelegate.componentElements.contains(elementName):
            if let component, !component.filters.isEmpty { components.append(component) }
            component = nil
        case "intent-filter":
            guard let finished = filter else { return }
            if component != nil {
                component?.filters.append(finished)
            } else {
                looseFilters.filters.append(finished)
            }
            filter = nil
        case "uri-relative-filter-group":
            if let group { filter?.relativeFilterGroups.append(group) }
            group = nil
        case "roundtrip-manifest-input":
            if !looseFilters.filters.isEmpty { components.append(looseFilters) }
        default:
            break
        }
    }

    private func readData(_ android: (String) -> String?, position: SourcePosition) throws(AndroidError) {
        if let scheme = android("scheme") { filter?.schemes.append(scheme) }
        if let host = android("host") {
            var port: Int?
            if let text = android("port") {
                guard let number = Int(text) else {
                    throw AndroidError(.invalidManifest, "android:port='\(text)' is not a number", position: position)
                }
                port = number
            }
            filter?.authorities.append(IntentFilter.Authority(host: host, port: port))
        }
        if let mimeType = android("mimeType") { filter?.mimeTypes.append(mimeType) }
        filter?.paths += try patterns(android, base: "path", position: position)
        filter?.schemeSpecificParts += try patterns(android, base: "ssp", position: position)
    }

    private func readRelativeData(_ android: (String) -> String?, position: SourcePosition) throws(AndroidError) {
        for part in UriRelativeFilter.Part.allCases {
            for pattern in try patterns(android, base: part.rawValue, position: position) {
                group?.filters.append(UriRelativeFilter(part: part, pattern: pattern))
            }
        }
    }

    private func patterns(_ android: (String) -> String?, base: String, position: SourcePosition) throws(AndroidError) -> [AndroidPattern] {
        var result: [AndroidPattern] = []
        for kind in AndroidPattern.Kind.allCases {
            let attribute = base + kind.attributeSuffix
            guard let text = android(attribute) else { continue }
            do {
                result.append(try AndroidPattern(text, kind: kind))
            } catch {
                throw AndroidError(.invalidManifest, "android:\(attribute)='\(text)': \(error.message)", position: position)
            }
        }
        return result
    }
}
