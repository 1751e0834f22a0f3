import Foundation
import Roundtrip

/// Walks a ``DocumentNode`` tree into the model, recording schema findings with positions.
package struct ModelReader {
    private(set) var findings: [LintFinding] = []

    static let rootKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let appLinksKeys = ["apps", "defaults", "details", "substitutionVariables"]
    static let detailKeys = ["appID", "appIDs", "components", "paths", "defaults"]
    static let componentKeys = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]
    static let serviceKeys = ["apps"]

    mutating func readFile(_ root: DocumentNode) -> AssociationFile? {
        guard let members = object(root, path: "", what: "the file") else { return nil }
        let lastKeys = ModelReader.lastKeys(members)
        var file = AssociationFile()
        for member in members where checkKey(member, known: ModelReader.rootKeys, path: "", in: lastKeys) {
            switch member.key {
            case "applinks": file.applinks = readAppLinks(member.value, path: "applinks")
            case "webcredentials": file.webcredentials = readService(member.value, path: "webcredentials")
            case "appclips": file.appclips = readService(member.value, path: "appclips")
            default: file.activitycontinuation = readService(member.value, path: "activitycontinuation")
            }
        }
        return file
    }

    // MARK: Sections

    private mutating func readAppLinks(_ node: DocumentNode, path: String) -> AppLinks? {
        guard let members = object(node, path: path, what: "applinks") else { return nil }
        var appLinks = AppLinks()
        let lastKeys = ModelReader.lastKeys(members)
        for member in members where checkKey(member, known: ModelReader.appLinksKeys, path: path, in: lastKeys) {
            let memberPath = path + "." + member.key
            switch member.key {
            case "apps": appLinks.apps = strings(member.value, path: memberPath)
            case "defaults": appLinks.defaults = readDefaults(member.value, path: memberPath)
            case "details": appLinks.details = readDetails(member.value, path: memberPath)
            default: appLinks.substitutionVariables = readVariables(member.value, path: memberPath)
            }
        }
        if !members.contains(where: { $0.key == "details" }) {
            findings.append(
                LintFinding(
                    .error,
                    rule: "schema",
                    path: path,
                    position: node.position,
                    message: "applinks has no 'details' array, so no app opens any URL; add \"details\": [{\"appIDs\": [...], \"components\": [...]}]"
                )
            )
        }
        return appLinks
    }

    private mutating func readService(_ node: DocumentNode, path: String) -> ServiceApps? {
        guard let members = object(node, path: path, what: path) else { return nil }
        var service = ServiceApps(apps: [])
        let lastKeys = ModelReader.lastKeys(members)
        for member in members where checkKey(member, known: ModelReader.serviceKeys, path: path, in: lastKeys) {
            service.apps = strings(member.value, path: path + ".apps") ?? []
        }
        if !members.contains(where: { $0.key == "apps" }) {
            findings.append(
                LintFinding(
                    .error,
                    rule: "schema",
                    path: path,
                    position: node.position,
                    message: "\(path) has no 'apps' array; add \"apps\": [\"TEAMID.bundle.id\"]"
                )
            )
        }
        return service
    }

    private mutating func readDetails(_ node: DocumentNode, path: String) -> [AppLinks.Detail] {
        if let legacy = node.members {
            return readLegacyDetails(legacy, node: node, path: path)
        }
        var details: [AppLinks.Detail] = []
        for element in objectElements(node, path: path, what: "detail", known: ModelReader.detailKeys) ?? [] {
            var detail = AppLinks.Detail(position: element.node.position)
            for member in element.members {
                let memberPath = element.path + "." + member.key
                switch member.key {
                case "appID": detail.appID = string(member.value, path: memberPath)
                case "appIDs": detail.appIDs = strings(member.value, path: memberPath)
                case "components": detail.components = readComponents(member.value, path: memberPath)
                case "paths": detail.paths = strings(member.value, path: memberPath)
                default: detail.defaults = readDefaults(member.value, path: memberPath)
                }
            }
            details.append(detail)
        }
        return details
    }

    /// The early form, a dictionary keyed by app ID (`"details": {"TEAM.bundle": {"paths": ["*"]}}`),
    /// still found in files and books of the iOS 9 era (David Thiel's "iOS Application Security", chapter 8). Read as one detail per key,
    /// with a warning to move to the array form.
    private mutating func readLegacyDetails(_ members: [DocumentNode.Member], node: DocumentNode, path: String) -> [AppLinks.Detail] {
        findings.append(
            LintFinding(
                .warning,
                rule: "legacy-details-form",
                path: path,
                position: node.position,
                message:
                    "details is a dictionary keyed by app ID, an early format; write \"details\": [{\"appIDs\": [\"TEAMID.bundle.id\"], \"components\": [...]}]"
            )
        )
        var details: [AppLinks.Detail] = []
        for member in members {
            let memberPath = ModelReader.keyPath(path, member.key)
            var detail = AppLinks.Detail(position: member.keyPosition)
            detail.appID = member.key
            guard let fields = object(member.value, path: memberPath, what: "each app's entry") else { continue }
            let lastKeys = ModelReader.lastKeys(fields)
            for field in fields where checkKey(field, known: ["paths", "components"], path: memberPath, in: lastKeys) {
                let fieldPath = ModelReader.keyPath(memberPath, field.key)
                if field.key == "paths" {
                    detail.paths = strings(field.value, path: fieldPath)
                } else {
                    detail.components = readComponents(field.value, path: fieldPath)
                }
            }
            details.append(detail)
        }
        return details
    }

    private mutating func readComponents(_ node: DocumentNode, path: String) -> [AppLinks.Component]? {
        guard let elements = objectElements(node, path: path, what: "component", known: ModelReader.componentKeys) else { return nil }
        var components: [AppLinks.Component] = []
        for element in elements {
            var component = AppLinks.Component(position: element.node.position)
            for member in element.members {
                let memberPath = ModelReader.keyPath(element.path, member.key)
                switch member.key {
                case "/": component.path = string(member.value, path: memberPath)
                case "?": component.query = readQuery(member.value, path: memberPath)
                case "#": component.fragment = string(member.value, path: memberPath)
                case "exclude": component.exclude = bool(member.value, path: memberPath)
                case "comment": component.comment = string(member.value, path: memberPath)
                case "caseSensitive": component.caseSensitive = bool(member.value, path: memberPath)
                default: component.percentEncoded = bool(member.value, path: memberPath)
                }
            }
            components.append(component)
        }
        return components
    }

    /// The object elements of an array, each with its key path and its known, last-of-repeated
    /// members; problems (not an array, an element not an object, unknown keys) become findings.
    private mutating func objectElements(
        _ node: DocumentNode,
        path: String,
        what: String,
        known: [String]
    ) -> [(node: DocumentNode, path: String, members: [DocumentNode.Member])]? {
        guard let elements = array(node, path: path, what: what + "s") else { return nil }
        var result: [(node: DocumentNode, path: String, members: [DocumentNode.Member])] = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            guard let members = object(element, path: elementPath, what: "each " + what) else { continue }
            let lastKeys = ModelReader.lastKeys(members)
            result.append((element, elementPath, members.filter { checkKey($0, known: known, path: elementPath, in: lastKeys) }))
        }
        return result
    }

    private mutating func readQuery(_ node: DocumentNode, path: String) -> AppLinks.QueryPattern? {
        if let text = node.string { return .whole(text) }
        guard let members = node.members else {
            schemaError(
                node,
                path: path,
                "'?' must be a string (a pattern for the whole query) or an object of item name to pattern, not \(node.typeName)"
            )
            return nil
        }
        var items: [AppLinks.QueryItemPattern] = []
        var itemIndices: [String: Int] = [:]
        for member in members {
            guard let pattern = string(member.value, path: ModelReader.keyPath(path, member.key)) else { continue }
            if let existing = itemIndices[member.key] {
                duplicateKey(member, path: path)
                items[existing].pattern = pattern
            } else {
                itemIndices[member.key] = items.count
                items.append(AppLinks.QueryItemPattern(name: member.key, pattern: pattern))
            }
        }
        return .items(items)
    }

    private mutating func readDefaults(_ node: DocumentNode, path: String) -> MatchingDefaults? {
        guard let members = object(node, path: path, what: "defaults") else { return nil }
        var defaults = MatchingDefaults()
        let lastKeys = ModelReader.lastKeys(members)
        for member in members where checkKey(member, known: ModelReader.componentKeys, path: path, in: lastKeys) {
            let memberPath = path + "." + member.key
            switch member.key {
            case "caseSensitive": defaults.caseSensitive = bool(member.value, path: memberPath)
            case "percentEncoded": defaults.percentEncoded = bool(member.value, path: memberPath)
            default:
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "ineffective-default",
                        path: ModelReader.keyPath(path, member.key),
                        position: member.keyPosition,
                        message:
                            "'\(member.key)' in defaults has no effect on matching; only caseSensitive and percentEncoded are inherited. Move it into the components"
                    )
                )
            }
        }
        return defaults
    }

    private mutating func readVariables(_ node: DocumentNode, path: String) -> [SubstitutionVariable] {
        guard let members = object(node, path: path, what: "substitutionVariables") else { return [] }
        var variables: [SubstitutionVariable] = []
        var variableIndices: [String: Int] = [:]
        for member in members {
            guard let values = strings(member.value, path: ModelReader.keyPath(path, member.key)) else { continue }
            if let existing = variableIndices[member.key] {
                duplicateKey(member, path: path)
                variables[existing].values = values
            } else {
                variableIndices[member.key] = variables.count
                variables.append(SubstitutionVariable(name: member.key, values: values))
            }
        }
        return variables
    }

    // MARK: Typed access

    private mutating func object(_ node: DocumentNode, path: String, what: String) -> [DocumentNode.Member]? {
        if let members = node.members { return members }
        schemaError(node, path: path, "\(what) must be a JSON object, not \(node.typeName)")
        return nil
    }

    private mutating func array(_ node: DocumentNode, path: String, what: String) -> [DocumentNode]? {
        if let elements = node.elements { return elements }
        schemaError(node, path: path, "\(what) must be a JSON array, not \(node.typeName)")
        return nil
    }

    private mutating func string(_ node: DocumentNode, path: String) -> String? {
        if let text = node.string { return text }
        schemaError(node, path: path, "\(path.isEmpty ? "the value" : path) must be a string, not \(node.typeName)")
        return nil
    }

    private mutating func bool(_ node: DocumentNode, path: String) -> Bool? {
        if let flag = node.bool { return flag }
        schemaError(node, path: path, "\(path) must be true or false (a JSON Boolean, not \(node.typeName))")
        return nil
    }

    private mutating func strings(_ node: DocumentNode, path: String) -> [String]? {
        guard let elements = node.elements else {
            if node.string != nil {
                schemaError(node, path: path, "\(path) must be an array of strings; wrap the string in [ ]")
            } else {
                schemaError(node, path: path, "\(path) must be an array of strings, not \(node.typeName)")
            }
            return nil
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            if let text = string(element, path: "\(path)[\(index)]") { result.append(text) }
        }
        return result
    }

    private mutating func schemaError(_ node: DocumentNode, path: String, _ message: String) {
        findings.append(LintFinding(.error, rule: "schema", path: path, position: node.position, message: message))
    }

    // MARK: Keys

    /// Reports unknown and repeated keys; returns whether the member should be read (the last of
    /// repeated keys wins, as with Foundation's JSONSerialization).
    /// The offset of the last key of each name in an object, so repeated keys are found in one
    /// pass (an object of *k* members costs O(*k*), not O(*k*²)).
    package static func lastKeys(_ members: [DocumentNode.Member]) -> [String: Int] {
        var last: [String: Int] = [:]
        for member in members { last[member.key] = member.keyPosition.offset }
        return last
    }

    private mutating func checkKey(_ member: DocumentNode.Member, known: [String], path: String, in lastKeys: [String: Int]) -> Bool {
        guard known.contains(member.key) else {
            var message = "'\(member.key)' is not a key iOS reads here, so it is ignored"
            if let suggestion = ModelReader.suggestion(for: member.key, among: known) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; known keys: \(known.joined(separator: ", "))"
            }
            findings.append(
                LintFinding(
                    .warning,
                    rule: "unknown-key",
                    path: ModelReader.keyPath(path, member.key),
                    position: member.keyPosition,
                    message: message
                )
            )
            return false
        }
        if let last = lastKeys[member.key], last != member.keyPosition.offset {
            duplicateKey(member, path: path)
            return false
        }
        return true
    }

    private mutating func duplicateKey(_ member: DocumentNode.Member, path: String) {
        findings.append(ModelReader.duplicateKeyFinding(member, path: path))
    }

    /// The warning for a key repeated in a JSON object, whose last value counts (as with
    /// Foundation's JSONSerialization); the Android statement list reader reports it alike.
    package static func duplicateKeyFinding(_ member: DocumentNode.Member, path: String) -> LintFinding {
        LintFinding(
            .warning,
            rule: "duplicate-key",
            path: ModelReader.keyPath(path, member.key),
            position: member.keyPosition,
            message: "the key '\(member.key)' appears more than once in this object; only the last one counts. Remove the others"
        )
    }

    /// A known key that differs only in case or by at most two edits.
    package static func suggestion(for key: String, among known: [String]) -> String? {
        if let match = known.first(where: { $0.lowercased() == key.lowercased() }) { return match }
        let scored = known.map { ($0, NameSuggestion.editDistance($0.lowercased(), key.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.0.count > 2 else { return nil }
        return best.0
    }

    /// `path.key`, or `path["key"]` for keys that are not identifiers (such as `/`).
    ///
    /// Readers make a path for every value they read, found wrong or not, so this stays on bytes:
    /// no Unicode property lookup and no Foundation string search.
    package static func keyPath(_ path: String, _ key: String) -> String {
        let isIdentifier =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                URLSplit.isAlpha(byte) || URLSplit.isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        if isIdentifier { return path.isEmpty ? key : path + "." + key }
        var escaped = path + "[\""
        for scalar in key.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped + "\"]"
    }
}
