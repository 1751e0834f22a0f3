extension GeneratorConfiguration {
    /// Reads `roundtrip-generator-config.yaml`: one `key: value` per line (`role`, `access`,
    /// `name`), `#` comments and blank lines allowed. The file is this small on purpose, so the
    /// plugin's tool needs no YAML library to read it.
    ///
    /// - Throws: ``GeneratorError`` naming the line and what is wrong.
    public init(configurationText text: String, file: String = "roundtrip-generator-config.yaml") throws(GeneratorError) {
        var role: Role?
        var access = AccessLevel.internal
        var name: String?
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw GeneratorError("\(file):\(number + 1): expected 'key: value', found '\(line)'")
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\"", "'"])
            switch key {
            case "role":
                guard let parsed = Role(rawValue: value) else {
                    throw GeneratorError("\(file):\(number + 1): role is receiver or caller, not '\(value)'")
                }
                role = parsed
            case "access":
                guard let parsed = AccessLevel(rawValue: value) else {
                    throw GeneratorError("\(file):\(number + 1): access is public, package or internal, not '\(value)'")
                }
                access = parsed
            case "name":
                do {
                    try Self.validateName(value)
                } catch {
                    throw GeneratorError("\(file):\(number + 1): \(error.message)")
                }
                name = value
            default:
                throw GeneratorError("\(file):\(number + 1): unknown key '\(key)'; the keys are role, access and name")
            }
        }
        guard let role else { throw GeneratorError("\(file): give the 'role': receiver or caller") }
        self.init(role: role, access: access, name: name)
    }
}
