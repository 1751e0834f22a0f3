import Roundtrip
import RoundtripYAML

extension GeneratorConfiguration {
    /// The keys of `roundtrip-generator-config.yaml`, in the order messages list them.
    static let configurationKeys = ["role", "access", "name"]

    /// Reads `roundtrip-generator-config.yaml`: a YAML mapping of `role`, `access` and `name`,
    /// each a single value (`#` comments, blank lines and quoted values allowed), read by the same
    /// YAML reader as spec files (RoundtripYAML). An empty file, or one of comments only, gives no
    /// `role`.
    ///
    /// - Throws: ``GeneratorError`` naming the file, the line and what is wrong: a YAML syntax
    ///   error, a key given twice, an unknown key, a value that is not one of the key's values,
    ///   or no `role`.
    public init(configurationText text: String, file: String = "roundtrip-generator-config.yaml") throws(GeneratorError) {
        let members = try Self.members(of: text, file: file)
        var role: Role?
        var access = AccessLevel.internal
        var name: String?
        for member in members {
            let line = member.keyPosition.line
            let value = try Self.scalar(member, file: file)
            switch member.key {
            case "role":
                guard let parsed = Role(rawValue: value) else {
                    throw GeneratorError("\(file):\(line): role is receiver or caller, not '\(value)'")
                }
                role = parsed
            case "access":
                guard let parsed = AccessLevel(rawValue: value) else {
                    throw GeneratorError("\(file):\(line): access is public, package or internal, not '\(value)'")
                }
                access = parsed
            case "name":
                do {
                    try Self.validateName(value)
                } catch {
                    throw GeneratorError("\(file):\(line): \(error.message)")
                }
                name = value
            default:
                throw GeneratorError("\(file):\(line): unknown key '\(member.key)'; the keys are role, access and name")
            }
        }
        guard let role else { throw GeneratorError("\(file): give the 'role': receiver or caller") }
        self.init(role: role, access: access, name: name)
    }

    /// The file's `key: value` pairs: none when it holds nothing but comments and blank lines.
    private static func members(of text: String, file: String) throws(GeneratorError) -> [DocumentNode.Member] {
        let document: DocumentNode
        do {
            document = try YAMLDocumentReader.read(text, file: file)
        } catch {
            guard let diagnostic = error.diagnostics.first, diagnostic.rule != "empty" else { return [] }
            throw GeneratorError("\(file):\(diagnostic.line ?? 1): \(diagnostic.message)")
        }
        guard let members = document.members else {
            throw GeneratorError(
                "\(file):\(document.position.line): expected 'key: value' lines (\(configurationKeys.joined(separator: ", "))), found \(document.typeName)"
            )
        }
        // YAML 1.2 (section 3.2.1.1) makes a mapping's keys unique; as in a spec file, a repeated
        // key is refused rather than one of its values silently lost.
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted {
            throw GeneratorError("\(file):\(member.keyPosition.line): a mapping repeats the key '\(member.key)'; keep one of them")
        }
        return members
    }

    /// A member's single value; an empty value (`role:`) is the empty text, which no key accepts.
    private static func scalar(_ member: DocumentNode.Member, file: String) throws(GeneratorError) -> String {
        if case .null = member.value.value { return "" }
        guard member.value.members == nil, member.value.elements == nil, let text = member.value.scalarText else {
            throw GeneratorError("\(file):\(member.keyPosition.line): \(member.key) is a single value, not \(member.value.typeName)")
        }
        return text
    }
}
